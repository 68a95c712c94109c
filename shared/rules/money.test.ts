import { describe, expect, it } from 'vitest';
import { centsToUsd, formatUsd, isUsdAmount, payoutCents, usdToCents } from './money.js';

describe('USD ↔ cents', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996 in floating point
    [1.005, null],
    [12.5, 1250],
    [19.99, 1999],
    [1234567.89, 123456789],
  ])('%s USD → %s cents', (usd, cents) => {
    if (cents === null) expect(() => usdToCents(usd)).toThrow(RangeError);
    else {
      expect(usdToCents(usd)).toBe(cents);
      expect(centsToUsd(cents)).toBe(usd);
    }
  });
  it('rejects what is not money', () => {
    for (const bad of [-1, Number.NaN, Infinity, 0.001, 1e-7]) expect(isUsdAmount(bad)).toBe(false);
    // Too large for exact cents: refused as input (usdToCents would throw and answer 500; found by the API fuzz).
    for (const huge of [90_071_992_547_410, Number.MAX_SAFE_INTEGER, 1e21]) {
      expect(isUsdAmount(huge)).toBe(false);
      expect(() => usdToCents(huge)).toThrow(RangeError);
    }
    expect(isUsdAmount(90_071_992_547_409.9)).toBe(true);
    expect(usdToCents(90_071_992_547_409.9)).toBe(9_007_199_254_740_990);
    expect(() => centsToUsd(1.5)).toThrow(RangeError);
  });
  it('adds many amounts without drift', () => {
    const cents = Array.from({ length: 1000 }, () => usdToCents(0.1)).reduce((a, b) => a + b, 0);
    expect(centsToUsd(cents)).toBe(100);
  });
  it('formats for the back-office', () => expect(formatUsd(1234.5)).toBe('$1,234.50'));
});

describe('seller payout net of the fee', () => {
  it.each([
    [10000, 7, 9300],
    [1999, 7, 1859], // fee 139.93 → 140 cents
    [1000, 0, 1000],
    [1000, 25, 750],
    [1, 7, 1],
  ])('%s cents at %s%% → %s cents', (price, fee, payout) => expect(payoutCents(price, fee)).toBe(payout));
});
