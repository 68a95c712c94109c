// One admin list, declared once (`AdminList`): its table, condition, filters, the places its
// search looks, its sort keys, its total and its row schema. The page and its count (`listPage`),
// the export (`streamListItems`), the search's union branches and its row test are all derived
// from that declaration. Totals at any size (ARCHITECTURE.md, "Lists"): an unfiltered
// list reads its kept total (list_totals, kept by the triggers of migration 0017: exact, a few
// rows); a filtered list counts its matches up to LIST_COUNT_CAP, a searched one up to
// LIST_SEARCH_COUNT_CAP (`countCapOf`) or over a bounded walk of its first rows (term-probe.ts),
// and says when its count is a lower bound.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SortOrder } from '../../../shared/contract/enums.js';
import type { Paging } from '../../../shared/rules/paging.js';
import type { Db, Executor } from './database.js';
import type { KeptTotal, ListCount } from './list-counts.js';
import { readListPage, statementsOf } from './list-pages.js';
import { searchOfList, type ListSearch } from './list-search.js';
import { requestRead } from './request-reads.js';
import { readRows } from './sql-row.js';

/** What every list query may carry; a list's own query adds its filters. */
export interface ListQueryBase {
  search?: string | undefined;
  sortBy?: string | undefined;
  order?: SortOrder | undefined;
}

/** The column a sort key orders by (the list query's `sortBy` names the key). */
export interface SortColumn {
  column: SQL;
  /** Sort NULLS LAST (a nullable key); a NOT NULL key's `(column, id)` index serves both directions. */
  nullable?: boolean;
}

export interface AdminList<Query extends ListQueryBase, Row, Item> {
  /** The list's table (its search branches select its ids) and its alias in every statement. */
  table: string;
  alias: string;
  /** The counted rows, when more than the table: a join (`… JOIN chats c ON …`) or a subquery. */
  from?: (query: Query) => SQL;
  /** What every listed row meets, whatever the query (`o.deleted_at IS NULL`). */
  condition?: SQL;
  /** The query's own filters (the audit log's admin, action…), each null when not asked. */
  filters?: (query: Query) => (SQL | null)[];
  /**
   * Where the search looks. `or`: one condition in the statement (columns each with its trigram
   * index, combined by a BitmapOr). `union`: the ids of each place through its own index, the
   * count and page bounded place by place (`searchedPage`): for searches across joined tables.
   */
  search?: ListSearch;
  sortKeys: Readonly<Record<string, SortColumn>>;
  defaultSort: string;
  /**
   * The ORDER BY's last term as written, for a list without ids (a timeline's `kind`): its page is
   * read as is. Absent: the id in the list's direction, and the page's ids are picked first.
   */
  tieBreak?: SQL;
  /** The unfiltered total: kept by the database, or counted (`capped` at LIST_COUNT_CAP, or `exact`). */
  total: KeptTotal | 'capped' | 'exact';
  /** The list's SELECT of the rows `rows` (a WHERE) picks, ending with `tail` (order, page). */
  select(rows: SQL, tail: SQL, query: Query): SQL;
  /** Each row the SELECT returns (checked in development and tests, `checkedRows`). */
  row: z.ZodType<Row>;
  items(db: Executor, rows: Row[]): Promise<Item[]> | Item[];
}

/**
 * `items` for a list whose item carries its rows' children (a user's addresses, an order's
 * transactions): read for the whole batch in one lookup by the rows' ids, then put together.
 */
export function withChildren<Row extends { id: string }, Child, Item>(
  children: (db: Executor, ids: string[]) => Promise<Map<string, Child[]>>,
  item: (row: Row, children: Child[]) => Item,
): (db: Executor, rows: Row[]) => Promise<Item[]> {
  return async (db, rows) => {
    const byId = await children(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => item(row, byId.get(row.id) ?? []));
  };
}

/**
 * The one pager: a list's page and its count, as every admin list, the audit log, the review
 * queue and the timelines answer. Its statements run as the request's (`requestRead`): under the
 * list statement time-out, and cancelled when the request closes unanswered.
 */
export async function listPage<Query extends ListQueryBase, Row, Item>(
  db: Executor,
  list: AdminList<Query, Row, Item>,
  query: Query & Paging,
): Promise<ListCount & { items: Item[] }> {
  return requestRead(db, (executor) => readPage(executor, list, query));
}

/**
 * The same pager for a buyer/seller list (`{count, items}` of the market API): its statements run
 * on `db` like the rest of the request's reads, without the admin lists' statement time-out and
 * cancellation (`requestRead`), so a slow market list fails as it always did, never as an admin
 * search "too broad".
 */
export async function marketListPage<Query extends ListQueryBase, Row, Item>(
  db: Executor,
  list: AdminList<Query, Row, Item>,
  query: Query & Paging,
): Promise<{ count: number; items: Item[] }> {
  const { count, items } = await readPage(db, list, query);
  return { count, items };
}

/**
 * The page and its count, as the planner decides (list-planner.ts) and list-pages.ts reads them.
 * A list with ids picks the page's ids first (one table, or the walk), then reads those rows
 * (`rowsOf`): its joins and per-row subqueries run for a page's rows only,
 * and that statement's text is the same for every page of the list in that order, so it runs
 * prepared (`readPreparedRows`): planning the joins took 1.5 ms of a page that ran in 0.5.
 * Two statements, two moments: a row changed between them (deleted ones too) shows as it is at
 * the second, and one removed is left out: the next read of the live list has it right.
 * A timeline (no ids, `tieBreak`) reads its page in one SELECT (`rows`).
 */
async function readPage<Query extends ListQueryBase, Row, Item>(
  db: Executor,
  list: AdminList<Query, Row, Item>,
  query: Query & Paging,
): Promise<ListCount & { items: Item[] }> {
  return readListPage(db, list, query, await searchOfList(db, list, query));
}

/** Rows an export reads from its cursor at a time: bounded memory, few round trips. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every item of a list in its order, batch by batch, from one server-side cursor in a read-only
 * snapshot: a million rows never sit in memory, and no page is skipped or repeated while rows
 * change (no OFFSET, whose cost grows with every page).
 */
export async function streamListItems<Query extends ListQueryBase, Row, Item>(
  db: Pick<Db, 'transaction'>,
  list: AdminList<Query, Row, Item>,
  query: Query,
  onBatch: (items: Item[]) => Promise<void>,
  batchRows = EXPORT_BATCH_ROWS,
): Promise<number> {
  let total = 0;
  await db.transaction(
    async (tx) => {
      const plan = statementsOf(list, query, await searchOfList(tx, list, query));
      await tx.execute(sql`DECLARE list_export NO SCROLL CURSOR FOR ${list.select(plan.where, plan.order, query)}`);
      for (;;) {
        const rows = await readRows(tx, list.row, sql`FETCH FORWARD ${sql.raw(String(batchRows))} FROM list_export`);
        if (rows.length === 0) break;
        total += rows.length;
        await onBatch(await list.items(tx, rows));
        if (rows.length < batchRows) break;
      }
      await tx.execute(sql`CLOSE list_export`);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return total;
}
