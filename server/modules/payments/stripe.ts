// Refunds and payouts through Stripe, as separate charges and transfers: the buyer's charge stays
// on the platform (stripe-charges.ts, with the order's transfer_group) until the seller's payout is
// released (orders/payouts.ts: on delivery, or 7 days after shipping, never while held), and the
// release transfers it to the seller's connected account. A refund before then only lowers what
// is released. reverse_transfer pulls the seller's share back where a charge paid it at once (the
// destination charges made before payouts waited), so the platform does not pay that refund.
import Stripe from 'stripe';
import type { RefundReason } from '../../../shared/contract/enums.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Payments } from './payments.js';

const stripeReason: Record<RefundReason, Stripe.RefundCreateParams.Reason> = {
  damaged_in_shipping: 'requested_by_customer',
  damaged_by_seller: 'requested_by_customer',
  courtesy_refund: 'requested_by_customer',
  incorrect_item_sent: 'requested_by_customer',
  fake_item_sent: 'fraudulent',
  other: 'requested_by_customer',
};

/** Where the SDK sends requests; only tests point it elsewhere (a local fake of the API). */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The transfer group of an order: its charge and the transfer of its payout carry it. */
export const transferGroupOf = (orderId: string) => `order_${orderId}`;

/** Stripe's 404 for an id it does not have: the seeder's made-up ids, or the ledger's. */
export const isMissingAtStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export function stripePayments(secretKey: string, endpoint?: StripeEndpoint): Payments {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, ...(endpoint ?? {}) });
  return {
    name: 'stripe',
    async refund(request) {
      if (!request.paymentReference) {
        throw new HttpError(409, 'This order has no Stripe payment to refund');
      }
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentReference,
          amount: request.amountCents,
          reason: stripeReason[request.reason],
          reverse_transfer: true,
          metadata: { orderId: request.orderId, refundReason: request.reason },
        },
        request.idempotencyKey ? { idempotencyKey: `${request.orderId}:${request.idempotencyKey}` } : undefined,
      );
      return { externalId: refund.id, status: refund.status === 'failed' ? 'failed' : 'succeeded' };
    },
    async transferPayout(request) {
      // No account to pay, or no Stripe payment to pay from: the payout stays on the platform.
      if (request.payoutAccountId === null || request.paymentReference === null) return { externalId: null };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(request.paymentReference, { expand: ['latest_charge'] });
      } catch (error) {
        if (isMissingAtStripe(error)) return { externalId: null };
        throw error;
      }
      const charge = typeof intent.latest_charge === 'string' ? null : intent.latest_charge;
      // A destination charge (made before payouts waited for delivery) paid the seller when the
      // buyer was charged: that transfer is the payout.
      if (intent.transfer_data !== null && intent.transfer_data !== undefined) {
        const paid = charge?.transfer ?? null;
        return { externalId: typeof paid === 'string' ? paid : (paid?.id ?? null) };
      }
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          destination: request.payoutAccountId,
          transfer_group: transferGroupOf(request.orderId),
          // Tied to the buyer's charge, the transfer waits for its funds to become available
          // instead of failing on the platform's available balance.
          ...(charge ? { source_transaction: charge.id } : {}),
          metadata: { orderId: request.orderId },
        },
        // One payout per order: a release retried after its transaction rolled back gets this transfer again.
        { idempotencyKey: `payout:${request.orderId}` },
      );
      return { externalId: transfer.id };
    },
    async submitDisputeEvidence(request) {
      const { evidence } = request;
      await stripe.disputes.update(
        request.disputeId,
        {
          evidence: {
            ...(evidence.shippingTrackingNumber ? { shipping_tracking_number: evidence.shippingTrackingNumber } : {}),
            ...(evidence.shippingDate ? { shipping_date: evidence.shippingDate } : {}),
            ...(evidence.shippingAddress ? { shipping_address: evidence.shippingAddress } : {}),
            ...(evidence.customerPurchaseIp ? { customer_purchase_ip: evidence.customerPurchaseIp } : {}),
            access_activity_log: evidence.accessActivityLog,
            uncategorized_text: evidence.uncategorizedText,
          },
          submit: true,
          metadata: { orderId: request.orderId },
        },
        // One submission per dispute: a retry after the recording transaction rolled back sends it once.
        { idempotencyKey: `dispute-evidence:${request.disputeId}` },
      );
      return { sent: true };
    },
  };
}
