// The integrity reviews after bids (ladder-reviews.ts): a burst of bids queues a handful of
// reviews, never one per bid; one auction is never reviewed twice at once; the last bid of a
// burst is always covered by a review that started after it; the close waits for the review in
// flight and scores the final ladder.
import { describe, expect, it } from 'vitest';
import type { UnitOfWorkDeps } from '../../platform/events/unit-of-work.js';
import { createLadderReviews } from './ladder-reviews.js';

const deps = {} as UnitOfWorkDeps;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A review that takes `ms`, recording when each started and ended, and how many ran at once per auction. */
function countingReview(ms: number) {
  const started: { listingId: string; when: 'bid' | 'close'; at: number }[] = [];
  const running = new Map<string, number>();
  let overlaps = 0;
  const review = async (_deps: UnitOfWorkDeps, listingId: string, when: 'bid' | 'close') => {
    started.push({ listingId, when, at: performance.now() });
    running.set(listingId, (running.get(listingId) ?? 0) + 1);
    if (running.get(listingId)! > 1) overlaps += 1;
    await pause(ms);
    running.set(listingId, running.get(listingId)! - 1);
  };
  return { review, started, overlaps: () => overlaps };
}

async function until(done: () => boolean, timeoutMs = 5_000) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await pause(5);
  }
}

describe('ladder reviews', () => {
  it('a burst of 10,000 bids on four auctions queues a handful of reviews per auction, never one per bid', async () => {
    const counted = countingReview(5);
    const reviews = createLadderReviews(counted.review, { spacingMs: 50, restRatio: 1 });
    const auctions = ['a', 'b', 'c', 'd'];
    const lastBidAt = new Map<string, number>();
    // 10,000 committed bids over about 200 ms, as fast bidders would commit them.
    for (let bid = 0; bid < 10_000; bid += 1) {
      const listingId = auctions[bid % auctions.length]!;
      reviews.bidCommitted(deps, listingId);
      lastBidAt.set(listingId, performance.now());
      if (bid % 250 === 249) await pause(5);
    }
    await until(() => reviews.pending === 0);

    expect(counted.overlaps()).toBe(0);
    for (const listingId of auctions) {
      const own = counted.started.filter((review) => review.listingId === listingId);
      expect(own.length, listingId).toBeGreaterThanOrEqual(2);
      // One per spacing at most while the burst lasts, plus the one after it.
      expect(own.length, listingId).toBeLessThanOrEqual(10);
      // The burst's last bid is covered: a review started after it.
      expect(own.at(-1)!.at, listingId).toBeGreaterThanOrEqual(lastBidAt.get(listingId)!);
    }
    expect(counted.started.length).toBeLessThanOrEqual(40);
  });

  it('reviews the first bid after a quiet spell at once', async () => {
    const counted = countingReview(1);
    const reviews = createLadderReviews(counted.review, { spacingMs: 1_000, restRatio: 0 });
    const before = performance.now();
    reviews.bidCommitted(deps, 'a');
    await until(() => counted.started.length === 1);
    expect(counted.started[0]!.at - before).toBeLessThan(100);
  });

  it('runs one review at a time on a node and rests after each in proportion to its cost', async () => {
    const counted = countingReview(20);
    const reviews = createLadderReviews(counted.review, { spacingMs: 0, restRatio: 2 });
    for (const listingId of ['a', 'b', 'c']) reviews.bidCommitted(deps, listingId);
    await until(() => counted.started.length === 3);
    const [first, second, third] = counted.started.map((review) => review.at);
    // Each review starts after the one before has run (20 ms) and the lane has rested (40 ms).
    expect(second! - first!).toBeGreaterThanOrEqual(55);
    expect(third! - second!).toBeGreaterThanOrEqual(55);
  });

  it('the close waits for the review in flight, drops the one due and scores the final ladder', async () => {
    const counted = countingReview(30);
    const reviews = createLadderReviews(counted.review, { spacingMs: 10_000, restRatio: 0 });
    reviews.bidCommitted(deps, 'a');
    await until(() => counted.started.length === 1);
    reviews.bidCommitted(deps, 'a');
    await reviews.closed(deps, 'a');
    expect(counted.started.map((review) => review.when)).toEqual(['bid', 'close']);
    expect(counted.overlaps()).toBe(0);
    expect(counted.started[1]!.at - counted.started[0]!.at).toBeGreaterThanOrEqual(25);
    expect(reviews.pending).toBe(0);
  });

  it('a review that fails is reported and the auction is reviewed again on its next bid', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const reviews = createLadderReviews(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
      },
      { spacingMs: 0, restRatio: 0, onError: (error) => errors.push(error) },
    );
    reviews.bidCommitted(deps, 'a');
    await until(() => errors.length === 1 && reviews.pending === 0);
    await pause(5);
    reviews.bidCommitted(deps, 'a');
    await until(() => calls === 2);
  });
});
