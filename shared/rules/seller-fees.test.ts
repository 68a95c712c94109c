import { describe, expect, it } from 'vitest';
import { DEFAULT_SELLER_FEE, SELLER_FEE_CHOICES, SELLER_FEE_MAX, SELLER_FEE_MIN } from './seller-fees.js';

describe('seller fees', () => {
  it('default to 7% and range over 0–25%', () => {
    expect([DEFAULT_SELLER_FEE, SELLER_FEE_MIN, SELLER_FEE_MAX]).toEqual([7, 0, 25]);
  });
  it('are chosen among the whole percents 0 to 25', () =>
    expect(SELLER_FEE_CHOICES).toEqual(Array.from({ length: 26 }, (_, i) => i)));
});
