// `POST /payments/stripe/webhook`: Stripe's events, verified by their `Stripe-Signature` over the
// exact bytes Stripe sent. A plugin of its own, so the raw-body parser that needs stays here and
// every other route keeps parsing JSON.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { badRequest, HttpError } from '../../platform/http/errors.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { applyStripeEvent } from './stripe-webhooks.js';
import { StripeWebhookReceipt } from '../../../shared/contract/market/payments.js';
import { ApiErrorBody } from '../../../shared/contract/entities.js';

export interface StripeWebhookOptions {
  deps: Pick<ServiceDeps, 'db' | 'events'>;
  /** The endpoint's signing secret (`whsec_…`, STRIPE_WEBHOOK_SECRET); absent, the route answers 503. */
  webhookSecret: string | undefined;
}

export async function stripeWebhookPlugin(app: FastifyInstance, options: StripeWebhookOptions): Promise<void> {
  // Re-serialized JSON would not match the signature: keep the body as Stripe sent it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's events (identity decisions, payout account updates, disputes), signed with STRIPE_WEBHOOK_SECRET",
        description:
          'Called by Stripe only: applies each event once (identity decisions, payout account updates, ' +
          'charge.dispute.created/updated/closed). A dispute on a charge no order knows is acknowledged as ' +
          'unknownCharge. Answers 503 while the server has no webhook secret.',
        security: [{ stripeSignature: [] }],
        response: { 200: StripeWebhookReceipt, 400: ApiErrorBody, 503: ApiErrorBody },
      },
    },
    async (request) => {
      if (!options.webhookSecret) {
        throw new HttpError(
          503,
          'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set)',
        );
      }
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw badRequest('headers/stripe-signature: is required');
      if (!Buffer.isBuffer(request.body)) throw badRequest('body: a JSON Stripe event is required');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, options.webhookSecret);
      } catch {
        // Neither the header nor the secret goes to the answer or the log.
        request.log.warn('Stripe webhook refused: signature does not match');
        throw badRequest('headers/stripe-signature: does not match the payload (or is too old)');
      }
      return { received: true as const, outcome: await applyStripeEvent(options.deps, event) };
    },
  );
}
