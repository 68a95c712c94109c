// Replaying an auction's bids (voiding bids, issue 22): the standing an auction would have had if
// only these bids had been placed, in this order. It is the bid path's own rule (`placeBid`)
// applied bid after bid from an auction without bids, so a replay can never disagree with what
// the live path would have decided; only time is left out (a replay judges amounts, never the
// clock: every replayed bid reached a running auction, and the end time is not the replay's).
import { type AuctionState, type BidOutcome, placeBid } from './proxy-bidding.js';

/** What a replay needs of the auction: its seller and its starting bid. */
export interface ReplayedAuction {
  readonly listingId: string;
  readonly sellerId: string;
  readonly startingBidCents: number;
}

/** One bid as it was placed: its bidder and maximum, in cents. */
export interface ReplayedBid {
  readonly bidId: string;
  readonly bidderId: string;
  readonly maxCents: number;
}

/** Where an auction stands: price null and no leader while no bid counts. */
export interface ReplayStanding {
  readonly leaderId: string | null;
  /** Hidden from everybody but the leader. */
  readonly leaderMaxCents: number | null;
  readonly currentBidCents: number | null;
  readonly bidCount: number;
}

/** What one bid did in the replay: its outcome and the standing right after it. */
export type ReplayStep =
  | ({ readonly bidId: string; readonly counted: true; readonly outcome: BidOutcome } & ReplayStanding)
  /**
   * The rule refuses the bid on this history (never for a history the live path accepted minus
   * whole bidders: prices only fall when bids go, see bid-replay.test.ts); it does not count.
   */
  | ({ readonly bidId: string; readonly counted: false } & ReplayStanding);

export interface Replay {
  readonly standing: ReplayStanding;
  readonly steps: readonly ReplayStep[];
}

/** The end time a replay gives the rule: never reached, never extended. */
const NEVER = Number.MAX_SAFE_INTEGER;

const standingOf = (state: AuctionState): ReplayStanding => ({
  leaderId: state.leader?.bidderId ?? null,
  leaderMaxCents: state.leader?.maxCents ?? null,
  currentBidCents: state.currentBidCents,
  bidCount: state.bidCount,
});

/** Replays `bids` (in their original order) on `auction` from no bids at all. Pure. */
export function replayBids(auction: ReplayedAuction, bids: readonly ReplayedBid[]): Replay {
  let state: AuctionState = {
    ...auction,
    currentBidCents: null,
    leader: null,
    bidCount: 0,
    endTimeMs: NEVER,
  };
  const steps: ReplayStep[] = [];
  for (const bid of bids) {
    const result = placeBid(state, { ...bid, placedAtMs: 0 }, { antiSnipeWindowMs: 0 });
    state = result.newState;
    steps.push(
      result.status === 'accepted'
        ? { bidId: bid.bidId, counted: true, outcome: result.outcome, ...standingOf(state) }
        : { bidId: bid.bidId, counted: false, ...standingOf(state) },
    );
  }
  return { standing: standingOf(state), steps };
}

/**
 * Whether `bidderId`'s standing differs between two standings: they lead in one and not in the
 * other, or they lead in both at different prices. What voiding bids tells a remaining bidder of.
 */
export function standingChangedFor(
  before: Pick<ReplayStanding, 'leaderId' | 'currentBidCents'>,
  after: Pick<ReplayStanding, 'leaderId' | 'currentBidCents'>,
  bidderId: string,
): boolean {
  const ledBefore = before.leaderId === bidderId;
  const leadsAfter = after.leaderId === bidderId;
  if (ledBefore !== leadsAfter) return true;
  return leadsAfter && before.currentBidCents !== after.currentBidCents;
}
