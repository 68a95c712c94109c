// The Stripe payment-accounts adapter against a local fake of the Stripe API: what it sends is
// what Stripe needs (a card token made a PaymentMethod then attached, the default in
// invoice_settings, an Express account with idempotency, an onboarding account link), and how it
// reads Stripe's answers (card objects, identity outcomes, requirements, card and missing-object
// errors).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import {
  type FakeStripeApi,
  type SeenStripeRequest,
  startFakeStripeApi,
} from '../../../tests/support/fake-stripe-api.js';
import { stripePaymentAccounts } from './stripe-accounts.js';

let stripe: FakeStripeApi;
const seen: SeenStripeRequest[] = [];

const card = (id: string, last4: string) => ({
  id,
  object: 'payment_method',
  type: 'card',
  card: { brand: 'visa', last4, exp_month: 4, exp_year: 2030, funding: 'credit' },
  billing_details: {
    name: 'Carol Buyer',
    email: null,
    phone: null,
    address: { line1: null, line2: null, city: null, state: null, postal_code: '94107', country: 'US' },
  },
});

/** Stripe's answers, by method and path. */
function answer(method: string, path: string): [number, unknown] {
  const route = `${method} ${path.split('?')[0]}`;
  switch (route) {
    case 'POST /v1/customers':
      return [200, { id: 'cus_1', object: 'customer' }];
    case 'POST /v1/payment_methods':
      return [200, card('pm_from_token', '4242')];
    case 'POST /v1/payment_methods/pm_from_token/attach':
      return [200, card('pm_from_token', '4242')];
    case 'POST /v1/payment_methods/pm_card_chargeDeclined/attach':
      return [
        402,
        { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', param: '' } },
      ];
    case 'GET /v1/customers/cus_1':
      return [200, { id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: 'pm_2' } }];
    case 'GET /v1/customers/cus_1/payment_methods':
      return [200, { object: 'list', data: [card('pm_1', '4242'), card('pm_2', '5556')], has_more: false, url: '' }];
    case 'GET /v1/customers/cus_gone':
      return [
        404,
        {
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: 'No such customer' },
        },
      ];
    case 'POST /v1/customers/cus_1':
      return [200, { id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: 'pm_1' } }];
    case 'POST /v1/payment_methods/pm_1/detach':
      return [200, card('pm_1', '4242')];
    case 'POST /v1/identity/verification_sessions':
      return [
        200,
        {
          id: 'vs_1',
          object: 'identity.verification_session',
          status: 'requires_input',
          last_error: null,
          url: 'https://verify.stripe.com/start/test_abc',
        },
      ];
    case 'GET /v1/identity/verification_sessions/vs_1':
      return [
        200,
        {
          id: 'vs_1',
          object: 'identity.verification_session',
          status: 'requires_input',
          last_error: { code: 'document_expired', reason: 'The document is expired.' },
          url: null,
        },
      ];
    case 'GET /v1/identity/verification_sessions/vs_2':
      return [
        200,
        { id: 'vs_2', object: 'identity.verification_session', status: 'verified', last_error: null, url: null },
      ];
    case 'POST /v1/accounts':
      return [200, { id: 'acct_1', object: 'account' }];
    case 'GET /v1/accounts/acct_1':
      return [
        200,
        {
          id: 'acct_1',
          object: 'account',
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: true,
          requirements: { currently_due: ['external_account'], past_due: ['external_account', 'tos_acceptance.date'] },
        },
      ];
    case 'POST /v1/account_links':
      return [
        200,
        { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_1/abc', expires_at: 1_900_000_000 },
      ];
    default:
      return [500, { error: { type: 'api_error', message: `the fake has no ${route}` } }];
  }
}

beforeAll(async () => {
  stripe = await startFakeStripeApi(answer, seen);
});
afterAll(() => stripe.close());
beforeEach(() => {
  seen.length = 0;
});

const accounts = () => stripePaymentAccounts('sk_test_fake', stripe.endpoint);
const request = (method: string, path: string) =>
  seen.find((candidate) => candidate.method === method && candidate.path.split('?')[0] === path);

describe('stripePaymentAccounts: customers and cards', () => {
  it('creates one customer per user (idempotency key) with the user in metadata', async () => {
    expect(await accounts().createCustomer({ userId: 'user-1', email: 'carol@market.test' })).toBe('cus_1');
    const sent = request('POST', '/v1/customers')!;
    expect(Object.fromEntries(sent.form)).toMatchObject({ email: 'carol@market.test', 'metadata[userId]': 'user-1' });
    expect(sent.idempotencyKey).toBe('customer:user-1');
  });

  it('makes a card token a PaymentMethod, attaches it, and answers the card object', async () => {
    const saved = await accounts().attachCard('cus_1', 'tok_visa');
    expect(Object.fromEntries(request('POST', '/v1/payment_methods')!.form)).toMatchObject({
      type: 'card',
      'card[token]': 'tok_visa',
    });
    expect(Object.fromEntries(request('POST', '/v1/payment_methods/pm_from_token/attach')!.form)).toEqual({
      customer: 'cus_1',
    });
    expect(saved).toEqual({
      id: 'pm_from_token',
      brand: 'visa',
      last4: '4242',
      exp_month: 4,
      exp_year: 2030,
      funding: 'credit',
      billing_details: {
        name: 'Carol Buyer',
        email: null,
        phone: null,
        address: { line1: null, line2: null, city: null, state: null, postal_code: '94107', country: 'US' },
      },
    });
  });

  it('answers a declined card with 402 and Stripe’s message', async () => {
    const refused = accounts().attachCard('cus_1', 'pm_card_chargeDeclined');
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 402, message: 'Your card was declined.' });
    // A payment-method id is attached as it is, never re-created.
    expect(request('POST', '/v1/payment_methods')).toBeUndefined();
  });

  it('lists the cards with the default from invoice_settings, sets and detaches', async () => {
    const saved = await accounts().savedCards('cus_1');
    expect(saved.defaultId).toBe('pm_2');
    expect(saved.cards.map((card) => card.last4)).toEqual(['4242', '5556']);
    expect(Object.fromEntries(request('GET', '/v1/customers/cus_1/payment_methods')!.form)).toMatchObject({
      type: 'card',
      limit: '100',
    });

    await accounts().setDefaultCard('cus_1', 'pm_1');
    expect(Object.fromEntries(request('POST', '/v1/customers/cus_1')!.form)).toEqual({
      'invoice_settings[default_payment_method]': 'pm_1',
    });
    await accounts().detachCard('cus_1', 'pm_1');
    expect(request('POST', '/v1/payment_methods/pm_1/detach')).toBeDefined();
  });

  it('answers a customer Stripe does not have with 404 (a stale id the service replaces)', async () => {
    await expect(accounts().savedCards('cus_gone')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('stripePaymentAccounts: identity verification', () => {
  it('starts a document session, Pending with Stripe’s page', async () => {
    const session = await accounts().startVerification({ userId: 'user-1', returnUrl: 'https://app.test/back' });
    expect(session).toEqual({
      id: 'vs_1',
      status: 'Pending',
      url: 'https://verify.stripe.com/start/test_abc',
      failureReason: null,
    });
    expect(Object.fromEntries(request('POST', '/v1/identity/verification_sessions')!.form)).toMatchObject({
      type: 'document',
      'metadata[userId]': 'user-1',
      return_url: 'https://app.test/back',
    });
  });

  it('reads the outcome back: a refused document is Failed with its reason, a verified one Verified', async () => {
    expect(await accounts().verification('vs_1')).toMatchObject({
      status: 'Failed',
      failureReason: 'The document is expired.',
    });
    expect(await accounts().verification('vs_2')).toMatchObject({ status: 'Verified', failureReason: null });
  });
});

describe('stripePaymentAccounts: payout accounts', () => {
  it('creates an Express account for card payments and transfers, once per user', async () => {
    expect(await accounts().createPayoutAccount({ userId: 'user-2', email: 'sam@market.test' })).toBe('acct_1');
    const sent = request('POST', '/v1/accounts')!;
    expect(Object.fromEntries(sent.form)).toMatchObject({
      type: 'express',
      country: 'US',
      email: 'sam@market.test',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': 'user-2',
    });
    expect(sent.idempotencyKey).toBe('payout-account:user-2');
  });

  it('reports the account with its due and past-due requirements, once each', async () => {
    expect(await accounts().payoutAccount('acct_1')).toEqual({
      id: 'acct_1',
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirementsDue: ['external_account', 'tos_acceptance.date'],
    });
  });

  it('makes an onboarding account link with the return and refresh URLs', async () => {
    const link = await accounts().onboardingLink('acct_1', {
      returnUrl: 'https://app.test/done',
      refreshUrl: 'https://app.test/again',
    });
    expect(link).toEqual({ url: 'https://connect.stripe.com/setup/e/acct_1/abc', expiresAt: 1_900_000_000_000 });
    expect(Object.fromEntries(request('POST', '/v1/account_links')!.form)).toEqual({
      account: 'acct_1',
      type: 'account_onboarding',
      return_url: 'https://app.test/done',
      refresh_url: 'https://app.test/again',
    });
  });

  it('has no local decisions: Stripe decides', () => {
    expect(accounts().localDecisions).toBeUndefined();
  });
});
