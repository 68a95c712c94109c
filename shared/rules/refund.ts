// Validation of the Refund Order modal (section 5): the amount as typed and the reason.
import { REFUND_REASONS, type RefundReason } from '../contract/enums.js';
import { usdToCents } from './money.js';

const AMOUNT_TEXT = /^\d+(\.\d{1,2})?$/;

export function refundAmountMessage(max: number): string {
  return `Please enter a valid amount up to ${max} with max 2 decimal places.`;
}
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
  if (cents < 1 || cents > usdToCents(max)) return refundAmountMessage(max);
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
