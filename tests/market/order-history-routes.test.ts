// Order history, reviews, and the notification, bid and chat reads of one user.
// Through the real app (app.inject, embedded PGlite, the token-<name> fake identity): each route's answer,
// each refusal (401, 400, 403, 404, 409) and the realtime events. Set-up in order-history-app.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../../shared/contract/enums.js';
import { enableSellers } from './market-db.js';
import { app, call, delivered, type Items, me, sold, useOrderHistoryApp } from './order-history-app.js';

describe('order history, reviews, shipping documents and user reads', () => {
  useOrderHistoryApp();

  it('documents every route of the area in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/order',
        '/v1/order/pending-reviews',
        '/v1/order/skip-reviews',
        '/v1/order/purchased-orders/{userId}',
        '/v1/order/sold-orders/{userId}',
        '/v1/order/seller/{id}',
        '/v1/shipping',
        '/v1/shipping/validate-address',
        '/v1/shipping/quote',
        '/v1/bulk-shipping',
        '/v1/bulk-shipping/by-seller',
        '/v1/bulk-shipping/{id}',
        '/v1/bulk-shipping/{id}/document',
        '/v1/notifications/count-by-types',
        '/v1/notifications/mark-as-read-by-types',
        '/v1/notifications/send-new-message-notification',
        '/v1/bid/user/unique/{id}',
        '/v1/chat/user-chats/{id}',
      ]),
    );
    expect(document.paths['/v1/bulk-shipping']!.post!.security).toBeDefined();
    expect(document.paths['/v1/order/sold-orders/{userId}']!.get!.security).toBeUndefined();
  });

  it('answers 401 without a token on the secured routes', async () => {
    for (const [method, url] of [
      ['GET', '/order'],
      ['GET', '/order/pending-reviews'],
      ['POST', '/order/skip-reviews'],
      ['GET', '/order/seller/x'],
      ['POST', '/shipping/quote'],
      ['POST', '/bulk-shipping'],
      ['GET', '/notifications/count-by-types'],
      ['GET', '/chat/user-chats/x'],
    ] as const) {
      expect((await call(null, method, url, method === 'GET' ? undefined : {})).status).toBe(401);
    }
  });

  describe('orders', () => {
    let bought: string;
    let shippedToCarl: string;

    beforeAll(async () => {
      bought = await sold('sally', 'bob', 'Brass compass', 40);
      shippedToCarl = await delivered('sally', 'carl', 'Tin soldier');
      await sold('otto', 'sally', 'Pocket watch', 80);
    });

    it("lists the caller's orders as buyer and seller, each with its side's label", async () => {
      const all = (await call('sally', 'GET', '/order?limit=100')).body as Items;
      const mine = all.items.filter((item) => [bought, shippedToCarl].includes(item.id as string));
      expect(mine).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: bought,
            role: 'seller',
            statusLabel: 'Awaiting Shipping',
            section: 'createLabel',
          }),
          expect.objectContaining({ id: shippedToCarl, role: 'seller', statusLabel: 'Delivered' }),
        ]),
      );
      const purchase = all.items.find((item) => item.role === 'buyer')!;
      expect(purchase).toMatchObject({
        listing: { title: 'Pocket watch' },
        price: 80,
        statusLabel: 'Awaiting Shipping',
      });
      expect(purchase.seller).toEqual({ id: await me('otto'), userName: expect.any(String) });
      // The seller's label details are not the buyer's business.
      expect(purchase).not.toHaveProperty('labelUrl');
      expect(purchase).not.toHaveProperty('labelFailureReason');
      expect(all.count).toBe(all.items.length);
    });

    it('filters by role and status family, and pages with the full count', async () => {
      const sales = (await call('sally', 'GET', '/order?role=seller')).body as Items;
      expect(sales.items.every((item) => item.role === 'seller')).toBe(true);
      const purchases = (await call('sally', 'GET', '/order?role=buyer')).body as Items;
      expect(purchases.items.map((item) => item.role)).toEqual(['buyer']);
      const deliveredSales = (await call('sally', 'GET', '/order?role=seller&statusFamily=delivered')).body as Items;
      expect(deliveredSales.items.map((item) => item.id)).toEqual([shippedToCarl]);
      const page = (await call('sally', 'GET', '/order?limit=1&page=2')).body as Items;
      expect(page.items).toHaveLength(1);
      expect(page.count).toBe(sales.count + purchases.count);
    });

    it('refuses an unknown filter value or query parameter with 400', async () => {
      expect((await call('sally', 'GET', '/order?statusFamily=lost')).status).toBe(400);
      expect((await call('sally', 'GET', '/order?role=admin')).status).toBe(400);
      const typo = await call('sally', 'GET', '/order?stat=delivered');
      expect(typo.status).toBe(400);
      expect(typo.body.message).toContain('stat');
    });

    it('shows one order to its seller only', async () => {
      expect(await call('sally', 'GET', `/order/seller/${bought}`)).toMatchObject({
        status: 200,
        body: { id: bought, statusLabel: 'Awaiting Shipping', buyer: { id: await me('bob') } },
      });
      expect((await call('bob', 'GET', `/order/seller/${bought}`)).status).toBe(404);
      expect((await call('otto', 'GET', `/order/seller/${bought}`)).status).toBe(404);
      expect((await call('sally', 'GET', '/order/seller/nope')).status).toBe(404);
    });

    it("shows a user's public purchases and sales without anything private", async () => {
      const purchases = (await call(null, 'GET', `/order/purchased-orders/${await me('carl')}`)).body as Items;
      expect(purchases.items).toEqual([
        {
          id: shippedToCarl,
          soldAt: expect.any(String),
          listing: { id: expect.any(String), title: 'Tin soldier', listingType: 'default', video: null, price: 25 },
          seller: { id: await me('sally'), userName: expect.any(String), avatar: null },
        },
      ]);
      const sales = (await call(null, 'GET', `/order/sold-orders/${await me('sally')}?limit=1`)).body as Items;
      expect(sales.count).toBeGreaterThanOrEqual(2);
      expect(sales.items).toHaveLength(1);
      expect(JSON.stringify(sales.items)).not.toMatch(/buyer|address|status|shippingPrice/i);
      expect((await call(null, 'GET', '/order/sold-orders/nobody')).status).toBe(404);
      expect((await call(null, 'GET', `/order/sold-orders/${await me('sally')}?limit=0`)).status).toBe(400);
    });
  });

  describe('reviews', () => {
    const orders: string[] = [];
    let undelivered: string;

    beforeAll(async () => {
      for (const title of ['Globe', 'Atlas', 'Sextant']) orders.push(await delivered('otto', 'carl', title));
      undelivered = await sold('otto', 'carl', 'Telescope');
    });
    const pending = async () =>
      ((await call('carl', 'GET', '/order/pending-reviews?limit=100')).body as Items).items.map((item) => item.id);

    it('lists delivered purchases not yet rated nor skipped', async () => {
      const list = (await call('carl', 'GET', '/order/pending-reviews?limit=100')).body as Items;
      expect(list.items.map((item) => item.id)).toEqual(expect.arrayContaining(orders));
      expect(list.items.map((item) => item.id)).not.toContain(undelivered);
      expect(list.items.find((item) => item.id === orders[0])).toMatchObject({
        listing: { title: 'Globe' },
        seller: { id: await me('otto') },
        deliveredAt: expect.any(String),
      });
      expect(list.count).toBe(list.items.length);
    });

    it('drops a rated order', async () => {
      expect((await call('carl', 'POST', '/rate', { orderId: orders[0], rate: 5 })).status).toBe(201);
      expect(await pending()).not.toContain(orders[0]);
    });

    it('skips the review of delivered orders, and skipping twice changes nothing', async () => {
      expect(await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[1]] })).toEqual({
        status: 200,
        body: { orderIds: [orders[1]], newlySkipped: 1 },
      });
      expect(await pending()).not.toContain(orders[1]);
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[1]] })).body).toMatchObject({
        newlySkipped: 0,
      });
      // A skipped review can still be written later.
      expect((await call('carl', 'POST', '/rate', { orderId: orders[1], rate: 4 })).status).toBe(201);
    });

    it('refuses all of them when one cannot be skipped', async () => {
      const refused = await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[2], undelivered] });
      expect(refused).toEqual({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: `Order ${undelivered} was not delivered yet` },
      });
      expect(await pending()).toContain(orders[2]);
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[0]] })).body.message).toBe(
        `Order ${orders[0]} was already rated`,
      );
      expect((await call('bob', 'POST', '/order/skip-reviews', { orderIds: [orders[2]] })).status).toBe(404);
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: ['nope'] })).status).toBe(404);
    });

    it('refuses an empty, repeated or extended body with 400', async () => {
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [] })).status).toBe(400);
      const twice = await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[2], orders[2]] });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toContain('must not name the same order twice');
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[2]], all: true })).status).toBe(
        400,
      );
    });
  });

  describe('notifications', () => {
    let chatId: string;

    beforeAll(async () => {
      chatId = (await call('bob', 'POST', '/chat', { otherUserId: await me('carl') })).body.id as string;
    });

    it('counts unread notifications per type and marks types as read', async () => {
      await call('bob', 'POST', '/message', { chatId, message: 'Hello Carl' });
      const counts = await call('carl', 'GET', '/notifications/count-by-types');
      expect(counts.status).toBe(200);
      const byType = counts.body.byType as Record<string, number>;
      // Every notification type is counted, the review queue's and enforcement's included.
      expect(Object.keys(byType)).toHaveLength(NOTIFICATION_TYPES.length);
      expect(byType.newMessage).toBeGreaterThanOrEqual(1);
      expect(byType.orderStatusUpdate).toBeGreaterThanOrEqual(1);
      expect(counts.body.total).toBe(Object.values(byType).reduce((a, b) => a + b, 0));

      const marked = await call('carl', 'PATCH', '/notifications/mark-as-read-by-types', { types: ['newMessage'] });
      expect(marked.body).toMatchObject({ marked: byType.newMessage, byType: { newMessage: 0 } });
      expect((marked.body.byType as Record<string, number>).orderStatusUpdate).toBe(byType.orderStatusUpdate);
    });

    it('refuses unknown, repeated or no types with 400', async () => {
      for (const types of [['lunch'], [], ['newMessage', 'newMessage']]) {
        expect((await call('carl', 'PATCH', '/notifications/mark-as-read-by-types', { types })).status).toBe(400);
      }
    });

    it('notifies the other participant of a new message, once per chat while unread', async () => {
      const first = await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId });
      expect(first).toMatchObject({
        status: 201,
        body: {
          userId: await me('carl'),
          type: 'newMessage',
          body: 'Hello Carl',
          data: { chatId, senderId: await me('bob') },
          isRead: false,
        },
      });
      // POST /message refreshes the same unread notification rather than stacking one per
      // message, and so does asking again: one badge per chat.
      const unread = async () =>
        ((await call('carl', 'GET', '/notifications/count-by-types')).body.byType as Record<string, number>).newMessage;
      const before = await unread();
      await call('bob', 'POST', '/message', { chatId, message: 'Still there?' });
      await call('bob', 'POST', '/message', { chatId, message: 'Are you there?' });
      expect(await unread()).toBe(before);
      const second = await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId });
      expect(second).toMatchObject({ status: 200, body: { body: 'Are you there?', isRead: false } });
      expect(await unread()).toBe(before);
    });

    it('refuses a stranger, a message already seen, a blocked chat', async () => {
      expect((await call('otto', 'POST', '/notifications/send-new-message-notification', { chatId })).status).toBe(404);
      expect(
        (await call('otto', 'POST', '/notifications/send-new-message-notification', { chatId: 'nope' })).status,
      ).toBe(404);
      // Carl has sent nothing: nothing to notify Bob of.
      expect(
        (await call('carl', 'POST', '/notifications/send-new-message-notification', { chatId })).body,
      ).toMatchObject({ statusCode: 409, message: 'There is no unread message of yours in this chat to notify of' });
      await call('carl', 'PATCH', `/message/mark-as-read/${await me('carl')}/${await me('bob')}`);
      expect((await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId })).status).toBe(409);
      await call('bob', 'POST', '/message', { chatId, message: 'Last one' });
      await call('carl', 'POST', '/chat/block-chat', { chatId });
      expect(
        (await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId })).body,
      ).toMatchObject({ statusCode: 409, message: 'This chat is blocked' });
      expect((await call('bob', 'POST', '/notifications/send-new-message-notification', {})).status).toBe(400);
    });
  });

  describe('bids and chats of one user', () => {
    it('lists the distinct auctions a user bid on, with their highest bid and lead, never their maximum', async () => {
      const end = Date.now() + 3600_000;
      await enableSellers(app, 'otto');
      const first = await call('otto', 'POST', '/listing', {
        title: 'Old map',
        listingType: 'auction',
        startingBid: 10,
        endTime: end,
      });
      const second = await call('otto', 'POST', '/listing', {
        title: 'Old coin',
        listingType: 'auction',
        startingBid: 10,
        endTime: end,
      });
      expect((await call('bob', 'POST', '/bid', { listingId: first.body.id, amount: 10 })).status).toBe(200);
      expect((await call('carl', 'POST', '/bid', { listingId: first.body.id, amount: 20 })).status).toBe(200);
      expect((await call('bob', 'POST', '/bid', { listingId: first.body.id, amount: 30, maxBid: 90 })).status).toBe(
        200,
      );
      expect((await call('bob', 'POST', '/bid', { listingId: second.body.id, amount: 10 })).status).toBe(200);
      expect((await call('carl', 'POST', '/bid', { listingId: second.body.id, amount: 15 })).status).toBe(200);

      const record = (await call(null, 'GET', `/bid/user/unique/${await me('bob')}`)).body as Items;
      expect(record.count).toBe(2);
      expect(record.items).toEqual([
        expect.objectContaining({
          listing: expect.objectContaining({ id: second.body.id, title: 'Old coin', currentBid: 10.5 }),
          highestBid: 10,
          bids: 1,
          isLeading: false,
        }),
        expect.objectContaining({
          // Carl's maximum was 20: Bob's proxy leads one increment above it.
          listing: expect.objectContaining({ id: first.body.id, currentBid: 20.5 }),
          highestBid: 20.5,
          bids: 2,
          isLeading: true,
        }),
      ]);
      expect(JSON.stringify(record)).not.toMatch(/maxBid|:90[,}]/);
      expect(
        ((await call(null, 'GET', `/bid/user/unique/${await me('bob')}?limit=1`)).body as Items).items,
      ).toHaveLength(1);
      expect((await call(null, 'GET', '/bid/user/unique/nobody')).status).toBe(404);
    });

    it("shows a user's chats to that user only", async () => {
      const own = await call('bob', 'GET', `/chat/user-chats/${await me('bob')}`);
      expect(own.status).toBe(200);
      expect((own.body as Items).items.length).toBeGreaterThanOrEqual(1);
      const other = await call('carl', 'GET', `/chat/user-chats/${await me('bob')}`);
      expect(other).toMatchObject({ status: 403, body: { message: 'Only the user themself may read their chats' } });
    });
  });
});
