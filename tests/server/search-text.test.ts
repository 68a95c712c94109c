// The admin lists' `search` on both drivers: a control character is a 400 before any SQL is
// written (it would cut PostgreSQL's wire message short), a term full of SQL and LIKE syntax
// matches itself literally without breaking the statement its pattern is inlined into, and a
// walk's cheaper row test finds the same rows.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEARCHABLE_PATHS } from '../support/searchable-lists.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import { queryRows } from '../../server/platform/db/database.js';
import { termSearch, walkedTest } from '../../server/platform/db/search-forms.js';
import { buildTestApp, type Driver, type TestApp } from '../support/test-app.js';

const adminToken = inject('adminToken');
const postgresAdminUrl = inject('postgresAdminUrl');
const LISTS = SEARCHABLE_PATHS;

/** Holds every character that means something in SQL text or a LIKE pattern. */
const TERM = "o'b\\c%d_e$$f";
const NAMES = {
  /** Holds the term as typed: the only one that may match. */
  literal: `xx${TERM}yy`,
  /** What matches if `%` were a wildcard. */
  percentAsWildcard: "o'b\\cZZd_e$$f",
  /** What matches if `_` were a wildcard. */
  underscoreAsWildcard: "o'b\\c%dXe$$f",
  /** What matches if the backslash were taken as an escape. */
  backslashAsEscape: "o'bc%d_e$$f",
};

describe.each<Driver>(['pglite', 'postgres'])('admin search text on %s', (driver) => {
  const unavailable = !adminToken || (driver === 'postgres' && !postgresAdminUrl);
  let testApp: TestApp;
  beforeAll(async () => {
    if (unavailable) return;
    testApp = await buildTestApp(driver, postgresAdminUrl);
    for (const [key, userName] of Object.entries(NAMES)) {
      await testApp.database.db.execute(
        sql`INSERT INTO users (firebase_id, email, user_name)
            VALUES (${`search-${key}`}, ${`${key.toLowerCase()}@search.test`}, ${userName})`,
      );
    }
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url: `/v1${url}`, headers: { authorization: `Bearer ${adminToken}` } });

  it.skipIf(unavailable).each(LISTS.map((path) => [path]))(
    '%s answers 400 to a control character in search, and the next search still works',
    async (path) => {
      for (const search of ['%00', 'ava%00', '%00%27%3B', 'a%01b', 'a%0Ab', '%7F']) {
        const answer = await get(`${path}?search=${search}`);
        expect({ search, status: answer.statusCode }).toEqual({ search, status: 400 });
        expect(ApiErrorBody.strict().parse(answer.json())).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'querystring/search: must not contain control characters',
        });
      }
      expect((await get(`${path}?search=ava`)).statusCode).toBe(200);
    },
  );

  it.skipIf(unavailable)("matches a term with ', \\, %, _ and $$ literally", async () => {
    const answer = await get(`/admin/users?limit=100&search=${encodeURIComponent(TERM)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json() as { count: number; items: { userName: string }[] };
    expect(page.items.map((item) => item.userName)).toEqual([NAMES.literal]);
    expect(page.count).toBe(1);
  });

  it.skipIf(unavailable).each(LISTS.map((path) => [path]))(
    '%s keeps statement syntax in a term as text',
    async (path) => {
      for (const term of ["'; DROP TABLE users; --", '$$; DROP TABLE users; $$', "\\'; SELECT 1; --", '%_\\']) {
        const answer = await get(`${path}?search=${encodeURIComponent(term)}`);
        expect({ term, status: answer.statusCode }).toEqual({ term, status: 200 });
      }
      const [users] = await queryRows<{ count: number }>(
        testApp.database.db,
        sql`SELECT count(*)::int AS count FROM users`,
      );
      expect(users!.count).toBeGreaterThan(Object.keys(NAMES).length);
    },
  );
});

// A walk (term-probe.ts, `pagedByWalk`) tests the rows it reads for less than ILIKE: an ASCII term
// in the column lowered byte by byte, any term as it is in text lowered already. Both must find
// exactly the rows the search's ILIKE finds, whatever the case, accents, LIKE syntax and quotes.
// (The Kelvin sign and the dotted capital I, which ILIKE lowers to ASCII, are left out: the one
// difference, written in list-sql.ts.)
const ALPHABET = ['a', 'A', 'b', 'B', 'é', 'É', 'ß', 'ẞ', 'ø', 'Ø', 'z', ' ', '%', '_', "'", '\\', '.'];
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength }).map((chars) => chars.join(''));

describe.each<Driver>(['pglite', 'postgres'])("a walk's row test on %s", (driver) => {
  const unavailable = driver === 'postgres' && !postgresAdminUrl;
  let testApp: TestApp;
  beforeAll(async () => {
    if (!unavailable) testApp = await buildTestApp(driver, postgresAdminUrl);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it.skipIf(unavailable)('finds the rows the ILIKE finds', async () => {
    await fc.assert(
      fc.asyncProperty(text(4), fc.array(text(12), { minLength: 1, maxLength: 20 }), async (term, texts) => {
        const search = termSearch(term);
        const rows = sql.join(
          texts.map((value) => sql`(${value})`),
          sql`, `,
        );
        const found = await queryRows<{ ilike: boolean; walked: boolean; lowered: boolean }>(
          testApp.database.db,
          sql`SELECT t ILIKE ${search.pattern} AS ilike, ${walkedTest(sql`t`, search)} AS walked,
                     ${walkedTest(sql`lower(t)`, search, { lowered: true })} AS lowered
              FROM (VALUES ${rows}) v(t)`,
        );
        for (const [i, row] of found.entries()) {
          expect({ term, text: texts[i], walked: row.walked, lowered: row.lowered }).toEqual({
            term,
            text: texts[i],
            walked: row.ilike,
            lowered: row.ilike,
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
