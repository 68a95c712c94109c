import { describe, expect, it } from 'vitest';
import { checkRefundForm, refundAmountError, refundReasonError, truncateRefundInput } from './refund.js';

const message = (max: number) => `Please enter a valid amount up to ${max} with max 2 decimal places.`;

describe('refund amount', () => {
  const rows: [string, string, number, string | null][] = [
    ['required', '', 37.5, message(37.5)],
    ['blank', '   ', 37.5, message(37.5)],
    ['zero', '0', 37.5, message(37.5)],
    ['zero with decimals', '0.00', 37.5, message(37.5)],
    ['the minimum', '0.01', 37.5, null],
    ['whole amount', '12', 37.5, null],
    ['one decimal', '12.5', 37.5, null],
    ['two decimals', '12.55', 37.5, null],
    ['three decimals', '12.555', 37.5, message(37.5)],
    ['exactly the remaining amount', '37.5', 37.5, null],
    ['one cent over', '37.51', 37.5, message(37.5)],
    ['negative', '-1', 37.5, message(37.5)],
    ['letters', '12a', 37.5, message(37.5)],
    ['exponent', '1e1', 37.5, message(37.5)],
    ['float drift case', '0.29', 0.29, null],
    ['nothing left to refund', '0.01', 0, message(0)],
  ];
  it.each(rows)('%s: %j up to %s', (_, text, max, error) => expect(refundAmountError(text, max)).toBe(error));
  it('says the message exactly', () =>
    expect(refundAmountError('99', 12.34)).toBe('Please enter a valid amount up to 12.34 with max 2 decimal places.'));
});

describe('refund input truncation', () => {
  it.each([
    ['12.345', '12.34'],
    ['12.3', '12.3'],
    ['12.', '12.'],
    ['7', '7'],
    ['0.019', '0.01'],
    ['abc', ''],
  ])('%j → %j', (typed, kept) => expect(truncateRefundInput(typed)).toBe(kept));
});

describe('refund reason and confirm button', () => {
  it('needs a reason', () => {
    expect(refundReasonError(null)).toBe('Please select a reason for the refund.');
    expect(refundReasonError('nonsense')).toBe('Please select a reason for the refund.');
    expect(refundReasonError('courtesy_refund')).toBeNull();
  });
  it.each([
    ['10', 'other', true],
    ['10', null, false],
    ['', 'other', false],
    ['100', 'other', false],
  ] as const)('amount %j, reason %j → can confirm %s', (amount, reason, can) =>
    expect(checkRefundForm(amount, reason, 50).canConfirm).toBe(can),
  );
});
