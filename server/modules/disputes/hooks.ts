// What the disputes area tells the areas above it, in the transaction that applies Stripe's event
// (platform/events/domain-hooks.ts): trust and safety keeps the dispute's review case.
import { transactionHook } from '../../platform/events/domain-hooks.js';

/**
 * A dispute that needs our evidence was opened or changed (its deadline may have moved): its case
 * must exist, due `caseDueBy` (a day before Stripe's deadline).
 */
export const disputeNeedsReview = transactionHook<{
  disputeId: string;
  orderId: string;
  sellerId: string;
  reason: string;
  amountCents: number;
  caseDueBy: Date;
}>('disputeNeedsReview');

/** Stripe closed the dispute: won, lost, or an inquiry closed without a chargeback. */
export const disputeClosed = transactionHook<{
  disputeId: string;
  orderId: string;
  status: 'won' | 'lost' | 'warning_closed';
}>('disputeClosed');
