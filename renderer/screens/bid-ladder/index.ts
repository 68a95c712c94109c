// An auction's admin bid ladder and voiding bids.
export { BidLadder } from './BidLadder.js';
export { ringBidderIds, voidableBidders } from './bid-ladder.js';
export { listingWithStanding, useAuctionStanding } from './auction-standing.js';
export { BidCells, voidedRowClass } from './BidCells.js';
