import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimumNextBidCents } from '../../../../shared/rules/bid-increments.js';
import { ANTI_SNIPE_WINDOW_MS, placeBid } from './proxy-bidding.js';
import { auction, bid, HOUR, run, T0 } from './proxy-bidding.fixtures.js';

// ---------------------------------------------------------------------------------------------
// Model test: an independent reference auction, written from the rules' sentences rather than
// from the implementation. It keeps every bidder's maximum (the history), finds the leader by
// sorting (highest maximum, then earliest), and prices from the second-highest maximum with
// its own copy of eBay's table in dollars. placeBid must agree with it on every step.
//
// (A naive increment-by-increment "war" is not a valid reference: with ann's maximum at
// $10.00, a price of $5.00 and bob at $5.60, bob's proxy bids $5.50, ann's answers $6.00 and
// bob is out — $6.00, where the rule "second-highest maximum + one increment" gives $6.10.)

const REFERENCE_TABLE_DOLLARS: [upTo: number, increment: number][] = [
  [0.99, 0.05],
  [4.99, 0.25],
  [24.99, 0.5],
  [99.99, 1],
  [249.99, 2.5],
  [499.99, 5],
  [999.99, 10],
  [2499.99, 25],
  [4999.99, 50],
  [Number.POSITIVE_INFINITY, 100],
];
function referenceIncrement(cents: number): number {
  const row = REFERENCE_TABLE_DOLLARS.find(([upTo]) => cents <= Math.round(upTo * 100));
  return Math.round(row![1] * 100);
}

class ReferenceAuction {
  private readonly maxima = new Map<string, { max: number; order: number }>();
  price: number | null = null;
  leader: string | null = null;
  bids = 0;
  private order = 0;

  constructor(
    readonly start: number,
    public endTime: number,
    readonly seller: string,
  ) {}

  minimum(): number {
    return this.price === null ? this.start : this.price + referenceIncrement(this.price);
  }

  leaderMax(): number | null {
    return this.leader === null ? null : this.maxima.get(this.leader)!.max;
  }

  /** Returns whether the bid is accepted. */
  apply(bidder: string, amount: number, at: number): boolean {
    if (!Number.isInteger(amount) || amount <= 0 || at >= this.endTime || bidder === this.seller) return false;
    if (amount < this.minimum()) return false;
    this.order += 1;
    this.bids += 1;
    if (bidder === this.leader) {
      const own = this.maxima.get(bidder)!;
      if (amount <= own.max) {
        this.bids -= 1;
        return false;
      }
      own.max = amount; // still the earliest at its level: everybody else is below it
      return true;
    }
    this.maxima.set(bidder, { max: amount, order: this.order });
    const ranked = [...this.maxima.entries()].sort(([, a], [, b]) => b.max - a.max || a.order - b.order);
    const [first, second] = ranked;
    this.leader = first![0];
    this.price =
      second === undefined ? this.start : Math.min(first![1].max, second[1].max + referenceIncrement(second[1].max));
    if (this.endTime - at < ANTI_SNIPE_WINDOW_MS) this.endTime = at + ANTI_SNIPE_WINDOW_MS;
    return true;
  }
}

type Step = { bidder: string; kind: 'relative' | 'leaderMax' | 'absolute'; offset: number; waitMs: number };

const stepArb: fc.Arbitrary<Step> = fc.record({
  bidder: fc.constantFrom('ann', 'bob', 'cat', 'dan', 'seller'),
  kind: fc.constantFrom<Step['kind']>('relative', 'relative', 'relative', 'leaderMax', 'absolute'),
  // Around the minimum: below it, at it, a bit or a lot above it.
  offset: fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer({ min: 0, max: 600_000 }), fc.constant(0)),
  waitMs: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 120_000 })),
});

const auctionArb = fc.record({
  startingBidCents: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 600_000 })),
  durationMs: fc.integer({ min: 1, max: 600_000 }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 60 }),
});

describe('proxy bidding against a reference model (fast-check)', () => {
  it('price, leader, bid count, end time and acceptance always match; the invariants hold', () => {
    fc.assert(
      fc.property(auctionArb, ({ startingBidCents, durationMs, steps }) => {
        const reference = new ReferenceAuction(startingBidCents, T0 + durationMs, 'seller');
        let state = auction(startingBidCents, { endTimeMs: T0 + durationMs });
        let now = T0;
        for (const step of steps) {
          now += step.waitMs;
          const amount =
            step.kind === 'leaderMax'
              ? (reference.leaderMax() ?? reference.minimum())
              : step.kind === 'absolute'
                ? Math.max(1, step.offset)
                : Math.max(1, reference.minimum() + step.offset);
          const minimumBefore = minimumNextBidCents(state);
          const before = state;

          const expected = reference.apply(step.bidder, amount, now);
          const result = placeBid(state, bid(step.bidder, amount, now));
          state = result.newState;

          expect(result.status).toBe(expected ? 'accepted' : 'rejected');
          expect(state.currentBidCents).toBe(reference.price);
          expect(state.leader?.bidderId ?? null).toBe(reference.leader);
          expect(state.leader?.maxCents ?? null).toBe(reference.leaderMax());
          expect(state.bidCount).toBe(reference.bids);
          expect(state.endTimeMs).toBe(reference.endTime);

          if (result.status === 'rejected') {
            expect(state).toBe(before);
            expect(result.events).toEqual([]);
            continue;
          }
          // No accepted bid below the minimum.
          expect(amount).toBeGreaterThanOrEqual(minimumBefore);
          // The leader's maximum covers the price, the price never decreases, nor does the end.
          expect(state.leader!.maxCents).toBeGreaterThanOrEqual(state.currentBidCents!);
          expect(state.currentBidCents!).toBeGreaterThanOrEqual(before.currentBidCents ?? 0);
          expect(state.currentBidCents!).toBeGreaterThanOrEqual(state.startingBidCents);
          expect(state.endTimeMs).toBeGreaterThanOrEqual(before.endTimeMs);
          // The displaced leader, and only they, hear userOutbid.
          const outbid = result.events.filter((event) => event.name === 'userOutbid');
          const displaced =
            before.leader && before.leader.bidderId !== state.leader!.bidderId ? before.leader.bidderId : null;
          expect(outbid.map((event) => event.payload.userId)).toEqual(displaced ? [displaced] : []);
          // The listing room hears the new price whenever it moved, and never a hidden maximum.
          const newBid = result.events.find((event) => event.name === 'newBid');
          if (result.outcome === 'raised_max') expect(newBid).toBeUndefined();
          else
            expect(newBid?.payload).toMatchObject({
              currentBid: state.currentBidCents! / 100,
              leaderId: state.leader!.bidderId,
            });
          if (newBid && newBid.name === 'newBid' && result.outcome === 'leading') {
            expect(newBid.payload.amount * 100).toBeCloseTo(state.currentBidCents!, 6);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the reference and placeBid agree on the documented example: $6.10, not $6.00', () => {
    const war = run(auction(500), [['ann', 1_000]]);
    const result = placeBid(war.newState, bid('bob', 560));
    expect(result.newState.currentBidCents).toBe(610);
    const reference = new ReferenceAuction(500, T0 + HOUR, 'seller');
    reference.apply('ann', 1_000, T0);
    reference.apply('bob', 560, T0);
    expect(reference.price).toBe(610);
  });
});
