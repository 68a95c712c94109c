// A list's search is declared once, as the places it looks (admin-list.ts), and used in three
// forms: one OR condition, a union of ids per place (each through its own index), and a test of
// the one row at hand (the walk of a common term). On a seeded marketplace every form finds the
// same rows for every declared list and a fixed set of terms; and the union branches are the
// statements the plan tests prove go through the trigram indexes.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../shared/contract/list-query.js';
import { listPage, streamListItems, type AdminList, type ListQueryBase } from '../../server/platform/db/admin-list.js';
import { uncheckedRows, type Database, type Db } from '../../server/platform/db/database.js';
import { idArray, whereAll } from '../../server/platform/db/list-sql.js';
import {
  idMatchesAny,
  loweredMatches,
  searchForms,
  termSearch,
  type OwnerIds,
} from '../../server/platform/db/search-forms.js';
import { openMigratedPglite } from '../support/pglite-template.js';
import { foundOwners, namedRowsCount } from '../../server/platform/db/search-owners.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { adminUsersSource } from '../../server/modules/accounts/user-admin.js';
import { activeListingsSource } from '../../server/modules/listings/listing-admin.js';
import { soldListingsSource } from '../../server/modules/orders/order-admin.js';
import { ratingsSource } from '../../server/modules/community/rating-admin.js';
import { subcategoriesSource } from '../../server/modules/catalogue/subcategory-admin.js';
import {
  auctionMessagesSource,
  chatMessagesSource,
  chatsSource,
} from '../../server/modules/conversations/moderation.js';
import { auditLogSource } from '../../server/modules/accountability/audit-log.js';
import { reviewCaseList } from '../../server/modules/trust-safety/case-queue.js';

// The declarations differ in their query and row types; only their search is read here.
type Searched = Pick<
  AdminList<{ search?: string }, unknown, unknown>,
  'table' | 'alias' | 'from' | 'condition' | 'search'
>;

const LISTS: [string, Searched][] = [
  ['users', adminUsersSource],
  ['activeListings', activeListingsSource],
  ['soldListings', soldListingsSource],
  ['ratings', ratingsSource],
  ['subcategories', subcategoriesSource],
  ['auctionMessages', auctionMessagesSource],
  ['chats', chatsSource],
  ['chatMessages', chatMessagesSource],
  ['auditLog', auditLogSource],
  ['reviewCases', reviewCaseList],
];

/** Common, rare, absent, and terms with LIKE wildcards and a quote, which must match literally. */
const TERMS = ['a', 'an', 'er', 'son', 'e@', 'zzq', '%', '_', "o'"];

const dialect = new PgDialect();

/** A seeded marketplace with a few admin actions and review cases (the seed makes neither). */
async function fill(database: Database, users: number, seed: number): Promise<void> {
  await seedMarketplace(database.db, { users, seed, now: new Date('2030-01-01T00:00:00Z') });
  // The seed logs no admin action and opens no review case.
  await database.runScript(`INSERT INTO admin_actions (admin_uid, admin_email, action, record_type, record_id)
    VALUES ('admin-1', 'anna@market.test', 'changeUser', 'user', 'u-1'),
           ('admin-2', 'o''neil@market.test', 'deleteListing', 'listing', 'l-2');
    INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, excerpt, reporter_id, subject_user_id)
      SELECT 'listingReport', 'listing', l.id, 'normal', 'Reported: scam', 'call me on whatsapp', r.id, l.user_id
      FROM listings l, LATERAL (SELECT id FROM users WHERE id <> l.user_id ORDER BY id LIMIT 1) r
      ORDER BY l.id LIMIT 5`);
}

describe('a list search in its three forms', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await fill(database, 60, 4);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const idsWhere = async (list: Searched, condition: SQL) => {
    const from = list.from?.({}) ?? sql.raw(`${list.table} ${list.alias}`);
    const id = sql.raw(`${list.alias}.id`);
    const where = whereAll([list.condition ?? null, condition]);
    const rows = await uncheckedRows<{ id: string }>(
      database.db,
      sql`SELECT ${id} AS id FROM ${from} ${where} ORDER BY 1`,
    );
    return rows.map((row) => row.id);
  };

  it.each(LISTS)('%s: the OR condition, the union of places and the row test find the same rows', async (_, list) => {
    let found = 0;
    for (const term of TERMS) {
      const forms = searchForms(list.table, list.alias, list.search!.places, termSearch(term));
      const byCondition = await idsWhere(list, forms.condition);
      expect(await idsWhere(list, idMatchesAny(sql.raw(`${list.alias}.id`), forms.branches)), term).toEqual(
        byCondition,
      );
      expect(await idsWhere(list, forms.rowMatches), term).toEqual(byCondition);
      // A list keeping its searched text as one (users): that text, lowered, finds the same rows.
      const text = list.search!.searchedText;
      if (text)
        expect(await idsWhere(list, loweredMatches(text, termSearch(term))), `${term} (text)`).toEqual(byCondition);
      // A list keeping its joined places' names on its rows (`kept`, search-names.test.ts): the
      // row test of that column, and the column searched as one more text column of the list,
      // lowered (a term of three letters, list-search.ts), find the same rows.
      const { places, kept } = list.search!;
      if (kept) {
        const keptForms = searchForms(list.table, list.alias, places, termSearch(term), kept);
        expect(await idsWhere(list, keptForms.rowMatches), `${term} (kept row test)`).toEqual(byCondition);
        const own = [...places.filter((place) => 'text' in place), { lowered: kept }];
        const asText = searchForms(list.table, list.alias, own, termSearch(term));
        expect(await idsWhere(list, asText.condition), `${term} (kept column)`).toEqual(byCondition);
      }
      // The users and listings the term names looked up first (a joined list's search does):
      // the places test their columns against those ids, and find the same rows.
      const owners = await foundOwners(database.db, list.search!.places, termSearch(term));
      const looked = termSearch(term, { owners });
      const byIds = searchForms(list.table, list.alias, list.search!.places, looked);
      for (const form of [byIds.condition, idMatchesAny(sql.raw(`${list.alias}.id`), byIds.branches), byIds.rowMatches])
        expect(await idsWhere(list, form), `${term} (owners looked up)`).toEqual(byCondition);
      // More owners than were read: the row test still finds every match (by lookups), and the
      // rows naming the first owners read are some of them.
      const cut = (found: OwnerIds | null) => found && { ids: found.ids.slice(0, 2), complete: false };
      const partly = termSearch(term, {
        owners: { users: cut(looked.owners.users), listings: cut(looked.owners.listings) },
      });
      const partForms = searchForms(list.table, list.alias, list.search!.places, partly);
      expect(await idsWhere(list, partForms.rowMatches), `${term} (more owners)`).toEqual(byCondition);
      // The rows naming the owners read, counted place by place, are those rows, each once.
      if (byIds.named.length && !list.from) {
        const alias = (column: string) => sql.raw(`${list.alias}.${column}`);
        const naming = byIds.named.map((place) => sql`${alias(place.column)} = ANY(${idArray(place.ids)})`);
        const expected = await idsWhere(list, sql`(${sql.join(naming, sql` OR `)})`);
        const conditions = list.condition ? [list.condition] : [];
        const [counted] = await uncheckedRows<{ count: string | number }>(
          database.db,
          namedRowsCount(list.table, list.alias, conditions, byIds.named, 1_000_000),
        );
        expect(Number(counted!.count), `${term} (named rows)`).toBe(expected.length);
        expect(expected.filter((id) => !byCondition.includes(id))).toEqual([]);
      }
      found += byCondition.length;
    }
    expect(found).toBeGreaterThan(0);
  });
});

/**
 * Every page of the list (7 rows each, through listPage) in turn, and the list as its export
 * streams it: the same rows in the same order, and the count is their number.
 */
async function pagesAndExport<Query extends ListQueryBase, Row, Item extends { id: string }>(
  db: Db,
  list: AdminList<Query, Row, Item>,
  query: Query,
) {
  const paged: string[] = [];
  let count = -1;
  for (let page = 1; page <= 200; page++) {
    const answer = await listPage(db, list, { ...query, page, limit: 7 });
    count = answer.count;
    paged.push(...answer.items.map((item) => item.id));
    if (answer.items.length < 7) break;
  }
  const exported: string[] = [];
  await streamListItems(db, list, query, async (items) => void exported.push(...items.map((item) => item.id)), 50);
  return { count, paged, exported };
}

/** Each list's pages for a search term (the default sort, newest first, and oldest first). */
const PAGED: [
  string,
  (db: Db, search: string | undefined, order: 'ASC' | 'DESC') => ReturnType<typeof pagesAndExport>,
][] = [
  ['users', (db, search, order) => pagesAndExport(db, adminUsersSource, { search, order })],
  ['activeListings', (db, search, order) => pagesAndExport(db, activeListingsSource, { search, order })],
  ['soldListings', (db, search, order) => pagesAndExport(db, soldListingsSource, { search, order })],
  ['ratings', (db, search, order) => pagesAndExport(db, ratingsSource, { search, order })],
  ['subcategories', (db, search, order) => pagesAndExport(db, subcategoriesSource, { search, order })],
  ['auctionMessages', (db, search, order) => pagesAndExport(db, auctionMessagesSource, { search, order })],
  ['chats', (db, search, order) => pagesAndExport(db, chatsSource, { search, order })],
  ['chatMessages', (db, search, order) => pagesAndExport(db, chatMessagesSource, { search, order })],
  ['auditLog', (db, search, order) => pagesAndExport(db, auditLogSource, { search, order })],
  ['reviewCases', (db, search, order) => pagesAndExport(db, reviewCaseList, { search, order })],
];

describe('the one pager and the export of one declaration', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await fill(database, 30, 6);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it.each(PAGED)('%s: the pages in turn are the export, and the count is their number', async (_, run) => {
    for (const search of [undefined, 'a', 'er', 'zzq']) {
      for (const order of ['ASC', 'DESC'] as const) {
        const { count, paged, exported } = await run(database.db, search, order);
        expect(paged, `${search} ${order}`).toEqual(exported);
        expect(new Set(paged).size).toBe(paged.length);
        // Past a search's cap the pages go on: the count says "100+", the pages hold every match.
        expect(count).toBe(Math.min(paged.length, search ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP));
      }
    }
  });
});

describe('searchForms', () => {
  const render = (query: SQL) => dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ');
  const forms = searchForms(
    'orders',
    'o',
    [{ listingTitle: 'listing_id' }, { text: 'tracking_code' }, { user: 'seller_id' }],
    termSearch('ava'),
  );
  const users = "SELECT id FROM users WHERE user_name ILIKE '%ava%' OR email ILIKE '%ava%'";

  it.each([
    [
      'branches',
      forms.branches,
      [
        "SELECT id FROM orders WHERE listing_id IN (SELECT id FROM listings WHERE title ILIKE '%ava%')",
        "SELECT id FROM orders WHERE tracking_code ILIKE '%ava%'",
        `SELECT id FROM orders WHERE seller_id IN (${users})`,
      ],
    ],
    [
      'condition',
      [forms.condition],
      [
        `(o.listing_id IN (SELECT id FROM listings WHERE title ILIKE '%ava%') OR o.tracking_code ILIKE '%ava%' OR o.seller_id IN (${users}))`,
      ],
    ],
    [
      'row test',
      [forms.rowMatches],
      [
        "((SELECT ml.title ILIKE '%ava%' FROM listings ml WHERE ml.id = o.listing_id) IS TRUE OR o.tracking_code ILIKE '%ava%' OR (SELECT mu.user_name ILIKE '%ava%' OR mu.email ILIKE '%ava%' FROM users mu WHERE mu.id = o.seller_id) IS TRUE)",
      ],
    ],
  ])('%s', (_, queries, expected) => {
    expect(queries.map(render)).toEqual(expected);
  });
});
