// Proxy bidding (bids with a hidden maximum) as one pure step: an auction's state and a bid in,
// the verdict, the next state and the realtime events out. All money is integer cents.
//
// The rules (issue 4):
// - A bid is a bidder's hidden maximum. The system bids for them one increment at a time, only
//   as far as needed, so the visible price is the second-highest maximum plus one increment
//   (the increment that applies at that maximum), capped at the leader's maximum.
// - Equal maximums go to the earlier bid. Bids are applied one at a time in arrival order (the
//   caller serializes them per auction), so the standing leader is always the earlier one.
// - The first bid sets the price to the starting bid.
// - A bid below the minimum next bid (starting bid, then price + one increment) is rejected.
// - The leader raising their own maximum does not raise the price and announces nothing
//   publicly (the maximum stays hidden); it must exceed their current maximum.
// - Anti-sniping: a bid that changes the price and lands in the last ANTI_SNIPE_WINDOW_MS of
//   the auction moves the end to `placedAt + window`, so rivals always have a full window to
//   answer. A leader's own-maximum raise does not extend: nothing visible changed, and an
//   extension would reveal that the leader bid again.
// - At or after `endTimeMs` every bid is rejected.
import type { MarketEventPayload } from '../../../../shared/contract/realtime-events.js';
import { listingRoom, userRoom } from '../../../../shared/contract/realtime-events.js';
import { bidIncrementCents, minimumNextBidCents } from '../../../../shared/rules/bid-increments.js';
import { centsToUsd, formatUsd } from '../../../../shared/rules/money.js';

/** The last 30 seconds of an auction are the anti-sniping window. */
export const ANTI_SNIPE_WINDOW_MS = 30_000;

export interface AuctionLeader {
  readonly bidderId: string;
  /** Hidden from everybody but the leader. */
  readonly maxCents: number;
}

export interface AuctionState {
  readonly listingId: string;
  readonly sellerId: string;
  readonly startingBidCents: number;
  /** The visible price; null until the first bid is accepted. */
  readonly currentBidCents: number | null;
  readonly leader: AuctionLeader | null;
  /** Accepted bids so far. */
  readonly bidCount: number;
  /** Epoch milliseconds. */
  readonly endTimeMs: number;
}

export interface BidAttempt {
  readonly bidId: string;
  readonly bidderId: string;
  /** The bidder's maximum. */
  readonly maxCents: number;
  /** Epoch milliseconds at which the bid reached the auction. */
  readonly placedAtMs: number;
}

export type BidRejectionReason =
  'invalid_amount' | 'auction_ended' | 'own_listing' | 'below_minimum' | 'not_above_own_max';

/** What the accepted bid did for its bidder. */
export type BidOutcome =
  /** The bidder leads now (first bid, or a maximum above the leader's). */
  | 'leading'
  /** Accepted, but the leader's proxy outbid it at once (its maximum was not above the leader's). */
  | 'outbid'
  /** The leader raised their own hidden maximum; the price did not move. */
  | 'raised_max';

type EventOf<E extends 'newBid' | 'userOutbid' | 'maxBidHistory' | 'listingEndTimeIncremented'> = {
  readonly name: E;
  /** Default-namespace rooms (`listing:{id}`, `user:{id}`). */
  readonly rooms: readonly string[];
  readonly payload: MarketEventPayload<E>;
};
/** The realtime events one bid causes, as data for the publisher. */
export type BiddingEvent =
  EventOf<'newBid'> | EventOf<'userOutbid'> | EventOf<'maxBidHistory'> | EventOf<'listingEndTimeIncremented'>;

export type PlaceBidResult =
  | {
      readonly status: 'accepted';
      readonly outcome: BidOutcome;
      readonly newState: AuctionState;
      readonly events: readonly BiddingEvent[];
    }
  | {
      readonly status: 'rejected';
      readonly reason: BidRejectionReason;
      /** For the 409 answer, e.g. `Bid must be at least $12.50`. */
      readonly message: string;
      /** The state, unchanged. */
      readonly newState: AuctionState;
      readonly events: readonly [];
    };

export interface PlaceBidOptions {
  readonly antiSnipeWindowMs?: number;
}

/** Applies one bid to an auction. Pure: the same input always gives the same output. */
export function placeBid(state: AuctionState, bid: BidAttempt, options: PlaceBidOptions = {}): PlaceBidResult {
  const windowMs = options.antiSnipeWindowMs ?? ANTI_SNIPE_WINDOW_MS;
  const reject = (reason: BidRejectionReason, message: string): PlaceBidResult => ({
    status: 'rejected',
    reason,
    message,
    newState: state,
    events: [],
  });

  if (!Number.isSafeInteger(bid.maxCents) || bid.maxCents <= 0) {
    return reject('invalid_amount', 'Bid must be a positive amount with at most 2 decimals');
  }
  if (bid.placedAtMs >= state.endTimeMs) return reject('auction_ended', 'This auction has ended');
  if (bid.bidderId === state.sellerId) return reject('own_listing', 'Sellers cannot bid on their own listing');

  const leader = state.leader;
  if (leader !== null && state.currentBidCents !== null && leader.bidderId === bid.bidderId) {
    if (bid.maxCents <= leader.maxCents) {
      return reject(
        'not_above_own_max',
        `Your maximum bid is already ${usd(leader.maxCents)}; a new maximum must be higher`,
      );
    }
    const minimum = minimumNextBidCents(state);
    if (bid.maxCents < minimum) return reject('below_minimum', `Bid must be at least ${usd(minimum)}`);
    const newState: AuctionState = {
      ...state,
      leader: { bidderId: bid.bidderId, maxCents: bid.maxCents },
      bidCount: state.bidCount + 1,
    };
    return { status: 'accepted', outcome: 'raised_max', newState, events: [maxBidHistory(newState, bid)] };
  }

  const minimum = minimumNextBidCents(state);
  if (bid.maxCents < minimum) return reject('below_minimum', `Bid must be at least ${usd(minimum)}`);

  let nextLeader: AuctionLeader;
  let priceCents: number;
  if (leader === null || state.currentBidCents === null) {
    nextLeader = { bidderId: bid.bidderId, maxCents: bid.maxCents };
    priceCents = state.startingBidCents;
  } else if (bid.maxCents > leader.maxCents) {
    nextLeader = { bidderId: bid.bidderId, maxCents: bid.maxCents };
    priceCents = Math.min(bid.maxCents, leader.maxCents + bidIncrementCents(leader.maxCents));
  } else {
    // Not above the leader's maximum (equal included): the earlier leader keeps the lead.
    nextLeader = leader;
    priceCents = Math.min(leader.maxCents, bid.maxCents + bidIncrementCents(bid.maxCents));
  }

  const extended = state.endTimeMs - bid.placedAtMs < windowMs;
  const newState: AuctionState = {
    ...state,
    currentBidCents: priceCents,
    leader: nextLeader,
    bidCount: state.bidCount + 1,
    endTimeMs: extended ? bid.placedAtMs + windowMs : state.endTimeMs,
  };

  const outcome: BidOutcome = nextLeader.bidderId === bid.bidderId ? 'leading' : 'outbid';
  const events: BiddingEvent[] = [
    {
      name: 'newBid',
      rooms: [listingRoom(state.listingId)],
      payload: {
        listingId: state.listingId,
        bidId: bid.bidId,
        bidderId: bid.bidderId,
        // A bid the leader's proxy beat at once was spent in full, so its maximum is public
        // (as on eBay); a leading bid shows only the price it needed.
        amount: centsToUsd(outcome === 'outbid' ? bid.maxCents : priceCents),
        currentBid: centsToUsd(priceCents),
        leaderId: nextLeader.bidderId,
        bidCount: newState.bidCount,
        endTime: String(newState.endTimeMs),
      },
    },
    maxBidHistory(newState, bid),
  ];
  if (leader !== null && nextLeader.bidderId !== leader.bidderId) {
    events.push({
      name: 'userOutbid',
      rooms: [userRoom(leader.bidderId)],
      payload: { listingId: state.listingId, userId: leader.bidderId, currentBid: centsToUsd(priceCents) },
    });
  }
  if (extended) {
    events.push({
      name: 'listingEndTimeIncremented',
      rooms: [listingRoom(state.listingId)],
      payload: { listingId: state.listingId, endTime: String(newState.endTimeMs) },
    });
  }
  return { status: 'accepted', outcome, newState, events };
}

/** The bidder's own record of the maximum they set: only their user room hears it. */
function maxBidHistory(state: AuctionState, bid: BidAttempt): BiddingEvent {
  return {
    name: 'maxBidHistory',
    rooms: [userRoom(bid.bidderId)],
    payload: { listingId: state.listingId, maxBid: centsToUsd(bid.maxCents) },
  };
}

function usd(cents: number): string {
  return formatUsd(centsToUsd(cents));
}
