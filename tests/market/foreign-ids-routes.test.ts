// Somebody else's ids through the real app (app.inject, embedded PGlite, the fake identity): an
// order, offer, chat, draft, listing or shipping document that exists but is not the caller's
// answers exactly as a made-up id does (404, same body), so a stranger cannot probe which ids are
// real. Refusals about the caller's own records stay 409 (the routes' own tests).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { enableSellers, fakeIdentity, marketCall, type MarketMethod } from './market-db.js';

const address = (type: 'DEFAULT' | 'RETURN_ADDRESS') => ({
  firstName: 'Ann',
  lastName: 'Doe',
  addressLineOne: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  type,
});

describe("another user's ids", () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }), rateLimitMax: 10_000 });
    // Only an enabled seller lists and answers offers (selling.ts); the stranger is not one.
    await enableSellers(app, 'fseller');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const idOf = async (answer: Promise<{ status: number; body: Record<string, unknown> }>, key = 'id') => {
    const { status, body } = await answer;
    expect(status).toBeLessThan(300);
    return body[key] as string;
  };

  /** What `user` gets for `route` naming `id`, with the id itself written as {id}. */
  async function answerFor(user: string, route: Route, id: string) {
    const [method, path, body] = route(id);
    const answer = await call(user, method, path, body);
    return { status: answer.status, body: JSON.parse(JSON.stringify(answer.body).replaceAll(id, '{id}')) as unknown };
  }
  type Route = (id: string) => [MarketMethod, string, object?];

  it('answers a stranger naming them exactly as an unknown id: 404', async () => {
    for (const [user, type] of [
      ['fseller', 'RETURN_ADDRESS'],
      ['fbuyer', 'DEFAULT'],
    ] as const) {
      await call(user, 'POST', '/user/shipping-info', address(type));
    }
    const listingId = await idOf(call('fseller', 'POST', '/listing', { title: 'Lamp', price: 40 }));
    const orderId = await idOf(call('fbuyer', 'POST', '/order', { listingId }), 'orderId');
    const offered = await idOf(call('fseller', 'POST', '/listing', { title: 'Vase', price: 40 }));
    const offerId = await idOf(call('fbuyer', 'POST', '/offer', { listingId: offered, amount: 30 }));
    const sellerId = await idOf(call('fseller', 'GET', '/user/my-details'));
    const chatId = await idOf(call('fbuyer', 'POST', '/chat', { otherUserId: sellerId }));
    await call('fbuyer', 'POST', '/message', { chatId, message: 'Hello' });
    const draftId = await idOf(
      call('fseller', 'POST', '/draft-listing', { title: 'Soon', listingType: 'auction', startingBid: 1 }),
    );
    const auctionId = await idOf(
      call('fseller', 'POST', '/listing', { title: 'Clock', listingType: 'auction', startingBid: 1 }),
    );
    const other = await idOf(call('fseller', 'POST', '/listing', { title: 'Mug', price: 5 }));
    const otherOrder = await idOf(call('fbuyer', 'POST', '/order', { listingId: other }), 'orderId');
    const jobId = await idOf(call('fseller', 'POST', '/bulk-shipping', { orderIds: [otherOrder], labelSize: '4x6' }));

    const endTime = Date.now() + 2 * 24 * 3600_000;
    const foreign: [string, Route][] = [
      [orderId, (id) => ['POST', '/bulk-shipping', { orderIds: [id], labelSize: '4x6' }]],
      [orderId, (id) => ['GET', `/order/seller/${id}`]],
      [orderId, (id) => ['PATCH', `/order/${id}/mark-shipped`]],
      [orderId, (id) => ['POST', `/order-group/generate-shipping-label/${id}/4x6`]],
      [orderId, (id) => ['POST', '/payments/retry', { orderId: id }]],
      [orderId, (id) => ['POST', '/rate', { orderId: id, rate: 5 }]],
      [orderId, (id) => ['POST', '/order/skip-reviews', { orderIds: [id] }]],
      [
        orderId,
        (id) => ['POST', '/customer-support/order-issue', { orderId: id, issue: 'Damaged Item', message: 'x' }],
      ],
      [offerId, (id) => ['POST', `/offer/${id}/accept`]],
      [offerId, (id) => ['POST', `/offer/${id}/decline`]],
      [chatId, (id) => ['GET', `/message/chat-messages/${id}`]],
      [chatId, (id) => ['POST', '/message', { chatId: id, message: 'Hi' }]],
      [chatId, (id) => ['POST', '/chat/block-chat', { chatId: id }]],
      [chatId, (id) => ['POST', '/notifications/send-new-message-notification', { chatId: id }]],
      [draftId, (id) => ['GET', `/draft-listing/${id}`]],
      [draftId, (id) => ['PUT', `/draft-listing/${id}`, { title: 'Mine' }]],
      [draftId, (id) => ['DELETE', `/draft-listing/${id}`]],
      [draftId, (id) => ['PATCH', `/listing/${id}/publish`]],
      [draftId, (id) => ['POST', '/listing/publish-bulk', { ids: [id] }]],
      [draftId, (id) => ['PUT', `/listing/end-time/${id}`, { endTime }]],
      [auctionId, (id) => ['PATCH', `/listing/${id}`, { title: 'Mine' }]],
      [auctionId, (id) => ['PATCH', `/listing/${id}/ended`]],
      [auctionId, (id) => ['PATCH', `/listing/${id}/increment-time`, { minutes: 30 }]],
      [jobId, (id) => ['GET', `/bulk-shipping/${id}`]],
      [jobId, (id) => ['GET', `/bulk-shipping/${id}/document`]],
    ];
    for (const [id, route] of foreign) {
      const [method, path] = route('{id}');
      const unknown = await answerFor('fstranger', route, 'no-such-id');
      expect({ route: `${method} ${path}`, ...(await answerFor('fstranger', route, id)) }).toEqual({
        route: `${method} ${path}`,
        ...unknown,
      });
      expect({ route: `${method} ${path}`, status: unknown.status }).toEqual({
        route: `${method} ${path}`,
        status: 404,
      });
    }

    // Their owners still reach them (the bulk document is simply not ready yet).
    expect((await call('fseller', 'GET', `/order/seller/${orderId}`)).status).toBe(200);
    expect((await call('fseller', 'GET', `/draft-listing/${draftId}`)).status).toBe(200);
    expect((await call('fbuyer', 'GET', `/message/chat-messages/${chatId}`)).status).toBe(200);
    expect((await call('fseller', 'GET', `/bulk-shipping/${jobId}`)).status).toBe(200);
  });

  it('keeps a state conflict on the caller’s own record a 409', async () => {
    const listingId = await idOf(call('fseller', 'POST', '/listing', { title: 'Bowl', price: 9 }));
    const orderId = await idOf(call('fbuyer', 'POST', '/order', { listingId }), 'orderId');
    expect((await call('fbuyer', 'POST', '/rate', { orderId, rate: 5 })).status).toBe(409);
    expect((await call('fseller', 'PUT', `/draft-listing/${listingId}`, { title: 'Again' })).status).toBe(409);
  });
});
