// The Stripe charges adapter against a local fake of the Stripe API: what it sends is what an
// off-session marketplace charge needs (the customer's default card, cents in usd, confirmed at
// once, the order's transfer group and no transfer: the seller is paid when the payout is
// released, stripe.test.ts; the order in metadata, the idempotency key), and how it reads
// Stripe's answers (a PaymentIntent id to refund later, a decline's message, no card).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../platform/db/database.js';
import {
  type FakeStripeApi,
  type SeenStripeRequest,
  startFakeStripeApi,
} from '../../../tests/support/fake-stripe-api.js';
import type { ChargeRequest } from './charges.js';
import { stripeCharges } from './stripe-charges.js';

let stripe: FakeStripeApi;
const seen: SeenStripeRequest[] = [];

const customer = (id: string, defaultCard: string | null) => ({
  id,
  object: 'customer',
  invoice_settings: { default_payment_method: defaultCard },
});

/** Stripe's answers, by method, path and (for PaymentIntents) the card charged. */
function answer(method: string, path: string, form: URLSearchParams): [number, unknown] {
  switch (`${method} ${path}`) {
    case 'GET /v1/customers/cus_card':
      return [200, customer('cus_card', 'pm_visa')];
    case 'GET /v1/customers/cus_declines':
      return [200, customer('cus_declines', 'pm_declines')];
    case 'GET /v1/customers/cus_unusable':
      return [200, customer('cus_unusable', 'pm_unusable')];
    case 'GET /v1/customers/cus_nocard':
      return [200, customer('cus_nocard', null)];
    case 'GET /v1/customers/cus_gone':
      return [
        404,
        {
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: 'No such customer' },
        },
      ];
    case 'POST /v1/payment_intents':
      if (form.get('payment_method') === 'pm_declines') {
        return [
          402,
          {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
            },
          },
        ];
      }
      if (form.get('payment_method') === 'pm_unusable') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: 'The provided PaymentMethod was previously used without being attached to a Customer',
            },
          },
        ];
      }
      return [
        200,
        { id: 'pi_paid', object: 'payment_intent', status: 'succeeded', amount: Number(form.get('amount')) },
      ];
    default:
      return [500, { error: { type: 'api_error', message: `the fake has no ${method} ${path}` } }];
  }
}

beforeAll(async () => {
  stripe = await startFakeStripeApi(answer, seen);
});
afterAll(() => stripe.close());
beforeEach(() => {
  seen.length = 0;
});

const charges = () => stripeCharges('sk_test_fake', stripe.endpoint);
/** Stripe never needs our transaction. */
const noTransaction = {} as Executor;
const request = (changes: Partial<ChargeRequest> = {}): ChargeRequest => ({
  orderId: 'order-1',
  buyerId: 'buyer-1',
  sellerId: 'seller-1',
  amountCents: 3349,
  customerId: 'cus_card',
  idempotencyKey: 'order:order-1:1',
  ...changes,
});
const paymentIntentRequest = () => seen.find((candidate) => candidate.path === '/v1/payment_intents');

describe('stripeCharges', () => {
  it('charges the default card off-session on the platform, in the order’s transfer group, transferring nothing yet', async () => {
    expect(await charges().charge(request(), noTransaction)).toEqual({ status: 'succeeded', externalId: 'pi_paid' });
    const sent = paymentIntentRequest()!;
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '3349',
      currency: 'usd',
      customer: 'cus_card',
      payment_method: 'pm_visa',
      off_session: 'true',
      confirm: 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[orderId]': 'order-1',
      transfer_group: 'order_order-1',
    });
    // Separate charges and transfers: the seller's share is transferred when the payout is released.
    expect(Object.fromEntries(sent.form)).not.toHaveProperty('transfer_data[destination]');
    expect(Object.fromEntries(sent.form)).not.toHaveProperty('application_fee_amount');
    expect(sent.idempotencyKey).toBe('order:order-1:1');
  });

  it('fails with Stripe’s decline message and keeps the declined PaymentIntent', async () => {
    expect(await charges().charge(request({ customerId: 'cus_declines' }), noTransaction)).toEqual({
      status: 'failed',
      externalId: 'pi_declined',
      message: 'Your card was declined.',
    });
  });

  it.each([
    ['no customer', null],
    ['a customer without a default card', 'cus_nocard'],
    ['a customer Stripe does not have', 'cus_gone'],
  ])('fails with required_payment_method for %s, charging nothing', async (_, customerId) => {
    expect(await charges().charge(request({ customerId }), noTransaction)).toEqual({
      status: 'failed',
      externalId: null,
      message: 'required_payment_method',
    });
    expect(paymentIntentRequest()).toBeUndefined();
  });

  it('throws anything that is not the buyer’s to fix (a request Stripe refuses)', async () => {
    await expect(charges().charge(request({ customerId: 'cus_unusable' }), noTransaction)).rejects.toThrow(
      /PaymentMethod/,
    );
  });
});
