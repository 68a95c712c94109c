// Listing versions and the bid lock (DECISIONS "Sellers over time"), route by route, run on both
// drivers: listing-versions-routes.test.ts (PGlite) and listing-versions-postgres.test.ts
// (PostgreSQL). Every change to a listing's title, description, price, starting bid or video keeps
// the values before and after, who and when, newest first; once an auction has a bid its seller may
// only add to the end of the description (409 editLockedByBids), while an admin may still edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingVersion } from '../../shared/contract/admin-listing-version-routes.js';
import { createAuction, enableSellers } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';

export function listingVersionsSuite(start: () => Promise<ReviewApp>) {
  let t: ReviewApp;
  let sellerId: string;
  const call: ReviewApp['call'] = (...args) => t.call(...args);
  const versions = async (user: string, id: string, query = '') => {
    const answer = await call(user, 'GET', `/admin/listings/active/${id}/versions${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { count: answer.body.count as number, items: ListingVersion.array().parse(answer.body.items) };
  };
  const edit = (id: string, body: object) => call('verseller', 'PATCH', `/listing/${id}`, body);
  const auctionWithBid = async () => {
    const listingId = await createAuction(t.database, sellerId, { startingBidCents: 1000 });
    const bid = await call('verbidder', 'POST', '/bid', { listingId, amount: 10 });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    return listingId;
  };

  beforeAll(async () => {
    t = await start();
    sellerId = (await enableSellers(t.app, 'verseller'))[0]!;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /admin/listings/active/{id}/versions', () => {
    it('keeps every change, newest first, with who made it and the values before and after', async () => {
      const created = await call('verseller', 'POST', '/listing', { title: 'Brass lamp', price: 40, inStock: 2 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect(await versions('mod', id)).toEqual({ count: 0, items: [] });

      expect((await edit(id, { title: 'Brass desk lamp', price: 35.5 })).status).toBe(200);
      expect((await edit(id, { description: 'Works, bulb included.' })).status).toBe(200);
      // Stock and a form sent back unchanged are not versions.
      expect((await edit(id, { inStock: 3, title: 'Brass desk lamp' })).status).toBe(200);
      const byAdmin = await call('admin', 'PATCH', `/admin/listings/active/${id}`, { title: 'Brass lamp (1950s)' });
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);

      const history = await versions('mod', id);
      expect(history.count).toBe(3);
      expect(history.items.map((item) => item.version)).toEqual([3, 2, 1]);
      const [third, second, first] = history.items;
      expect(third).toMatchObject({
        by: null,
        changes: [{ field: 'title', before: 'Brass desk lamp', after: 'Brass lamp (1950s)' }],
      });
      expect(second).toMatchObject({
        by: { id: sellerId, userName: expect.any(String) },
        changes: [{ field: 'description', before: '', after: 'Works, bulb included.' }],
      });
      expect(first!.by?.id).toBe(sellerId);
      expect(first!.changes).toEqual([
        { field: 'title', before: 'Brass lamp', after: 'Brass desk lamp' },
        { field: 'price', before: 40, after: 35.5 },
      ]);
      expect(Date.parse(first!.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(third!.at)).toBeGreaterThanOrEqual(Date.parse(first!.at));

      const paged = await versions('admin', id, '?page=2&limit=2');
      expect(paged.count).toBe(3);
      expect(paged.items.map((item) => item.version)).toEqual([1]);
    });

    it('answers 404 for an unknown or deleted listing, 403 outside the moderating roles, 400 for a bad page', async () => {
      expect((await call('mod', 'GET', '/admin/listings/active/no-such-listing/versions')).status).toBe(404);
      const created = await call('verseller', 'POST', '/listing', { title: 'Gone lamp', price: 5, inStock: 1 });
      const id = created.body.id as string;
      expect((await call('admin', 'DELETE', `/admin/listings/active/${id}`)).status).toBe(204);
      expect((await call('mod', 'GET', `/admin/listings/active/${id}/versions`)).status).toBe(404);
      const live = await auctionWithBid();
      expect((await call('fin', 'GET', `/admin/listings/active/${live}/versions`)).status).toBe(403);
      expect((await call('sup', 'GET', `/admin/listings/active/${live}/versions`)).status).toBe(403);
      expect((await call('verseller', 'GET', `/admin/listings/active/${live}/versions`)).status).toBe(403);
      expect((await call(null, 'GET', `/admin/listings/active/${live}/versions`)).status).toBe(401);
      expect((await call('mod', 'GET', `/admin/listings/active/${live}/versions?limit=0`)).status).toBe(400);
    });
  });

  describe('an auction with bids', () => {
    it('lets its seller add to the end of the description, and keeps that version', async () => {
      const id = await auctionWithBid();
      const appended = await edit(id, { description: 'Signed on the base.' });
      expect(appended.status, JSON.stringify(appended.body)).toBe(200);
      const again = await edit(id, { description: 'Signed on the base. Box included.' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const history = await versions('mod', id);
      expect(history.items[0]!.changes).toEqual([
        { field: 'description', before: 'Signed on the base.', after: 'Signed on the base. Box included.' },
      ]);
    });

    it.each([
      ['a new title', { title: 'Another lot' }],
      ['a rewritten description', { description: 'Something else' }],
      ['a lower starting bid', { startingBid: 1 }],
      ['another end time', { endTime: String(Date.now() + 48 * 3_600_000) }],
      ['a shipping cost', { shippingCost: 9 }],
      ['a new video', { video: 'https://cdn.example.com/another-lot.mp4' }],
    ])('refuses its seller %s with 409 editLockedByBids, and keeps no version', async (_case, body) => {
      const id = await auctionWithBid();
      expect((await edit(id, { description: 'First words.' })).status).toBe(200);
      const refused = await edit(id, body);
      expect(refused).toMatchObject({ status: 409, body: { code: 'editLockedByBids' } });
      expect((await versions('mod', id)).count).toBe(1);
    });

    it('lets an admin still edit it, and keeps that version without a seller', async () => {
      const id = await auctionWithBid();
      const byAdmin = await call('mod', 'PATCH', `/admin/listings/active/${id}`, {
        title: 'Corrected title',
        startingBid: 12,
      });
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
      const [latest] = (await versions('mod', id)).items;
      expect(latest).toMatchObject({ version: 1, by: null });
      expect(latest!.changes).toEqual([
        { field: 'title', before: expect.any(String), after: 'Corrected title' },
        { field: 'startingBid', before: 10, after: 12 },
      ]);
    });

    it('leaves an auction without bids free to edit', async () => {
      const id = await createAuction(t.database, sellerId, { startingBidCents: 1000 });
      const changed = await edit(id, { title: 'Renamed lot', startingBid: 8 });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await versions('mod', id)).items[0]!.changes.map((change) => change.field)).toEqual([
        'title',
        'startingBid',
      ]);
    });
  });
}
