// The auctions and bids the proxy-bidding tests start from (proxy-bidding.test.ts and
// proxy-bidding.model.test.ts): a fixed clock, an auction with overrides, numbered bid attempts,
// and a run of bids that must all be accepted.
import type { AuctionState, BidAttempt, PlaceBidResult } from './proxy-bidding.js';
import { placeBid } from './proxy-bidding.js';

export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
export const HOUR = 3_600_000;

export function auction(startingBidCents: number, overrides: Partial<AuctionState> = {}): AuctionState {
  return {
    listingId: 'listing-1',
    sellerId: 'seller',
    startingBidCents,
    currentBidCents: null,
    leader: null,
    bidCount: 0,
    endTimeMs: T0 + HOUR,
    ...overrides,
  };
}

let nextBidId = 0;
export function bid(bidderId: string, maxCents: number, placedAtMs = T0): BidAttempt {
  nextBidId += 1;
  return { bidId: `bid-${nextBidId}`, bidderId, maxCents, placedAtMs };
}

/** Applies bids in order, failing on a rejection, and returns the last result. */
export function run(state: AuctionState, bids: [string, number][]): PlaceBidResult {
  let result: PlaceBidResult | undefined;
  for (const [bidderId, maxCents] of bids) {
    result = placeBid(result?.newState ?? state, bid(bidderId, maxCents));
    if (result.status !== 'accepted') throw new Error(`${bidderId} ${maxCents}: ${result.message}`);
  }
  if (!result) throw new Error('no bids');
  return result;
}
