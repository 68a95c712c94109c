import { describe, expect, it } from 'vitest';
import { impactFigure, impactLines } from './enforcement-impact.js';

const impact = {
  activeListings: 3,
  liveAuctions: 1,
  leadingBids: 2,
  unpaidWins: 0,
  openOrdersAsBuyer: 1,
  openOrdersAsSeller: 4,
  pendingPayoutCents: 12550,
};

describe('impactLines', () => {
  it.each([
    ['warn', 'activeListings', null],
    ['suspendSelling', 'activeListings', 'Stay on sale; no new listings, publishing or accepted offers'],
    ['suspendSelling', 'openOrdersAsSeller', null],
    ['suspend', 'activeListings', 'Hidden from buyers while it lasts; back when it ends'],
    ['suspend', 'leadingBids', 'Stay as they are; no new bids or raises while it lasts'],
    ['ban', 'liveAuctions', 'Hidden from buyers for good'],
    ['lift', 'activeListings', 'Visible to buyers again'],
    // Nothing to say about what the user does not have.
    ['suspend', 'unpaidWins', null],
  ] as const)('%s: %s → %s', (action, key, consequence) => {
    expect(impactLines(action, impact).find((line) => line.key === key)?.consequence).toBe(consequence);
  });

  it('lists every figure in the contract order', () => {
    expect(impactLines('warn', impact).map((line) => line.label)).toEqual([
      'Active listings',
      'Live auctions',
      'Leading bids',
      'Unpaid wins',
      'Open orders as buyer',
      'Open orders as seller',
      'Pending payout',
    ]);
  });

  it('prints the pending payout in dollars', () => {
    const payout = impactLines('suspend', impact).find((line) => line.key === 'pendingPayoutCents')!;
    expect(impactFigure(payout)).toBe('$125.50');
  });
});
