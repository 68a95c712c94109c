// Payments and payout accounts (/payments/*): the buyer's payments and saved cards,
// the pre-payment stock check, identity verification, and the seller's payout (connected)
// account. `/payments/with-order` and `/payments/retry` (purchases) live in ../orders/routes.ts.
// Provider state goes through the PaymentAccounts port (`deps.paymentAccounts`: the local ledger,
// or Stripe with STRIPE_SECRET_KEY).
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/errors.js';
import {
  decideIdentityVerification,
  identityVerificationOf,
  startIdentityVerification,
} from './identity-verification.js';
import { checkStock, paymentInfoOf, paymentsOf } from './payment-history.js';
import { addCard, defaultCardOf, removeCard, savedCardsOf, setDefaultCard } from './payment-methods.js';
import {
  decideOnboarding,
  onboardingLinkFor,
  openPayoutAccount,
  payoutAccountOf,
  payoutReadinessOfUser,
} from './payout-accounts.js';
import {
  type MarketRouteContext,
  IdParams,
  NoContent,
  StrictPaging,
} from '../../platform/http/market-route-context.js';
import type { PaymentPorts } from './ports.js';
import {
  AccountLinkBody,
  AddCardBody,
  CardParams,
  DefaultCardBody,
  DefaultPaymentMethod,
  IdentityVerification,
  OnboardingDecision,
  OnboardingLink,
  PaymentInfo,
  Payments,
  PayoutAccount,
  PayoutReadinessOfUser,
  SavedCard,
  SavedCards,
  SessionParams,
  StockCheck,
  StockQuery,
  VerificationBody,
  VerificationDecision,
} from '../../../shared/contract/market/payments.js';

const tags = ['payments'];

export async function paymentRoutes(context: MarketRouteContext<PaymentPorts>): Promise<void> {
  const { r, deps, secured } = context;
  const { db } = deps;
  /** The ledger's decisions are an admin's (after `authenticate`, so a bad token is still 401 first). */
  async function adminOnly(request: FastifyRequest): Promise<void> {
    if (!request.caller.admin) throw new HttpError(403, 'Only an admin may decide for the payments ledger');
  }

  // ── The buyer's payments and the check before paying ──
  r.get(
    '/payments',
    {
      schema: {
        description: 'One page of the caller’s payments.',
        tags,
        ...secured,
        querystring: StrictPaging,
        response: { 200: Payments },
      },
    },
    async (request) => paymentsOf(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.get(
    '/payments/stock',
    {
      schema: {
        description: 'Whether a quantity of a listing is in stock, and what it would cost with shipping.',
        tags,
        ...secured,
        querystring: StockQuery,
        // 404: no such listing; 409: the caller cannot buy it now (`message` says why).
        response: { 200: StockCheck, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => checkStock(db, request.query.listingId, request.caller.id, request.query.quantity),
  );

  // ── Saved cards ──
  r.get(
    '/payments/card',
    { schema: { description: 'The caller’s saved cards.', tags, ...secured, response: { 200: SavedCards } } },
    async (request) => savedCardsOf(deps, request.caller.id),
  );
  r.post(
    '/payments/card',
    {
      schema: {
        description: 'Saves a card (a payment provider token) for the caller.',
        tags,
        ...secured,
        body: AddCardBody,
        response: { 201: SavedCard, 402: ApiErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await addCard(deps, request.caller.id, request.body.token)),
  );
  r.delete(
    '/payments/card/:id',
    {
      schema: {
        description: 'Removes one of the caller’s saved cards (409 while it backs active bids).',
        tags,
        ...secured,
        params: CardParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await removeCard(deps, request.caller.id, request.params.id);
      return reply.code(204).send();
    },
  );
  // The default card: the one charges use.
  r.get(
    '/payments/stripe/payment-method',
    {
      schema: {
        description: 'The caller’s default card, or null.',
        tags,
        ...secured,
        response: { 200: DefaultPaymentMethod },
      },
    },
    async (request) => ({
      paymentMethod: await defaultCardOf(deps, request.caller.id),
    }),
  );
  r.patch(
    '/payments/stripe/payment-method',
    {
      schema: {
        description: 'Makes one of the caller’s cards the default.',
        tags,
        ...secured,
        body: DefaultCardBody,
        response: { 200: SavedCard, 404: ApiErrorBody },
      },
    },
    async (request) => setDefaultCard(deps, request.caller.id, request.body.paymentMethodId),
  );
  r.get(
    '/payments/stripe/payment-info',
    {
      schema: {
        description: 'The caller’s payment set-up: customer, default card, number of cards, payout account.',
        tags,
        ...secured,
        response: { 200: PaymentInfo },
      },
    },
    async (request) => paymentInfoOf(deps, request.caller.id),
  );

  // ── Identity verification ──
  r.post(
    '/payments/stripe/verification-session',
    {
      schema: {
        description: 'Starts an identity verification and answers the provider’s URL to complete it.',
        tags,
        ...secured,
        body: VerificationBody,
        response: { 201: IdentityVerification },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startIdentityVerification(deps, request.caller.id, request.body.returnUrl ?? null)),
  );
  r.get(
    '/payments/stripe/verification-session',
    {
      schema: {
        description: 'The caller’s latest identity verification and its status.',
        tags,
        ...secured,
        response: { 200: IdentityVerification, 404: ApiErrorBody },
      },
    },
    async (request) => identityVerificationOf(deps, request.caller.id),
  );
  // The local ledger's identity reviewer (an admin): Stripe's decision stands in for it with a key.
  r.post(
    '/payments/stripe/verification-session/:id/decision',
    {
      onRequest: adminOnly,
      schema: {
        description:
          'Records the provider’s decision on an identity verification (the local stand-in for its webhook).',
        tags,
        ...secured,
        params: SessionParams,
        body: VerificationDecision,
        response: { 200: IdentityVerification },
      },
    },
    async (request) =>
      decideIdentityVerification(
        deps,
        request.params.id,
        request.body.status === 'Verified' ? { verified: true } : { verified: false, reason: request.body.reason },
      ),
  );

  // ── The seller's payout (connected) account ──
  r.post(
    '/payments/stripe/connected',
    {
      schema: {
        description: 'Opens a payout account for the caller (a seller).',
        tags,
        ...secured,
        response: { 200: PayoutAccount, 201: PayoutAccount },
      },
    },
    async (request, reply) => {
      const { created, account } = await openPayoutAccount(deps, request.caller.id);
      return reply.code(created ? 201 : 200).send(account);
    },
  );
  r.get(
    '/payments/stripe/connected',
    {
      schema: {
        description: 'The caller’s payout account and whether they can be paid.',
        tags,
        ...secured,
        response: { 200: PayoutAccount, 404: ApiErrorBody },
      },
    },
    async (request) => payoutAccountOf(deps, request.caller.id),
  );
  // Anyone's readiness to be paid and to sell, without ids (`/user/stirpe/{id}` is the account lookup).
  r.get(
    '/payments/stripe/connected/:id',
    {
      schema: {
        description: 'Whether a user can sell and be paid.',
        tags,
        ...secured,
        params: IdParams,
        response: { 200: PayoutReadinessOfUser },
      },
    },
    async (request) => payoutReadinessOfUser(deps, request.params.id),
  );
  r.post(
    '/payments/stripe/account-link',
    {
      schema: {
        description: 'A link to the payout provider’s onboarding for the caller’s payout account.',
        tags,
        ...secured,
        body: AccountLinkBody,
        response: { 201: OnboardingLink },
      },
    },
    async (request, reply) => reply.code(201).send(await onboardingLinkFor(deps, request.caller.id, request.body)),
  );
  // The local ledger's onboarding (an admin in Stripe's place): completes or reopens an account.
  r.post(
    '/payments/stripe/connected/:id/onboarding',
    {
      onRequest: adminOnly,
      schema: {
        description: 'Records the outcome of a payout account’s onboarding (the local stand-in for its webhook).',
        tags,
        ...secured,
        params: SessionParams,
        body: OnboardingDecision,
        response: { 200: PayoutAccount },
      },
    },
    async (request) => decideOnboarding(deps, request.params.id, request.body.outcome),
  );
}
