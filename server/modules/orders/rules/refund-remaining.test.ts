import { describe, expect, it } from 'vitest';
import { refundableCents, type LedgerEntry } from './refund-remaining.js';

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
