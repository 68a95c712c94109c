import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimumNextBidCents } from '../../../../shared/rules/bid-increments.js';
import { type AuctionState, placeBid } from './proxy-bidding.js';
import { auction, HOUR, T0 } from './proxy-bidding.fixtures.js';
import { type ReplayedBid, replayBids, standingChangedFor } from './bid-replay.js';

const AUCTION = { listingId: 'listing-1', sellerId: 'seller', startingBidCents: 100 };

/** Bids as `[bidder, maximum in cents]`, numbered in order. */
const bids = (...list: [string, number][]): ReplayedBid[] =>
  list.map(([bidderId, maxCents], index) => ({ bidId: `b${index + 1}`, bidderId, maxCents }));

/** The bids of everyone but `voided`, in their original order. */
const without = (list: ReplayedBid[], ...voided: string[]) => list.filter((bid) => !voided.includes(bid.bidderId));

describe('replayBids', () => {
  it.each([
    {
      name: 'a single bid leads at the starting bid',
      bids: bids(['ann', 500]),
      standing: { leaderId: 'ann', leaderMaxCents: 500, currentBidCents: 100, bidCount: 1 },
    },
    {
      name: 'equal maximums: the earlier one leads, at that maximum',
      bids: bids(['ann', 1000], ['bob', 1000]),
      standing: { leaderId: 'ann', leaderMaxCents: 1000, currentBidCents: 1000, bidCount: 2 },
    },
    {
      name: 'equal maximums in the other order: still the earlier one',
      bids: bids(['bob', 1000], ['ann', 1000]),
      standing: { leaderId: 'bob', leaderMaxCents: 1000, currentBidCents: 1000, bidCount: 2 },
    },
    {
      name: 'the second-highest maximum plus its increment ($0.50 below $25)',
      bids: bids(['ann', 3000], ['bob', 2400]),
      standing: { leaderId: 'ann', leaderMaxCents: 3000, currentBidCents: 2450, bidCount: 2 },
    },
    {
      name: 'the increment of the next tier ($1 from $25)',
      bids: bids(['ann', 3000], ['bob', 2600]),
      standing: { leaderId: 'ann', leaderMaxCents: 3000, currentBidCents: 2700, bidCount: 2 },
    },
    {
      name: 'the increment of a high tier ($2.50 from $100)',
      bids: bids(['ann', 30000], ['bob', 20000]),
      standing: { leaderId: 'ann', leaderMaxCents: 30000, currentBidCents: 20250, bidCount: 2 },
    },
    {
      name: 'a new leader pays the old maximum plus one increment, capped at their own maximum',
      bids: bids(['ann', 1000], ['bob', 1020]),
      standing: { leaderId: 'bob', leaderMaxCents: 1020, currentBidCents: 1020, bidCount: 2 },
    },
    {
      name: 'the leader raising their own maximum moves nothing but the count',
      bids: bids(['ann', 1000], ['bob', 500], ['ann', 2000]),
      standing: { leaderId: 'ann', leaderMaxCents: 2000, currentBidCents: 550, bidCount: 3 },
    },
    {
      name: 'no bid left: no leader, no price, the starting bid is the minimum again',
      bids: [],
      standing: { leaderId: null, leaderMaxCents: null, currentBidCents: null, bidCount: 0 },
    },
  ])('$name', ({ bids: list, standing }) => {
    const replay = replayBids(AUCTION, list);
    expect(replay.standing).toEqual(standing);
    expect(replay.steps.every((step) => step.counted)).toBe(true);
  });

  it('all bids voided: back to the starting bid, no leader', () => {
    const list = bids(['ring1', 500], ['ring2', 900]);
    const { standing } = replayBids(AUCTION, without(list, 'ring1', 'ring2'));
    expect(standing).toEqual({ leaderId: null, leaderMaxCents: null, currentBidCents: null, bidCount: 0 });
    expect(minimumNextBidCents({ startingBidCents: 100, currentBidCents: standing.currentBidCents })).toBe(100);
  });

  it("a ring that raised an honest leader's proxy several times: voiding it lowers the price the leader pays", () => {
    const list = bids(['honest', 10000], ['ring1', 2000], ['ring2', 5000], ['ring1', 8000], ['ring2', 9500]);
    const before = replayBids(AUCTION, list);
    // Each ring bid pushed the honest proxy up: $20.50, $51, $81, and finally $96 (each at its tier's increment).
    expect(before.steps.map((step) => step.currentBidCents)).toEqual([100, 2050, 5100, 8100, 9600]);
    expect(before.standing).toMatchObject({ leaderId: 'honest', currentBidCents: 9600, bidCount: 5 });

    const after = replayBids(AUCTION, without(list, 'ring1', 'ring2'));
    expect(after.standing).toEqual({ leaderId: 'honest', leaderMaxCents: 10000, currentBidCents: 100, bidCount: 1 });
    expect(standingChangedFor(before.standing, after.standing, 'honest')).toBe(true);
  });

  it('an honest rival who bid before the ring sets the price once the ring is gone', () => {
    const list = bids(['honest', 10000], ['rival', 3000], ['ring', 9000]);
    expect(replayBids(AUCTION, list).standing).toMatchObject({ leaderId: 'honest', currentBidCents: 9100 });
    const after = replayBids(AUCTION, without(list, 'ring'));
    expect(after.standing).toEqual({ leaderId: 'honest', leaderMaxCents: 10000, currentBidCents: 3100, bidCount: 2 });
    // The rival still does not lead: nothing changed for them.
    expect(standingChangedFor(replayBids(AUCTION, list).standing, after.standing, 'rival')).toBe(false);
  });

  it('a ring member that led: voiding it gives the lead back to the honest bidder', () => {
    const list = bids(['honest', 5000], ['ring', 7000]);
    const before = replayBids(AUCTION, list).standing;
    expect(before).toMatchObject({ leaderId: 'ring', currentBidCents: 5100 });
    const after = replayBids(AUCTION, without(list, 'ring')).standing;
    expect(after).toMatchObject({ leaderId: 'honest', currentBidCents: 100, bidCount: 1 });
    expect(standingChangedFor(before, after, 'honest')).toBe(true);
  });

  it('a bid the rule refuses on this history does not count', () => {
    const replay = replayBids(AUCTION, bids(['ann', 1000], ['ann', 900]));
    expect(replay.steps.map((step) => step.counted)).toEqual([true, false]);
    expect(replay.standing).toMatchObject({ leaderId: 'ann', leaderMaxCents: 1000, bidCount: 1 });
  });
});

describe('standingChangedFor', () => {
  const at = (leaderId: string | null, currentBidCents: number | null) => ({ leaderId, currentBidCents });
  it.each([
    ['leads in both at the same price', at('ann', 500), at('ann', 500), false],
    ['leads in both at a lower price', at('ann', 900), at('ann', 500), true],
    ['took the lead', at('bob', 900), at('ann', 500), true],
    ['lost the lead', at('ann', 900), at('bob', 500), true],
    ['never led', at('bob', 900), at('bob', 500), false],
  ] as const)('%s: %s', (_name, before, after, changed) => {
    expect(standingChangedFor(before, after, 'ann')).toBe(changed);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: a replay of what the live rule accepted is what the live rule reached, and voiding
// whole bidders never makes the rule refuse a bid that is left (prices only fall when bids go).

const BIDDERS = ['ann', 'bob', 'cy', 'dee', 'eve'] as const;
const attempts = fc.array(
  fc.record({
    bidder: fc.constantFrom(...BIDDERS),
    // Near the increments' tiers and far above them.
    maxCents: fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 1, max: 600_000 })),
    afterMs: fc.integer({ min: 0, max: 120_000 }),
  }),
  { maxLength: 40 },
);

/** Every attempt through the live rule, in order: the bids it accepted and where it left the auction. */
function live(list: { bidder: string; maxCents: number; afterMs: number }[]) {
  let state: AuctionState = auction(100, { endTimeMs: T0 + HOUR });
  let now = T0;
  const accepted: ReplayedBid[] = [];
  for (const [index, attempt] of list.entries()) {
    now += attempt.afterMs;
    const bidId = `b${index}`;
    const result = placeBid(state, { bidId, bidderId: attempt.bidder, maxCents: attempt.maxCents, placedAtMs: now });
    if (result.status === 'accepted') accepted.push({ bidId, bidderId: attempt.bidder, maxCents: attempt.maxCents });
    state = result.newState;
  }
  return { accepted, state };
}

describe('replay properties', () => {
  it('replaying the bids the live rule accepted gives the live standing', () => {
    fc.assert(
      fc.property(attempts, (list) => {
        const { accepted, state } = live(list);
        const { standing, steps } = replayBids(AUCTION, accepted);
        expect(steps.every((step) => step.counted)).toBe(true);
        expect(standing).toEqual({
          leaderId: state.leader?.bidderId ?? null,
          leaderMaxCents: state.leader?.maxCents ?? null,
          currentBidCents: state.currentBidCents,
          bidCount: state.bidCount,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('voiding whole bidders leaves every other bid counted, and no price above the one before', () => {
    fc.assert(
      fc.property(attempts, fc.subarray([...BIDDERS]), (list, voided) => {
        const { accepted } = live(list);
        const before = replayBids(AUCTION, accepted).standing;
        const after = replayBids(AUCTION, without(accepted, ...voided));
        expect(after.steps.every((step) => step.counted)).toBe(true);
        expect(after.standing.currentBidCents ?? 0).toBeLessThanOrEqual(before.currentBidCents ?? 0);
      }),
      { numRuns: 500 },
    );
  });
});
