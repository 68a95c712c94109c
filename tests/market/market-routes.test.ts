// The buyer/seller API through the real app (app.inject, embedded PGlite, a fake identity at the
// token edge): listing defaults, buy-now stock events, bids and their 409s, giveaway entries,
// offers, chat and the admin-shaped events it pushes.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { closeDueListings } from '../../server/modules/auctions/auction-closer.js';
import { chargeOrder } from '../../server/modules/orders/orders.js';
import { enableSellers, fakeIdentity, type RecordedEvent, recordingPublisher, marketCall } from './market-db.js';

describe('market routes', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({
      database,
      identity: fakeIdentity,
    });
    app.market.events.attach(recordingPublisher(log));
    // Only an enabled seller lists and accepts offers (selling.ts).
    await enableSellers(app, 'seller');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const events = (name: string, kind: 'admin' | 'market' = 'market') =>
    log.filter((event) => event.name === name && event.kind === kind);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

  it('documents the market routes in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/bid', '/v1/listing', '/v1/giveaway-entry', '/v1/offer/{id}/accept', '/v1/message']),
    );
  });

  it('refuses writes without a valid token', async () => {
    expect((await call(null, 'POST', '/bid', { listingId: 'x', amount: 1 })).status).toBe(401);
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/bid',
      headers: { authorization: 'Bearer nope' },
      payload: {},
    });
    expect(refused.statusCode).toBe(401);
  });

  it('answers 401 on every secured market route without a token, whatever the body', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    };
    const secured = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security && !operation.tags?.includes('admin'))
        .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'x') })),
    );
    expect(secured.length).toBeGreaterThan(30);
    for (const route of secured) {
      const response = await app.inject({
        method: route.method as 'GET',
        url: route.url,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect({ ...route, status: response.statusCode }).toEqual({ ...route, status: 401 });
    }
  });

  it('creates a buy-now listing with the create-listing defaults and sells its one unit once', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Vintage lamp', price: 40 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      listingType: 'default',
      status: 'active',
      currency: 'USD',
      inStock: 1,
      massUnit: 'oz',
      weight: 12,
      shippingType: 'seller_pays',
      price: 40,
    });
    const listingId = created.body.id as string;
    const bought = await call('buyer', 'POST', '/order', { listingId });
    expect(bought).toMatchObject({ status: 201, body: { status: 'PAYMENT_CONFIRMED' } });
    expect(events('stockDecremented').at(-1)?.payload).toEqual({ listingId, inStock: 0 });
    expect(events('itemOutOfStock').at(-1)?.payload).toEqual({ listingId, inStock: 0 });
    expect(events('listingStockEmpty').at(-1)?.payload).toEqual({ listingId, inStock: 0 });
    const again = await call('buyer2', 'POST', '/payments/with-order', { listingId });
    expect(again.status).toBe(409);
    const purchased = await call('buyer', 'GET', '/order/purchased');
    expect(purchased.body.items).toEqual([expect.objectContaining({ price: 40, status: 'PAYMENT_CONFIRMED' })]);
  });

  it('takes bids with max bids and answers a low bid with 409 and the minimum', async () => {
    const created = await call('seller', 'POST', '/listing', {
      title: 'Signed card',
      listingType: 'auction',
      startingBid: 10,
    });
    const listingId = created.body.id as string;
    const low = await call('buyer', 'POST', '/bid', { listingId, amount: 5 });
    expect(low).toEqual({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Bid must be at least $10.00' },
    });
    const first = await call('buyer', 'POST', '/bid', { listingId, amount: 10, maxBid: 50 });
    expect(first.body).toMatchObject({ outcome: 'leading', currentBid: 10, isLeading: true });
    const second = await call('buyer2', 'POST', '/bid', { listingId, amount: 20 });
    // buyer's proxy answers at once: 20 + the $0.50 increment.
    expect(second.body).toMatchObject({ outcome: 'outbid', currentBid: 20.5, isLeading: false });
    expect((await call('buyer', 'GET', `/listing/${listingId}/maxbid`)).body).toEqual({ listingId, maxBid: 50 });
    expect((await call('buyer2', 'GET', `/listing/${listingId}/maxbid`)).body).toEqual({ listingId, maxBid: 20 });
    const latest = await call(null, 'GET', `/bid/latest/${listingId}`);
    expect(latest.body).toMatchObject({ currentBid: 20.5, leaderId: await me('buyer'), bidCount: 2 });
    const listed = await call(null, 'GET', `/bid/listing/${listingId}`);
    expect(listed.body.count).toBe(2);
    const adminBid = events('newBid', 'admin').at(-1)?.payload as { listing: { id: string }; amount: number };
    expect(adminBid).toMatchObject({ type: 'bid', amount: 20, listing: { id: listingId, title: 'Signed card' } });
    expect(events('userOutbid').length).toBe(0);
    const own = await call('seller', 'POST', '/bid', { listingId, amount: 100 });
    expect(own.body.message).toBe('Sellers cannot bid on their own listing');
  });

  it('answers a bid the bidder already has (the same maximum again) with 409 and bidAlreadyExists to them', async () => {
    const created = await call('seller', 'POST', '/listing', {
      title: 'Rookie card',
      listingType: 'auction',
      startingBid: 5,
    });
    const listingId = created.body.id as string;
    expect((await call('buyer', 'POST', '/bid', { listingId, amount: 5, maxBid: 30 })).status).toBe(200);
    const before = log.length;

    const again = await call('buyer', 'POST', '/bid', { listingId, amount: 5, maxBid: 30 });
    const message = 'Your maximum bid is already $30.00; a new maximum must be higher';
    expect(again).toEqual({ status: 409, body: { statusCode: 409, error: 'Conflict', message } });
    const told = log.slice(before);
    expect(told).toEqual([
      {
        kind: 'market',
        name: 'bidAlreadyExists',
        rooms: [`user:${await me('buyer')}`],
        payload: { listingId, message },
      },
    ]);

    // A refusal of any other kind (below the minimum) is only a 409.
    const low = await call('buyer2', 'POST', '/bid', { listingId, amount: 1 });
    expect(low.status).toBe(409);
    expect(log.slice(before + 1)).toEqual([]);
    expect((await call(null, 'GET', `/bid/latest/${listingId}`)).body).toMatchObject({ bidCount: 1 });
  });

  it('extends an auction when a bid lands in its last 30 seconds', async () => {
    const endTime = Date.now() + 10_000;
    const created = await call('seller', 'POST', '/listing', {
      title: 'Last-second lot',
      listingType: 'auction',
      startingBid: 1,
      endTime: String(endTime),
    });
    const listingId = created.body.id as string;
    const bid = await call('buyer', 'POST', '/bid', { listingId, amount: 1 });
    expect(Number(bid.body.endTime)).toBeGreaterThan(endTime);
    expect(events('listingEndTimeIncremented').at(-1)?.payload).toEqual({ listingId, endTime: bid.body.endTime });
    expect((await call(null, 'GET', `/listing/${listingId}`)).body.endTime).toBe(bid.body.endTime);
  });

  it("ends an auction early on the seller's word: the closer sells it to the leader once", async () => {
    const created = await call('seller', 'POST', '/listing', {
      title: 'Quick sale',
      listingType: 'auction',
      startingBid: 3,
    });
    const listingId = created.body.id as string;
    await call('buyer2', 'POST', '/bid', { listingId, amount: 3, maxBid: 9 });
    expect((await call('buyer', 'PATCH', `/listing/${listingId}/ended`)).status).toBe(404);
    expect((await call('seller', 'PATCH', `/listing/${listingId}/ended`)).status).toBe(200);
    const first = await closeDueListings(app.market);
    const again = await closeDueListings(app.market);
    expect(first.filter((entry) => entry.listingId === listingId)).toEqual([
      expect.objectContaining({ winnerId: await me('buyer2'), orderStatus: 'PAYMENT_CONFIRMED' }),
    ]);
    expect(again.filter((entry) => entry.listingId === listingId)).toEqual([]);
    expect(events('auctionEnded').at(-1)?.payload).toMatchObject({ listingId, finalPrice: 3 });
    expect((await call(null, 'GET', `/listing/${listingId}`)).body.status).toBe('sold');
    const won = await call('buyer2', 'GET', '/notifications');
    expect(won.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'auctionWon' })]));
  });

  it('takes one giveaway entry per user', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Free sticker', listingType: 'giveaway' });
    const listingId = created.body.id as string;
    expect((await call('buyer', 'POST', '/giveaway-entry', { listingId })).status).toBe(201);
    expect((await call('buyer', 'POST', '/giveaway-entry', { listingId })).status).toBe(409);
    expect((await call('buyer2', 'POST', '/giveaway-entry', { listingId })).body).toMatchObject({ entries: 2 });
    expect(events('giveawayEntriesUpdated', 'admin').at(-1)?.payload).toMatchObject({
      type: 'giveawayEntry',
      listing: { id: listingId },
    });
  });

  it('moves offers from PENDING to ACCEPTED (with an order) or DECLINED', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Desk', price: 100, inStock: 2 });
    const listingId = created.body.id as string;
    const offer = await call('buyer', 'POST', '/offer', { listingId, amount: 80 });
    expect(offer.body).toMatchObject({ status: 'PENDING', amount: 80 });
    expect((await call('buyer', 'POST', `/offer/${offer.body.id as string}/accept`)).status).toBe(404);
    const accepted = await call('seller', 'POST', `/offer/${offer.body.id as string}/accept`);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', orderStatus: 'PAYMENT_CONFIRMED' });
    expect((await call(null, 'GET', `/listing/${listingId}`)).body.inStock).toBe(1);
    const second = await call('buyer2', 'POST', '/offer', { listingId, amount: 50 });
    const declined = await call('seller', 'POST', `/offer/${second.body.id as string}/decline`);
    expect(declined.body.status).toBe('DECLINED');
    expect((await call('seller', 'POST', `/offer/${second.body.id as string}/accept`)).status).toBe(409);
  });

  it('pays a PAYMENT_FAILED order again through its buyer only; any other retry is 409 with the reason', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Retried lamp', price: 30 });
    const listingId = created.body.id as string;
    const ledger = app.market.charges;
    app.market.charges = { charge: async () => ({ status: 'failed', externalId: null, message: 'Card declined' }) };
    let orderId: string;
    try {
      expect((await call('buyer', 'POST', '/order', { listingId })).status).toBe(402);
      const [failed] = await queryRows<{ id: string; status: string }>(
        database.db,
        sql`SELECT id, status FROM orders WHERE listing_id = ${listingId}`,
      );
      expect(failed!.status).toBe('PAYMENT_FAILED');
      orderId = failed!.id;
      // Declined again: the order stays PAYMENT_FAILED (no move), with one more failed payment.
      expect(await call('buyer', 'POST', '/payments/retry', { orderId })).toMatchObject({
        status: 200,
        body: { orderId, status: 'PAYMENT_FAILED' },
      });
    } finally {
      app.market.charges = ledger;
    }
    const payments = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM transactions WHERE order_id = ${orderId} AND type = 'order_payment'`,
    );
    expect(payments).toEqual([{ status: 'failed' }, { status: 'failed' }]);
    expect((await call('buyer2', 'POST', '/payments/retry', { orderId })).status).toBe(404);
    expect(await call('buyer', 'POST', '/payments/retry', { orderId })).toMatchObject({
      status: 200,
      body: { orderId, status: 'PAYMENT_CONFIRMED' },
    });
    expect(await call('buyer', 'POST', '/payments/retry', { orderId })).toMatchObject({
      status: 409,
      body: { message: 'This order does not await payment: Order is already PAYMENT_CONFIRMED' },
    });
    await database.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${orderId}`);
    expect(await call('buyer', 'POST', '/payments/retry', { orderId })).toMatchObject({
      status: 409,
      body: { message: 'This order does not await payment: Order is cancelled' },
    });

    // A payment that read the order before another writer moved it records nothing.
    const [order] = await queryRows<{ listing_id: string; seller_id: string; buyer_id: string; price_cents: number }>(
      database.db,
      sql`SELECT listing_id, seller_id, buyer_id, price_cents FROM orders WHERE id = ${orderId}`,
    );
    const stale = database.db.transaction((tx) =>
      chargeOrder(
        tx,
        app.market.charges,
        {
          orderId,
          listingId: order!.listing_id,
          sellerId: order!.seller_id,
          buyerId: order!.buyer_id,
          priceCents: Number(order!.price_cents),
          shippingPriceCents: 0,
          status: 'PAYMENT_FAILED',
        },
        { attempt: 9, actor: 'buyer', strikeOnFailure: false },
      ),
    );
    await expect(stale).rejects.toMatchObject({
      statusCode: 409,
      message: 'Order is no longer PAYMENT_FAILED: its payment was not recorded',
    });
    const recorded = await queryRows(database.db, sql`SELECT id FROM transactions WHERE order_id = ${orderId}`);
    expect(recorded).toHaveLength(4);
    const still = await queryRows(database.db, sql`SELECT status FROM orders WHERE id = ${orderId}`);
    expect(still).toEqual([{ status: 'cancelled' }]);
  });

  it('takes the units of a declined buy-now order only when it is paid again, and refuses once they are gone', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Two mugs', price: 12, inStock: 3 });
    const listingId = created.body.id as string;
    const ledger = app.market.charges;
    app.market.charges = { charge: async () => ({ status: 'failed', externalId: null, message: 'Card declined' }) };
    try {
      expect((await call('buyer', 'POST', '/order', { listingId, quantity: 2 })).status).toBe(402);
    } finally {
      app.market.charges = ledger;
    }
    // The declined purchase took nothing: another buyer may have the units meanwhile.
    expect((await call(null, 'GET', `/listing/${listingId}`)).body.inStock).toBe(3);
    const [declined] = await queryRows<{ id: string; quantity: number }>(
      database.db,
      sql`SELECT id, quantity FROM orders WHERE listing_id = ${listingId}`,
    );
    expect(declined!.quantity).toBe(2);
    const before = log.length;
    expect(await call('buyer', 'POST', '/payments/retry', { orderId: declined!.id })).toMatchObject({
      status: 200,
      body: { status: 'PAYMENT_CONFIRMED' },
    });
    expect((await call(null, 'GET', `/listing/${listingId}`)).body.inStock).toBe(1);
    expect(log.slice(before).find((event) => event.name === 'stockDecremented')?.payload).toEqual({
      listingId,
      inStock: 1,
    });

    // Declined again for two, then someone else buys the last unit: paying now would oversell.
    app.market.charges = { charge: async () => ({ status: 'failed', externalId: null, message: 'Card declined' }) };
    try {
      expect((await call('buyer', 'POST', '/order', { listingId, quantity: 1 })).status).toBe(402);
    } finally {
      app.market.charges = ledger;
    }
    const [late] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM orders WHERE listing_id = ${listingId} AND status = 'PAYMENT_FAILED'`,
    );
    expect((await call('buyer2', 'POST', '/order', { listingId })).status).toBe(201);
    expect(await call('buyer', 'POST', '/payments/retry', { orderId: late!.id })).toMatchObject({
      status: 409,
      body: { message: 'This order can no longer be paid: This listing is not for sale' },
    });
    const charged = await queryRows(
      database.db,
      sql`SELECT id FROM transactions WHERE order_id = ${late!.id} AND status = 'succeeded'`,
    );
    expect(charged).toEqual([]);
    expect((await call(null, 'GET', `/listing/${listingId}`)).body.inStock).toBe(0);
  });

  it('chats: messages reach both users and moderators, read marks, blocking', async () => {
    const sellerId = await me('seller');
    const buyerId = await me('buyer');
    const chat = await call('buyer', 'POST', '/chat', { otherUserId: sellerId });
    const chatId = chat.body.id as string;
    expect((await call('seller', 'POST', '/chat', { otherUserId: buyerId })).body.id).toBe(chatId);
    expect(events('newChat', 'admin').length).toBe(1);
    const posted = await call('buyer', 'POST', '/message', { chatId, message: 'Is it still available?' });
    expect(posted.status).toBe(201);
    const adminMessage = events('newMessage', 'admin').at(-1)!;
    expect(adminMessage.payload).toMatchObject({
      message: 'Is it still available?',
      isSeen: false,
      user: { id: buyerId },
      otherUser: { id: sellerId },
    });
    expect(events('newMessage').at(-1)!.rooms.sort()).toEqual([`user:${buyerId}`, `user:${sellerId}`].sort());
    expect(events('updateChat', 'admin').at(-1)?.payload).toMatchObject({ lastMessage: 'Is it still available?' });
    expect((await call('seller', 'GET', '/chat/count')).body).toEqual({ count: 1 });
    const read = await call('seller', 'PATCH', `/message/mark-as-read/${sellerId}/${buyerId}`);
    expect(read.body).toEqual({ chatId, marked: 1 });
    expect((await call('seller', 'GET', '/chat/count')).body).toEqual({ count: 0 });
    expect((await call('seller', 'GET', `/chat/${buyerId}/${sellerId}`)).body.id).toBe(chatId);
    expect((await call('buyer2', 'GET', `/chat/${buyerId}/${sellerId}`)).status).toBe(403);
    const blocked = await call('seller', 'POST', '/chat/block-chat', { chatId });
    expect(blocked.body).toMatchObject({ blockedUser: { id: buyerId } });
    expect(events('blockChat', 'admin').length).toBe(1);
    expect((await call('buyer', 'POST', '/message', { chatId, message: 'hello?' })).status).toBe(409);
    const notifications = await call('seller', 'GET', '/notifications');
    expect(notifications.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'newMessage' })]));
  });

  it('rates a delivered order once; follows; support requests; notifications read', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Rated mug', price: 12 });
    const bought = await call('buyer', 'POST', '/order', { listingId: created.body.id });
    const orderId = bought.body.orderId as string;
    expect((await call('buyer', 'POST', '/rate', { orderId, rate: 5 })).status).toBe(409);
    await database.db.execute(sql`UPDATE orders SET status = 'SHIPPING_DELIVERED' WHERE id = ${orderId}`);
    expect((await call('buyer2', 'POST', '/rate', { orderId, rate: 5 })).status).toBe(404);
    const rated = await call('buyer', 'POST', '/rate', { orderId, rate: 4, experience: 'As described' });
    expect(rated).toMatchObject({ status: 201, body: { rate: 4, experience: 'As described' } });
    expect((await call('buyer', 'POST', '/rate', { orderId, rate: 5 })).status).toBe(409);
    const sellerId = await me('seller');
    expect((await call(null, 'GET', `/rate/user/${sellerId}`)).body).toMatchObject({ avgRate: 4, totalRatings: 1 });

    expect((await call('buyer', 'POST', '/following', { userId: sellerId })).body).toMatchObject({ following: true });
    expect((await call('buyer', 'GET', `/following/is-following?userId=${sellerId}`)).body).toEqual({
      following: true,
    });
    expect((await call('seller', 'GET', '/following/followers')).body.count).toBe(1);

    const support = await call('buyer', 'POST', '/customer-support/order-issue', {
      orderId,
      issue: 'Damaged Item',
      message: 'The handle is chipped',
    });
    expect(support).toMatchObject({ status: 201, body: { status: 'PENDING', orderId } });

    const before = await call('seller', 'GET', '/notifications');
    expect(before.body.unread).toBeGreaterThan(0);
    await call('seller', 'PATCH', '/notifications/mark-all-as-read');
    expect((await call('seller', 'GET', '/notifications')).body.unread).toBe(0);
  });

  it('posts a user text message on a listing feed as userMessage', async () => {
    const created = await call('seller', 'POST', '/listing', {
      title: 'Poster',
      listingType: 'auction',
      startingBid: 1,
    });
    const listingId = created.body.id as string;
    const posted = await call('buyer', 'POST', `/listing/${listingId}/messages`, { text: 'Great piece' });
    expect(posted.status).toBe(201);
    expect(events('userMessage', 'admin').at(-1)?.payload).toMatchObject({ type: 'text', text: 'Great piece' });
    expect(events('userMessage').at(-1)?.rooms).toEqual([`listing:${listingId}`]);
  });
});
