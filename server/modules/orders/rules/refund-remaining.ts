// How much of an order can still be refunded: what was paid, less every refund so far.
// In cents, so that repeated partial refunds add up exactly.
import type { TransactionStatus, TransactionType } from '../../../../shared/contract/enums.js';

export interface LedgerEntry {
  type: TransactionType;
  status: TransactionStatus;
  amountCents: number;
}

const REFUND_TYPES: ReadonlySet<TransactionType> = new Set(['admin_refund', 'bundled_shipping_refund']);

export function refundableCents(entries: readonly LedgerEntry[]): number {
  let paid = 0;
  let refunded = 0;
  for (const entry of entries) {
    if (entry.type === 'order_payment' && entry.status !== 'failed') paid += entry.amountCents;
    // A failed refund moved no money; anything else counts against what is left.
    if (REFUND_TYPES.has(entry.type) && entry.status !== 'failed') refunded += entry.amountCents;
  }
  return Math.max(0, paid - refunded);
}
