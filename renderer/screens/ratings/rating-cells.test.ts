import { describe, expect, it } from 'vitest';
import { commentOf, rateOf } from './rating-cells.js';

describe('rating cells', () => {
  it('says No rate and No comment when missing', () => {
    expect(rateOf({ rate: null })).toBe('No rate');
    expect(rateOf({ rate: 4 })).toBe('4 / 5');
    expect(commentOf({ experience: null })).toBe('No comment');
    expect(commentOf({ experience: ' ' })).toBe('No comment');
    expect(commentOf({ experience: 'Great' })).toBe('Great');
  });
});
