// The `{count, items}` lists of the buyer/seller API: `items` is one page (`page`, `limit`) and
// `count` every matching row, so a client knows how many pages there are.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from './database.js';

/** Goes in a page's SELECT list: the count of every matching row, read by the page's own statement. */
export const TOTAL_COUNT = sql`count(*) OVER () AS total_count`;

export interface Counted {
  total_count: string | number;
}

/**
 * The list's total: carried by each row of the page (`TOTAL_COUNT`, evaluated before LIMIT, so in
 * the same snapshot as the page). A page past the end has no row to carry it: then `countAll`
 * (`SELECT count(*) AS count` over the same FROM and WHERE) is asked.
 */
export async function totalOf(db: Executor, rows: readonly Counted[], page: number, countAll: SQL): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total_count);
  if (page <= 1) return 0;
  const [row] = await queryRows<{ count: string | number }>(db, countAll);
  return Number(row?.count ?? 0);
}
