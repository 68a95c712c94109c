// The `{count, items}` lists of the buyer/seller API: `items` is one page (`page`, `limit`) and
// `count` every matching row, so a client knows how many pages there are.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { COUNT_ROW, pageOf } from './list-sql.js';
import { countValue, readRows } from './sql-row.js';

/** Goes in a page's SELECT list: the count of every matching row, read by the page's own statement. */
export const TOTAL_COUNT = sql`count(*) OVER () AS total_count`;

export interface Counted {
  total_count: string | number;
}

/** A page's id with the count every row carries (`TOTAL_COUNT`). */
const PAGE_ID_ROW = z.object({ id: z.string(), total_count: countValue });

/**
 * Superseded by `listPage` (admin-list.ts), the one pager; left only for the caller's bids
 * (auctions/bidding.ts `userBids`) and giveaway entries (auctions/giveaways.ts) until they move
 * too; `itemsPage` below for the chats, chat messages and auction feed (conversations).
 *
 * The list's total: carried by each row of the page (`TOTAL_COUNT`, evaluated before LIMIT, so in
 * the same snapshot as the page). A page past the end has no row to carry it: then `countAll`
 * (`SELECT count(*) AS count` over the same FROM and WHERE) is asked.
 */
export async function totalOf(db: Executor, rows: readonly Counted[], page: number, countAll: SQL): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total_count);
  if (page <= 1) return 0;
  const [row] = await readRows(db, COUNT_ROW, countAll);
  return Number(row?.count ?? 0);
}

/**
 * A page of the ids `from` (`FROM … WHERE …`) selects in `order`, read as their items by `itemsOf`
 * in one batch (in page order), and the list's total.
 */
export async function itemsPage<Item>(
  db: Executor,
  from: SQL,
  order: SQL,
  page: number,
  limit: number,
  itemsOf: (db: Executor, ids: string[]) => Promise<Item[]>,
): Promise<{ count: number; items: Item[] }> {
  const rows = await readRows(
    db,
    PAGE_ID_ROW,
    sql`SELECT id, ${TOTAL_COUNT} ${from} ORDER BY ${order} ${pageOf(page, limit)}`,
  );
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  );
  return { count: await totalOf(db, rows, page, sql`SELECT count(*) AS count ${from}`), items };
}
