// Paying an order again, chats, ratings, follows, support requests, notifications and feed messages,
// and the admin-shaped events they push.
// Through the real app (app.inject, embedded PGlite, a fake identity at the token edge); the shared
// set-up is in market-app.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { chargeOrder } from '../../server/modules/orders/orders.js';
import { app, call, database, events, log, me, useMarketApp } from './market-app.js';

describe('market routes', () => {
  useMarketApp();

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
    // Two failed payments and the one that went through; the payout waits for delivery (payouts.ts).
    expect(recorded).toHaveLength(3);
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
