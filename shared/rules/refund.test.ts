import { describe, expect, it } from 'vitest';
import {
  checkRefundForm,
  type LedgerEntry,
  refundableCents,
  refundAmountError,
  refundReasonError,
  refundRefusal,
  truncateRefundInput,
} from './refund.js';

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

const payment = (amountCents: number, status: LedgerEntry['status'] = 'succeeded'): LedgerEntry => ({
  type: 'order_payment',
  status,
  amountCents,
});
const refund = (amountCents: number, status: LedgerEntry['status'] = 'succeeded'): LedgerEntry => ({
  type: 'admin_refund',
  status,
  amountCents,
});

describe('refundableCents', () => {
  it.each([
    ['nothing paid', [], 0],
    ['paid, no refunds', [payment(5000)], 5000],
    ['partial refunds add up exactly', [payment(5000), refund(1250), refund(1)], 3749],
    ['a failed payment pays nothing', [payment(5000, 'failed')], 0],
    ['a failed refund returns nothing', [payment(5000), refund(1000, 'failed')], 5000],
    [
      'bundled shipping refunds count',
      [payment(5000), { type: 'bundled_shipping_refund', status: 'succeeded', amountCents: 500 }],
      4500,
    ],
    ['payouts do not count', [payment(5000), { type: 'order_payout', status: 'succeeded', amountCents: 4650 }], 5000],
    ['never negative', [payment(100), refund(300)], 0],
  ] as [string, LedgerEntry[], number][])('%s', (_, entries, expected) => {
    expect(refundableCents(entries)).toBe(expected);
  });
});

describe('refundRefusal', () => {
  it.each([
    ['nothing asked, nothing left', 0, 0, null],
    ['all that is left', 3749, 3749, null],
    ['less than is left', 1, 3749, null],
    ['one cent over', 3750, 3749, 'Refund of 37.5 exceeds the remaining refundable amount of 37.49'],
    ['nothing left', 100, 0, 'Refund of 1 exceeds the remaining refundable amount of 0'],
  ] as const)('%s', (_, amountCents, remainingCents, refusal) => {
    expect(refundRefusal(amountCents, remainingCents)).toBe(refusal);
  });
});
