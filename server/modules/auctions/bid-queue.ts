// The per-auction bid queue of one server node: bids on one auction run in arrival order, so at
// most two pooled connections per auction are busy with its row lock: the bid writing and
// committing under it, and the next one, whose locked read waits for that commit inside
// PostgreSQL; the others wait here in memory. The row lock stays the authority across nodes:
// this only keeps one node from piling its own bids onto it.
//
// A bid hands its turn on (`handOff`) once it has decided, right before its write and COMMIT
// leave: the next bid's locked read then queues behind the lock in the database, which grants it
// the moment the commit releases it, instead of a round trip later (issue 29). The next bid knows
// the state being committed (`pending`) but may not judge on it: it may fail to commit.
//
// While bids wait, the queue remembers the auction's state as the bid that ran before them saw
// it under the lock, or committed it. A waiting bid may be judged on that state only when it was
// observed after the bid arrived: it was then the committed state at a moment during the bid's
// request, so refusing from it answers exactly what the database would have answered at that
// moment, whatever other nodes or paths (closer, seller, admin) do. Nothing outlives the queue:
// when no bid waits on an auction, its entry is gone, so there is nothing to invalidate.
//
// A bid waits here for the bids before it, and each of them for the database: when the database
// stops answering, every bid in the line would wait for the time-outs of all those ahead of it
// (six bidders: six statement time-outs, most of a minute). So a bid given a deadline leaves the
// line when it passes (503, DatabaseTimeoutError), keeping its place in the order for those
// behind it: they still wait for the bids before it, or their own deadline.
import { DatabaseTimeoutError } from '../../platform/db/database-unavailable.js';
import type { AuctionState } from './rules/proxy-bidding.js';
import { perNode } from './per-node.js';

/** What a queued bid knows when its turn comes. */
export interface BidTurn {
  /** The auction's committed state observed after this bid arrived, or null (read it when needed: it may change). */
  readonly known: AuctionState | null;
  /** The state the bid before this one is committing, with its end (it may fail), or null. */
  readonly pending: { state: AuctionState; done: Promise<void> } | null;
  /** Call right before sending the locked read; returns the mark to observe under. */
  markLockedRead(): number;
  /** Records a committed state (read under the lock, or just committed) seen after `mark`. */
  observe(state: AuctionState, mark: number): void;
  /** The bid has decided on `state` and sends its write: the next bid may go to the lock. */
  handOff(state: AuctionState): void;
}

interface Lane {
  tail: Promise<void>;
  pending: number;
  view: { state: AuctionState; mark: number } | null;
  committing: { state: AuctionState; done: Promise<void> } | null;
}

export interface BidQueue {
  /**
   * Runs `task` once every bid queued earlier on this auction has finished or handed off (failed
   * ones too). With `deadlineAt` (a `performance.now()` instant), a bid whose turn has not come by
   * then rejects with DatabaseTimeoutError instead of running.
   */
  run<T>(listingId: string, task: (turn: BidTurn) => Promise<T>, deadlineAt?: number | null): Promise<T>;
  /** Auctions with bids queued or running (for tests). */
  readonly size: number;
}

export function createBidQueue(): BidQueue {
  // One clock for arrivals and observations: an observation counts for the bids that arrived
  // before its mark was taken.
  let clock = 0;
  const lanes = new Map<string, Lane>();
  return {
    get size() {
      return lanes.size;
    },
    async run(listingId, task, deadlineAt = null) {
      const arrivedAt = ++clock;
      let lane = lanes.get(listingId);
      if (!lane) {
        lane = { tail: Promise.resolve(), pending: 0, view: null, committing: null };
        lanes.set(listingId, lane);
      }
      const own = lane;
      // Alone on the auction: nothing to wait for, no timer to set.
      const waits = own.pending > 0;
      own.pending += 1;
      const previous = own.tail;
      let next!: () => void;
      own.tail = new Promise((resolve) => (next = resolve));
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      let turnCame = false;
      try {
        await (waits && deadlineAt !== null ? turnBy(previous, deadlineAt) : previous);
        turnCame = true;
        return await task({
          get known() {
            const view = own.view;
            return view !== null && view.mark > arrivedAt ? view.state : null;
          },
          get pending() {
            return own.committing;
          },
          markLockedRead: () => ++clock,
          observe: (state, mark) => {
            if (own.view === null || mark >= own.view.mark) own.view = { state, mark };
          },
          handOff: (state) => {
            own.committing = { state, done };
            next();
          },
        });
      } finally {
        if (own.committing?.done === done) own.committing = null;
        own.pending -= 1;
        if (own.pending === 0) lanes.delete(listingId);
        finish();
        // A bid that gave up waiting: those behind it wait for the bids before it all the same.
        if (turnCame) next();
        else void previous.then(next);
      }
    },
  };
}

/** Resolves when `previous` does, or rejects at `deadlineAt` if it has not by then. */
function turnBy(previous: Promise<void>, deadlineAt: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new DatabaseTimeoutError('the bids before it on its auction did not finish')),
      Math.max(0, deadlineAt - performance.now()),
    );
    void previous.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** One queue per database pool: a pool is what one server node has. */
export const bidQueueOf = perNode<object, BidQueue>(() => createBidQueue());
