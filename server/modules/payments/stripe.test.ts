// The Stripe adapter against a local fake of the Stripe API: what it sends is what Stripe
// needs for a marketplace refund (amount in cents, reverse_transfer, an idempotency key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import {
  type FakeStripeApi,
  type SeenStripeRequest,
  startFakeStripeApi,
  type StripeAnswer,
} from '../../../tests/support/fake-stripe-api.js';
import { stripePayments } from './stripe.js';

let stripe: FakeStripeApi;
/** Stripe's answer to a refund. */
const refunded: StripeAnswer = (_method, _path, form) => [
  200,
  { id: 're_test_1', object: 'refund', status: 'succeeded', amount: Number(form.get('amount')) },
];
const seen: SeenStripeRequest[] = [];

beforeAll(async () => {
  stripe = await startFakeStripeApi(refunded, seen);
});
afterAll(() => stripe.close());

describe('stripePayments', () => {
  it('refunds the payment intent in cents with reverse_transfer and the idempotency key', async () => {
    const payments = stripePayments('sk_test_fake', stripe.endpoint);
    const result = await payments.refund({
      orderId: 'order-1',
      amountCents: 1234,
      reason: 'damaged_in_shipping',
      paymentReference: 'pi_123',
      idempotencyKey: 'key-1',
    });
    expect(result).toEqual({ externalId: 're_test_1', status: 'succeeded' });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/v1/refunds');
    expect(Object.fromEntries(request.form)).toMatchObject({
      payment_intent: 'pi_123',
      amount: '1234',
      reverse_transfer: 'true',
      reason: 'requested_by_customer',
      'metadata[orderId]': 'order-1',
    });
    expect(request.idempotencyKey).toBe('order-1:key-1');
  });

  it('refuses with 409 when the order has no Stripe payment', async () => {
    const payments = stripePayments('sk_test_fake', stripe.endpoint);
    const refused = payments.refund({
      orderId: 'order-2',
      amountCents: 100,
      reason: 'other',
      paymentReference: null,
      idempotencyKey: null,
    });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 409 });
  });
});
