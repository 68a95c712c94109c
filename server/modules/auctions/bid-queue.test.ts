// The per-auction bid queue (order, failures, what a waiting bid may know) and the refusal it
// makes without the database, checked against the proxy model: it is exactly the model's answer
// on the state it saw, and no later state of the auction would accept that bid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AuctionState, placeBid } from './rules/proxy-bidding.js';
import { DatabaseTimeoutError, isDatabaseUnavailable } from '../../platform/db/database-unavailable.js';
import { createBidQueue } from './bid-queue.js';
import { queuedRefusal } from './bidding.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const opened = (overrides: Partial<AuctionState> = {}): AuctionState => ({
  listingId: 'lot',
  sellerId: 'seller',
  startingBidCents: 500,
  currentBidCents: null,
  leader: null,
  bidCount: 0,
  endTimeMs: 1_000_000,
  ...overrides,
});

describe('bid queue', () => {
  it('runs the bids of one auction one at a time, in arrival order', async () => {
    const queue = createBidQueue();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        queue.run('lot', async () => {
          started.push(index);
          running += 1;
          most = Math.max(most, running);
          await pause((index * 7) % 5);
          running -= 1;
        }),
      ),
    );
    expect(started).toEqual(Array.from({ length: 40 }, (_, index) => index));
    expect(most).toBe(1);
    expect(queue.size).toBe(0);
  });

  it('a bid whose transaction fails gets its error and the bids behind it still run, in order', async () => {
    const queue = createBidQueue();
    const order: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        queue.run('lot', async () => {
          order.push(index);
          await pause(1);
          if (index % 3 === 1) throw new Error(`bid ${index} failed`);
          return index;
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
      0,
      'Error: bid 1 failed',
      2,
      3,
      'Error: bid 4 failed',
      5,
      6,
      'Error: bid 7 failed',
      8,
      9,
    ]);
    expect(queue.size).toBe(0);
  });

  it('a bid whose deadline passes while it waits leaves with a 503 error, and those behind it keep their order', async () => {
    const queue = createBidQueue();
    const order: string[] = [];
    let release!: () => void;
    // A bid that holds the auction, as one whose database stopped answering does.
    const stuck = queue.run('lot', async () => {
      order.push('stuck');
      await new Promise<void>((resolve) => (release = resolve));
    });
    const soon = performance.now() + 20;
    const later = performance.now() + 60_000;
    const impatient = queue.run('lot', async () => order.push('impatient'), soon);
    const patient = queue.run('lot', async () => order.push('patient'), later);
    const unbounded = queue.run('lot', async () => order.push('unbounded'));
    const error = await impatient.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatabaseTimeoutError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Gone from the line without running; the bid before it still holds the auction.
    await pause(5);
    expect(order).toEqual(['stuck']);
    release();
    await Promise.all([stuck, patient, unbounded]);
    expect(order).toEqual(['stuck', 'patient', 'unbounded']);
    expect(queue.size).toBe(0);
  });

  it('a bid alone on its auction runs at once, whatever its deadline', async () => {
    const queue = createBidQueue();
    await expect(queue.run('lot', async () => 'ran', performance.now() - 1)).resolves.toBe('ran');
    expect(queue.size).toBe(0);
  });

  it('bids on different auctions do not wait for each other', async () => {
    const queue = createBidQueue();
    let release!: () => void;
    const blocked = queue.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(queue.run('b', async () => 'b ran')).resolves.toBe('b ran');
    release();
    await blocked;
  });

  it('a waiting bid knows only a state observed after it arrived', async () => {
    const queue = createBidQueue();
    const seen: (AuctionState | null)[] = [];
    const later = opened({ currentBidCents: 500, bidCount: 1, leader: { bidderId: 'ann', maxCents: 900 } });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first bid observes a state before the second arrives, then holds the queue.
    const first = queue.run('lot', async (turn) => {
      turn.observe(opened(), turn.markLockedRead());
      await gate;
    });
    await pause(0);
    const second = queue.run('lot', async (turn) => {
      seen.push(turn.known);
      turn.observe(later, turn.markLockedRead());
    });
    const third = queue.run('lot', async (turn) => {
      seen.push(turn.known);
    });
    release();
    await Promise.all([first, second, third]);
    // The second arrived after the first's observation: it knows nothing. The third arrived
    // before the second's: it knows what the second saw.
    expect(seen).toEqual([null, later]);
    // The queue forgets the auction once nobody waits.
    const fourth = await queue.run('lot', async (turn) => turn.known);
    expect(fourth).toBeNull();
  });

  it('a bid that hands off lets the next one start while it commits, never a third', async () => {
    const queue = createBidQueue();
    const decided = opened({ currentBidCents: 500, bidCount: 1, leader: { bidderId: 'ann', maxCents: 900 } });
    const log: string[] = [];
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const first = queue.run('lot', async (turn) => {
      turn.handOff(decided);
      log.push('first handed off');
      await committing;
      log.push('first done');
    });
    const second = queue.run('lot', async (turn) => {
      log.push('second started');
      expect(turn.pending?.state).toEqual(decided);
      await turn.pending!.done;
      log.push('second saw first done');
      expect(turn.pending).toBeNull();
    });
    const third = queue.run('lot', async () => {
      log.push('third started');
    });
    await pause(5);
    expect(log).toEqual(['first handed off', 'second started']);
    commit();
    await Promise.all([first, second, third]);
    expect(log).toEqual(['first handed off', 'second started', 'first done', 'second saw first done', 'third started']);
    expect(queue.size).toBe(0);
  });
});

type Step = { bidder: string; offset: number; waitMs: number };
const bidders = ['ann', 'bob', 'cat', 'dan', 'seller'];
const stepArb: fc.Arbitrary<Step> = fc.record({
  bidder: fc.constantFrom(...bidders),
  offset: fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer({ min: 0, max: 200_000 })),
  waitMs: fc.integer({ min: 0, max: 20_000 }),
});

/** Applies bids around the minimum; returns the state and the clock after them. */
function play(start: AuctionState, steps: Step[], nowMs: number): { state: AuctionState; nowMs: number } {
  let state = start;
  let now = nowMs;
  for (const step of steps) {
    now += step.waitMs;
    const minimum = state.currentBidCents === null ? state.startingBidCents : state.currentBidCents;
    const maxCents = Math.max(1, minimum + step.offset);
    state = placeBid(state, { bidId: `b${state.bidCount}`, bidderId: step.bidder, maxCents, placedAtMs: now }).newState;
  }
  return { state, nowMs: now };
}

describe('refusing a queued bid without the database (fast-check)', () => {
  it('answers exactly what the locked path would on that state, and no later state accepts the bid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(stepArb, { maxLength: 30 }),
        fc.record({ bidder: fc.constantFrom(...bidders), offset: fc.integer({ min: -2_000, max: 2_000 }) }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.array(stepArb, { maxLength: 30 }),
        (startingBidCents, before, candidate, waitMs, after) => {
          const start = opened({ startingBidCents, endTimeMs: 600_000 });
          const seen = play(start, before, 0);
          const now = seen.nowMs + waitMs;
          const leaderMax = seen.state.leader?.maxCents ?? seen.state.startingBidCents;
          const bid = { bidderId: candidate.bidder, maxCents: Math.max(1, leaderMax + candidate.offset) };
          const refused = queuedRefusal(seen.state, bid, now);
          const locked = placeBid(seen.state, { bidId: 'x', ...bid, placedAtMs: now });
          if (refused === null) {
            // Uncertain or acceptable: it goes to the lock. Never withheld when the model accepts.
            return;
          }
          expect(locked.status).toBe('rejected');
          expect(locked.status === 'rejected' && { reason: locked.reason, message: locked.message }).toEqual({
            reason: refused.reason,
            message: refused.message,
          });
          // Whatever other bids land while it waits, the lock would refuse it too.
          const later = play(seen.state, after, now);
          const atLock = placeBid(later.state, { bidId: 'x', ...bid, placedAtMs: later.nowMs });
          expect(atLock.status).toBe('rejected');
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('leaves a bid to the lock when the model would accept it, or once the clock passed the end', () => {
    const state = opened({ currentBidCents: 1_000, bidCount: 2, leader: { bidderId: 'ann', maxCents: 1_500 } });
    expect(queuedRefusal(state, { bidderId: 'bob', maxCents: 1_050 }, 10)).toBeNull();
    expect(queuedRefusal(state, { bidderId: 'bob', maxCents: 1_000 }, 10)).toEqual(
      expect.objectContaining({ reason: 'below_minimum', message: 'Bid must be at least $10.50' }),
    );
    expect(queuedRefusal(state, { bidderId: 'ann', maxCents: 1_500 }, 10)).toEqual(
      expect.objectContaining({ reason: 'not_above_own_max' }),
    );
    expect(queuedRefusal(state, { bidderId: 'bob', maxCents: 1_000 }, state.endTimeMs)).toBeNull();
    expect(queuedRefusal(state, { bidderId: 'seller', maxCents: 1_000 }, 10)).toBeNull();
    expect(queuedRefusal(null, { bidderId: 'bob', maxCents: 1 }, 10)).toBeNull();
  });
});
