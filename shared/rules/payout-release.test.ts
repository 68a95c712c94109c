import { describe, expect, it } from 'vitest';
import {
  PAYOUT_RELEASE_AFTER_SHIPPING_MS as WEEK,
  type PayoutFacts,
  payoutDueAtMs,
  payoutReleaseDue,
  payoutView,
  pendingPayoutCents,
} from './payout-release.js';

const T = 1_800_000_000_000;
const DAY = 86_400_000;
const facts = (overrides: Partial<PayoutFacts> = {}): PayoutFacts => ({
  payoutCents: 2325,
  releasedAtMs: null,
  heldAtMs: null,
  shippedAtMs: null,
  deliveredAtMs: null,
  cancelled: false,
  holdDays: 0,
  ledger: [{ type: 'order_payment', status: 'succeeded', amountCents: 2500, createdAtMs: T }],
  ...overrides,
});
const refund = (amountCents: number, status: 'succeeded' | 'failed' = 'succeeded') => ({
  type: 'admin_refund' as const,
  status,
  amountCents,
  createdAtMs: T + 1,
});

describe('payoutReleaseDue', () => {
  const rows: [string, Partial<PayoutFacts>, number, boolean][] = [
    ['not shipped', {}, T + 30 * WEEK, false],
    ['shipped, a minute short of 7 days', { shippedAtMs: T }, T + WEEK - 60_000, false],
    ['shipped, exactly 7 days', { shippedAtMs: T }, T + WEEK, true],
    ['delivered, whatever the clock says', { shippedAtMs: T, deliveredAtMs: T + 1000 }, T, true],
    ['delivered without a shipping scan', { deliveredAtMs: T }, T, true],
    ['held and delivered', { deliveredAtMs: T, heldAtMs: T }, T + WEEK, false],
    ['held and shipped 8 days ago', { shippedAtMs: T, heldAtMs: T }, T + 2 * WEEK, false],
    ['already released', { deliveredAtMs: T, releasedAtMs: T }, T + WEEK, false],
    ['no payout owed (unpaid, or paid before payouts waited)', { payoutCents: null, deliveredAtMs: T }, T, false],
    ['cancelled', { cancelled: true, shippedAtMs: T }, T + 2 * WEEK, false],
    // The level's hold days, counted after delivery (or after the 7 days from shipping).
    ['delivered, a 7-day hold, a minute short', { deliveredAtMs: T, holdDays: 7 }, T + 7 * DAY - 60_000, false],
    ['delivered, a 7-day hold, exactly', { deliveredAtMs: T, holdDays: 7 }, T + 7 * DAY, true],
    ['delivered, a 3-day hold, the clock behind the delivery', { deliveredAtMs: T, holdDays: 3 }, T - 1000, false],
    ['shipped 7 days ago, a 3-day hold', { shippedAtMs: T, holdDays: 3 }, T + WEEK, false],
    ['shipped 10 days ago, a 3-day hold', { shippedAtMs: T, holdDays: 3 }, T + WEEK + 3 * DAY, true],
    ['held, a hold of 0 days after delivery', { deliveredAtMs: T, heldAtMs: T, holdDays: 0 }, T + WEEK, false],
  ];
  it.each(rows)('%s', (_name, overrides, now, due) => {
    expect(payoutReleaseDue(facts(overrides), now)).toBe(due);
  });
});

describe('payoutDueAtMs', () => {
  it.each([
    ['not shipped', {}, null],
    ['shipped', { shippedAtMs: T }, T + WEEK],
    ['delivered after 2 days', { shippedAtMs: T, deliveredAtMs: T + 2 }, T + 2],
    ['delivered (reported) after 9 days', { shippedAtMs: T, deliveredAtMs: T + WEEK + 5 }, T + WEEK],
    ['cancelled', { shippedAtMs: T, cancelled: true }, null],
    ['delivered after 2 days, a 7-day hold', { shippedAtMs: T, deliveredAtMs: T + 2, holdDays: 7 }, T + 2 + 7 * DAY],
    ['shipped, a 3-day hold', { shippedAtMs: T, holdDays: 3 }, T + WEEK + 3 * DAY],
    ['not shipped, a 3-day hold', { holdDays: 3 }, null],
  ] as const)('%s', (_name, overrides, due) => {
    expect(payoutDueAtMs(facts(overrides))).toBe(due);
  });
});

describe('pendingPayoutCents', () => {
  it.each([
    ['no refund', [], 2325],
    ['a partial refund', [refund(500)], 1825],
    ['a failed refund moved no money', [refund(500, 'failed')], 2325],
    ['refunds beyond the payout stop at zero', [refund(2000), refund(500)], 0],
  ] as const)('%s', (_name, ledger, cents) => {
    expect(pendingPayoutCents(2325, ledger)).toBe(cents);
  });
});

describe('payoutView', () => {
  it('pending, then held, with what a release would pay now', () => {
    expect(payoutView(facts({ shippedAtMs: T, ledger: [refund(325)] }))).toEqual({
      status: 'pending',
      amountCents: 2000,
      releasedAtMs: null,
      releasesAtMs: T + WEEK,
    });
    expect(payoutView(facts({ heldAtMs: T }))?.status).toBe('held');
  });
  it('released: the ledger’s payout, which a later refund does not change', () => {
    const payout = {
      type: 'order_payout' as const,
      status: 'succeeded' as const,
      amountCents: 2000,
      createdAtMs: T + 5,
    };
    expect(payoutView(facts({ releasedAtMs: T + 5, ledger: [payout, refund(700)] }))).toEqual({
      status: 'released',
      amountCents: 2000,
      releasedAtMs: T + 5,
      releasesAtMs: null,
    });
  });
  it('an order paid before payouts waited: released at purchase, or none when it has no payout', () => {
    const payout = { type: 'order_payout' as const, status: 'succeeded' as const, amountCents: 465, createdAtMs: T };
    expect(payoutView(facts({ payoutCents: null, ledger: [payout] }))).toMatchObject({
      status: 'released',
      releasedAtMs: T,
    });
    expect(payoutView(facts({ payoutCents: null }))).toBeNull();
  });
});
