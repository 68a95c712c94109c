// The payments port: how an admin refund reaches the money. The local ledger only records it;
// the Stripe adapter refunds the charge for real. Chosen by STRIPE_SECRET_KEY.
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

export interface Payments {
  readonly name: 'ledger' | 'stripe';
  refund(request: RefundRequest): Promise<RefundResult>;
}
