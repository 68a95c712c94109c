// Every admin list request (default order, each sort key both ways, a common and a rare search,
// page 50) and the statistics call read a bounded amount of data at any size. At this small scale
// the planner would happily read the whole tiny tables, so each statement the request really runs
// is explained with sequential scans (and, for an unsearched page, sorts) discouraged: a plan
// that still has one has no index to go through. A searched statement must go through a trigram
// index.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listPage } from '../../server/platform/db/admin-list.js';
import { openDatabase, pooledPgClient, uncheckedRows } from '../../server/platform/db/database.js';
import { requestRead } from '../../server/platform/db/request-reads.js';
import { soldListingsSource } from '../../server/modules/orders/order-admin.js';
import { LIST_SEARCH_COUNT_CAP } from '../../shared/contract/list-query.js';
import { listRequest, listRequests, recordStatements, type RecordedStatement } from '../support/admin-list-requests.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { canRun } from '../support/service-skips.js';

const postgresAdminUrl = inject('postgresAdminUrl');

const REQUESTS = listRequests(['ava', 'zzq']);

/**
 * Rows no search term matches, so that reading a whole table (or a whole partial index) costs
 * what it does at scale next to a selective trigram lookup: with only the seeded rows the planner
 * rightly prefers walking every row of a tiny table.
 *
 * The orders and ratings go in as the seeder's bulk load puts them (seed-put-back.ts): the
 * seller-standing triggers set aside, then every bucket recounted once and the seller marked due,
 * as the triggers would have left them. Row by row, they recounted the one padding seller's whole
 * day of orders (about 1,400) for each of the 20,000: most of the file's time went there.
 */
const PAD = 20_000;
const PADDING = `
INSERT INTO users (user_name, email, created_at)
  SELECT 'pad_' || i, 'pad_' || i || '@pad.test', now() - i * interval '1 minute' FROM generate_series(1, ${PAD}) i;
INSERT INTO listings (user_id, title, description, listing_type, created_at)
  SELECT (SELECT id FROM users WHERE seller_enabled LIMIT 1), 'Pad ' || i, 'pad', 'default', now() - i * interval '1 minute'
  FROM generate_series(1, ${PAD}) i;
INSERT INTO chats (user_id, other_user_id, created_at)
  SELECT (SELECT id FROM users ORDER BY id LIMIT 1), (SELECT id FROM users ORDER BY id DESC LIMIT 1), now() - i * interval '1 minute'
  FROM generate_series(1, ${PAD}) i;
INSERT INTO chat_messages (chat_id, user_id, message, created_at)
  SELECT c.id, c.user_id, 'pad', c.created_at FROM chats c;
ALTER TABLE orders DISABLE TRIGGER seller_standing_orders;
ALTER TABLE ratings DISABLE TRIGGER seller_standing_ratings;
INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, created_at)
  SELECT l.id, l.user_id, (SELECT id FROM users ORDER BY id LIMIT 1), 100, l.created_at FROM listings l WHERE l.title LIKE 'Pad %';
INSERT INTO ratings (order_id, rate, experience, created_at) SELECT id, 3, 'pad', created_at FROM orders;
ALTER TABLE orders ENABLE TRIGGER seller_standing_orders;
ALTER TABLE ratings ENABLE TRIGGER seller_standing_ratings;
SELECT recount_seller_standing_days();
INSERT INTO seller_standing_due (seller_id)
  SELECT DISTINCT o.seller_id FROM orders o JOIN listings l ON l.id = o.listing_id WHERE l.title LIKE 'Pad %'
  ON CONFLICT DO NOTHING;
INSERT INTO auction_messages (listing_id, user_id, type, text, created_at)
  SELECT id, user_id, 'text', 'pad', created_at FROM listings WHERE title LIKE 'Pad %';
`;

/**
 * Sort nodes under a Limit: the page itself sorted. (The page's ids are picked first, then its
 * few rows read and put in order: a Sort above the Limit sorts those ten rows, which is fine.)
 */
function sortsBelowLimit(plan: string): string[] {
  const lines = plan.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (!/Limit/.test(line)) return;
    const depth = line.search(/\S/);
    for (const below of lines.slice(i + 1)) {
      if (below.search(/\S/) <= depth) break;
      if (/Sort/.test(below)) found.push(below.trim());
    }
  });
  return found;
}

describe.skipIf(!canRun('postgres', 'auth-emulator'))('admin list plans on PostgreSQL', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp('postgres', postgresAdminUrl);
    await testApp.database.runScript(PADDING);
    // VACUUM too: a trigram index built on the empty tables (the migrations) and then filled has
    // stale size figures, which only VACUUM refreshes; at scale the index is built over the rows.
    await testApp.database.runScript('VACUUM ANALYZE');
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
  });

  async function plan(statement: RecordedStatement, settings: string[]): Promise<string> {
    const client = await pooledPgClient(testApp.database.db)!;
    try {
      await client.query('BEGIN');
      for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
      const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it.each(REQUESTS.map((request) => [request.name, request] as const))('%s', async (_, request) => {
    const { answer, statements } = await recordStatements(testApp.database.db, request);
    expect(statements.length).toBeGreaterThan(0);
    const capped = typeof answer === 'object' && answer !== null && 'countCapped' in answer;
    for (const statement of statements) {
      const isPage = /\bOFFSET\b/.test(statement.sql);
      const settings = ['enable_seqscan = off'];
      // A searched statement: no walk along an index in place of the table either, and an ILIKE
      // priced nearer what it costs on every row it filters (the default prices it like `=`).
      if (request.searched) settings.push('enable_indexscan = off', 'cpu_operator_cost = 0.05');
      if (isPage && !request.searched) settings.push('enable_sort = off', 'enable_incremental_sort = off');
      const text = await plan(statement, settings);
      const context = `${statement.sql}\n${text}`;
      expect(text, context).not.toMatch(/Seq Scan/);
      // An unsearched page walks an index in the asked order: with sorting discouraged a plan
      // that still sorts has no index matching the order and its id tie-breaker.
      if (isPage && !request.searched) expect(sortsBelowLimit(text), context).toEqual([]);
      // The walk of a common term tests each row it passes (`(SELECT … WHERE pk = …) IS TRUE`,
      // lookups by primary key, the row's user among the few a term names, or the names the row
      // keeps): no trigram index there, by design. A capped search's page is such a walk of the
      // sort index, and so may be its count when most rows match (the padding's orders and auction
      // messages all name the same seeded seller, so "ava" is in every one of them).
      const walked = /\) IS TRUE/.test(statement.sql) || capped;
      if (request.searched && /ILIKE|search_names LIKE/.test(statement.sql) && !walked)
        expect(text, context).toMatch(/_trgm/);
    }
  });

  // The tables as autovacuum keeps them, their pages all-visible (the padding is fresh): only then
  // does an index-only walk read no heap, and the planner price it so.
  const vacuumed = () => testApp.database.runScript('VACUUM (ANALYZE) users, chats, chat_messages');

  // Every term of three letters or more is walked over the list's first rows in the default order
  // (term-probe.ts); in the users list on name and email lowered once, which an index keeps next
  // to that order (migration 0071). A common one ("pad" names the 20,000 padding users, and the
  // samples ANALYZE keeps say so) is counted by that walk at once, and the walk holds its first
  // page's ids too: never the trigram indexes. A rare term ("zzq") is probed on the first rows,
  // then looked up through them as before.
  it.each([
    ['pad', true],
    ['zzq', false],
  ] as const)(
    'users search=%s: walked on the searched text in the default order, when common',
    async (term, common) => {
      await vacuumed();
      const { answer, statements } = await recordStatements(
        testApp.database.db,
        listRequest('users', { search: term }),
      );
      // One walk: the one that counts and finds the page (common), or the probe (rare), before any
      // other statement but the samples' read.
      const walks = statements.filter((statement) => /strpos\(lower\(/.test(statement.sql));
      expect(walks.length).toBe(1);
      expect(walks[0], 'the walk comes first').toBe(statements.filter((s) => !/pg_stats/.test(s.sql))[0]);
      expect(walks[0]!.params, 'the rows it reads at most, and past them').toContain(common ? 2500 : 300);
      // Whether the list goes on past them: an untested walk of the same index, in one statement.
      expect(walks[0]!.sql).toMatch(/UNION ALL \(SELECT NULL FROM \(SELECT 1 FROM users u /);
      for (const statement of walks) {
        const text = await plan(statement, ['enable_seqscan = off']);
        expect(text, `${statement.sql}\n${text}`).toMatch(
          /Index (Only )?Scan Backward using users_(live_searched_text|created_at)_idx/,
        );
        expect(sortsBelowLimit(text), `${statement.sql}\n${text}`).toEqual([]);
        expect(text, `${statement.sql}\n${text}`).not.toMatch(/_trgm|Seq Scan/);
      }
      expect(answer).toMatchObject(common ? { count: LIST_SEARCH_COUNT_CAP, countCapped: true } : { count: 0 });
    },
  );

  // Deep pages (page 1,000 of 10 rows): the rows skipped are entries of an index holding the
  // list's condition, never heap rows read one by one to test it.
  it.each([
    ['users', 'users_created_at_idx'],
    ['chats', 'chats_live_created_idx'],
    ['chatMessages', 'chat_messages_live_created_chat_idx'],
  ] as const)('%s page=1000 skips index entries only', async (list, index) => {
    await vacuumed();
    const { statements } = await recordStatements(testApp.database.db, listRequest(list, { page: 1000 }));
    const page = statements.find((statement) => /\bOFFSET\b/.test(statement.sql))!;
    const text = await plan(page, ['enable_seqscan = off', 'enable_sort = off']);
    expect(text, `${page.sql}\n${text}`).toMatch(new RegExp(`Index Only Scan Backward using ${index}\\b`));
  });

  // A search of a user's or a listing's name. A term of three letters searches the names each row
  // keeps (`search_names`, migrations 0075–0077, lowered by 0084): no statement reads users or listings, and the
  // rows are found, after the walk of the list's first rows (term-probe.ts), through the column's
  // trigram index or, for a term in most rows ("pad" is in 20,000 of each), by walking the sort
  // index testing the column. A shorter term reads the users
  // and listings it names first (their short-gram indexes), at most OWNERS_READ, unless its letters
  // are in most of them: "pa" is in nearly every user and listing (the padding), so the list is
  // walked at once, testing the names each row keeps, no lookup per row. "zq" names none, and no
  // statement joins the list to users or listings at all.
  it.each([
    ['soldListings', 'pad', true],
    ['auctionMessages', 'pad', true],
    ['chats', 'pad', true],
    ['soldListings', 'zzq', false],
    ['ratings', 'zzq', false],
    ['auctionMessages', 'zzq', false],
    ['chats', 'zzq', false],
  ] as const)('%s search=%s: the names the rows keep, no join', async (list, term, common) => {
    const { answer, statements } = await recordStatements(testApp.database.db, listRequest(list, { search: term }));
    for (const statement of statements) {
      expect(statement.sql).not.toMatch(/FROM (users|listings) (WHERE|mu|ml)/);
      expect(statement.sql).not.toMatch(/IN \(SELECT id FROM (users|listings) WHERE/);
      const text = await plan(statement, ['enable_seqscan = off']);
      expect(text, `${statement.sql}\n${text}`).not.toMatch(/Seq Scan/);
      // The first rows' walk reads the sort index by design; a rare term's lookups are trigram ones.
      const walk = /UNION ALL \(SELECT NULL FROM/.test(statement.sql);
      if (!common && !walk && /search_names LIKE/.test(statement.sql))
        expect(text, statement.sql).toMatch(/search_names_trgm/);
    }
    expect(answer).toMatchObject(common ? { count: LIST_SEARCH_COUNT_CAP, countCapped: true } : { count: 0 });
  });

  it.each([
    ['soldListings', 'pa', true],
    ['auctionMessages', 'pa', true],
    ['soldListings', 'zq', false],
    ['ratings', 'zq', false],
    ['auctionMessages', 'zq', false],
    ['chats', 'zq', false],
  ] as const)(
    '%s search=%s: a short term, owners read first or a walk of the kept names',
    async (list, term, common) => {
      const { answer, statements } = await recordStatements(testApp.database.db, listRequest(list, { search: term }));
      const reads = statements.filter((statement) => /FROM (users|listings) WHERE/.test(statement.sql));
      expect(reads.length > 0).toBe(!common);
      for (const read of reads) expect(read.sql).toContain(`LIMIT`);
      expect(statements.some((statement) => /= ANY\(/.test(statement.sql))).toBe(false);
      // The walk of a common one tests the kept names (strpos: the term in text lowered already).
      const walks = statements.filter((statement) => /strpos\(\w+\.search_names/.test(statement.sql));
      expect(walks.length > 0).toBe(common);
      for (const statement of [...reads, ...walks]) {
        const text = await plan(statement, ['enable_seqscan = off']);
        expect(text, `${statement.sql}\n${text}`).not.toMatch(/Seq Scan/);
      }
      for (const statement of statements) {
        expect(statement.sql, 'no per-row lookup: the walk tests the kept names').not.toMatch(
          /FROM (users mu|listings ml) WHERE/,
        );
        expect(statement.sql).not.toMatch(/IN \(SELECT id FROM (users|listings) WHERE/);
      }
      expect(answer).toMatchObject(common ? { count: LIST_SEARCH_COUNT_CAP, countCapped: true } : { count: 0 });
    },
  );

  // The walk that counts a common short term finds its page too (admin-list.ts, `firstMatches`):
  // its pages, the first ones and one past the cap, are the full search's rows in the list's order,
  // and another order's page is the same search's too.
  it('soldListings search=pa: the walked pages are the full search', async () => {
    const matching = (order: 'ASC' | 'DESC') =>
      uncheckedRows<{ id: string }>(
        testApp.database.db,
        sql.raw(`SELECT o.id FROM orders o WHERE o.deleted_at IS NULL AND (o.tracking_code ILIKE '%pa%'
                   OR (SELECT u.user_name || ' ' || u.email FROM users u WHERE u.id = o.seller_id) ILIKE '%pa%'
                   OR (SELECT u.user_name || ' ' || u.email FROM users u WHERE u.id = o.buyer_id) ILIKE '%pa%'
                   OR (SELECT l.title FROM listings l WHERE l.id = o.listing_id) ILIKE '%pa%')
                 ORDER BY o.created_at ${order}, o.id ${order}`),
      );
    const all = (await matching('DESC')).map((row) => row.id);
    expect(all.length).toBeGreaterThan(LIST_SEARCH_COUNT_CAP + 20);
    for (const page of [1, 2, 12]) {
      const answer = await listPage(testApp.database.db, soldListingsSource, { search: 'pa', page, limit: 10 });
      expect(answer).toMatchObject({ count: LIST_SEARCH_COUNT_CAP, countCapped: true });
      expect(answer.items.map((item) => item.id)).toEqual(all.slice((page - 1) * 10, page * 10));
    }
    const oldest = await listPage(testApp.database.db, soldListingsSource, {
      search: 'pa',
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      order: 'ASC',
    });
    expect(oldest.items.map((item) => item.id)).toEqual((await matching('ASC')).slice(0, 10).map((row) => row.id));
  });

  // A page's rows by its ids (a join of four tables, a dozen indexes each) are the same statement
  // text for every page of a list in one order: a named prepared statement, parsed and planned once
  // per connection, then run on a generic plan (database.ts, `preparedRows`). Planning that join
  // took 1.5 ms at a million users where running it took 0.1.
  it("reads a page's rows by its ids as one prepared statement, on a generic plan", async () => {
    const [current] = await uncheckedRows<{ name: string }>(
      testApp.database.db,
      sql`SELECT current_database() AS name`,
    );
    const one = await openDatabase({
      databaseUrl: postgresAdminUrl.replace(/\/postgres$/, `/${current!.name}`),
      poolSize: 1,
    });
    try {
      for (let page = 1; page <= 8; page++) {
        const { items } = await listPage(one.db, soldListingsSource, { page, limit: 10 });
        expect(items).toHaveLength(10);
      }
      // Asked on the lists' own connection (their pool of one, request-reads.ts), where they prepared.
      const prepared = await requestRead(one.db, (lists) =>
        uncheckedRows<{ statement: string; generic_plans: string; custom_plans: string }>(
          lists,
          sql`SELECT statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements`,
        ),
      );
      const rowsByIds = prepared.filter((statement) => /FROM orders o\s+JOIN listings l/.test(statement.statement));
      expect(rowsByIds, JSON.stringify(prepared)).toHaveLength(1);
      const { generic_plans: generic, custom_plans: custom } = rowsByIds[0]!;
      expect(Number(generic) + Number(custom)).toBe(8);
      expect(Number(generic)).toBeGreaterThan(0);
    } finally {
      await one.close();
    }
  });
});
