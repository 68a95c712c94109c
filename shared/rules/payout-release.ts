// When a seller's payout of an order is released, and what it is (DECISIONS "Rings and
// remedies"): not at purchase, but when the order is delivered or 7 days after it shipped,
// unless an admin holds it; the seller's level adds its payout hold days on top (counted from
// that moment: "after delivery", level-effects.ts). Until then it is pending, and a refund lowers it (never below zero);
// once released it is a ledger entry (order_payout) that later refunds leave as it is.
// The server's payout service and the order's answer both ask this rule.
import type { PayoutState } from '../contract/entities.js';
import { type LedgerEntry, refundedCents } from './refund.js';

/** A shipped order's payout is released this long after shipping if no delivery was reported first. */
export const PAYOUT_RELEASE_AFTER_SHIPPING_MS = 7 * 24 * 60 * 60 * 1000;

export interface PayoutFacts {
  /** What the payment confirmed for the seller (total less the seller fee); null: no payout pending (unpaid, or paid before payouts waited). */
  payoutCents: number | null;
  releasedAtMs: number | null;
  heldAtMs: number | null;
  shippedAtMs: number | null;
  deliveredAtMs: number | null;
  cancelled: boolean;
  /** The days the seller's level holds a payout after it came due (0 for none; level-effects.ts). */
  holdDays: number;
  /** The order's transactions: refunds and, once released, its order_payout. */
  ledger: readonly (LedgerEntry & { createdAtMs: number })[];
}

export interface PayoutView {
  status: PayoutState;
  amountCents: number;
  releasedAtMs: number | null;
  releasesAtMs: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the payout becomes due: delivery, or 7 days after shipping, whichever comes first, plus the
 * level's hold days; null while neither happened (or the order was cancelled).
 */
export function payoutDueAtMs(
  facts: Pick<PayoutFacts, 'shippedAtMs' | 'deliveredAtMs' | 'cancelled' | 'holdDays'>,
): number | null {
  if (facts.cancelled) return null;
  const afterShipping = facts.shippedAtMs === null ? null : facts.shippedAtMs + PAYOUT_RELEASE_AFTER_SHIPPING_MS;
  const released =
    facts.deliveredAtMs === null
      ? afterShipping
      : afterShipping === null
        ? facts.deliveredAtMs
        : Math.min(facts.deliveredAtMs, afterShipping);
  return released === null ? null : released + facts.holdDays * DAY_MS;
}

/** What releasing it now pays the seller: the payout less every refund so far, never below zero. */
export function pendingPayoutCents(payoutCents: number, ledger: readonly LedgerEntry[]): number {
  return Math.max(0, payoutCents - refundedCents(ledger));
}

/** Whether a pending payout should be released at `nowMs`: due, and not held. */
export function payoutReleaseDue(facts: PayoutFacts, nowMs: number): boolean {
  if (facts.payoutCents === null || facts.releasedAtMs !== null || facts.heldAtMs !== null) return false;
  if (facts.cancelled) return false;
  // A delivery is always in the past: due whatever the two clocks (the database's, ours) say,
  // unless the level holds it longer.
  if (facts.deliveredAtMs !== null && facts.holdDays === 0) return true;
  const due = payoutDueAtMs(facts);
  return due !== null && due <= nowMs;
}

/** The payout as the back office shows it; null when the order has none (not paid). */
export function payoutView(facts: PayoutFacts): PayoutView | null {
  // Whether the provider then paid it is the order's payoutStatus; released is released.
  const released = facts.ledger.findLast((entry) => entry.type === 'order_payout');
  if (released && (facts.payoutCents === null || facts.releasedAtMs !== null)) {
    // Released (before payouts waited, released at purchase): the ledger's entry is what was paid.
    return {
      status: 'released',
      amountCents: released.amountCents,
      releasedAtMs: facts.releasedAtMs ?? released.createdAtMs,
      releasesAtMs: null,
    };
  }
  if (facts.payoutCents === null) return null;
  return {
    status: facts.heldAtMs === null ? 'pending' : 'held',
    amountCents: pendingPayoutCents(facts.payoutCents, facts.ledger),
    releasedAtMs: null,
    releasesAtMs: payoutDueAtMs(facts),
  };
}
