// The `{count, items}` lists of the buyer/seller API: `items` is one page (`page`, `limit`) and
// `count` every matching row, so a client knows how many pages there are.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from './database.js';
import { pageOf } from './list-sql.js';

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

/**
 * A page of the ids `from` (`FROM … WHERE …`) selects in `order`, each read as its item by `itemOf`
 * (one item at a time, in page order), and the list's total.
 */
export async function itemsPage<Item>(
  db: Executor,
  from: SQL,
  order: SQL,
  page: number,
  limit: number,
  itemOf: (db: Executor, id: string) => Promise<Item>,
): Promise<{ count: number; items: Item[] }> {
  const rows = await queryRows<{ id: string } & Counted>(
    db,
    sql`SELECT id, ${TOTAL_COUNT} ${from} ORDER BY ${order} ${pageOf(page, limit)}`,
  );
  const items: Item[] = [];
  for (const row of rows) items.push(await itemOf(db, row.id));
  return { count: await totalOf(db, rows, page, sql`SELECT count(*) AS count ${from}`), items };
}
