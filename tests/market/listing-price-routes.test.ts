// Price guidance, share links and auction end times.
// Through the real app (app.inject, embedded PGlite, the fake identity, the local media storage in a
// temp directory); the shared set-up is in listing-tools-app.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import {
  call,
  database,
  DAY,
  events,
  HOUR,
  listing,
  me,
  subCategoryId,
  useListingToolsApp,
} from './listing-tools-app.js';

describe('listing tools routes', () => {
  useListingToolsApp();

  describe('price guidance', () => {
    it('summarises paid sales of the subcategory and type in the window', async () => {
      const seller = await me('gseller');
      const buyer = await me('gbuyer');
      const sale = async (
        type: 'auction' | 'default',
        cents: number,
        status: string,
        daysAgo: number,
        listPrice = cents,
      ) => {
        const [row] = await queryRows<{ id: string }>(
          database.db,
          sql`INSERT INTO listings (user_id, subcategory_id, title, listing_type, status, price_cents, starting_bid_cents)
              VALUES (${seller}, ${subCategoryId}, 'Sold', ${type}, 'sold', ${type === 'default' ? listPrice : null},
                      ${type === 'auction' ? 100 : null}) RETURNING id`,
        );
        await database.db.execute(
          sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at)
              VALUES (${row!.id}, ${seller}, ${buyer}, ${cents}, ${status}, ${new Date(Date.now() - daysAgo * DAY)})`,
        );
      };
      await sale('auction', 1000, 'PAYMENT_CONFIRMED', 1);
      await sale('auction', 3000, 'Shipped', 10);
      await sale('auction', 2000, 'SHIPPING_DELIVERED', 80);
      await sale('auction', 2500, 'SHIPPING_DELIVERED', 85);
      await sale('auction', 99_900, 'PAYMENT_FAILED', 1);
      await sale('auction', 99_900, 'cancelled', 1);
      await sale('auction', 99_900, 'PAYMENT_CONFIRMED', 200);
      await sale('default', 1500, 'PAYMENT_CONFIRMED', 2, 500);

      const prices = await call(
        'gseller',
        'GET',
        `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=auction`,
      );
      expect(prices.body).toMatchObject({ days: 90, count: 4, min: 10, median: 22.5, max: 30 });
      const week = await call(
        'gseller',
        'GET',
        `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=auction&days=7`,
      );
      expect(week.body).toMatchObject({ count: 1, min: 10, median: 10, max: 10 });
      // A buy-now order of three units at $5: the unit price counts.
      const buyNow = await call(
        'gseller',
        'GET',
        `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=default`,
      );
      expect(buyNow.body).toMatchObject({ count: 1, min: 5, median: 5, max: 5 });
      const [category] = await queryRows<{ category_id: string }>(
        database.db,
        sql`SELECT category_id FROM subcategories WHERE id = ${subCategoryId}`,
      );
      const [empty] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO subcategories (category_id, title) VALUES (${category!.category_id}, 'Hockey') RETURNING id`,
      );
      expect(
        (await call('gseller', 'GET', `/listing/listing-prices?subCategoryId=${empty!.id}&listingType=auction`)).body,
      ).toMatchObject({
        count: 0,
        min: null,
        median: null,
        max: null,
      });
      expect(
        (await call('gseller', 'GET', `/listing/listing-prices?subCategoryId=nope&listingType=auction`)).status,
      ).toBe(404);
      expect(
        (await call('gseller', 'GET', `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=giveaway`))
          .status,
      ).toBe(400);
      expect(
        (
          await call(
            'gseller',
            'GET',
            `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=auction&days=0`,
          )
        ).status,
      ).toBe(400);
      expect((await call('gseller', 'GET', `/listing/listing-prices?listingType=auction`)).status).toBe(400);
    });
  });

  describe('share', () => {
    it('gives a public share payload and hides drafts', async () => {
      const buyNow = await listing('hseller', { title: 'Vintage lamp', price: 40 });
      const shared = await call(null, 'GET', `/listing/share/${buyNow}`);
      expect(shared).toEqual({
        status: 200,
        body: {
          listingId: buyNow,
          url: `https://app.test/listing/${buyNow}`,
          title: 'Vintage lamp',
          priceText: 'Buy now $40.00',
          text: `Vintage lamp · Buy now $40.00\nhttps://app.test/listing/${buyNow}`,
          status: 'active',
          seller: expect.any(String),
          video: null,
        },
      });
      const auction = await listing('hseller', { title: 'Cards', listingType: 'auction', startingBid: 2.5 });
      expect((await call(null, 'GET', `/listing/share/${auction}`)).body.priceText).toBe('Starting bid $2.50');
      // One bid of $3 leads at the starting bid (proxy bidding keeps the rest as its maximum).
      await call('hbuyer', 'POST', '/bid', { listingId: auction, amount: 3 });
      expect((await call(null, 'GET', `/listing/share/${auction}`)).body.priceText).toBe('Current bid $2.50');
      const giveaway = await listing('hseller', { title: 'Free', listingType: 'giveaway' });
      expect((await call(null, 'GET', `/listing/share/${giveaway}`)).body.priceText).toBe('Free giveaway');
      const draftId = (await call('hseller', 'POST', '/draft-listing', { title: 'Secret' })).body.id as string;
      expect((await call(null, 'GET', `/listing/share/${draftId}`)).status).toBe(404);
      expect((await call(null, 'GET', '/listing/share/nope')).status).toBe(404);
    });
  });

  describe('end time', () => {
    it('reads publicly and sets it for a draft or an auction without bids, within bounds', async () => {
      const auction = await listing('eseller', { title: 'Timed', listingType: 'auction', startingBid: 1 });
      const read = await call(null, 'GET', `/listing/end-time/${auction}`);
      expect(read.body).toMatchObject({
        listingId: auction,
        listingType: 'auction',
        status: 'active',
        endTime: expect.any(String),
      });
      const target = Date.now() + 2 * DAY;
      const set = await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: String(target) });
      expect(set).toMatchObject({ status: 200, body: { endTime: String(target) } });
      expect(events('feedListingUpdated').at(-1)?.rooms).toEqual([`listing:${auction}`]);
      expect((await call('eother', 'PUT', `/listing/end-time/${auction}`, { endTime: target })).status).toBe(404);
      expect(
        (await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: Date.now() - 1 })).body.message,
      ).toBe('body/endTime: endTime must be in the future');
      expect(
        (await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: Date.now() + 15 * DAY })).status,
      ).toBe(400);
      expect((await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: 'tomorrow' })).status).toBe(400);
      // A time a timestamp column cannot hold (the year 10000 on) is a 400 when a listing is made,
      // never a 500 (the fuzz found a giveaway ending in the year 27833).
      for (const endTime of [816_166_290_322_014, '253402300800000']) {
        const far = await call('eseller', 'POST', '/listing', { title: 'Far off', listingType: 'giveaway', endTime });
        expect(far.status).toBe(400);
      }
      // So is a subcategory nobody made (its foreign key refused the insert with a 500: the fuzz again).
      const lost = await call('eseller', 'POST', '/listing', { title: 'Lost', price: 5, subCategoryId: 'no-such' });
      expect(lost).toMatchObject({ status: 400, body: { message: 'body/subCategoryId: no such subcategory' } });

      await call('ebuyer', 'POST', '/bid', { listingId: auction, amount: 1 });
      expect((await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: target + HOUR })).status).toBe(
        409,
      );

      const draftId = (await call('eseller', 'POST', '/draft-listing', { title: 'Later', listingType: 'giveaway' }))
        .body.id as string;
      expect((await call(null, 'GET', `/listing/end-time/${draftId}`)).status).toBe(404);
      expect((await call('eseller', 'PUT', `/listing/end-time/${draftId}`, { endTime: target })).body.endTime).toBe(
        String(target),
      );
      const buyNow = await listing('eseller', { title: 'Lamp', price: 1 });
      expect((await call('eseller', 'PUT', `/listing/end-time/${buyNow}`, { endTime: target })).status).toBe(409);
      expect((await call('eseller', 'PUT', '/listing/end-time/nope', { endTime: target })).status).toBe(404);
    });

    it('extends a running auction by bounded minutes and tells the listing room', async () => {
      const auction = await listing('iseller', { title: 'Live', listingType: 'auction', startingBid: 1 });
      const before = Number((await call(null, 'GET', `/listing/end-time/${auction}`)).body.endTime);
      const extended = await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 30 });
      expect(extended).toMatchObject({ status: 200, body: { endTime: String(before + 30 * 60_000) } });
      expect(events('listingEndTimeIncremented').at(-1)).toMatchObject({
        rooms: [`listing:${auction}`],
        payload: { listingId: auction, endTime: String(before + 30 * 60_000) },
      });
      expect((await call('iother', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 30 })).status).toBe(404);
      expect((await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 0 })).status).toBe(400);
      expect((await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 1441 })).status).toBe(
        400,
      );
      // 7 days left + 24 h, eight times over, would pass 14 days from now.
      let last = 200;
      for (let i = 0; i < 8 && last === 200; i += 1) {
        last = (await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 1440 })).status;
      }
      expect(last).toBe(400);
      const buyNow = await listing('iseller', { title: 'Lamp', price: 1 });
      expect((await call('iseller', 'PATCH', `/listing/${buyNow}/increment-time`, { minutes: 5 })).status).toBe(409);
      const ended = await listing('iseller', { title: 'Done', listingType: 'auction', startingBid: 1 });
      await call('iseller', 'PATCH', `/listing/${ended}/ended`);
      expect((await call('iseller', 'PATCH', `/listing/${ended}/increment-time`, { minutes: 5 })).body).toMatchObject({
        statusCode: 409,
        message: 'This auction has already ended',
      });
      expect((await call('iseller', 'PATCH', '/listing/nope/increment-time', { minutes: 5 })).status).toBe(404);
    });
  });
});
