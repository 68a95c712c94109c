// A list searched by a user's or a listing's name (sold listings, ratings, auction messages,
// chats) first looks up the users and listings the term names, a bounded few. Left to one
// statement, PostgreSQL guesses how many users "qz" names, guesses thousands, and hash-joins the
// whole list table to them (a second and more for a term naming nobody). Looked up first, the
// term names a known few (their ids then in the statement: the list's foreign-key index finds
// their rows, or no row at all for none) or more than FEW_OWNERS, and then the list is walked
// in its order, each row tested (admin-list.ts). The lookup stops at FEW_OWNERS + 1 matches, so
// it is a short read for a common term as for a rare one.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import {
  matchingListingIds,
  matchingUserIds,
  type FoundOwners,
  type OwnerIds,
  type SearchPlace,
  type TermSearch,
} from './list-sql.js';
import { readRows } from './sql-row.js';

/** At most this many users or listings are put in a statement by id; more are `many`. */
export const FEW_OWNERS = 200;

const ID_ROW = z.object({ id: z.string() });

async function ownerIds(db: Executor, matching: SQL): Promise<OwnerIds> {
  const rows = await readRows(db, ID_ROW, sql`${matching} LIMIT ${FEW_OWNERS + 1}`);
  return rows.length > FEW_OWNERS ? 'many' : { few: rows.map((row) => row.id) };
}

/** The users and listings `search` names, for the places that name them (null: none does). */
export async function foundOwners(
  db: Executor,
  places: readonly SearchPlace[],
  search: TermSearch,
): Promise<FoundOwners> {
  const users = places.some((place) => 'user' in place) ? await ownerIds(db, matchingUserIds(search)) : null;
  const listings = places.some((place) => 'listingTitle' in place)
    ? await ownerIds(db, matchingListingIds(search))
    : null;
  return { users, listings };
}
