// Payment accounts through Stripe: customers and their saved cards (PaymentMethods), Stripe
// Identity verification sessions, and Express connected accounts with onboarding account links.
// Stripe holds the state; we keep only its ids (users.stripe_customer_id, stripe_user_id,
// identity_verifications.id).
import Stripe from 'stripe';
import { badRequest, HttpError } from '../../platform/http/errors.js';
import type { PaymentAccounts, ProviderCard, VerificationSession } from './payment-accounts.js';
import { CARD_FUNDINGS, type CardFunding } from '../../../shared/contract/market/payments.js';
import type { StripeEndpoint } from './stripe.js';
import { identityStatusOf } from './rules/verification-status.js';

function cardOf(method: Stripe.PaymentMethod): ProviderCard {
  const card = method.card;
  if (!card) throw badRequest('body/token: not a card');
  const details = method.billing_details;
  return {
    id: method.id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    funding: (CARD_FUNDINGS as readonly string[]).includes(card.funding) ? (card.funding as CardFunding) : 'unknown',
    billing_details: {
      name: details.name,
      email: details.email,
      phone: details.phone,
      address: details.address
        ? {
            line1: details.address.line1,
            line2: details.address.line2,
            city: details.address.city,
            state: details.address.state,
            postal_code: details.address.postal_code,
            country: details.address.country,
          }
        : null,
    },
  };
}

function sessionOf(session: Stripe.Identity.VerificationSession): VerificationSession {
  const { status, failureReason } = identityStatusOf(session.status, session.last_error?.reason ?? null);
  return { id: session.id, status, url: session.url, failureReason };
}

/** A Stripe refusal the user can act on becomes our error; anything else stays a 500. */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new HttpError(402, error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      throw new HttpError(404, `Stripe has no such ${error.param ?? 'object'}`);
    }
    throw error;
  }
}

export function stripePaymentAccounts(secretKey: string, endpoint?: StripeEndpoint): PaymentAccounts {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, ...(endpoint ?? {}) });
  return {
    name: 'stripe',

    async createCustomer({ userId, email }) {
      // The idempotency key makes two requests racing for one user get one customer (for 24 h).
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },

    async attachCard(customerId, token) {
      return asked(async () => {
        // A card token from Stripe.js / the mobile SDK becomes a PaymentMethod first.
        const paymentMethodId = token.startsWith('tok_')
          ? (await stripe.paymentMethods.create({ type: 'card', card: { token } })).id
          : token;
        return cardOf(await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      });
    },

    async savedCards(customerId) {
      return asked(async () => {
        const customer = await stripe.customers.retrieve(customerId);
        if (customer.deleted) throw new HttpError(404, 'Customer not found');
        const methods = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
        const chosen = customer.invoice_settings.default_payment_method;
        return {
          cards: methods.data.map(cardOf),
          defaultId: typeof chosen === 'string' ? chosen : (chosen?.id ?? null),
        };
      });
    },

    async setDefaultCard(customerId, cardId) {
      await asked(() => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } }));
    },

    async detachCard(_customerId, cardId) {
      await asked(() => stripe.paymentMethods.detach(cardId));
    },

    async startVerification({ userId, returnUrl }) {
      const session = await stripe.identity.verificationSessions.create({
        type: 'document',
        metadata: { userId },
        ...(returnUrl ? { return_url: returnUrl } : {}),
      });
      return sessionOf(session);
    },

    async verification(sessionId) {
      return asked(async () => sessionOf(await stripe.identity.verificationSessions.retrieve(sessionId)));
    },

    async createPayoutAccount({ userId, email }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey: `payout-account:${userId}` },
      );
      return account.id;
    },

    async payoutAccount(accountId) {
      return asked(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
        return {
          id: account.id,
          detailsSubmitted: account.details_submitted ?? false,
          chargesEnabled: account.charges_enabled ?? false,
          payoutsEnabled: account.payouts_enabled ?? false,
          requirementsDue: [...new Set(due)],
        };
      });
    },

    async onboardingLink(accountId, { returnUrl, refreshUrl }) {
      const link = await asked(() =>
        stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        }),
      );
      return { url: link.url, expiresAt: link.expires_at * 1000 };
    },
  };
}
