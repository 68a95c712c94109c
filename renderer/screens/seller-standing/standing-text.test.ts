import { describe, expect, it } from 'vitest';
import { defectReasonsText, effectsText, percentText } from './standing-text.js';

describe('percentText', () => {
  it.each([
    [0, '0%'],
    [0.02, '2%'],
    [2 / 23, '8.7%'],
    [0.0049, '0.5%'],
    [1, '100%'],
    [null, '-'],
  ])('%s → %s', (rate, text) => {
    expect(percentText(rate)).toBe(text);
  });
});

describe('effectsText', () => {
  it.each([
    [{ payoutHoldDays: 7, activeListingCap: 20 }, 'payouts held 7 days after delivery; at most 20 active listings'],
    [{ payoutHoldDays: 0, activeListingCap: null }, 'no payout hold; no listing cap'],
  ])('%j', (effects, text) => {
    expect(effectsText(effects)).toBe(text);
  });
});

describe('defectReasonsText', () => {
  it.each([
    [['cancelled'], 'Cancelled'],
    [['orderIssueUpheld'], 'Order issue upheld'],
    [['cancelled', 'disputeLost'], 'Cancelled, dispute lost'],
    [['cancelled', 'orderIssueUpheld', 'disputeLost'], 'Cancelled, order issue upheld, dispute lost'],
  ] as const)('%j → %s', (reasons, text) => {
    expect(defectReasonsText(reasons)).toBe(text);
  });
});
