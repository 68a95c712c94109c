// One admin list, declared once (`AdminList`): its table, condition, filters, the places its
// search looks, its sort keys, its total and its row schema. The page and its count (`listPage`),
// the export (`streamListItems`), the search's union branches and its row test are all derived
// from that declaration. Totals at any size ("Lists at scale" in ARCHITECTURE.md): an unfiltered
// list reads its kept total (list_totals, kept by the triggers of migration 0017: exact, a few
// rows); a filtered list counts its matches up to LIST_COUNT_CAP, a searched one up to
// LIST_SEARCH_COUNT_CAP (`countCapOf`) or over a bounded walk of its first rows (term-probe.ts),
// and says when its count is a lower bound.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { SortOrder } from '../../../shared/contract/enums.js';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../../shared/contract/list-query.js';
import type { Db, Executor } from './database.js';
import {
  COUNT_ROW,
  inList,
  orderBy,
  pagedById,
  pagedByWalk,
  countedFewPage,
  pagedFromFew,
  pageOf,
  searchTerm,
  whereAll,
  PAGE_ID,
  type PageId,
} from './list-sql.js';
import { idMatchesAny, loweredMatches, searchForms, searchIsCommon, type TermSearch } from './search-forms.js';
import { namedRowsCount } from './search-owners.js';
import {
  cappedCount,
  countedRows,
  keptTotal,
  listCountOf,
  searchedCount,
  type KeptTotal,
  type ListCount,
} from './list-counts.js';
import { firstMatches, matchesAfter, type ListWalk, type WalkedMatches } from './term-probe.js';
import { searchFor, searchOfList, walkOf, walkTestOf, type ListSearch } from './list-search.js';
import { requestRead } from './request-reads.js';
import { countValue, readPreparedRows, readRows } from './sql-row.js';

/**
 * The most matches a list query's count proves: a search's (LIST_SEARCH_COUNT_CAP), or a filter's
 * (LIST_COUNT_CAP); more answer `count: cap, countCapped: true`. The one place that decides it.
 */
export function countCapOf<Query extends ListQueryBase>(list: { search?: ListSearch }, query: Query): number {
  return list.search && searchTerm(query.search) ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
}

/** What every list query may carry; a list's own query adds its filters. */
export interface ListQueryBase {
  search?: string | undefined;
  sortBy?: string | undefined;
  order?: SortOrder | undefined;
}

export interface Paging {
  page: number;
  limit: number;
}

export interface SortKey {
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
  sortKeys: Readonly<Record<string, SortKey>>;
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
 * How a page is read. A list with ids picks the page's ids first (`ids`, one table, or the walk),
 * then reads those rows (`rowsOf`): its joins and per-row subqueries run for a page's rows only,
 * and that statement's text is the same for every page of the list in that order, so it runs
 * prepared (`readPreparedRows`): planning the joins took 1.5 ms of a page that ran in 0.5.
 * Two statements, two moments: a row changed between them (deleted ones too) shows as it is at
 * the second, and one removed is left out: the next read of the live list has it right.
 * A timeline (no ids, `tieBreak`) reads its page in one SELECT (`rows`).
 */
type ListPage = { rows: SQL } | { ids: SQL; rowsOf: (ids: readonly PageId[]) => SQL };

const PAGE_ID_ROW = z.object({ id: PAGE_ID });
const FEW_PAGE_ROW = z.object({ count: countValue, id: PAGE_ID.nullable() });

/** A list's statements for one query: what the pager and the export run. */
interface ListPlan {
  from: SQL;
  /** The full search (or none): what the list shows. */
  where: SQL;
  order: SQL;
  /** The most matches the count proves (`countCapOf`). */
  cap: number;
  /**
   * One page of the rows `where` picks. `few`: counted, under the cap (the matches read whole,
   * then sorted); `many`: `where` is the plan's own and its count is over the cap (the sort index
   * walked, each row tested, however few matches the planner expects).
   */
  page(where: SQL, paging: Paging, matches?: 'few' | 'many'): ListPage;
  /**
   * The SELECT of a page's rows by their ids, in the query's order (the ids picked by a count or
   * a walk); null for a timeline (no ids).
   */
  rowsByIds: ((ids: readonly PageId[]) => SQL) | null;
  /** Whether the query's order is the one a search's walk reads: the default sort, newest first. */
  walkOrder: boolean;
  /** The count up to the cap and, when it is under, the page's ids, in one statement (`countedFewPage`). */
  countedPage: (paging: Paging) => SQL;
  count:
    | { kept: KeptTotal }
    | { exact: true }
    | { capped: true; found: WalkedMatches | null }
    | { union: { branches: SQL[]; rowWhere: SQL } }
    | { walked: SQL; named: SQL | null; walk: ListWalk | null };
}

function planOf<Query extends ListQueryBase, Row, Item>(
  list: AdminList<Query, Row, Item>,
  query: Query,
  search: TermSearch | null,
): ListPlan {
  const alias = sql.raw(list.alias);
  const idColumn = sql.raw(`${list.alias}.id`);
  const from = list.from?.(query) ?? sql`${sql.raw(list.table)} ${alias}`;
  const filters = (list.filters?.(query) ?? []).filter((filter): filter is SQL => filter !== null);
  const base = [list.condition ?? null, ...filters];
  const baseConditions = base.filter((condition): condition is SQL => condition !== null);
  const term = searchTerm(query.search);
  const cap = countCapOf(list, query);
  const searched = search && list.search && term ? searchFor(list.search, term) : null;
  const forms = search && searched ? searchForms(list.table, list.alias, searched.places, search, searched.kept) : null;
  const union = searched?.by === 'union';
  const text = list.search?.searchedText;
  const matched = !forms
    ? null
    : union
      ? idMatchesAny(idColumn, forms.branches)
      : search?.walked && text
        ? loweredMatches(text, search)
        : forms.condition;
  const where = whereAll([...base, matched]);
  // A walked page tests each row it reads: the same rows as `matched`, found for less.
  const walkMatch = forms && list.search && !union && search ? walkTestOf(list.search, forms, search) : matched;

  const key = list.sortKeys[query.sortBy ?? list.defaultSort] ?? list.sortKeys[list.defaultSort]!;
  const tieBreak = list.tieBreak;
  const order = tieBreak
    ? sql`ORDER BY ${key.column} ${sql.raw(query.order === 'ASC' ? 'ASC' : 'DESC')}, ${tieBreak}`
    : orderBy(key.column, query.order, idColumn, key.nullable);
  // The ids as parameters, not an array: an id is text or a number, whichever the table's is.
  const rowsOf = (sorted: SQL) => (ids: readonly PageId[]) =>
    list.select(sql`WHERE ${idColumn} IN ${inList(ids)}`, sorted, query);
  const page = (rows: SQL, paging: Paging, matches?: 'few' | 'many'): ListPage => {
    if (tieBreak) return { rows: list.select(rows, sql`${order} ${pageOf(paging.page, paging.limit)}`, query) };
    const sorted = { order: query.order, ...paging };
    const picked =
      matches === 'many' && walkMatch && !list.from
        ? pagedByWalk({ from, base: whereAll(base), match: walkMatch, alias }, order, paging, idColumn)
        : (matches === 'few' ? pagedFromFew : pagedById)(from, rows, key.column, sorted, idColumn, key.nullable);
    return { ids: picked.ids, rowsOf: rowsOf(picked.order) };
  };
  const walkOrder = !tieBreak && key === list.sortKeys[list.defaultSort] && query.order !== 'ASC';

  const unfiltered = !forms && filters.length === 0;
  const count: ListPlan['count'] =
    list.total === 'exact'
      ? { exact: true }
      : unfiltered && list.total !== 'capped'
        ? { kept: list.total }
        : forms && union
          ? // A term common in one of the places (a short one in a column, or naming more users
            // or listings than search-owners.ts reads): counting that place's matches through its
            // join would read most of it, so the list is walked in its order, each row tested.
            search && searched && searchIsCommon(list.table, searched.places, search)
            ? {
                walked: whereAll([...base, forms.rowMatches]),
                named:
                  forms.named.length && !list.from
                    ? namedRowsCount(list.table, list.alias, baseConditions, forms.named, cap)
                    : null,
                // In the default order, the walk counts and finds the page in one statement.
                walk: walkOrder && !list.from ? walkOf(list, query, forms.walkTest) : null,
              }
            : { union: { branches: forms.branches, rowWhere: whereAll([...base, forms.rowMatches]) } }
          : // A term the bounded walk of the default order decided is counted by it (term-probe.ts).
            { capped: true, found: search?.found ?? null };
  const countedPage = (paging: Paging) =>
    countedFewPage(from, where, key.column, { order: query.order, ...paging }, idColumn, cap, key.nullable);
  const rowsByIds = tieBreak ? null : rowsOf(order);
  return { from, where, order, cap, page, rowsByIds, walkOrder, countedPage, count };
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

async function readPage<Query extends ListQueryBase, Row, Item>(
  db: Executor,
  list: AdminList<Query, Row, Item>,
  query: Query & Paging,
): Promise<ListCount & { items: Item[] }> {
  const search = await searchOfList(db, list, query);
  const plan = planOf(list, query, search);
  const readIds = async (ids: readonly PageId[], rowsOf: (ids: readonly PageId[]) => SQL) =>
    list.items(db, ids.length ? await readPreparedRows(db, list.row, rowsOf(ids)) : []);
  /** The page's ids among `ids`, the matches from the first on in the page's order. */
  const first = (query.page - 1) * query.limit;
  const pageAmong = (ids: readonly PageId[]) => ids.slice(first, first + query.limit);
  const read = async (rows: SQL, matches?: 'few' | 'many') => {
    const page = plan.page(rows, query, matches);
    if ('rows' in page) return list.items(db, await readRows(db, list.row, page.rows));
    return readIds(
      (await readRows(db, PAGE_ID_ROW, page.ids)).map((row) => row.id),
      page.rowsOf,
    );
  };
  /** The page of a count: exact, its matches read whole; capped, the sort index walked to them. */
  const readCounted = (rows: SQL, counted: ListCount, walkable = false) =>
    read(rows, !counted.countCapped ? 'few' : walkable ? 'many' : undefined);
  const { count, cap } = plan;
  if ('kept' in count) return { count: await keptTotal(db, count.kept), items: await read(plan.where) };
  if ('exact' in count) {
    const [row] = await readRows(db, COUNT_ROW, sql`SELECT count(*) AS count FROM ${plan.from} ${plan.where}`);
    return { count: Number(row?.count ?? 0), items: await read(plan.where) };
  }
  if ('capped' in count) {
    if (!count.found && plan.rowsByIds) {
      // A term looked up (not walked, or too rare among the walk's rows): counted with its page's
      // ids, one statement planned, not two; over the cap, the page walks the sort index.
      const rows = await readRows(db, FEW_PAGE_ROW, plan.countedPage(query));
      const matches = Number(rows[0]?.count ?? 0);
      if (matches > cap) return { count: cap, countCapped: true, items: await read(plan.where, 'many') };
      const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
      return { count: matches, items: await readIds(ids, plan.rowsByIds) };
    }
    if (!count.found) {
      const counted = await cappedCount(db, plan.from, plan.where, cap);
      return { ...counted, items: await readCounted(plan.where, counted, true) };
    }
    // Counted by the walk: whole (the list ended within it), over the cap, or at least what it
    // found, and then at least the rows up to this page's last (a page past the walk's rows).
    const found = count.found;
    const { matches, more, ids } = found;
    const whole = !more && matches <= cap;
    // A page among the walk's matches, in the walk's order, is theirs: no second walk to it.
    const walked = plan.walkOrder ? plan.rowsByIds : null;
    const readFound = async (matches: 'few' | 'many') => {
      if (!walked) return read(plan.where, matches);
      if (whole || first + query.limit <= ids.length) return readIds(pageAmong(ids), walked);
      // A page beginning among them goes on from the walk's last row, not from the first.
      const after = first <= ids.length ? await matchesAfter(db, found, first + query.limit) : null;
      return after ? readIds(pageAmong(after), walked) : read(plan.where, matches);
    };
    if (matches > cap) return { count: cap, countCapped: true, items: await readFound('many') };
    if (whole) return { count: matches, items: await readFound('few') };
    const items = await readFound('many');
    return { count: Math.max(matches, first + items.length), countCapped: true, items };
  }
  if ('walked' in count) {
    // The rows naming the users or listings read first, through the foreign-key indexes: when
    // they are over the cap already, so is the search, and the walk need not count.
    const some = count.named && (await countedRows(db, count.named, cap));
    if (count.walk && plan.rowsByIds) {
      // The matches up to the cap's (just the page's when they are over it already), in the
      // page's order: the count and the page's ids.
      const upTo = Math.max(some?.countCapped ? 0 : cap + 1, first + query.limit);
      const ids = await firstMatches(db, count.walk, upTo);
      const counted = some?.countCapped ? some : listCountOf(ids.length, cap);
      return { ...counted, items: await readIds(pageAmong(ids), plan.rowsByIds) };
    }
    const counted = some?.countCapped ? some : await cappedCount(db, plan.from, count.walked, cap);
    return { ...counted, items: await readCounted(count.walked, counted) };
  }
  const counted = await searchedCount(db, plan.from, plan.where, count.union.branches, cap);
  if (counted) return { ...counted, items: await readCounted(plan.where, counted) };
  return { count: cap, countCapped: true, items: await read(count.union.rowWhere) };
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
      const plan = planOf(list, query, await searchOfList(tx, list, query));
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
