// A list searched by a user's or a listing's name (sold listings, ratings, auction messages,
// chats) first reads the users and listings the term names, up to OWNERS_READ. Left to one
// statement, PostgreSQL guesses how many users "qz" names, guesses thousands, and hash-joins the
// whole list table to them (a second and more for a term naming nobody). Read first, a term names
// a known few (their ids then in the statement: the list's foreign-key indexes find their rows,
// or none for nobody), or more: then the rows naming the first of them prove the count is over
// its cap, and the page is found by walking the list in its order, each row tested (list-planner.ts).
// The read stops at OWNERS_READ + 1 matches, a short read for a common term as for a rare one.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { idArray, whereAll } from './list-sql.js';
import {
  matchingListingIds,
  type NamedPlace,
  matchingUserIds,
  type FoundOwners,
  type OwnerIds,
  type SearchPlace,
  type TermSearch,
} from './search-forms.js';
import { readRows } from './sql-row.js';

/**
 * At most this many users or listings are read and put in a statement by id. Enough that the
 * rows naming the first of them, when there are more, are over the count's cap on every list:
 * a user is on about 0.6 ratings, 1 chat, 1.6 orders and 2 auction messages; a listing on 0.9
 * orders and 2.3 auction messages.
 */
export const OWNERS_READ = 2500;

const ID_ROW = z.object({ id: z.string() });

async function ownerIds(db: Executor, matching: SQL): Promise<OwnerIds> {
  const rows = await readRows(db, ID_ROW, sql`${matching} LIMIT ${OWNERS_READ + 1}`);
  return { ids: rows.slice(0, OWNERS_READ).map((row) => row.id), complete: rows.length <= OWNERS_READ };
}

/**
 * The users and listings `search` names, for the places that name them (null: none does, or the
 * term is in most of their rows, a `dense` column: the walk finds its matches a row or two apart,
 * sooner than any read of them).
 */
export async function foundOwners(
  db: Executor,
  places: readonly SearchPlace[],
  search: TermSearch,
  dense: ReadonlySet<string> = new Set(),
): Promise<FoundOwners> {
  const users =
    places.some((place) => 'user' in place) && !dense.has('users.user_name') && !dense.has('users.email')
      ? await ownerIds(db, matchingUserIds(search))
      : null;
  const listings =
    places.some((place) => 'listingTitle' in place) && !dense.has('listings.title')
      ? await ownerIds(db, matchingListingIds(search))
      : null;
  return { users, listings };
}

/**
 * The rows of `table` (aliased `alias`, meeting `conditions`) naming the owners read, counted up
 * to `cap + 1`: for each place, its ids one by one, each row found through the column's
 * foreign-key index (a nested loop that stops at the cap, never a scan of the table, which an
 * `= ANY(ids)` with a LIMIT gets planned as: a second for 2,500 users' orders). A place counts only
 * the rows no earlier place named, so no row is counted twice.
 */
export function namedRowsCount(
  table: string,
  alias: string,
  conditions: SQL[],
  named: readonly NamedPlace[],
  cap: number,
): SQL {
  const own = (column: string) => sql.raw(`${alias}.${column}`);
  const parts = named.map((place, i) => {
    const unnamedBefore = named
      .slice(0, i)
      .map((before) => sql`(${own(before.column)} = ANY(${idArray(before.ids)})) IS NOT TRUE`);
    const where = whereAll([sql`${own(place.column)} = named.id`, ...conditions, ...unnamedBefore]);
    // OFFSET 0 keeps the subquery a subquery: run once per id, through the index, not a join.
    return sql`SELECT 1 FROM unnest(${idArray(place.ids)}) AS named(id),
      LATERAL (SELECT 1 FROM ${sql.raw(table)} ${sql.raw(alias)} ${where} OFFSET 0) AS found`;
  });
  return sql`SELECT count(*) AS count FROM (${sql.join(parts, sql` UNION ALL `)} LIMIT ${cap + 1}) named_rows`;
}
