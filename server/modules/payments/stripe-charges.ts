// Charges through Stripe: a PaymentIntent created and confirmed off-session on the buyer's
// customer and default card. The charge stays on the platform, in the order's transfer_group:
// the seller's share is transferred when their payout is released (separate charges and
// transfers, stripe.ts `transferPayout`), so a held payout is never paid out and a refund before
// the release only lowers it. The PaymentIntent id is the payment's externalId, the
// `paymentReference` an admin refund and the payout's transfer name.
import Stripe from 'stripe';
import { REQUIRED_PAYMENT_METHOD, type ChargeResult, type Charges } from './charges.js';
import { isMissingAtStripe, type StripeEndpoint, transferGroupOf } from './stripe.js';

export function stripeCharges(secretKey: string, endpoint?: StripeEndpoint): Charges {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, ...(endpoint ?? {}) });

  /** The customer's default card (invoice_settings), or null when they have none or Stripe has no such customer. */
  async function defaultCardOf(customerId: string): Promise<string | null> {
    try {
      const customer = await stripe.customers.retrieve(customerId);
      if (customer.deleted) return null;
      const chosen = customer.invoice_settings.default_payment_method;
      return typeof chosen === 'string' ? chosen : (chosen?.id ?? null);
    } catch (error) {
      // The seeder's made-up ids, or the ledger's: no customer Stripe can charge.
      if (isMissingAtStripe(error)) return null;
      throw error;
    }
  }

  return {
    async charge(request): Promise<ChargeResult> {
      const paymentMethod = request.customerId === null ? null : await defaultCardOf(request.customerId);
      if (paymentMethod === null) {
        return { status: 'failed', externalId: null, message: REQUIRED_PAYMENT_METHOD };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId!,
            payment_method: paymentMethod,
            // Nobody is there to follow a redirect during an off-session charge.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            off_session: true,
            confirm: true,
            metadata: { orderId: request.orderId, buyerId: request.buyerId, sellerId: request.sellerId },
            transfer_group: transferGroupOf(request.orderId),
          },
          // The SDK's own network retries reuse it too, so a lost answer never charges twice.
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', externalId: intent.id };
        // An off-session card payment either succeeds or throws; anything else (a card that wants
        // 3D Secure after all, an asynchronous method) has not paid the order.
        return {
          status: 'failed',
          externalId: intent.id,
          message: intent.last_payment_error?.message ?? `The payment was not completed (${intent.status})`,
        };
      } catch (error) {
        // A decline (or authentication_required) is the buyer's to fix: a failed charge with
        // Stripe's message. Anything else (network, keys) throws, and the
        // caller's transaction rolls back with nothing recorded.
        if (error instanceof Stripe.errors.StripeCardError) {
          return { status: 'failed', externalId: error.payment_intent?.id ?? null, message: error.message };
        }
        throw error;
      }
    },
  };
}
