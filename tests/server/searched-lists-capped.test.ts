// A common search term on the lists whose search spans several places (sold listings, auction
// messages, chats, ratings): once one place alone has more than LIST_SEARCH_COUNT_CAP matches,
// the list says "100+" (`count: 100, countCapped: true`) and its pages come from walking the
// list's order, row by row. Those pages must be exactly the pages the full search would give: the
// same rows in the same order, none skipped or repeated from one page to the next (past the cap
// too), and a row of someone else left out. A rarer term still gets its exact count, and so does a
// search with exactly the cap's matches; a list only filtered counts on to LIST_COUNT_CAP.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../shared/contract/list-query.js';
import { listPage } from '../../server/platform/db/admin-list.js';
import type { ListCount } from '../../server/platform/db/list-counts.js';
import { queryRows, type Database, type Db } from '../../server/platform/db/database.js';
import { openMigratedPglite } from '../support/pglite-template.js';
import { soldListingsSource } from '../../server/modules/orders/index.js';
import { auctionMessagesSource, chatsSource } from '../../server/modules/conversations/index.js';
import { ratingsSource } from '../../server/modules/community/index.js';
import { adminUsersSource } from '../../server/modules/accounts/index.js';
import { auditLogSource } from '../../server/modules/accountability/index.js';
import { SEARCH_WALK_ROWS } from '../../server/platform/db/term-probe.js';
import { recordStatements } from '../support/admin-list-requests.js';

/** Over the search's cap through one place (the seller, the author, a participant): 125 rows. */
const MANY = LIST_SEARCH_COUNT_CAP + 25;
/** Rows of people the search does not name, interleaved in time with the matching ones. */
const OTHERS = 40;

// Users: the common name 'capmatch' (a seller and a buyer), a rare one 'rarename', and two people
// nobody searches for. The others' rows are the newest, so the first pages mix matching and
// unmatched rows, and each place a search looks is the only match for some of them: half the others' orders are bought
// by the capmatch buyer, a third of their listings have 'Capmatch' in the title, and half their
// chats have the capmatch buyer as the other participant. The capmatch seller alone is over the
// cap in every list, so the pages come from the walk.
const FILL = `
INSERT INTO users (id, user_name, email, seller_enabled) VALUES
  ('u-cap-seller', 'capmatch_seller', 'capmatch.seller@example.test', true),
  ('u-cap-buyer', 'capmatch_buyer', 'capmatch.buyer@example.test', false),
  ('u-rare', 'rarename', 'rarename@example.test', true),
  ('u-other-seller', 'plain_seller', 'plain.seller@example.test', true),
  ('u-other-buyer', 'plain_buyer', 'plain.buyer@example.test', false);
INSERT INTO listings (id, user_id, title, description, listing_type, created_at)
  SELECT 'l-' || i, CASE WHEN i <= ${MANY} THEN 'u-cap-seller' WHEN i <= ${MANY + 7} THEN 'u-rare' ELSE 'u-other-seller' END,
         CASE WHEN i > ${MANY + 7} AND i % 3 = 0 THEN 'Capmatch lamp ' ELSE 'Item ' END || i,
         'item', 'default',
         CASE WHEN i > ${MANY + 7} THEN timestamp '2030-01-01' + i * interval '1 second'
              ELSE timestamp '2030-01-01' - (i % 97 * 200 + i / 97) * interval '1 minute' END
  FROM generate_series(1, ${MANY + 7 + OTHERS}) i;
INSERT INTO orders (id, listing_id, seller_id, buyer_id, price_cents, created_at)
  SELECT 'o-' || substr(l.id, 3), l.id, l.user_id,
         CASE WHEN l.user_id <> 'u-other-seller' OR substr(l.id, 3)::int % 2 = 0 THEN 'u-cap-buyer' ELSE 'u-other-buyer' END,
         100, l.created_at
  FROM listings l;
INSERT INTO ratings (id, order_id, buyer_id, seller_id, rate, experience, created_at)
  SELECT 'r-' || substr(o.id, 3), o.id, o.buyer_id, o.seller_id, 4, 'fine', o.created_at FROM orders o;
INSERT INTO auction_messages (id, listing_id, user_id, type, text, created_at)
  SELECT 'm-' || substr(l.id, 3), l.id, l.user_id, 'text', 'hello', l.created_at FROM listings l;
INSERT INTO chats (id, user_id, other_user_id, created_at)
  SELECT 'c-' || substr(l.id, 3), l.user_id,
         CASE WHEN l.user_id = 'u-other-seller' AND substr(l.id, 3)::int % 2 = 0 THEN 'u-cap-buyer' ELSE 'u-other-buyer' END,
         l.created_at
  FROM listings l;
-- Someone else's rows newer than all of them: a walk must step over them.
INSERT INTO chats (id, user_id, other_user_id, created_at)
  SELECT 'c-new-' || i, 'u-other-seller', 'u-other-buyer', timestamp '2030-02-01' + i * interval '1 minute'
  FROM generate_series(1, 5) i;
`;

interface Case {
  name: string;
  /** The list's page `page` (10 rows) for the search `search`. */
  page: (db: Db, search: string, page: number) => Promise<ListCount & { items: { id: string }[] }>;
  /** The list's rows a search for `capmatch` or `rarename` finds, as ids in the list's order. */
  expected: (pattern: string) => SQL;
}

const byUser = (column: string, pattern: string) =>
  `(SELECT user_name FROM users WHERE id = ${column}) ILIKE '%${pattern}%'`;
const byTitle = (column: string, pattern: string) =>
  `(SELECT title FROM listings WHERE id = ${column}) ILIKE '%${pattern}%'`;

const CASES: Case[] = [
  {
    name: 'sold listings',
    page: (db, search, page) => listPage(db, soldListingsSource, { search, page, limit: 10 }),
    expected: (p) =>
      sql.raw(`SELECT id FROM orders o WHERE deleted_at IS NULL AND (${byUser('o.seller_id', p)} OR ${byUser('o.buyer_id', p)} OR ${byTitle('o.listing_id', p)})
               ORDER BY created_at DESC, id DESC`),
  },
  {
    name: 'auction messages',
    page: (db, search, page) => listPage(db, auctionMessagesSource, { search, page, limit: 10 }),
    expected: (p) =>
      sql.raw(`SELECT id FROM auction_messages m WHERE deleted_at IS NULL AND (${byUser('m.user_id', p)} OR ${byTitle('m.listing_id', p)})
               ORDER BY created_at DESC, id DESC`),
  },
  {
    name: 'chats',
    page: (db, search, page) => listPage(db, chatsSource, { search, page, limit: 10 }),
    expected: (p) =>
      sql.raw(`SELECT id FROM chats c WHERE deleted_at IS NULL AND (${byUser('c.user_id', p)} OR ${byUser('c.other_user_id', p)})
               ORDER BY created_at DESC, id DESC`),
  },
  {
    name: 'ratings',
    page: (db, search, page) => listPage(db, ratingsSource, { search, page, limit: 10 }),
    expected: (p) =>
      sql.raw(`SELECT id FROM ratings r WHERE deleted_at IS NULL AND (${byUser('r.seller_id', p)} OR ${byUser('r.buyer_id', p)})
               ORDER BY created_at DESC, id DESC`),
  },
];

describe('a common search term over several places', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await database.runScript(FILL);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  const expectedIds = async (query: SQL) => (await queryRows<{ id: string }>(database.db, query)).map((row) => row.id);

  for (const { name, page: pageOf, expected } of CASES) {
    it(`${name}: "100+" and the full search's pages, in order, past the cap too`, async () => {
      const all = await expectedIds(expected('capmatch'));
      expect(all.length).toBeGreaterThan(LIST_SEARCH_COUNT_CAP + 10);
      // Page 11 starts at the 101st match: the pages past the cap are still the search's.
      for (const page of [1, 2, 11, 12]) {
        const answer = await pageOf(database.db, 'capmatch', page);
        expect(answer.count).toBe(LIST_SEARCH_COUNT_CAP);
        expect(answer.countCapped).toBe(true);
        expect(answer.items.map((item) => item.id)).toEqual(all.slice((page - 1) * 10, page * 10));
      }
    });

    it(`${name}: a rarer term's exact count and page`, async () => {
      const all = await expectedIds(expected('rarename'));
      expect(all).toHaveLength(7);
      const answer = await pageOf(database.db, 'rarename', 1);
      expect(answer).toMatchObject({ count: 7 });
      expect(answer.countCapped).toBeFalsy();
      expect(answer.items.map((item) => item.id)).toEqual(all);
    });
  }
});

// The cap's edge: a search with exactly LIST_SEARCH_COUNT_CAP matches is counted exactly, one more
// is capped; on a list searched in one statement (users) and on one searched place by place (sold
// listings). A list only filtered (the audit log by action) counts past the search's cap.
const EDGE = `
INSERT INTO users (id, user_name, email)
  SELECT 'u-' || name || '-' || i, name || '_' || i, name || '.' || i || '@example.test'
  FROM (VALUES ('edgealpha', ${LIST_SEARCH_COUNT_CAP}), ('edgebravo', ${LIST_SEARCH_COUNT_CAP + 1})) AS edge(name, n),
       generate_series(1, n) i;
INSERT INTO users (id, user_name, email, seller_enabled) VALUES
  ('u-seller-alpha', 'sellalpha', 'sellalpha@example.test', true),
  ('u-seller-bravo', 'sellbravo', 'sellbravo@example.test', true);
INSERT INTO listings (id, user_id, title, description, listing_type)
  SELECT 'le-' || who || '-' || i, 'u-seller-' || who, 'Thing ' || i, 'item', 'default'
  FROM (VALUES ('alpha', ${LIST_SEARCH_COUNT_CAP}), ('bravo', ${LIST_SEARCH_COUNT_CAP + 1})) AS edge(who, n),
       generate_series(1, n) i;
INSERT INTO orders (id, listing_id, seller_id, buyer_id, price_cents)
  SELECT 'oe-' || substr(l.id, 4), l.id, l.user_id, 'u-other-buyer', 100 FROM listings l WHERE l.id LIKE 'le-%';
INSERT INTO admin_actions (admin_uid, action, record_type, record_id)
  SELECT 'admin-edge', 'edge.filtered', 'user', 'record-' || i FROM generate_series(1, 150) i;
`;

describe('the search count cap, at its edge', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await database.runScript(FILL);
    await database.runScript(EDGE);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['users', (db: Db, search: string) => listPage(db, adminUsersSource, { search, page: 1, limit: 10 }), 'edge'],
    [
      'sold listings',
      (db: Db, search: string) => listPage(db, soldListingsSource, { search, page: 1, limit: 10 }),
      'sell',
    ],
  ])("%s: the cap's matches exactly, one more capped", async (_, page, prefix) => {
    const exact = await page(database.db, `${prefix}alpha`);
    expect(exact.count).toBe(LIST_SEARCH_COUNT_CAP);
    expect(exact.countCapped).toBeFalsy();
    expect(exact.items).toHaveLength(10);
    const over = await page(database.db, `${prefix}bravo`);
    expect(over).toMatchObject({ count: LIST_SEARCH_COUNT_CAP, countCapped: true });
    expect(over.items).toHaveLength(10);
  });

  it('users: the last page past the cap holds the 101st match, with the same capped count', async () => {
    const last = await listPage(database.db, adminUsersSource, { search: 'edgebravo', page: 11, limit: 10 });
    expect(last).toMatchObject({ count: LIST_SEARCH_COUNT_CAP, countCapped: true });
    expect(last.items).toHaveLength(1);
    const beyond = await listPage(database.db, adminUsersSource, { search: 'edgebravo', page: 12, limit: 10 });
    expect(beyond.items).toHaveLength(0);
  });

  it("a list only filtered counts past the search's cap, up to its own", async () => {
    const filtered = await listPage(database.db, auditLogSource, { action: 'edge.filtered', page: 1, limit: 10 });
    expect(filtered.count).toBe(150);
    expect(filtered.count).toBeLessThan(LIST_COUNT_CAP);
    expect(filtered.countCapped).toBeFalsy();
  });
});

// A term neither rare nor common: the search's count walks the list's first SEARCH_WALK_ROWS rows
// in its default order (term-probe.ts) and, when the term is in at least WALK_COMMON_HITS of them,
// answers what it found there as a lower bound ("25+"), without reading the rest of the list. The
// pages are still exactly the full search's, past the walk too, and a page past the walk's
// matches raises the bound to its last row. A term in fewer of those rows is rare: counted exactly.
const WALKED_USERS = 5000;
const WALKED = `
INSERT INTO users (id, user_name, email, created_at)
  SELECT 'u-walk-' || i,
         CASE WHEN (i > 1000 AND i % 100 = 0) OR (i <= 1000 AND i % 5 = 0) THEN 'midterm_'
              WHEN i IN (3, 7, 11, 2001, 4501) THEN 'rareword_'
              WHEN i BETWEEN 1001 AND 4000 AND i % 50 = 25 THEN 'oldterm_' ELSE 'walkpad_' END || i,
         'walk.' || i || '@example.test', timestamp '2030-01-01' + i * interval '1 second'
  FROM generate_series(1, ${WALKED_USERS}) i;
`;

describe('a term neither rare nor common, counted over the first rows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await database.runScript(WALKED);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  const all = async (term: string) =>
    (
      await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id FROM users WHERE user_name ILIKE ${`%${term}%`} ORDER BY created_at DESC, id DESC`,
      )
    ).map((row) => row.id);
  const page = (search: string, page: number) => listPage(database.db, adminUsersSource, { search, page, limit: 10 });
  const page3 = (db: Db) => listPage(db, adminUsersSource, { search: 'midterm', page: 3, limit: 10 });

  it('answers the matches among the first rows as a lower bound, and the full search pages', async () => {
    const matches = await all('midterm');
    expect(matches).toHaveLength(240);
    // The newest SEARCH_WALK_ROWS users (2,501–5,000) hold 25 of them.
    expect(SEARCH_WALK_ROWS).toBe(2500);
    const first = await page('midterm', 1);
    expect(first).toMatchObject({ count: 25, countCapped: true });
    expect(first.items.map((item) => item.id)).toEqual(matches.slice(0, 10));
    // Pages 1 and 2 are among the walk's matches (their ids came with the count), page 3 is not
    // all: walked to, in the same order, with the same rows.
    for (const [number, order] of [
      [2, undefined],
      [2, 'DESC'],
      [3, undefined],
    ] as const) {
      const next = await listPage(database.db, adminUsersSource, {
        search: 'midterm',
        page: number,
        limit: 10,
        ...(order ? { sortBy: 'createdAt', order } : {}),
      });
      expect(next.items.map((item) => item.id)).toEqual(matches.slice((number - 1) * 10, number * 10));
      expect(next).toMatchObject({ count: number === 3 ? 30 : 25, countCapped: true });
    }
    // Page 3 begins among the walk's matches and ends past them: its last five come from the rows
    // after the walk's 2,500, which are not walked again.
    const { statements } = await recordStatements(database.db, {
      name: 'users search=midterm page=3',
      list: 'users',
      path: '/users?search=midterm&page=3',
      searched: true,
      run: (db) => page3(db),
    });
    const rest = statements.filter((statement) => /OFFSET \$\d+\) walked WHERE hit/.test(statement.sql));
    expect(rest.map((statement) => statement.params)).toEqual([[SEARCH_WALK_ROWS, 5]]);
    // Page 6 is past the walk's 25: its rows are the 51st to 60th matches, and the bound is 60.
    const past = await page('midterm', 6);
    expect(past).toMatchObject({ count: 60, countCapped: true });
    expect(past.items.map((item) => item.id)).toEqual(matches.slice(50, 60));
  });

  // "oldterm" is in 60 users, none of the newest 1,000: the first rows' probe would miss it, but the
  // samples ANALYZE keeps put it in 1.2% of the users (term-statistics.ts), so the first 2,500 rows
  // are walked at once and their 30 matches answered as the lower bound.
  it('walks a term the first rows miss when the samples say it is common', async () => {
    await database.runScript('ANALYZE users');
    // The samples are kept ten minutes per column (read before this ANALYZE by the tests above):
    // the clock moves past that, so they are read afresh.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const matches = await all('oldterm');
    expect(matches).toHaveLength(60);
    const first = await page('oldterm', 1);
    expect(first).toMatchObject({ count: 30, countCapped: true });
    expect(first.items.map((item) => item.id)).toEqual(matches.slice(0, 10));
    const fourth = await page('oldterm', 4);
    expect(fourth).toMatchObject({ count: 40, countCapped: true });
    expect(fourth.items.map((item) => item.id)).toEqual(matches.slice(30, 40));
  });

  it('counts a term rare in the first rows exactly, wherever its matches are', async () => {
    const matches = await all('rareword');
    expect(matches).toHaveLength(5);
    const answer = await page('rareword', 1);
    expect(answer).toMatchObject({ count: 5 });
    expect(answer.countCapped).toBeFalsy();
    expect(answer.items.map((item) => item.id)).toEqual(matches);
  });

  it("walks the default order for the count whatever the page's sort", async () => {
    const sorted = await listPage(database.db, adminUsersSource, {
      search: 'midterm',
      page: 1,
      limit: 10,
      sortBy: 'userName',
      order: 'ASC',
    });
    expect(sorted).toMatchObject({ count: 25, countCapped: true });
    expect(sorted.items.map((item) => item.id)).toEqual(
      (await all('midterm')).sort((a, b) => a.localeCompare(b)).slice(0, 10),
    );
  });
});
