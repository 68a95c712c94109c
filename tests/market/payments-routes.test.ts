// The payments routes through the real app (app.inject, embedded PGlite, the local payments
// ledger, a fake identity at the token edge): saved cards and the bidder's last usable card,
// the pre-payment stock check, the buyer's payments, identity verification decided by the
// ledger's reviewer, and a seller's payout account from creation to onboarded.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { fakeIdentity } from './market-db.js';

describe('payments routes (local ledger)', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = async (user: string | null, method: Method, url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/v1${url}`,
      headers: user ? { authorization: `Bearer token-${user}` } : {},
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: (response.body ? response.json() : null) as Record<string, unknown> & { items: Record<string, unknown>[] },
    };
  };
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const addCard = (user: string, token: string) => call(user, 'POST', '/payments/card', { token });

  async function auctionBy(sellerId: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time)
          VALUES (${sellerId}, 'Signed baseball', 'auction', 500, now() + interval '1 day') RETURNING id`,
    );
    return row!.id;
  }
  async function buyNowBy(sellerId: string, inStock: number, shipping: 'buyer_pays' | 'seller_pays'): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, in_stock, shipping_type, shipping_price_cents)
          VALUES (${sellerId}, 'Vintage jersey', 'default', 2550, ${inStock}, ${shipping}, 799) RETURNING id`,
    );
    return row!.id;
  }

  it('documents the payment routes and asks for a token', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>;
    };
    for (const path of [
      '/v1/payments',
      '/v1/payments/stock',
      '/v1/payments/card',
      '/v1/payments/card/{id}',
      '/v1/payments/stripe/payment-method',
      '/v1/payments/stripe/payment-info',
      '/v1/payments/stripe/verification-session',
      '/v1/payments/stripe/connected',
      '/v1/payments/stripe/account-link',
    ]) {
      const operations = Object.values(document.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) {
        expect(operation.tags).toEqual(['payments']);
        expect(operation.security).toBeDefined();
      }
    }
    expect((await call(null, 'GET', '/payments/card')).status).toBe(401);
    expect((await call(null, 'POST', '/payments/card', { token: 'tok_visa' })).status).toBe(401);
    expect((await call(null, 'DELETE', '/payments/card/pm_x')).status).toBe(401);
  });

  it('saves cards from test tokens in the card object shape; the first is the default', async () => {
    const visa = await addCard('carol', 'tok_visa');
    expect(visa.status).toBe(201);
    expect(visa.body).toMatchObject({
      brand: 'visa',
      last4: '4242',
      funding: 'credit',
      isDefault: true,
      expired: false,
      label: 'Visa •••• 4242',
      billing_details: { name: null, email: null, phone: null },
    });
    expect(visa.body.id).toMatch(/^pm_local_/);
    expect(visa.body.exp_month).toBeGreaterThanOrEqual(1);
    expect(visa.body.exp_year).toBeGreaterThan(new Date().getUTCFullYear());

    const mastercard = await addCard('carol', 'pm_card_mastercard_debit');
    expect(mastercard.body).toMatchObject({ brand: 'mastercard', last4: '8210', funding: 'debit', isDefault: false });

    const list = await call('carol', 'GET', '/payments/card');
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((card) => card.last4)).toEqual(['4242', '8210']);
    // Never a full card number or a provider secret in what the app gets.
    expect(JSON.stringify(list.body)).not.toMatch(/4242424242424242|sk_|secret/);

    const chosen = await call('carol', 'PATCH', '/payments/stripe/payment-method', {
      paymentMethodId: mastercard.body.id,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ id: mastercard.body.id, isDefault: true });
    const current = await call('carol', 'GET', '/payments/stripe/payment-method');
    expect((current.body.paymentMethod as { last4: string }).last4).toBe('8210');

    const info = await call('carol', 'GET', '/payments/stripe/payment-info');
    expect(info.body).toMatchObject({
      paymentMethodCount: 2,
      stripeIdentityStatus: null,
      stripeUserId: null,
      payoutAccount: null,
    });
    expect(info.body.stripeCustomerId).toMatch(/^cus_local_/);
    expect((info.body.defaultPaymentMethod as { id: string }).id).toBe(mastercard.body.id);
  });

  it('refuses bad cards and bad bodies with clear answers', async () => {
    const declined = await addCard('dave', 'tok_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const unknown = await addCard('dave', 'tok_nosuchcard');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('tok_visa');
    expect((await call('dave', 'POST', '/payments/card', { token: 'tok_visa', cvc: '123' })).status).toBe(400);
    expect((await call('dave', 'POST', '/payments/card', { token: '4242 4242 4242 4242' })).status).toBe(400);
    expect((await call('dave', 'POST', '/payments/card', {})).status).toBe(400);
    expect((await call('dave', 'GET', '/payments/card')).body.count).toBe(0);
  });

  it("answers 404 for another user's card", async () => {
    const erin = await addCard('erin', 'tok_amex');
    expect((await call('frank', 'DELETE', `/payments/card/${erin.body.id as string}`)).status).toBe(404);
    expect(
      (await call('frank', 'PATCH', '/payments/stripe/payment-method', { paymentMethodId: erin.body.id })).status,
    ).toBe(404);
    expect((await call('erin', 'GET', '/payments/card')).body.count).toBe(1);
  });

  it('keeps a bidder from removing their last usable card (paymentDeletedWithActiveBids)', async () => {
    const seller = await me('gina');
    const auction = await auctionBy(seller);
    const only = await addCard('hank', 'tok_visa');
    expect((await call('hank', 'POST', '/bid', { listingId: auction, amount: 5 })).status).toBe(200);

    const refused = await call('hank', 'DELETE', `/payments/card/${only.body.id as string}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'You have bids on 1 running auction; add another card before removing your last usable one',
      code: 'paymentDeletedWithActiveBids',
    });

    // An expired card does not count as a way to pay, and may itself always go.
    const [customer] = await queryRows<{ stripe_customer_id: string }>(
      database.db,
      sql`SELECT stripe_customer_id FROM users WHERE id = ${await me('hank')}`,
    );
    await database.db.execute(
      sql`INSERT INTO ledger_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, funding)
          VALUES ('pm_local_expired', ${customer!.stripe_customer_id}, 'visa', '1881', 1, 2020, 'credit')`,
    );
    const cards = await call('hank', 'GET', '/payments/card');
    expect(cards.body.items.find((card) => card.id === 'pm_local_expired')).toMatchObject({ expired: true });
    expect((await call('hank', 'DELETE', `/payments/card/${only.body.id as string}`)).status).toBe(409);
    expect(
      (await call('hank', 'PATCH', '/payments/stripe/payment-method', { paymentMethodId: 'pm_local_expired' })).status,
    ).toBe(409);
    expect((await call('hank', 'DELETE', '/payments/card/pm_local_expired')).status).toBe(204);

    // With a second usable card the first may go, and the default moves to the card left.
    const second = await addCard('hank', 'tok_discover');
    expect((await call('hank', 'DELETE', `/payments/card/${only.body.id as string}`)).status).toBe(204);
    const left = await call('hank', 'GET', '/payments/card');
    expect(left.body.items).toEqual([expect.objectContaining({ id: second.body.id, isDefault: true })]);

    // Once the auction is over nothing holds the last card back.
    await database.db.execute(sql`UPDATE listings SET status = 'sold' WHERE id = ${auction}`);
    expect((await call('hank', 'DELETE', `/payments/card/${second.body.id as string}`)).status).toBe(204);
    expect((await call('hank', 'GET', '/payments/card')).body.count).toBe(0);
  });

  it('checks stock and the total before paying, read-only', async () => {
    const seller = await me('ivan');
    const listing = await buyNowBy(seller, 2, 'buyer_pays');
    const quote = await call('judy', 'GET', `/payments/stock?listingId=${listing}&quantity=2`);
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({
      listingId: listing,
      title: 'Vintage jersey',
      quantity: 2,
      inStock: 2,
      unitPrice: 25.5,
      price: 51,
      shippingPrice: 7.99,
      total: 58.99,
    });
    const tooMany = await call('judy', 'GET', `/payments/stock?listingId=${listing}&quantity=3`);
    expect(tooMany).toMatchObject({ status: 409, body: { message: 'Only 2 left in stock' } });
    expect((await call('ivan', 'GET', `/payments/stock?listingId=${listing}`)).body.message).toBe(
      'Sellers cannot buy their own listing',
    );
    expect((await call('judy', 'GET', '/payments/stock?listingId=missing')).status).toBe(404);
    expect((await call('judy', 'GET', `/payments/stock?listingId=${listing}&quantity=0`)).status).toBe(400);
    expect((await call('judy', 'GET', `/payments/stock?listingId=${listing}&coupon=x`)).status).toBe(400);
    const [row] = await queryRows<{ in_stock: number }>(
      database.db,
      sql`SELECT in_stock FROM listings WHERE id = ${listing}`,
    );
    expect(row!.in_stock).toBe(2);

    const auction = await auctionBy(seller);
    expect((await call('judy', 'GET', `/payments/stock?listingId=${auction}`)).body.message).toBe(
      'Only buy-now listings can be bought directly',
    );
  });

  it("lists the buyer's payments with their order and listing, paged", async () => {
    const seller = await me('kate');
    const listing = await buyNowBy(seller, 3, 'seller_pays');
    for (let bought = 0; bought < 2; bought += 1) {
      expect((await call('liam', 'POST', '/payments/with-order', { listingId: listing })).status).toBe(201);
    }
    const page = await call('liam', 'GET', '/payments?page=1&limit=1');
    expect(page.body.count).toBe(2);
    expect(page.body.items).toEqual([
      expect.objectContaining({
        type: 'order_payment',
        status: 'succeeded',
        amount: 25.5,
        order: expect.objectContaining({ status: 'PAYMENT_CONFIRMED', price: 25.5, shippingPrice: 0 }),
        listing: { id: listing, title: 'Vintage jersey', listingType: 'default' },
      }),
    ]);
    expect((await call('liam', 'GET', '/payments?page=2&limit=1')).body.items).toHaveLength(1);
    expect((await call('kate', 'GET', '/payments')).body.count).toBe(0);
    expect((await call('liam', 'GET', '/payments?limit=1000')).status).toBe(400);
    expect((await call('liam', 'GET', '/payments?sort=x')).status).toBe(400);
  });

  it('verifies identity: Pending, then the ledger reviewer decides Failed or Verified', async () => {
    expect((await call('mona', 'GET', '/payments/stripe/verification-session')).status).toBe(404);
    const started = await call('mona', 'POST', '/payments/stripe/verification-session', {
      returnUrl: 'https://app.market.test/identity',
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'Pending', url: 'https://app.market.test/identity' });
    const sessionId = started.body.id as string;
    expect(sessionId).toMatch(/^vs_local_/);
    expect((await call('mona', 'GET', '/payments/stripe/payment-info')).body.stripeIdentityStatus).toBe('Pending');

    const decide = (user: string, id: string, body: object) =>
      call(user, 'POST', `/payments/stripe/verification-session/${id}/decision`, body);
    expect((await decide('mona', sessionId, { status: 'Verified' })).status).toBe(403);
    expect((await decide('admin', sessionId, { status: 'Failed' })).status).toBe(400);
    expect((await decide('admin', 'vs_local_unknown', { status: 'Verified' })).status).toBe(404);

    const failed = await decide('admin', sessionId, { status: 'Failed', reason: 'The document was expired' });
    expect(failed.body).toMatchObject({ id: sessionId, status: 'Failed', failureReason: 'The document was expired' });
    expect((await call('mona', 'GET', '/payments/stripe/verification-session')).body.status).toBe('Failed');

    const again = await call('mona', 'POST', '/payments/stripe/verification-session', {});
    expect(again).toMatchObject({ status: 201, body: { status: 'Pending', url: null } });
    expect((await decide('admin', again.body.id as string, { status: 'Verified' })).body.status).toBe('Verified');
    expect((await call('mona', 'GET', '/payments/stripe/verification-session')).body).toMatchObject({
      id: again.body.id,
      status: 'Verified',
    });
    expect((await call('mona', 'GET', '/payments/stripe/payment-info')).body.stripeIdentityStatus).toBe('Verified');
    expect((await call('mona', 'POST', '/payments/stripe/verification-session', {})).status).toBe(409);
    expect((await decide('admin', again.body.id as string, { status: 'Verified' })).status).toBe(409);
    expect(
      (await call('mona', 'POST', '/payments/stripe/verification-session', { returnUrl: 'javascript:alert(1)' }))
        .status,
    ).toBe(400);
  });

  it("opens a seller's payout account, links onboarding, and reports readiness", async () => {
    const nina = await me('nina');
    expect((await call('nina', 'GET', '/payments/stripe/connected')).status).toBe(404);
    expect((await call('omar', 'GET', `/payments/stripe/connected/${nina}`)).body).toEqual({
      userId: nina,
      sellerEnabled: false,
      hasPayoutAccount: false,
      canBePaid: false,
      canSell: false,
    });

    const opened = await call('nina', 'POST', '/payments/stripe/connected');
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ chargesEnabled: false, payoutsEnabled: false, canBePaid: false });
    expect(opened.body.requirementsDue).toContain('external_account');
    const accountId = opened.body.stripeUserId as string;
    expect(accountId).toMatch(/^acct_local_/);
    const reopened = await call('nina', 'POST', '/payments/stripe/connected');
    expect(reopened).toMatchObject({ status: 200, body: { stripeUserId: accountId } });

    const urls = { returnUrl: 'https://app.market.test/payouts/done', refreshUrl: 'https://app.market.test/payouts' };
    const link = await call('nina', 'POST', '/payments/stripe/account-link', urls);
    expect(link.status).toBe(201);
    expect(link.body.stripeUserId).toBe(accountId);
    expect(link.body.url).toBe(`https://app.market.test/payouts/done?account=${accountId}`);
    expect(Date.parse(link.body.expiresAt as string)).toBeGreaterThan(Date.now());
    expect((await call('nina', 'POST', '/payments/stripe/account-link', { returnUrl: urls.returnUrl })).status).toBe(
      400,
    );
    expect(
      (await call('nina', 'POST', '/payments/stripe/account-link', { ...urls, refreshUrl: 'myapp://payouts' })).status,
    ).toBe(400);

    const onboard = (user: string, outcome: string) =>
      call(user, 'POST', `/payments/stripe/connected/${accountId}/onboarding`, { outcome });
    expect((await onboard('nina', 'completed')).status).toBe(403);
    expect((await onboard('admin', 'approved')).status).toBe(400);
    const done = await onboard('admin', 'completed');
    expect(done.body).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
      canBePaid: true,
    });
    expect((await call('nina', 'GET', '/payments/stripe/connected')).body).toMatchObject({
      canBePaid: true,
      canSell: false,
    });

    await database.db.execute(sql`UPDATE users SET seller_enabled = true WHERE id = ${nina}`);
    const readiness = await call('omar', 'GET', `/payments/stripe/connected/${nina}`);
    expect(readiness.body).toEqual({
      userId: nina,
      sellerEnabled: true,
      hasPayoutAccount: true,
      canBePaid: true,
      canSell: true,
    });
    // Readiness names no account: others never see the payout account's id.
    expect(JSON.stringify(readiness.body)).not.toContain(accountId);
    expect((await call('nina', 'GET', '/payments/stripe/payment-info')).body).toMatchObject({
      stripeUserId: accountId,
      payoutAccount: { canSell: true },
    });
    expect((await call('omar', 'GET', '/payments/stripe/connected/nobody')).status).toBe(404);
  });

  it('replaces a payout account id the provider does not know (seeded data) with a real one', async () => {
    const paul = await me('paul');
    await database.db.execute(sql`UPDATE users SET stripe_user_id = 'acct_seeded0000' WHERE id = ${paul}`);
    expect((await call('omar', 'GET', `/payments/stripe/connected/${paul}`)).body.hasPayoutAccount).toBe(false);
    const opened = await call('paul', 'POST', '/payments/stripe/connected');
    expect(opened.status).toBe(201);
    expect(opened.body.stripeUserId).toMatch(/^acct_local_/);
  });
});
