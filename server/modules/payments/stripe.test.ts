// The Stripe adapter against a local fake of the Stripe API: what it sends is what Stripe
// needs for a marketplace refund (amount in cents, reverse_transfer, an idempotency key) and for
// a released payout (a Transfer of the payout to the seller's account in the order's transfer
// group, tied to the buyer's charge, once per order) and for a chargeback's evidence (submitted,
// once per dispute).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import {
  type FakeStripeApi,
  type SeenStripeRequest,
  startFakeStripeApi,
  type StripeAnswer,
} from '../../../tests/support/fake-stripe-api.js';
import { stripePayments } from './stripe.js';

let stripe: FakeStripeApi;

const paymentIntent = (id: string, charge: { id: string; transfer: string | null }, destination: string | null) => ({
  id,
  object: 'payment_intent',
  status: 'succeeded',
  transfer_data: destination === null ? null : { destination },
  latest_charge: { object: 'charge', ...charge },
});

/** Stripe's answers: a refund, the PaymentIntents a payout is paid from, a transfer. */
const answer: StripeAnswer = (method, path, form) => {
  switch (`${method} ${path}`) {
    case 'POST /v1/refunds':
      return [200, { id: 're_test_1', object: 'refund', status: 'succeeded', amount: Number(form.get('amount')) }];
    case 'GET /v1/payment_intents/pi_separate':
      return [200, paymentIntent('pi_separate', { id: 'ch_separate', transfer: null }, null)];
    case 'GET /v1/payment_intents/pi_destination':
      return [200, paymentIntent('pi_destination', { id: 'ch_destination', transfer: 'tr_at_charge' }, 'acct_seller')];
    case 'GET /v1/payment_intents/ledger_made_up':
      return [
        404,
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
      ];
    case 'POST /v1/transfers':
      return [200, { id: 'tr_released', object: 'transfer', amount: Number(form.get('amount')) }];
    case 'POST /v1/disputes/dp_test':
      return [200, { id: 'dp_test', object: 'dispute', status: 'under_review' }];
    default:
      return [500, { error: { type: 'api_error', message: `the fake has no ${method} ${path}` } }];
  }
};
const seen: SeenStripeRequest[] = [];

beforeAll(async () => {
  stripe = await startFakeStripeApi(answer, seen);
});
afterAll(() => stripe.close());
beforeEach(() => {
  seen.length = 0;
});

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

  describe('transferPayout', () => {
    const payout = {
      orderId: 'order-1',
      amountCents: 2720,
      payoutAccountId: 'acct_seller',
      paymentReference: 'pi_separate',
    };
    const transfers = () => seen.filter((request) => request.method === 'POST' && request.path === '/v1/transfers');

    it('transfers the released payout to the seller’s account in the order’s group, from its charge, once per order', async () => {
      const payments = stripePayments('sk_test_fake', stripe.endpoint);
      expect(await payments.transferPayout(payout)).toEqual({ externalId: 'tr_released' });
      const read = seen.find((request) => request.path === '/v1/payment_intents/pi_separate')!;
      expect([...read.form.values()]).toEqual(['latest_charge']);
      const [sent] = transfers();
      expect(Object.fromEntries(sent!.form)).toMatchObject({
        amount: '2720',
        currency: 'usd',
        destination: 'acct_seller',
        transfer_group: 'order_order-1',
        source_transaction: 'ch_separate',
        'metadata[orderId]': 'order-1',
      });
      expect(sent!.idempotencyKey).toBe('payout:order-1');
    });

    it('transfers nothing again for a destination charge, which paid the seller when the buyer was charged', async () => {
      const payments = stripePayments('sk_test_fake', stripe.endpoint);
      expect(await payments.transferPayout({ ...payout, paymentReference: 'pi_destination' })).toEqual({
        externalId: 'tr_at_charge',
      });
      expect(transfers()).toEqual([]);
    });

    it.each([
      ['the seller has no payout account', { payoutAccountId: null }],
      ['the order has no payment', { paymentReference: null }],
      ['Stripe has no such payment (a seeded or ledger id)', { paymentReference: 'ledger_made_up' }],
    ])('transfers nothing when %s: the payout stays on the platform', async (_, change) => {
      const payments = stripePayments('sk_test_fake', stripe.endpoint);
      expect(await payments.transferPayout({ ...payout, ...change })).toEqual({ externalId: null });
      expect(transfers()).toEqual([]);
    });
  });

  describe('submitDisputeEvidence', () => {
    it("updates the dispute with the evidence fields and submit=true, under the dispute's idempotency key", async () => {
      const payments = stripePayments('sk_test_fake', stripe.endpoint);
      const receipt = await payments.submitDisputeEvidence({
        disputeId: 'dp_test',
        orderId: 'order-1',
        evidence: {
          shippingTrackingNumber: '1Z999',
          shippingDate: '2026-11-02',
          shippingAddress: null,
          customerPurchaseIp: '198.51.100.7',
          accessActivityLog: 'signed in from 198.51.100.7',
          uncategorizedText: 'Delivered and signed for.',
        },
      });
      expect(receipt).toEqual({ sent: true });
      const sent = seen.at(-1)!;
      expect(sent.path).toBe('/v1/disputes/dp_test');
      const form = Object.fromEntries(sent.form);
      expect(form).toMatchObject({
        submit: 'true',
        'evidence[shipping_tracking_number]': '1Z999',
        'evidence[shipping_date]': '2026-11-02',
        'evidence[customer_purchase_ip]': '198.51.100.7',
        'evidence[access_activity_log]': 'signed in from 198.51.100.7',
        'evidence[uncategorized_text]': 'Delivered and signed for.',
        'metadata[orderId]': 'order-1',
      });
      // An empty field is left out rather than sent blank.
      expect(form).not.toHaveProperty('evidence[shipping_address]');
      expect(sent.idempotencyKey).toBe('dispute-evidence:dp_test');
    });
  });
});
