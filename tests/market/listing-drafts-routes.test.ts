// A seller's drafts, bulk create and publish, saved listings and reports.
// Through the real app (app.inject, embedded PGlite, the fake identity, the local media storage in a
// temp directory); the shared set-up is in listing-tools-app.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enableSellers } from './market-db.js';
import {
  app,
  call,
  database,
  DAY,
  events,
  itemsOf,
  listing,
  subCategoryId,
  useListingToolsApp,
} from './listing-tools-app.js';

describe('listing tools routes', () => {
  useListingToolsApp();

  describe('drafts', () => {
    it('saves an incomplete draft with the create-listing defaults and says what publishing needs', async () => {
      await enableSellers(app, 'dseller');
      const created = await call('dseller', 'POST', '/draft-listing', {
        listingType: 'auction',
        timezone: 'America/New_York',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'draft',
        title: '',
        listingType: 'auction',
        currency: 'USD',
        inStock: 1,
        massUnit: 'oz',
        weight: 12,
        shippingType: 'seller_pays',
        endTime: null,
        timezone: 'America/New_York',
        missing: ['title: a listing needs a title', 'startingBid: an auction needs a starting bid'],
      });
      const draftId = created.body.id as string;
      const publish = await call('dseller', 'PATCH', `/listing/${draftId}/publish`);
      expect(publish).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('title: a listing needs a title') },
      });

      const saved = await call('dseller', 'PUT', `/draft-listing/${draftId}`, {
        title: 'Signed ball',
        listingType: 'auction',
        startingBid: 20,
        subCategoryId,
        auctionEndDate: '2030-01-01',
      });
      expect(saved.body).toMatchObject({
        title: 'Signed ball',
        startingBid: 20,
        subCategoryId,
        missing: [],
        timezone: null,
      });
      expect((await call('dseller', 'GET', `/draft-listing/${draftId}`)).body.auctionEndDate).toBe('2030-01-01');
      const list = await call('dseller', 'GET', '/draft-listing');
      expect(list.body).toMatchObject({ count: 1, items: [{ id: draftId }] });
      expect((await call('dother', 'GET', '/draft-listing')).body.count).toBe(0);
      expect((await call('dother', 'GET', `/draft-listing/${draftId}`)).status).toBe(404);
      expect((await call('dother', 'PUT', `/draft-listing/${draftId}`, { title: 'Mine' })).status).toBe(404);
      expect((await call('dseller', 'GET', '/draft-listing/unknown')).status).toBe(404);

      const published = await call('dseller', 'PATCH', `/listing/${draftId}/publish`);
      expect(published.body).toMatchObject({ status: 'active' });
      // No end time was chosen: it runs the default 7 days from publishing.
      expect(Number(published.body.endTime)).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
      expect((await call('dseller', 'GET', `/draft-listing/${draftId}`)).status).toBe(409);
      expect((await call('dseller', 'PUT', `/draft-listing/${draftId}`, { title: 'x' })).status).toBe(409);
      expect((await call('dseller', 'DELETE', `/draft-listing/${draftId}`)).status).toBe(409);
    });

    it('validates strictly and deletes', async () => {
      expect((await call('dseller', 'POST', '/draft-listing', { title: 'x', colour: 'red' })).status).toBe(400);
      expect((await call('dseller', 'POST', '/draft-listing', { subCategoryId: 'nope' })).body.message).toBe(
        'body/subCategoryId: no such subcategory',
      );
      const soon = Date.now() + 10 * 60_000;
      expect(
        (await call('dseller', 'POST', '/draft-listing', { listingType: 'auction', endTime: soon })).body.message,
      ).toBe('body/endTime: endTime must be at least 1 hour from now');
      const draftId = (await call('dseller', 'POST', '/draft-listing', { title: 'Bin me' })).body.id as string;
      expect((await call('dother', 'DELETE', `/draft-listing/${draftId}`)).status).toBe(404);
      expect((await call('dseller', 'DELETE', `/draft-listing/${draftId}`)).status).toBe(204);
      expect((await call('dseller', 'GET', `/draft-listing/${draftId}`)).status).toBe(404);
    });
  });

  describe('bulk', () => {
    it('creates every listing or none, naming each invalid item by index', async () => {
      await enableSellers(app, 'bseller');
      const refused = await call('bseller', 'POST', '/listing/bulk', {
        listings: [
          { title: 'Ok', price: 5 },
          { title: 'No price' },
          { title: 'Auction', listingType: 'auction', startingBid: 0 },
          { title: 'Bad sub', price: 1, subCategoryId: 'nope' },
        ],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: '3 of 4 listings are invalid; none was created' });
      expect(refused.body.errors).toEqual([
        { index: 1, statusCode: 400, message: 'body/listings/1/price: a buy-now listing needs a price' },
        { index: 2, statusCode: 400, message: 'body/listings/2/startingBid: must be at least 0.01' },
        { index: 3, statusCode: 400, message: 'body/listings/3/subCategoryId: no such subcategory' },
      ]);
      expect((await call('bseller', 'GET', '/listing/seller')).body.count).toBe(0);
      const schema = await call('bseller', 'POST', '/listing/bulk', {
        listings: [{ title: 'Ok', price: 5 }, { price: 1 }],
      });
      expect(schema).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('body/listings/1/title') },
      });
      expect((await call('bseller', 'POST', '/listing/bulk', { listings: [] })).status).toBe(400);
      const tooMany = Array.from({ length: 51 }, (_, i) => ({ title: `L${i}`, price: 1 }));
      expect((await call('bseller', 'POST', '/listing/bulk', { listings: tooMany })).status).toBe(400);

      const created = await call('bseller', 'POST', '/listing/bulk', {
        listings: [
          { title: 'First', price: 5 },
          { title: 'Second', listingType: 'auction', startingBid: 1, subCategoryId },
          { title: 'Third (draft)', draft: true },
        ],
      });
      expect(created.status).toBe(201);
      expect(itemsOf(created.body).map((item: { title: string; status: string }) => [item.title, item.status])).toEqual(
        [
          ['First', 'active'],
          ['Second', 'active'],
          ['Third (draft)', 'draft'],
        ],
      );
    });

    it('publishes many drafts or none, naming each refused id', async () => {
      await enableSellers(app, 'pseller');
      const draft = async (user: string, body: object) =>
        (await call(user, 'POST', '/draft-listing', body)).body.id as string;
      const ready = await draft('pseller', { title: 'Ready', price: 3 });
      const incomplete = await draft('pseller', { title: 'No price' });
      const theirs = await draft('pother', { title: 'Theirs', price: 3 });
      const live = await listing('pseller', { title: 'Live', price: 3 });
      const refused = await call('pseller', 'POST', '/listing/publish-bulk', {
        ids: [ready, incomplete, theirs, live, 'gone'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        {
          id: incomplete,
          statusCode: 400,
          message: 'This draft cannot be published yet: price: a buy-now listing needs a price',
        },
        { id: theirs, statusCode: 404, message: 'Listing not found' },
        { id: live, statusCode: 409, message: 'Only a draft can be published' },
        { id: 'gone', statusCode: 404, message: 'Listing not found' },
      ]);
      expect((await call('pseller', 'GET', `/draft-listing/${ready}`)).body.status).toBe('draft');
      expect((await call('pseller', 'POST', '/listing/publish-bulk', { ids: [theirs] })).status).toBe(404);
      expect((await call('pseller', 'POST', '/listing/publish-bulk', { ids: [ready, ready] })).status).toBe(400);

      const second = await draft('pseller', { title: 'Ready too', listingType: 'giveaway' });
      const before = events('feedListingUpdated').length;
      const published = await call('pseller', 'POST', '/listing/publish-bulk', { ids: [second, ready] });
      expect(published.status).toBe(200);
      expect(itemsOf(published.body).map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
        [second, 'active'],
        [ready, 'active'],
      ]);
      expect(
        events('feedListingUpdated')
          .slice(before)
          .map((event) => event.rooms[0]),
      ).toEqual([`listing:${second}`, `listing:${ready}`]);
    });
  });

  describe('saved listings', () => {
    it('saves idempotently, lists with the listing summary, unsaves', async () => {
      const first = await listing('sseller', { title: 'Watch me', price: 12 });
      const second = await listing('sseller', { title: 'Me too', price: 13 });
      expect((await call('sbuyer', 'POST', '/saved-listing', { listingId: first })).status).toBe(201);
      const again = await call('sbuyer', 'POST', '/saved-listing', { listingId: first });
      expect(again).toEqual({ status: 200, body: { listingId: first, saved: true, created: false } });
      await call('sbuyer', 'POST', '/saved-listing', { listingId: second });
      const saved = await call('sbuyer', 'GET', '/saved-listing');
      expect(saved.body.count).toBe(2);
      expect(itemsOf(saved.body)[0]).toMatchObject({
        id: second,
        title: 'Me too',
        price: 13,
        user: { userName: expect.any(String) },
      });
      expect((await call('sbuyer', 'GET', `/saved-listing/${first}`)).body).toEqual({ listingId: first, saved: true });
      expect((await call('sbuyer', 'DELETE', `/saved-listing/${first}`)).body).toEqual({
        listingId: first,
        saved: false,
      });
      expect((await call('sbuyer', 'DELETE', `/saved-listing/${first}`)).status).toBe(200);
      expect((await call('sbuyer', 'GET', '/saved-listing')).body).toMatchObject({ count: 1, items: [{ id: second }] });
      expect((await call('sother', 'GET', '/saved-listing')).body.count).toBe(0);
    });

    it('refuses unknown listings, drafts and bad bodies', async () => {
      expect((await call('sbuyer', 'POST', '/saved-listing', { listingId: 'nope' })).status).toBe(404);
      const draftId = (await call('sseller', 'POST', '/draft-listing', { title: 'Hidden' })).body.id as string;
      expect((await call('sbuyer', 'POST', '/saved-listing', { listingId: draftId })).status).toBe(404);
      expect((await call('sbuyer', 'POST', '/saved-listing', {})).status).toBe(400);
    });
  });

  describe('reports', () => {
    it('takes one open report per user and listing, never on one’s own listing', async () => {
      const listingId = await listing('rseller', { title: 'Dodgy', price: 1 });
      const report = await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'scam', text: ' Fake ' });
      expect(report).toMatchObject({
        status: 201,
        body: { listingId, reportType: 'scam', text: 'Fake', status: 'open' },
      });
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'other' })).status).toBe(409);
      expect((await call('rother', 'POST', '/listing/report', { listingId, reportType: 'nudity' })).status).toBe(201);
      expect((await call('rseller', 'POST', '/listing/report', { listingId, reportType: 'harmful' })).status).toBe(403);
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId: 'nope', reportType: 'scam' })).status).toBe(
        404,
      );
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'spam' })).status).toBe(400);
      // Once a moderator resolves it, the user may report the listing again.
      await database.db.execute(sql`UPDATE listing_reports SET resolved_at = now() WHERE listing_id = ${listingId}`);
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'scam' })).status).toBe(201);
    });
  });
});
