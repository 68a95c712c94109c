// The total of an admin list at any size ("Lists at scale" in ARCHITECTURE.md): an unfiltered
// list reads its kept total (list_totals, kept by the triggers of migration 0017: exact, a few
// rows); a searched list counts its matches up to COUNT_CAP and says when it stopped there.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from './database.js';

/** A searched list counts at most this many matches; more answer `count: COUNT_CAP, countCapped: true`. */
export const COUNT_CAP = 10_000;

/** The lists whose unfiltered total the database keeps (migration 0017's trigger arguments). */
export type KeptTotal =
  'users' | 'activeListings' | 'soldListings' | 'ratings' | 'auctionMessages' | 'chats' | 'chatMessages' | 'bidders';

export interface ListCount {
  count: number;
  /** Present, and true, only when the count stopped at COUNT_CAP. */
  countCapped?: true;
}

/** A kept total: the sum of its shards (at most 16 rows, read through the primary key). */
export async function keptTotal(db: Executor, list: KeptTotal): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`SELECT coalesce(sum(total), 0) AS total FROM list_totals WHERE list = ${list}`,
  );
  return Number(row?.total ?? 0);
}

/** The rows `from` and `where` match, counted up to COUNT_CAP + 1 (one more tells it is capped). */
function countUpToCap(from: SQL, where: SQL): SQL {
  return sql`SELECT count(*) FROM (SELECT 1 FROM ${from} ${where} LIMIT ${COUNT_CAP + 1}) matches`;
}

/** A count up to COUNT_CAP + 1 as the list answers it. */
function listCountOf(count: number): ListCount {
  return count > COUNT_CAP ? { count: COUNT_CAP, countCapped: true } : { count };
}

/** The rows `from` and `where` match, counted up to COUNT_CAP (one more tells it is capped). */
export async function cappedCount(db: Executor, from: SQL, where: SQL): Promise<ListCount> {
  const [row] = await queryRows<{ count: string | number }>(db, countUpToCap(from, where));
  return listCountOf(Number(row?.count ?? 0));
}

/**
 * An admin list's page and its count: the kept total when the list is not searched (`total` is
 * its name, null when it is searched or has none), else the capped count of `from` and `where`.
 */
export async function adminPage<Row>(
  db: Executor,
  total: KeptTotal | null,
  from: SQL,
  where: SQL,
  pageRows: SQL,
): Promise<{ counted: ListCount; rows: Row[] }> {
  const counted = total ? { count: await keptTotal(db, total) } : await cappedCount(db, from, where);
  const rows = await queryRows<Row>(db, pageRows);
  return { counted, rows };
}

/**
 * A searched list whose matches come from several places (its text, its people, its listing):
 * its `where` is `condition` and the row's id in the union of `branches` (whereSearched).
 */
export interface SearchedList {
  /** What every listed row meets (`o.deleted_at IS NULL`). */
  condition: SQL;
  /** The matching ids, one branch per place, each through its own (trigram) index. */
  branches: SQL[];
  /** The same test for the one row at hand (correlated lookups by primary key). */
  rowMatches: SQL;
}

/**
 * A searched list's count and page, bounded both ways. Each branch is counted up to COUNT_CAP
 * first: a branch over the cap means a capped count and a common term, whose page is found by
 * walking the list's sort index and testing each row (`rowMatches`) until the page is full. Else
 * every branch is small, and the page is sorted from their union of ids (`where`). Either way no
 * statement reads every match of a common term, nor every row for a rare one.
 */
export async function searchedPage<Row>(
  db: Executor,
  from: SQL,
  where: SQL,
  list: SearchedList,
  pageRows: (where: SQL) => SQL,
): Promise<{ counted: ListCount; rows: Row[] }> {
  // One statement: the branches' sizes up to the cap in the list's order, stopping at the first
  // one over it (CASE tries its conditions in turn and runs each subquery only when reached), and
  // only when none is over it the matches of their union, counted up to the cap too. Proving a
  // branch is over the cap costs up to COUNT_CAP index probes, so a list puts its likeliest
  // branch to prove it cheaply first.
  const overCap = list.branches.map(
    (branch) => sql`WHEN (SELECT count(*) FROM (${branch} LIMIT ${COUNT_CAP + 1}) b) > ${COUNT_CAP} THEN NULL`,
  );
  const [row] = await queryRows<{ matches: string | number | null }>(
    db,
    sql`SELECT CASE ${sql.join(overCap, sql` `)} ELSE (${countUpToCap(from, where)}) END AS matches`,
  );
  if (row?.matches === null || row?.matches === undefined) {
    const rows = await queryRows<Row>(db, pageRows(sql`WHERE ${list.condition} AND ${list.rowMatches}`));
    return { counted: { count: COUNT_CAP, countCapped: true }, rows };
  }
  return { counted: listCountOf(Number(row.matches)), rows: await queryRows<Row>(db, pageRows(where)) };
}
