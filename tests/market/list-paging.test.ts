// The buyer/seller `{count, items}` lists that used to answer the page's length (or stop at 100
// rows) as `count`: each now takes `page`/`limit` (10 by default, at most 100) and answers the
// total of matching rows as `count`, pages in the same order and never overlapping.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';

import { createAuction, createUsers, fakeIdentity, type MarketTestDb, startMarketDb } from './market-db.js';
import { canRun } from '../support/service-skips.js';

interface Page {
  count: number;
  items: { id: string }[];
}

// The same lists on both drivers: the one pager's count and page (admin-list.ts), which
// PostgreSQL and PGlite must evaluate alike.
const drivers: ['PGlite' | 'PostgreSQL'][] = canRun('postgres') ? [['PGlite'], ['PostgreSQL']] : [['PGlite']];

describe.each(drivers)('paged buyer/seller lists on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let cluster: MarketTestDb | undefined;
  let opened: TestApp | undefined;

  beforeAll(async () => {
    if (driver === 'PostgreSQL') {
      cluster = await startMarketDb();
      opened = await openTestApp({ database: await cluster.open(5), identity: fakeIdentity });
    } else {
      opened = await openTestApp({ identity: fakeIdentity });
    }
    ({ app, database } = opened);
  }, 60_000);
  afterAll(async () => {
    await opened?.close();
    await cluster?.stop();
  });

  const get = async (user: string, url: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/v1${url}`,
      headers: { authorization: `Bearer token-${user}` },
    });
    return { status: response.statusCode, body: response.json() as Page };
  };
  const me = async (user: string) => (await get(user, '/user/my-details')).body as unknown as { id: string };
  /** `minutes` ago: distinct times, so the expected order is known. */
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const exec = (query: ReturnType<typeof sql>) => queryRows<{ id: string }>(database.db, query);
  const listing = async (sellerId: string, options: { type?: 'default' | 'giveaway'; status?: string } = {}) => {
    const id =
      options.type === 'default'
        ? (
            await exec(
              sql`INSERT INTO listings (user_id, title, listing_type, price_cents) VALUES (${sellerId}, 'Buy now', 'default', 2000)
                  RETURNING id`,
            )
          )[0]!.id
        : await createAuction(database, sellerId, options.type === 'giveaway' ? { type: 'giveaway' } : {});
    if (options.status) await exec(sql`UPDATE listings SET status = ${options.status} WHERE id = ${id} RETURNING id`);
    return id;
  };

  /**
   * `url` lists `total` rows, `expected` first to last (the list's own order): the count is the
   * total on every page, pages of 5 concatenate to the whole list, a page past the end is empty
   * with the same count, the default page holds 10, and a limit over 100 is refused.
   */
  async function expectPaged(user: string, url: string, expected: string[]) {
    const total = expected.length;
    expect(total).toBeGreaterThan(10);
    const join = url.includes('?') ? '&' : '?';
    const all = await get(user, `${url}${join}limit=100`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(total);
    expect(all.body.items.map((item) => item.id)).toEqual(expected);

    const byDefault = await get(user, url);
    expect(byDefault.body).toMatchObject({ count: total });
    expect(byDefault.body.items.map((item) => item.id)).toEqual(expected.slice(0, 10));

    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 5); page += 1) {
      const answer = await get(user, `${url}${join}page=${page}&limit=5`);
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBe(total);
      expect(answer.body.items.length).toBe(Math.min(5, total - (page - 1) * 5));
      seen.push(...answer.body.items.map((item) => item.id));
    }
    expect(seen).toEqual(expected);

    const pastTheEnd = await get(user, `${url}${join}page=${Math.ceil(total / 5) + 1}&limit=5`);
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body).toEqual({ count: total, items: [] });
    expect((await get(user, `${url}${join}limit=101`)).status).toBe(400);
    expect((await get(user, `${url}${join}page=0`)).status).toBe(400);
  }

  it('GET /bid/user and /bid/user/active: every bid of the caller, and those on active auctions', async () => {
    const seller = (await me('bidseller')).id;
    const bidder = (await me('bidder')).id;
    const bids: { id: string; active: boolean }[] = [];
    for (let index = 0; index < 14; index += 1) {
      const active = index % 5 !== 0;
      const listingId = await listing(seller, active ? {} : { status: 'sold' });
      const [bid] = await exec(
        sql`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents, created_at)
            VALUES (${listingId}, ${bidder}, 600, 700, ${ago(index)}) RETURNING id`,
      );
      bids.push({ id: bid!.id, active });
    }
    await expectPaged(
      'bidder',
      '/bid/user',
      bids.map((bid) => bid.id),
    );
    await expectPaged(
      'bidder',
      '/bid/user/active',
      bids.filter((bid) => bid.active).map((bid) => bid.id),
    );
  });

  it('GET /listing/{id}/messages: the whole auction feed', async () => {
    const seller = (await me('feedseller')).id;
    const listingId = await listing(seller);
    const ids: string[] = [];
    for (let index = 0; index < 13; index += 1) {
      const [row] = await exec(
        sql`INSERT INTO auction_messages (listing_id, user_id, type, text, created_at)
            VALUES (${listingId}, ${seller}, 'text', ${`Line ${index}`}, ${ago(index)}) RETURNING id`,
      );
      ids.push(row!.id);
    }
    await expectPaged('feedseller', `/listing/${listingId}/messages`, ids);
  });

  it('GET /offer: the offers the caller made or received', async () => {
    const seller = (await me('offerseller')).id;
    const buyer = (await me('offerbuyer')).id;
    const listingId = await listing(seller, { type: 'default' });
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const [row] = await exec(
        sql`INSERT INTO offers (listing_id, buyer_id, amount_cents, status, created_at)
            VALUES (${listingId}, ${buyer}, ${1000 + index}, 'DECLINED', ${ago(index)}) RETURNING id`,
      );
      ids.push(row!.id);
    }
    await expectPaged('offerbuyer', '/offer', ids);
    await expectPaged('offerseller', '/offer', ids);
  });

  it('GET /order/purchased and /order/sold: every order of the buyer and of the seller', async () => {
    const seller = (await me('orderseller')).id;
    const buyer = (await me('orderbuyer')).id;
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const listingId = await listing(seller, { type: 'default', status: 'sold' });
      const [row] = await exec(
        sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at)
            VALUES (${listingId}, ${seller}, ${buyer}, 2000, 'PAYMENT_CONFIRMED', ${ago(index)}) RETURNING id`,
      );
      ids.push(row!.id);
    }
    await expectPaged('orderbuyer', '/order/purchased', ids);
    await expectPaged('orderseller', '/order/sold', ids);
    expect((await get('orderbuyer', '/order/sold')).body).toEqual({ count: 0, items: [] });
  });

  it('GET /chat, /chat/user-chats/{id} and /message/chat-messages/{id}: every chat and every message', async () => {
    const chatter = (await me('chatter')).id;
    const others = await createUsers(database, 12, 'peer');
    const chats: string[] = [];
    for (const [index, other] of others.entries()) {
      const [row] = await exec(
        sql`INSERT INTO chats (user_id, other_user_id, created_at, updated_at)
            VALUES (${chatter}, ${other}, ${ago(index)}, ${ago(index)}) RETURNING id`,
      );
      chats.push(row!.id);
    }
    await expectPaged('chatter', '/chat', chats);
    await expectPaged('chatter', `/chat/user-chats/${chatter}`, chats);

    const messages: string[] = [];
    for (let index = 0; index < 13; index += 1) {
      const [row] = await exec(
        sql`INSERT INTO chat_messages (chat_id, user_id, message, created_at)
            VALUES (${chats[0]!}, ${index % 2 ? chatter : others[0]!}, ${`Hello ${index}`}, ${ago(index)}) RETURNING id`,
      );
      messages.push(row!.id);
    }
    await expectPaged('chatter', `/message/chat-messages/${chats[0]!}`, messages);
  });

  it('GET /listing/entered-giveaways: every giveaway the caller entered', async () => {
    const seller = (await me('giver')).id;
    const entrant = (await me('entrant')).id;
    const ids: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const listingId = await listing(seller, { type: 'giveaway' });
      await exec(
        sql`INSERT INTO giveaway_entries (listing_id, user_id, created_at) VALUES (${listingId}, ${entrant}, ${ago(index)})
            RETURNING id`,
      );
      ids.push(listingId);
    }
    await expectPaged('entrant', '/listing/entered-giveaways', ids);
  });
});
