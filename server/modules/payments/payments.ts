// The payments port: how an admin refund and a seller's released payout reach the money. The
// local ledger only records them; the Stripe adapter refunds the charge and transfers the payout
// to the seller's connected account for real. Chosen by STRIPE_SECRET_KEY.
import type { RefundReason } from '../../../shared/contract/enums.js';

export interface RefundRequest {
  orderId: string;
  amountCents: number;
  reason: RefundReason;
  /** The provider's id of the order payment (a PaymentIntent for Stripe); null when unknown. */
  paymentReference: string | null;
  idempotencyKey: string | null;
}

export interface RefundResult {
  /** The provider's refund id. */
  externalId: string;
  status: 'succeeded' | 'failed';
}

/** A seller's payout, released (orders/payouts.ts): what the buyer's charge owes them now. */
export interface PayoutTransferRequest {
  orderId: string;
  /** The payout released: what the payment confirmed for the seller less every refund before, in cents (> 0). */
  amountCents: number;
  /** The seller's payout (connected) account (users.stripe_user_id); null when they have none. */
  payoutAccountId: string | null;
  /** The provider's id of the order's payment (a PaymentIntent for Stripe); null when unknown. */
  paymentReference: string | null;
}

export interface PayoutTransferResult {
  /** The provider's transfer to the seller (a Transfer for Stripe); null when no money moved. */
  externalId: string | null;
}

/** A chargeback's evidence as the provider takes it: Stripe's evidence fields, text only. */
export interface DisputeEvidenceSubmission {
  /** The provider's dispute id (dp_… for Stripe). */
  disputeId: string;
  orderId: string;
  evidence: {
    shippingTrackingNumber: string | null;
    shippingDate: string | null;
    shippingAddress: string | null;
    customerPurchaseIp: string | null;
    accessActivityLog: string;
    uncategorizedText: string;
  };
}

export interface DisputeEvidenceReceipt {
  /** Whether a provider was sent it (false: the local ledger only recorded it). */
  sent: boolean;
}

export interface Payments {
  readonly name: 'ledger' | 'stripe';
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Pays a released payout to the seller. Called in the release's transaction, once per order
   * (the provider's idempotency key is the order's, so a release retried after a rollback
   * transfers once); never for a payout on hold, which is not released.
   */
  transferPayout(request: PayoutTransferRequest): Promise<PayoutTransferResult>;
  /**
   * Sends a chargeback's evidence and submits it (with Stripe, the dispute's evidence and
   * `submit: true`, under the dispute's idempotency key, so a retry after a rollback sends once).
   */
  submitDisputeEvidence(request: DisputeEvidenceSubmission): Promise<DisputeEvidenceReceipt>;
}

/** What releasing a payout needs of the payments port. */
export type PayoutTransfers = Pick<Payments, 'transferPayout'>;
