import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimumNextBidCents } from '../../../../shared/rules/bid-increments.js';
import type { AuctionState, BidAttempt, BiddingEvent, PlaceBidResult } from './proxy-bidding.js';
import { ANTI_SNIPE_WINDOW_MS, placeBid } from './proxy-bidding.js';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

function auction(startingBidCents: number, overrides: Partial<AuctionState> = {}): AuctionState {
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
function bid(bidderId: string, maxCents: number, placedAtMs = T0): BidAttempt {
  nextBidId += 1;
  return { bidId: `bid-${nextBidId}`, bidderId, maxCents, placedAtMs };
}

/** Applies bids in order, failing on a rejection, and returns the last result. */
function run(state: AuctionState, bids: [string, number][]): PlaceBidResult {
  let result: PlaceBidResult | undefined;
  for (const [bidderId, maxCents] of bids) {
    result = placeBid(result?.newState ?? state, bid(bidderId, maxCents));
    if (result.status !== 'accepted') throw new Error(`${bidderId} ${maxCents}: ${result.message}`);
  }
  if (!result) throw new Error('no bids');
  return result;
}

const names = (events: readonly BiddingEvent[]) => events.map((event) => event.name);

describe('classic proxy-bidding scenarios', () => {
  // [scenario, starting bid, bids in order as [bidder, max], price after, leader after]
  const rows: [string, number, [string, number][], number, string][] = [
    ['the first bid sets the price to the starting bid', 1_000, [['ann', 5_000]], 1_000, 'ann'],
    [
      'a lower rival: second max + one increment',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 2_000],
      ],
      2_050,
      'ann',
    ],
    [
      'a higher rival takes the lead at the old max + one increment',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 8_000],
      ],
      5_100,
      'bob',
    ],
    [
      'equal maximums go to the earlier bid',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 5_000],
      ],
      5_000,
      'ann',
    ],
    [
      'the price is capped at the leader’s maximum',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 4_980],
      ],
      5_000,
      'ann',
    ],
    [
      'capped at the new leader’s maximum',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 5_020],
      ],
      5_020,
      'bob',
    ],
    [
      'the increment is the one at the second maximum',
      100,
      [
        ['ann', 20_000],
        ['bob', 9_999],
      ],
      10_099,
      'ann',
    ],
    [
      'crossing into the $2.50 band',
      100,
      [
        ['ann', 20_000],
        ['bob', 10_000],
      ],
      10_250,
      'ann',
    ],
    [
      'a bidding war',
      100,
      [
        ['ann', 1_000],
        ['bob', 1_500],
        ['cat', 1_200],
        ['ann', 3_000],
      ],
      1_550,
      'ann',
    ],
    [
      'the leader raising their maximum keeps the price',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 2_000],
        ['ann', 9_000],
      ],
      2_050,
      'ann',
    ],
    [
      'a rival beaten by a raised maximum',
      1_000,
      [
        ['ann', 5_000],
        ['ann', 9_000],
        ['bob', 6_000],
      ],
      6_100,
      'ann',
    ],
    [
      'a one-cent starting bid',
      1,
      [
        ['ann', 3],
        ['bob', 6],
      ],
      6,
      'bob',
    ],
  ];
  it.each(rows)('%s', (_, start, bids, price, leader) => {
    const { newState } = run(auction(start), bids);
    expect(newState.currentBidCents).toBe(price);
    expect(newState.leader?.bidderId).toBe(leader);
    expect(newState.bidCount).toBe(bids.length);
  });

  it('tells a bidder whether they lead or were outbid at once', () => {
    const first = run(auction(1_000), [['ann', 5_000]]);
    expect(first.status === 'accepted' && first.outcome).toBe('leading');
    const second = placeBid(first.newState, bid('bob', 2_000));
    expect(second.status === 'accepted' && second.outcome).toBe('outbid');
    const raise = placeBid(second.newState, bid('ann', 6_000));
    expect(raise.status === 'accepted' && raise.outcome).toBe('raised_max');
  });
});

describe('rejected bids', () => {
  const rows: [string, AuctionState, BidAttempt, string, string][] = [
    ['below the starting bid', auction(1_000), bid('ann', 999), 'below_minimum', 'Bid must be at least $10.00'],
    [
      'below the current bid + one increment',
      auction(1_000, { currentBidCents: 1_200, leader: { bidderId: 'ann', maxCents: 5_000 }, bidCount: 2 }),
      bid('bob', 1_249),
      'below_minimum',
      'Bid must be at least $12.50',
    ],
    [
      'the leader lowering or repeating their maximum',
      auction(1_000, { currentBidCents: 1_200, leader: { bidderId: 'ann', maxCents: 5_000 }, bidCount: 2 }),
      bid('ann', 5_000),
      'not_above_own_max',
      'Your maximum bid is already $50.00; a new maximum must be higher',
    ],
    [
      'a thousands separator in the message',
      auction(1_000, { currentBidCents: 250_000, leader: { bidderId: 'ann', maxCents: 300_000 }, bidCount: 9 }),
      bid('bob', 254_999),
      'below_minimum',
      'Bid must be at least $2,550.00',
    ],
    ['at the end time', auction(1_000), bid('ann', 5_000, T0 + HOUR), 'auction_ended', 'This auction has ended'],
    ['after the end time', auction(1_000), bid('ann', 5_000, T0 + 2 * HOUR), 'auction_ended', 'This auction has ended'],
    ['by the seller', auction(1_000), bid('seller', 5_000), 'own_listing', 'Sellers cannot bid on their own listing'],
    ['zero', auction(1_000), bid('ann', 0), 'invalid_amount', 'Bid must be a positive amount with at most 2 decimals'],
    [
      'a fraction of a cent',
      auction(1_000),
      bid('ann', 1_000.5),
      'invalid_amount',
      'Bid must be a positive amount with at most 2 decimals',
    ],
  ];
  it.each(rows)('%s', (_, state, attempt, reason, message) => {
    const result = placeBid(state, attempt);
    expect(result).toEqual({ status: 'rejected', reason, message, newState: state, events: [] });
    expect(result.newState).toBe(state);
  });
});

describe('events', () => {
  it('the first bid: newBid to the listing room, maxBidHistory to the bidder only', () => {
    const result = run(auction(1_000), [['ann', 5_000]]);
    expect(result.events).toEqual([
      {
        name: 'newBid',
        rooms: ['listing:listing-1'],
        payload: {
          listingId: 'listing-1',
          bidId: expect.any(String),
          bidderId: 'ann',
          amount: 10,
          currentBid: 10,
          leaderId: 'ann',
          bidCount: 1,
          endTime: String(T0 + HOUR),
        },
      },
      { name: 'maxBidHistory', rooms: ['user:ann'], payload: { listingId: 'listing-1', maxBid: 50 } },
    ]);
  });

  it('a new leader: the displaced leader hears userOutbid at the new price', () => {
    const result = run(auction(1_000), [
      ['ann', 5_000],
      ['bob', 8_000],
    ]);
    expect(names(result.events)).toEqual(['newBid', 'maxBidHistory', 'userOutbid']);
    expect(result.events[2]).toEqual({
      name: 'userOutbid',
      rooms: ['user:ann'],
      payload: { listingId: 'listing-1', userId: 'ann', currentBid: 51 },
    });
  });

  it('a rival beaten at once: nobody is displaced, and the spent maximum is the bid shown', () => {
    const result = run(auction(1_000), [
      ['ann', 5_000],
      ['bob', 2_000],
    ]);
    expect(names(result.events)).toEqual(['newBid', 'maxBidHistory']);
    expect(result.events[0]?.payload).toMatchObject({ bidderId: 'bob', amount: 20, currentBid: 20.5, leaderId: 'ann' });
  });

  it('the leader raising their maximum tells only the leader, and never the listing room', () => {
    const result = run(auction(1_000), [
      ['ann', 5_000],
      ['bob', 2_000],
      ['ann', 9_000],
    ]);
    expect(result.events).toEqual([
      { name: 'maxBidHistory', rooms: ['user:ann'], payload: { listingId: 'listing-1', maxBid: 90 } },
    ]);
    expect(JSON.stringify(result.events)).not.toContain('listing:listing-1');
  });
});

describe(`anti-sniping (window ${ANTI_SNIPE_WINDOW_MS / 1000} s)`, () => {
  const end = T0 + HOUR;
  // [scenario, ms before the end the bid lands, end time after]
  const rows: [string, number, number][] = [
    ['an hour before: no change', HOUR - 1, end],
    ['31 s before: no change', 31_000, end],
    ['exactly 30 s before: no change', 30_000, end],
    ['29.999 s before: now + 30 s', 29_999, end - 29_999 + 30_000],
    ['10 s before: now + 30 s', 10_000, end + 20_000],
    ['1 ms before: now + 30 s', 1, end + 29_999],
  ];
  it.each(rows)('%s', (_, beforeEnd, endAfter) => {
    const result = placeBid(auction(1_000), bid('ann', 5_000, end - beforeEnd));
    expect(result.newState.endTimeMs).toBe(endAfter);
    const announced = result.events.find((event) => event.name === 'listingEndTimeIncremented');
    if (endAfter === end) expect(announced).toBeUndefined();
    else {
      expect(announced).toEqual({
        name: 'listingEndTimeIncremented',
        rooms: ['listing:listing-1'],
        payload: { listingId: 'listing-1', endTime: String(endAfter) },
      });
      expect(result.events.find((event) => event.name === 'newBid')?.payload).toMatchObject({
        endTime: String(endAfter),
      });
    }
  });

  it('a bid in the extended time is accepted, one after the original end', () => {
    const late = placeBid(auction(1_000), bid('ann', 5_000, end - 5_000));
    const later = placeBid(late.newState, bid('bob', 6_000, end + 20_000));
    expect(later.status).toBe('accepted');
    expect(later.newState.endTimeMs).toBe(end + 50_000);
  });

  it('the leader raising their maximum late does not extend (it would reveal the raise)', () => {
    const first = placeBid(auction(1_000), bid('ann', 5_000, T0));
    const raise = placeBid(first.newState, bid('ann', 9_000, end - 1_000));
    expect(raise.status).toBe('accepted');
    expect(raise.newState.endTimeMs).toBe(end);
  });

  it('the window is an option', () => {
    const result = placeBid(auction(1_000), bid('ann', 5_000, end - 50_000), { antiSnipeWindowMs: 60_000 });
    expect(result.newState.endTimeMs).toBe(end + 10_000);
  });
});

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
