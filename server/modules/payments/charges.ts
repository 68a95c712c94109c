// The charges port: how a buyer pays for an order. The local ledger (ledger-charges.ts, the
// default) charges the buyer's saved default card in our own tables; Stripe (stripe-charges.ts,
// with STRIPE_SECRET_KEY) creates and confirms a PaymentIntent off-session on that card. Chosen in
// one place, select-payments.ts, like the refunds and payment-accounts ports.
import type { PaymentStatus } from '../../../shared/contract/enums.js';
import type { Executor } from '../../platform/db/database.js';

/**
 * The payment status for a buyer who has no card to charge (PAYMENT_STATUSES): the
 * failed charge's message, so the buyer app can send them to add a card.
 */
export const REQUIRED_PAYMENT_METHOD: PaymentStatus = 'required_payment_method';

export interface ChargeRequest {
  orderId: string;
  buyerId: string;
  sellerId: string;
  /** What the buyer pays: the price and any shipping they pay, in cents. */
  amountCents: number;
  /** The buyer's customer at the payments provider (users.stripe_customer_id); null when they have none. */
  customerId: string | null;
  /** Stable per order and attempt, so a charge retried after a rollback never charges twice. */
  idempotencyKey: string;
}

export interface ChargeResult {
  status: 'succeeded' | 'failed';
  /** The provider's payment id (a PaymentIntent for Stripe): what a refund later names. */
  externalId: string | null;
  /** Why a charge failed, for the buyer's `paymentFailed` event. */
  message?: string;
}

export interface Charges {
  /**
   * Charges the buyer. `tx` is the order's open transaction: the local ledger reads its cards
   * there (on PGlite a second connection would wait for that transaction forever).
   */
  charge(request: ChargeRequest, tx: Executor): Promise<ChargeResult>;
}
