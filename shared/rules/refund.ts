// The refund rule, in one place: how much of an order can still be refunded (what was paid, less
// every refund so far, in cents so repeated partial refunds add up exactly), whether a refund fits
// in it, and the Refund Order modal's check of the amount as typed and the reason.
// The server's refund service (server/modules/orders/refunds.ts) and the back-office modal both
// ask it.
import { REFUND_REASONS, type RefundReason, type TransactionStatus, type TransactionType } from '../contract/enums.js';
import { centsToUsd, usdToCents } from './money.js';

// ── What is left to refund ──

export interface LedgerEntry {
  type: TransactionType;
  status: TransactionStatus;
  amountCents: number;
}

// A lost chargeback took the money back as a refund would: it lowers what is left and the payout.
const REFUND_TYPES: ReadonlySet<TransactionType> = new Set(['admin_refund', 'bundled_shipping_refund', 'dispute_loss']);

/** What was refunded of an order so far: a failed refund moved no money, anything else counts. */
export function refundedCents(entries: readonly LedgerEntry[]): number {
  let refunded = 0;
  for (const entry of entries) {
    if (REFUND_TYPES.has(entry.type) && entry.status !== 'failed') refunded += entry.amountCents;
  }
  return refunded;
}

export function refundableCents(entries: readonly LedgerEntry[]): number {
  let paid = 0;
  for (const entry of entries) {
    if (entry.type === 'order_payment' && entry.status !== 'failed') paid += entry.amountCents;
  }
  return Math.max(0, paid - refundedCents(entries));
}

/** Why a refund of `amountCents` cannot be made when `remainingCents` are left, or null when it can. */
export function refundRefusal(amountCents: number, remainingCents: number): string | null {
  if (amountCents <= remainingCents) return null;
  return `Refund of ${centsToUsd(amountCents)} exceeds the remaining refundable amount of ${centsToUsd(remainingCents)}`;
}

// ── The Refund Order modal ──

const AMOUNT_TEXT = /^\d+(\.\d{1,2})?$/;

export function refundAmountMessage(max: number): string {
  return `Please enter a valid amount up to ${max} with max 2 decimal places.`;
}
/** A refund's amount: at most 2 decimals, at least a cent. */
export const REFUND_MAX_DECIMALS = 2;
export const REFUND_MIN_AMOUNT = 0.01;

export const REFUND_REASON_MESSAGE = 'Please select a reason for the refund.';

/** The refund input keeps at most 2 decimals: '12.345' becomes '12.34' as it is typed. */
export function truncateRefundInput(text: string): string {
  const match = /^(\d*)(\.\d{0,2})?/.exec(text.trim());
  return match ? match[1]! + (match[2] ?? '') : '';
}

/** The amount error for the typed text, or null when it is a valid refund up to `max`. */
export function refundAmountError(text: string, max: number): string | null {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return refundAmountMessage(max);
  const cents = usdToCents(Number(trimmed));
  if (cents < 1 || refundRefusal(cents, usdToCents(max)) !== null) return refundAmountMessage(max);
  return null;
}

export function refundReasonError(reason: string | null | undefined): string | null {
  return reason && (REFUND_REASONS as readonly string[]).includes(reason) ? null : REFUND_REASON_MESSAGE;
}

export interface RefundFormCheck {
  amountError: string | null;
  reasonError: string | null;
  /** The confirm button is enabled only when both are valid. */
  canConfirm: boolean;
}

export function checkRefundForm(
  amountText: string,
  reason: RefundReason | string | null,
  max: number,
): RefundFormCheck {
  const amountError = refundAmountError(amountText, max);
  const reasonError = refundReasonError(reason);
  return { amountError, reasonError, canConfirm: amountError === null && reasonError === null };
}
