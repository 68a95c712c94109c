// The buyer/seller lists cost the same few statements whatever the page size: each is one
// declared list paged by the one pager (its count, then its page in one batched read), never one
// lookup per row. Counted as `server/admin-list-queries.test.ts` counts the admin lists'.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/database.js';
import { readRows, sqlRow } from '../../server/platform/db/sql-row.js';
import { auctionMessages, bids, chatMessages, chats, giveawayEntries } from '../../server/platform/db/schema/index.js';
import { useApp } from '../support/app-fixture.js';
import { createAuction, createUsers, fakeIdentity } from './market-db.js';

const ROWS = 30;
let app: FastifyInstance;
let database: Database;
let statements = 0;

useApp({ identity: fakeIdentity, rateLimitMax: 5_000 }, (opened) => {
  ({ app, database } = opened);
  const execute = database.db.execute.bind(database.db);
  database.db.execute = ((query: Parameters<typeof execute>[0]) => {
    statements++;
    return execute(query);
  }) as typeof database.db.execute;
});

async function get(url: string): Promise<{ count: number; items: unknown[] }> {
  const answer = await app.inject({
    method: 'GET',
    url: `/v1${url}`,
    headers: { authorization: 'Bearer token-lister' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function statementsFor(url: string): Promise<number> {
  statements = 0;
  const page = await get(url);
  expect(page.count).toBeGreaterThanOrEqual(ROWS);
  return statements;
}

const urls: Record<string, string> = {};

beforeAll(async () => {
  const me = (
    await app.inject({ method: 'GET', url: '/v1/user/my-details', headers: { authorization: 'Bearer token-lister' } })
  ).json<{
    id: string;
  }>().id;
  const [seller] = await createUsers(database, 1, 'seller');
  const peers = await createUsers(database, ROWS, 'peer');
  const auction = await createAuction(database, seller!);
  const ids = (
    schema: typeof chats | typeof chatMessages | typeof bids | typeof auctionMessages | typeof giveawayEntries,
  ) => sqlRow(schema, 'id');
  for (const [index, peer] of peers.entries()) {
    await readRows(
      database.db,
      ids(chats),
      sql`INSERT INTO chats (user_id, other_user_id) VALUES (${me}, ${peer}) RETURNING id`,
    );
    await readRows(
      database.db,
      ids(bids),
      sql`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents) VALUES (${auction}, ${me}, ${600 + index}, 700)
          RETURNING id`,
    );
    await readRows(
      database.db,
      ids(auctionMessages),
      sql`INSERT INTO auction_messages (listing_id, user_id, type, text) VALUES (${auction}, ${peer}, 'text', 'Hi') RETURNING id`,
    );
    const giveaway = await createAuction(database, seller!, { type: 'giveaway' });
    await readRows(
      database.db,
      ids(giveawayEntries),
      sql`INSERT INTO giveaway_entries (listing_id, user_id) VALUES (${giveaway}, ${me}) RETURNING id`,
    );
  }
  const [chat] = await readRows(database.db, ids(chats), sql`SELECT id FROM chats WHERE user_id = ${me} LIMIT 1`);
  for (let index = 0; index < ROWS; index += 1) {
    await readRows(
      database.db,
      ids(chatMessages),
      sql`INSERT INTO chat_messages (chat_id, user_id, message) VALUES (${chat!.id}, ${me}, ${`Hello ${index}`}) RETURNING id`,
    );
  }
  Object.assign(urls, {
    chats: '/chat',
    'chat messages': `/message/chat-messages/${chat!.id}`,
    'auction feed': `/listing/${auction}/messages`,
    "a listing's bids": `/bid/listing/${auction}`,
    "the caller's bids": '/bid/user',
    'entered giveaways': '/listing/entered-giveaways',
    listings: `/listing?sellerId=${seller!}`,
  });
});

describe('buyer/seller list statements', () => {
  it.each([
    'chats',
    'chat messages',
    'auction feed',
    "a listing's bids",
    "the caller's bids",
    'entered giveaways',
    'listings',
  ])('%s: the same few statements for 1 row or 30', async (name) => {
    const url = urls[name]!;
    const join = url.includes('?') ? '&' : '?';
    await statementsFor(`${url}${join}limit=1`); // the caller resolved and remembered
    const one = await statementsFor(`${url}${join}limit=1`);
    expect(await statementsFor(`${url}${join}limit=${ROWS}`)).toBe(one);
    // The caller, the parent's check (a chat, a listing), the count and the page.
    expect(one).toBeLessThanOrEqual(4);
  });
});
