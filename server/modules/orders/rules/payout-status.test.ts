import { describe, expect, it } from 'vitest';
import { payoutStatusOf, type LedgerEntry } from './payout-status.js';

const payment: LedgerEntry = { type: 'order_payment', status: 'succeeded' };
const refund: LedgerEntry = { type: 'refund', status: 'succeeded' };
const payout = (status: string): LedgerEntry => ({ type: 'order_payout', status });

describe('payoutStatusOf', () => {
  it.each([
    ['no ledger', [], null],
    ['paid, not paid out', [payment], null],
    ['paid out', [payment, payout('succeeded')], 'succeeded'],
    ['payout failed', [payment, payout('failed')], 'failed'],
    ['payout reversed', [payment, payout('reversed')], 'failed'],
    ['failed, then paid out', [payment, payout('failed'), payout('succeeded')], 'succeeded'],
    ['paid out, then reversed', [payment, payout('succeeded'), payout('reversed')], 'failed'],
    ['a refund after the payout does not change it', [payment, payout('succeeded'), refund], 'succeeded'],
  ] as const)('%s → %s', (_case, ledger, status) => {
    expect(payoutStatusOf(ledger)).toBe(status);
  });
});
