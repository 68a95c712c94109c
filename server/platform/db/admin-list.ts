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

/** The rows `from` and `where` match, counted up to COUNT_CAP (one more tells it is capped). */
export async function cappedCount(db: Executor, from: SQL, where: SQL): Promise<ListCount> {
  const [row] = await queryRows<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM (SELECT 1 FROM ${from} ${where} LIMIT ${COUNT_CAP + 1}) matches`,
  );
  const count = Number(row?.count ?? 0);
  return count > COUNT_CAP ? { count: COUNT_CAP, countCapped: true } : { count };
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
