// The auctions module from outside: its buyer routes, the auction closer the API starts, the bid
// service (benchmarks and tests drive it), the bid history orders show, and the proxy-bidding
// rules the seed replays. An auction's end time is the listings module's (auction-schedule.ts).
// `screenBid` and `storedBidOf` let policy's hooks on POST /bid judge a bid from the bid's own
// locked read and from what it wrote, without reading either again.
// The hooks come first: a module that subscribes may be loaded while this one still is.
export { auctionLadderSettled, MIN_BIDS_TO_SCORE } from './hooks.js';
export {
  bidRoutes,
  enteredGiveawayRoutes,
  giveawayEntryRoutes,
  screenBid,
  storedBidOf,
  uniqueBidRoutes,
} from './routes.js';
export { type AuctionCloser, closeDueListings, startAuctionCloser } from './auction-closer.js';
export {
  type BidReceipt,
  DEFAULT_STARTING_BID_CENTS,
  placeBidInDb,
  type AuctionAtBid,
  type StoredBid,
} from './bidding.js';
export { replayBids } from './rules/bid-replay.js';
export { flushOutbidNotices } from './outbid-notices.js';
export { uniqueBidAuctions } from './bid-history.js';
export { ANTI_SNIPE_WINDOW_MS, type AuctionState, placeBid } from './rules/proxy-bidding.js';
export { bidLadder } from './bid-ladder.js';
export { bidVoidHandlers } from './admin.js';
// Takes down a closing account's giveaway entries (subscribes to the accounts module's accountClosing).
import './account-closing.js';
