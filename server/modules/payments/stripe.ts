// Refunds through Stripe. reverse_transfer pulls the seller's share back from the connected
// account, so the platform does not pay the refund out of its own balance.
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
  };
}
