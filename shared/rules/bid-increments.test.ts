import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BID_INCREMENT_TABLE, bidIncrementCents, minimumNextBidCents } from './bid-increments.js';

describe('bid increment table (eBay US)', () => {
  // Both edges of every band of the documented table, in cents.
  const rows: [number, number][] = [
    [0, 5],
    [1, 5],
    [99, 5],
    [100, 25],
    [499, 25],
    [500, 50],
    [2_499, 50],
    [2_500, 100],
    [9_999, 100],
    [10_000, 250],
    [24_999, 250],
    [25_000, 500],
    [49_999, 500],
    [50_000, 1_000],
    [99_999, 1_000],
    [100_000, 2_500],
    [249_999, 2_500],
    [250_000, 5_000],
    [499_999, 5_000],
    [500_000, 10_000],
    [10_000_000, 10_000],
  ];
  it.each(rows)('at %i cents the increment is %i cents', (price, increment) =>
    expect(bidIncrementCents(price)).toBe(increment),
  );

  it('is ascending, starts at 0, and every increment is a whole number of cents', () => {
    expect(BID_INCREMENT_TABLE[0]?.fromCents).toBe(0);
    for (let i = 1; i < BID_INCREMENT_TABLE.length; i++) {
      expect(BID_INCREMENT_TABLE[i]!.fromCents).toBeGreaterThan(BID_INCREMENT_TABLE[i - 1]!.fromCents);
      expect(BID_INCREMENT_TABLE[i]!.incrementCents).toBeGreaterThan(BID_INCREMENT_TABLE[i - 1]!.incrementCents);
    }
    for (const band of BID_INCREMENT_TABLE) expect(Number.isSafeInteger(band.incrementCents)).toBe(true);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a price of %s', (price) =>
    expect(() => bidIncrementCents(price)).toThrow(RangeError),
  );

  it('never lets the next bid fall below the current price (monotone)', () =>
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(low + bidIncrementCents(low)).toBeLessThanOrEqual(high + bidIncrementCents(high));
      }),
    ));
});

describe('minimum next bid', () => {
  const rows: [string, number, number | null, number][] = [
    ['no bid yet: the starting bid', 1_000, null, 1_000],
    ['no bid yet, one-cent start', 1, null, 1],
    ['current $12.00 → $12.50', 1_000, 1_200, 1_250],
    ['current $0.95 → $1.00', 1, 95, 100],
    ['current $1.00 → $1.25', 1, 100, 125],
    ['current $99.99 → $100.99', 100, 9_999, 10_099],
    ['current $100.00 → $102.50', 100, 10_000, 10_250],
    ['current $5,000.00 → $5,100.00', 100, 500_000, 510_000],
  ];
  it.each(rows)('%s', (_, startingBidCents, currentBidCents, minimum) =>
    expect(minimumNextBidCents({ startingBidCents, currentBidCents })).toBe(minimum),
  );
});
