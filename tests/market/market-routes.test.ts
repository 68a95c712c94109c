// The buyer/seller API: listing defaults, buy-now stock events, bids and their 409s, auction ends,
// giveaway entries and offers.
// Through the real app (app.inject, embedded PGlite, a fake identity at the token edge); the shared
// set-up is in market-app.ts.
import { describe, expect, it } from 'vitest';
import { closeDueListings } from '../../server/modules/auctions/auction-closer.js';
import { app, call, events, log, me, useMarketApp } from './market-app.js';

describe('market routes', () => {
  useMarketApp();

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
      paths: Record<string, Record<string, { security?: Record<string, unknown>[]; tags?: string[] }>>;
    };
    // Those that need the buyer's token (contact-us takes one optionally: `[{}, {bearerAuth: []}]`).
    const needsToken = (security: Record<string, unknown>[] = []) =>
      security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement);
    const secured = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => needsToken(operation.security) && !operation.tags?.includes('admin'))
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
});
