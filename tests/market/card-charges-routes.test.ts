// Charges on saved cards through the real app (app.inject, embedded PGlite, the local payments
// ledger, a fake identity at the token edge): a purchase pays with the buyer's default card and
// records it; a card that saves fine but declines, or an expired default, fails the purchase
// with the issuer's message; cards without a default are required_payment_method; a
// buyer who never saved a card still buys (the ledger's leniency). Also the one order id of a
// sale that happens once, which keeps a retried close or acceptance to one charge.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { orderIdOf } from '../../server/modules/orders/orders.js';
import { fakeIdentity, recordingPublisher, type RecordedEvent, marketCall } from './market-db.js';
import { useApp } from '../support/app-fixture.js';

describe('charges on saved cards (local ledger)', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];

  useApp({ identity: fakeIdentity }, (opened) => {
    ({ app, database } = opened);
    app.market.events.attach(recordingPublisher(log));
  });

  const call = marketCall(() => app);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const addCard = async (user: string, token: string) => {
    const saved = await call(user, 'POST', '/payments/card', { token });
    expect(saved.status, token).toBe(201);
    return saved.body.id as string;
  };

  /** A $25.50 buy-now listing with $7.99 shipping the buyer pays, and plenty of stock. */
  async function buyNowListing(): Promise<string> {
    const sellerId = await me('sam');
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, in_stock, shipping_type, shipping_price_cents)
          VALUES (${sellerId}, 'Vintage jersey', 'default', 2550, 20, 'buyer_pays', 799) RETURNING id`,
    );
    return row!.id;
  }
  const paymentsOf = (listingId: string) =>
    queryRows<{ type: string; status: string; amount_cents: string | number; external_id: string | null }>(
      database.db,
      sql`SELECT t.type, t.status, t.amount_cents, t.external_id FROM transactions t JOIN orders o ON o.id = t.order_id
          WHERE o.listing_id = ${listingId} ORDER BY t.created_at, t.type`,
    );
  const failureMessages = () =>
    log
      .filter((event) => event.name === 'paymentFailed')
      .map((event) => (event.payload as { message: string }).message);

  it('pays with the default card and records it with the payment; the seller is paid net of the fee', async () => {
    const cardId = await addCard('carol', 'tok_visa');
    const listingId = await buyNowListing();
    const bought = await call('carol', 'POST', '/order', { listingId });
    expect(bought).toMatchObject({ status: 201, body: { status: 'PAYMENT_CONFIRMED' } });
    const [payment, payout] = await paymentsOf(listingId);
    expect(payment).toMatchObject({ type: 'order_payment', status: 'succeeded', amount_cents: 3349 });
    expect(payment!.external_id).toMatch(new RegExp(`^ledger_[0-9a-f-]{36}:${cardId}$`));
    // 7% of the $25.50 price ($1.79) stays with the marketplace; shipping passes through. The
    // payout waits for delivery (payouts.ts): owed on the order, no order_payout yet.
    expect(payout).toBeUndefined();
    const [owed] = await queryRows<{ payout_cents: string | number }>(
      database.db,
      sql`SELECT payout_cents FROM orders WHERE listing_id = ${listingId}`,
    );
    expect(Number(owed!.payout_cents)).toBe(3349 - 179);
  });

  it('fails with the issuer’s message on a card that saves fine but declines every charge, then pays with a good one', async () => {
    // Stripe's 4000 0000 0000 0341: attaching succeeds, charging fails (tok_chargeDeclined is refused at attach).
    expect((await call('dave', 'POST', '/payments/card', { token: 'tok_chargeDeclined' })).status).toBe(402);
    const declining = await addCard('dave', 'tok_chargeCustomerFail');
    const listingId = await buyNowListing();
    expect(await call('dave', 'POST', '/order', { listingId })).toMatchObject({
      status: 402,
      body: { message: 'Payment failed' },
    });
    expect(failureMessages().at(-1)).toBe('Your card was declined.');
    const [declined] = await paymentsOf(listingId);
    expect(declined).toMatchObject({ type: 'order_payment', status: 'failed' });
    expect(declined!.external_id).toMatch(new RegExp(`:${declining}$`));

    const good = await addCard('dave', 'tok_mastercard');
    expect((await call('dave', 'PATCH', '/payments/stripe/payment-method', { paymentMethodId: good })).status).toBe(
      200,
    );
    const [order] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM orders WHERE listing_id = ${listingId}`,
    );
    expect(await call('dave', 'POST', '/payments/retry', { orderId: order!.id })).toMatchObject({
      status: 200,
      body: { status: 'PAYMENT_CONFIRMED' },
    });
    // The payment is the last entry: the payout waits for delivery.
    expect((await paymentsOf(listingId)).at(-1)!.external_id).toMatch(new RegExp(`:${good}$`));
  });

  it('fails on an expired default card with Stripe’s expired_card message', async () => {
    const cardId = await addCard('erin', 'tok_visa');
    // Saved years ago: it ran out at the end of last year.
    await database.db.execute(
      sql`UPDATE ledger_payment_methods SET exp_month = 12, exp_year = ${new Date().getUTCFullYear() - 1} WHERE id = ${cardId}`,
    );
    const listingId = await buyNowListing();
    expect((await call('erin', 'POST', '/order', { listingId })).status).toBe(402);
    expect(failureMessages().at(-1)).toBe('Your card has expired.');
  });

  it('answers required_payment_method when the buyer has cards but none is the default', async () => {
    await addCard('fay', 'tok_visa');
    await database.db.execute(
      sql`UPDATE ledger_customers SET default_payment_method_id = NULL
          WHERE id = (SELECT stripe_customer_id FROM users WHERE firebase_id = 'uid-fay')`,
    );
    const listingId = await buyNowListing();
    expect((await call('fay', 'POST', '/order', { listingId })).status).toBe(402);
    expect(failureMessages().at(-1)).toBe('required_payment_method');
    const [failed] = await paymentsOf(listingId);
    expect(failed).toMatchObject({ status: 'failed', external_id: null });
  });

  it('lets a buyer who never saved a card buy: the local ledger has no money to take', async () => {
    const listingId = await buyNowListing();
    expect(await call('gus', 'POST', '/order', { listingId })).toMatchObject({
      status: 201,
      body: { status: 'PAYMENT_CONFIRMED' },
    });
    const [payment] = await paymentsOf(listingId);
    expect(payment!.external_id).toMatch(/^ledger_[0-9a-f-]{36}$/);
  });
});

describe('the order of a sale that happens once', () => {
  it('is the same UUID each time it is asked for, and another for another sale', () => {
    const first = orderIdOf('auction:listing-1');
    expect(first).toBe(orderIdOf('auction:listing-1'));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(orderIdOf('auction:listing-2')).not.toBe(first);
    expect(orderIdOf('offer:listing-1')).not.toBe(first);
  });
});
