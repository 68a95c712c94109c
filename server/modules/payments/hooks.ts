// What the payments module tells the areas above it, inside the transaction that applies a Stripe
// event (platform/events/domain-hooks.ts): the disputes area keeps chargebacks.
import type { DisputeStatus } from '../../../shared/contract/admin-dispute-routes.js';
import { transactionHook } from '../../platform/events/domain-hooks.js';

/** What one `charge.dispute.*` event says of its dispute. */
export interface ChargeDispute {
  /** Which of Stripe's three events: opened, changed (a status, a new deadline), or closed. */
  change: 'created' | 'updated' | 'closed';
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  status: DisputeStatus;
  reason: string;
  amountCents: number;
  evidenceDueBy: Date;
}

/** What the subscriber made of the event: kept on an order's dispute, or a charge we do not know. */
export type ChargeDisputeOutcome = 'disputeRecorded' | 'unknownCharge';

/**
 * A Stripe dispute event arrived (verified, its id claimed once). The subscriber says what it did
 * through `noteOutcome`, which the webhook's receipt and log record.
 */
export const chargeDisputed = transactionHook<{
  dispute: ChargeDispute;
  noteOutcome(outcome: ChargeDisputeOutcome): void;
}>('chargeDisputed');
