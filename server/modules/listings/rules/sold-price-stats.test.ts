import { describe, expect, it } from 'vitest';
import { soldPriceSummary } from './sold-price-stats.js';

describe('soldPriceSummary', () => {
  it.each([
    ['no sales', [], { count: 0, minCents: null, medianCents: null, maxCents: null }],
    ['one sale', [1250], { count: 1, minCents: 1250, medianCents: 1250, maxCents: 1250 }],
    ['odd count, unsorted', [900, 100, 500], { count: 3, minCents: 100, medianCents: 500, maxCents: 900 }],
    [
      'even count: mean of the middle two',
      [100, 200, 300, 400],
      { count: 4, minCents: 100, medianCents: 250, maxCents: 400 },
    ],
    ['even count: half a cent rounds up', [100, 101], { count: 2, minCents: 100, medianCents: 101, maxCents: 101 }],
    ['repeated prices', [500, 500, 500, 2000], { count: 4, minCents: 500, medianCents: 500, maxCents: 2000 }],
    ['free giveaway orders count as 0', [0, 0, 1000], { count: 3, minCents: 0, medianCents: 0, maxCents: 1000 }],
  ])('%s', (_case, prices, expected) => {
    expect(soldPriceSummary(prices)).toEqual(expected);
  });

  it('leaves the caller’s array in its order', () => {
    const prices = [3, 1, 2];
    soldPriceSummary(prices);
    expect(prices).toEqual([3, 1, 2]);
  });
});
