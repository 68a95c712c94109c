// The kept totals (migration 0017) equal a fresh count after seeding and after every kind of write
// that moves a row into or out of a list: insert, soft delete and back, a status change, a chat
// taken down with its messages, a hard delete, a bid by a new and a known bidder. And a searched
// count stops at its cap.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../../shared/contract/list-query.js';
import { countCapOf } from './list-counts.js';
import { cappedCount, keptTotal, type KeptTotal } from './list-counts.js';
import { queryRows, type Database } from './database.js';
import { openMigratedPglite } from '../../../tests/support/pglite-template.js';
import { seedMarketplace } from '../../seeding/seed.js';

/** Each kept total, counted the slow way. */
const FRESH_COUNTS: Record<KeptTotal, string> = {
  users: 'SELECT count(*) FROM users WHERE deleted_at IS NULL',
  activeListings: "SELECT count(*) FROM listings WHERE deleted_at IS NULL AND status = 'active'",
  soldListings: 'SELECT count(*) FROM orders WHERE deleted_at IS NULL',
  ratings: 'SELECT count(*) FROM ratings WHERE deleted_at IS NULL',
  auctionMessages: 'SELECT count(*) FROM auction_messages WHERE deleted_at IS NULL',
  chats: 'SELECT count(*) FROM chats WHERE deleted_at IS NULL',
  chatMessages: `SELECT count(*) FROM chat_messages m JOIN chats c ON c.id = m.chat_id
                  WHERE m.deleted_at IS NULL AND c.deleted_at IS NULL`,
  bidders: 'SELECT count(DISTINCT user_id) FROM bids',
};

describe('kept list totals', () => {
  let database: Database;
  const run = (text: string) => database.runScript(text);
  async function expectExact() {
    const kept: Record<string, number> = {};
    const fresh: Record<string, number> = {};
    for (const [list, query] of Object.entries(FRESH_COUNTS)) {
      kept[list] = await keptTotal(database.db, list as KeptTotal);
      const [row] = await queryRows<{ count: string | number }>(database.db, sql.raw(query));
      fresh[list] = Number(row?.count);
    }
    expect(kept).toEqual(fresh);
    return kept;
  }

  beforeAll(async () => {
    database = await openMigratedPglite();
    await seedMarketplace(database.db, { users: 80, seed: 3, now: new Date('2030-01-01T00:00:00Z') });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('match a fresh count after seeding', async () => {
    const kept = await expectExact();
    for (const total of Object.values(kept)) expect(total).toBeGreaterThan(0);
  });

  it('follow soft deletes, restores, status changes and hard deletes', async () => {
    await run(`UPDATE users SET deleted_at = now() WHERE id IN (SELECT id FROM users ORDER BY id LIMIT 3)`);
    await run(
      `UPDATE listings SET status = 'sold' WHERE id IN (SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 4)`,
    );
    await run(`UPDATE listings SET deleted_at = now() WHERE id IN (SELECT id FROM listings ORDER BY id DESC LIMIT 2)`);
    await run(`UPDATE orders SET deleted_at = now() WHERE id IN (SELECT id FROM orders ORDER BY id LIMIT 2)`);
    await run(`UPDATE ratings SET deleted_at = now() WHERE id IN (SELECT id FROM ratings ORDER BY id LIMIT 2)`);
    await run(
      `UPDATE auction_messages SET deleted_at = now() WHERE id IN (SELECT id FROM auction_messages ORDER BY id LIMIT 3)`,
    );
    await run(
      `UPDATE chat_messages SET deleted_at = now() WHERE id IN (SELECT id FROM chat_messages ORDER BY id LIMIT 3)`,
    );
    await expectExact();
    // Restored: back in the lists.
    await run(
      `UPDATE users SET deleted_at = NULL WHERE id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL ORDER BY id LIMIT 1)`,
    );
    await run(
      `UPDATE auction_messages SET deleted_at = NULL WHERE id IN (SELECT id FROM auction_messages WHERE deleted_at IS NOT NULL LIMIT 1)`,
    );
    // An unrelated change to a listing (the bid path's) moves nothing.
    await run(`UPDATE listings SET bid_count = bid_count + 1`);
    await expectExact();
    await run(`DELETE FROM chat_messages WHERE id IN (SELECT id FROM chat_messages ORDER BY id DESC LIMIT 2)`);
    await expectExact();
  });

  it('take a chat’s messages out with the chat and bring them back with it', async () => {
    const [chat] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT chat_id AS id FROM chat_messages WHERE deleted_at IS NULL GROUP BY chat_id HAVING count(*) > 1 LIMIT 1`,
    );
    const before = await keptTotal(database.db, 'chatMessages');
    await run(`UPDATE chats SET deleted_at = now() WHERE id = '${chat!.id}'`);
    expect(await keptTotal(database.db, 'chatMessages')).toBeLessThan(before - 1);
    await expectExact();
    await run(
      `INSERT INTO chat_messages (chat_id, user_id, message) SELECT id, user_id, 'hidden' FROM chats WHERE id = '${chat!.id}'`,
    );
    await expectExact();
    await run(`UPDATE chats SET deleted_at = NULL WHERE id = '${chat!.id}'`);
    expect(await keptTotal(database.db, 'chatMessages')).toBe(before + 1);
    await expectExact();
  });

  it('count a bidder once, at their first bid', async () => {
    const [known] = await queryRows<{ user_id: string; listing_id: string }>(
      database.db,
      sql`SELECT user_id, listing_id FROM bids LIMIT 1`,
    );
    const [fresh] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM bids) LIMIT 1`,
    );
    const before = await keptTotal(database.db, 'bidders');
    await run(`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents)
               VALUES ('${known!.listing_id}', '${known!.user_id}', 100, 100),
                      ('${known!.listing_id}', '${fresh!.id}', 100, 100),
                      ('${known!.listing_id}', '${fresh!.id}', 200, 200)`);
    expect(await keptTotal(database.db, 'bidders')).toBe(before + 1);
    const [first] = await queryRows<{ recent: boolean }>(
      database.db,
      sql`SELECT first_bid_at > now() - interval '1 minute' AS recent FROM bidders WHERE user_id = ${fresh!.id}`,
    );
    expect(first?.recent).toBe(true);
    await expectExact();
  });

  it('a counted list stops at its cap and says so', async () => {
    await run(`INSERT INTO users (user_name, email)
               SELECT 'capped_' || i, 'capped_' || i || '@example.test' FROM generate_series(1, ${LIST_COUNT_CAP + 5}) i`);
    const count = (where: string, cap: number) => cappedCount(database.db, sql`users u`, sql.raw(where), cap);
    expect(await count(`WHERE u.user_name LIKE 'capped\\_%'`, LIST_COUNT_CAP)).toEqual({
      count: LIST_COUNT_CAP,
      countCapped: true,
    });
    // 1, 10–19, 100–199, 1000–1005 (LIST_COUNT_CAP is 1,000)
    expect(await count(`WHERE u.user_name LIKE 'capped\\_1%'`, LIST_COUNT_CAP)).toEqual({ count: 1 + 10 + 100 + 6 });
    expect(await count(`WHERE u.user_name LIKE 'capped\\_1%'`, LIST_SEARCH_COUNT_CAP)).toEqual({
      count: LIST_SEARCH_COUNT_CAP,
      countCapped: true,
    });
    // 100–199: exactly the cap's matches is no cap yet
    expect(await count(`WHERE u.user_name LIKE 'capped\\_1__'`, LIST_SEARCH_COUNT_CAP)).toEqual({ count: 100 });
    await expectExact();
  });
});

describe('countCapOf', () => {
  const searched = { search: { by: 'or', places: [{ text: 'title' }] } } as const;
  it.each([
    ['a searched list with a term', searched, { search: 'an' }, LIST_SEARCH_COUNT_CAP],
    ['a searched list with only blanks', searched, { search: '  ' }, LIST_COUNT_CAP],
    ['a searched list filtered only', searched, {}, LIST_COUNT_CAP],
    ['a list with no search, sent a term', {}, { search: 'an' }, LIST_COUNT_CAP],
  ])('%s', (_, list, query, cap) => {
    expect(countCapOf(list, query)).toBe(cap);
  });
});
