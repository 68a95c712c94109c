// How a list counts: the totals the database keeps, and counts bounded by a cap (`countCapOf`
// decides which cap), one statement each. The planner (list-planner.ts) picks among them.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../../shared/contract/list-query.js';
import type { Executor } from './database.js';
import type { ListQueryBase } from './admin-list.js';
import type { ListSearch } from './list-search.js';
import { COUNT_ROW, searchTerm } from './list-sql.js';
import { countValue, readRows } from './sql-row.js';

/**
 * The most matches a list query's count proves: a search's (LIST_SEARCH_COUNT_CAP), or a filter's
 * (LIST_COUNT_CAP); more answer `count: cap, countCapped: true`. The one place that decides it.
 */
export function countCapOf<Query extends ListQueryBase>(list: { search?: ListSearch }, query: Query): number {
  return list.search && searchTerm(query.search) ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
}

/** The lists whose unfiltered total the database keeps (migration 0017's trigger arguments). */
export type KeptTotal =
  'users' | 'activeListings' | 'soldListings' | 'ratings' | 'auctionMessages' | 'chats' | 'chatMessages' | 'bidders';

export interface ListCount {
  count: number;
  /**
   * Present, and true, only when `count` is a lower bound: the count stopped at its cap
   * (`countCapOf`), or a search counted the list's first rows only (term-probe.ts).
   */
  countCapped?: true;
}

/** A kept total: the sum of its shards (at most 16 rows, read through the primary key). */
export async function keptTotal(db: Executor, list: KeptTotal): Promise<number> {
  const [row] = await readRows(
    db,
    z.object({ total: countValue }),
    sql`SELECT coalesce(sum(total), 0) AS total FROM list_totals WHERE list = ${list}`,
  );
  return Number(row?.total ?? 0);
}

/** The rows `from` and `where` match, counted up to `cap` + 1 (one more tells it is capped). */
function countUpToCap(from: SQL, where: SQL, cap: number): SQL {
  return sql`SELECT count(*) FROM (SELECT 1 FROM ${from} ${where} LIMIT ${cap + 1}) matches`;
}

/** A count up to `cap` + 1 as the list answers it. */
export function listCountOf(count: number, cap: number): ListCount {
  return count > cap ? { count: cap, countCapped: true } : { count };
}

/** The count `statement` reads (a `COUNT_ROW`, at most `cap` + 1) as the list answers it. */
export async function countedRows(db: Executor, statement: SQL, cap: number): Promise<ListCount> {
  const [row] = await readRows(db, COUNT_ROW, statement);
  return listCountOf(Number(row?.count ?? 0), cap);
}

/** The rows `from` and `where` match, counted up to `cap` (one more tells it is capped). */
export function cappedCount(db: Executor, from: SQL, where: SQL, cap: number): Promise<ListCount> {
  return countedRows(db, countUpToCap(from, where, cap), cap);
}

/**
 * A union-searched list's count, bounded both ways: each branch is counted up to the cap
 * first, and a branch over the cap means a capped count and a common term (null: the page is then
 * found by walking the list's sort index and testing each row until the page is full). Else every
 * branch is small and their union is counted, up to the cap too. No statement reads every match
 * of a common term, nor every row for a rare one.
 */
export async function searchedCount(
  db: Executor,
  from: SQL,
  where: SQL,
  branches: SQL[],
  cap: number,
): Promise<ListCount | null> {
  // One statement: the branches' sizes up to the cap in the list's order, stopping at the first
  // one over it (CASE tries its conditions in turn and runs each subquery only when reached), and
  // only when none is over it the matches of their union. Proving a branch is over the cap costs
  // up to `cap` index probes, so a list puts its likeliest place to prove it cheaply first.
  const overCap = branches.map(
    (branch) => sql`WHEN (SELECT count(*) FROM (${branch} LIMIT ${cap + 1}) b) > ${cap} THEN NULL`,
  );
  const [row] = await readRows(
    db,
    z.object({ matches: countValue.nullable() }),
    sql`SELECT CASE ${sql.join(overCap, sql` `)} ELSE (${countUpToCap(from, where, cap)}) END AS matches`,
  );
  return row?.matches === null || row?.matches === undefined ? null : listCountOf(Number(row.matches), cap);
}
