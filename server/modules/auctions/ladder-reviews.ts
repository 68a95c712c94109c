// Auction integrity while bids arrive, coalesced and bounded. Scoring an auction reads its whole
// ladder and every bidder's history, tens of milliseconds of database time: run after every bid,
// it took three quarters of the bid path's throughput (issue 29). So a committed bid only marks its
// auction as due; the node reviews due auctions in one lane, one review at a time:
// - never two reviews of one auction at once, and one review covers every bid before it started;
// - an auction is reviewed at most once per `spacingMs` while its bids keep arriving: the first
//   bid after a quiet spell is reviewed at once, a burst's later bids once the spacing has passed;
// - after each review the lane rests `restRatio` times as long as the review took, so scoring
//   takes at most a tenth of one pooled connection (and of a database core) however fast bids
//   arrive: a review costs more as ladders and histories grow, and then runs less often.
// The close still scores the final ladder (`closed`), after any review in flight, so a ring is
// caught while bids arrive and once more when the auction ends.
import type { UnitOfWorkDeps } from '../../platform/events/unit-of-work.js';
import { auctionLadderSettled } from './hooks.js';
import { perNode } from './per-node.js';

export interface LadderReviewOptions {
  /** Least time between the starts of two reviews of one auction while its bids arrive. */
  spacingMs: number;
  /** After a review, the lane waits this many times the review's duration before the next. */
  restRatio: number;
  /** A review that failed (it never fails a bid). */
  onError(error: unknown, listingId: string): void;
  now(): number;
}

export const LADDER_REVIEW_DEFAULTS: LadderReviewOptions = {
  spacingMs: 2_000,
  restRatio: 9,
  onError: () => undefined,
  now: () => performance.now(),
};

export interface LadderReviews {
  /** A bid committed on this auction: its ladder is reviewed soon, once for however many bids. */
  bidCommitted(deps: UnitOfWorkDeps, listingId: string): void;
  /** The auction closed: waits for its review in flight, drops the one due, and scores the final ladder. */
  closed(deps: UnitOfWorkDeps, listingId: string): Promise<void>;
  /** Auctions with a review due, waiting or running (for tests). */
  readonly pending: number;
}

interface DueAuction {
  deps: UnitOfWorkDeps;
  /** A bid committed since its last review started. */
  due: boolean;
  queued: boolean;
  running: Promise<void> | null;
  startedAt: number;
  /** The spacing after a review: when it ends, a due auction is queued again, an idle one forgotten. */
  coolDown: ReturnType<typeof setTimeout> | null;
}

type Review = (deps: UnitOfWorkDeps, listingId: string, when: 'bid' | 'close') => Promise<void>;

export function createLadderReviews(
  review: Review = (...args) => auctionLadderSettled.fire(...args),
  options: Partial<LadderReviewOptions> = {},
): LadderReviews {
  const { spacingMs, restRatio, onError, now } = { ...LADDER_REVIEW_DEFAULTS, ...options };
  const auctions = new Map<string, DueAuction>();
  // Queued auctions in arrival order (a Set: each auction once).
  const ready = new Set<string>();
  let busy = false;
  let restUntil = 0;
  let resting: ReturnType<typeof setTimeout> | null = null;

  const enqueue = (listingId: string, auction: DueAuction) => {
    auction.queued = true;
    ready.add(listingId);
    pump();
  };

  function pump(): void {
    if (busy || resting !== null || ready.size === 0) return;
    const wait = restUntil - now();
    if (wait > 0) {
      resting = setTimeout(() => {
        resting = null;
        pump();
      }, wait);
      resting.unref?.();
      return;
    }
    const listingId = ready.values().next().value!;
    ready.delete(listingId);
    const auction = auctions.get(listingId)!;
    auction.queued = false;
    auction.due = false;
    auction.startedAt = now();
    busy = true;
    auction.running = review(auction.deps, listingId, 'bid')
      .catch((error: unknown) => onError(error, listingId))
      .finally(() => {
        const ended = now();
        auction.running = null;
        busy = false;
        restUntil = ended + (ended - auction.startedAt) * restRatio;
        if (auctions.get(listingId) === auction) coolDown(listingId, auction);
        pump();
      });
  }

  function coolDown(listingId: string, auction: DueAuction): void {
    auction.coolDown = setTimeout(
      () => {
        auction.coolDown = null;
        if (auction.due) enqueue(listingId, auction);
        else auctions.delete(listingId);
      },
      Math.max(0, auction.startedAt + spacingMs - now()),
    );
    auction.coolDown.unref?.();
  }

  return {
    get pending() {
      return [...auctions.values()].filter((auction) => auction.due || auction.queued || auction.running).length;
    },
    bidCommitted(deps, listingId) {
      let auction = auctions.get(listingId);
      if (!auction) {
        auction = { deps, due: false, queued: false, running: null, startedAt: 0, coolDown: null };
        auctions.set(listingId, auction);
      }
      auction.deps = deps;
      auction.due = true;
      if (auction.queued || auction.running || auction.coolDown) return;
      enqueue(listingId, auction);
    },
    async closed(deps, listingId) {
      const auction = auctions.get(listingId);
      if (auction) {
        auctions.delete(listingId);
        ready.delete(listingId);
        if (auction.coolDown) clearTimeout(auction.coolDown);
        await auction.running;
      }
      await review(deps, listingId, 'close');
    },
  };
}

/** One lane per database pool: a pool is what one server node has. */
export const ladderReviewsOf = perNode<object, LadderReviews>(() => createLadderReviews());
