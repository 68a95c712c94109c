// How the Sold listings screen words an order's payout, refund reasons and a failed cancel.
import type { ApiFailure } from '../../../shared/contract/market-api.js';
import type { SoldListing } from '../../../shared/contract/entities.js';
import type { RefundReason, TransactionType } from '../../../shared/contract/enums.js';

export function payoutBadgeOf(order: Pick<SoldListing, 'payoutStatus'>): 'Succeeded' | 'Failed' | null {
  if (order.payoutStatus === 'succeeded') return 'Succeeded';
  if (order.payoutStatus === 'failed') return 'Failed';
  return null;
}

/** 'damaged_in_shipping' → 'Damaged in shipping'. */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const refundReasonLabel = (reason: RefundReason): string => humanize(reason);
export const transactionTypeLabel = (type: TransactionType): string => humanize(type);

/** Section 8: the server's message if present, else the error's, else 'Failed to cancel order'. */
export function cancelFailureMessage(error: Partial<ApiFailure> | undefined): string {
  const message = error?.message?.trim();
  return message ? message : 'Failed to cancel order';
}
