// The auctions module from outside: its buyer routes, the auction closer the API starts, the bid
// service (benchmarks and tests drive it), the bid history orders show, the auction end-time
// rules and schedule that listings build on, and the proxy-bidding rules the seed replays.
export { bidRoutes, enteredGiveawayRoutes, giveawayEntryRoutes } from './routes.js';
export { type AuctionCloser, closeDueListings, startAuctionCloser } from './auction-closer.js';
export { type BidReceipt, placeBidInDb } from './bidding.js';
export { uniqueBidAuctions } from './bid-history.js';
export { incrementAuctionEndTime, listingEndTime, setListingEndTime } from './auction-schedule.js';
export { chosenEndTime, MAX_END_TIME_INCREMENT_MS, MIN_END_TIME_INCREMENT_MS } from './rules/auction-end-time.js';
export { ANTI_SNIPE_WINDOW_MS, type AuctionState, placeBid } from './rules/proxy-bidding.js';
export { bidLadder } from './bid-ladder.js';
export { auctionLadderSettled, MIN_BIDS_TO_SCORE } from './hooks.js';
