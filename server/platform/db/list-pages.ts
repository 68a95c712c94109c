// Runs one list query: gathers the facts the planner decides from (list-planner.ts), builds the
// statements its strategy names, and reads the count and the page with them. Nothing here chooses
// a strategy; each step does what the strategy says.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsBefore, type Paging } from '../../../shared/rules/paging.js';
import type { AdminList, ListQueryBase } from './admin-list.js';
import type { Executor } from './database.js';
import {
  COUNT_ROW,
  countedFewPage,
  inList,
  orderBy,
  pageOf,
  pagedById,
  pagedByWalk,
  pagedFromFew,
  searchTerm,
  whereAll,
  PAGE_ID,
  type PageId,
} from './list-sql.js';
import { idMatchesAny, loweredMatches, searchForms, searchIsCommon, type TermSearch } from './search-forms.js';
import { namedRowsCount } from './search-owners.js';
import {
  cappedCount,
  countCapOf,
  countedRows,
  keptTotal,
  listCountOf,
  searchedCount,
  type KeptTotal,
  type ListCount,
} from './list-counts.js';
import { firstMatches, matchesAfter, type ListWalk, type ProbedMatches } from './term-probe.js';
import { searchFor, totalKind, walkOf, walkTestOf } from './list-search.js';
import { planList, type IdsStrategy, type ListFacts, type ListStrategy } from './list-planner.js';
import { countValue, readPreparedRows, readRows } from './sql-row.js';

const PAGE_ID_ROW = z.object({ id: PAGE_ID });
const FEW_PAGE_ROW = z.object({ count: countValue, id: PAGE_ID.nullable() });

/** A list's statements for one query: what the strategies read, and the export's order. */
export interface ListStatements {
  facts: ListFacts;
  /** The list's kept total, when the database keeps one. */
  kept: KeptTotal | null;
  from: SQL;
  /** The list's own conditions and the search's (or none): what the list shows. */
  where: SQL;
  /** The same rows, the search as a test of the row at hand (`SearchForms.rowMatches`). */
  rowTest: SQL;
  order: SQL;
  /** The most matches the count proves (`countCapOf`). */
  cap: number;
  /** The page's ids among the rows `rows` picks, as `how` picks them, or a timeline's rows. */
  page(
    how: IdsStrategy,
    rows: SQL,
    paging: Paging,
  ): { rows: SQL } | { ids: SQL; rowsOf: (ids: readonly PageId[]) => SQL };
  /** The SELECT of a page's rows by their ids, in the query's order; null for a timeline. */
  rowsByIds: ((ids: readonly PageId[]) => SQL) | null;
  /** The count up to the cap and, when it is under, the page's ids, in one statement. */
  countedPage(paging: Paging): SQL;
  /** A union's branches, each place's ids through its own index. */
  branches: SQL[];
  /** The rows naming the owners read, counted up to the cap (search-owners.ts). */
  named: SQL | null;
  /** The walk of the list in its default order, each row tested (term-probe.ts). */
  walk: ListWalk | null;
  /** What the bounded walk of the list's first rows found, when it decided the count. */
  found: ProbedMatches | null;
}

export function statementsOf<Query extends ListQueryBase, Row, Item>(
  list: AdminList<Query, Row, Item>,
  query: Query,
  search: TermSearch | null,
): ListStatements {
  const alias = sql.raw(list.alias);
  const idColumn = sql.raw(`${list.alias}.id`);
  const from = list.from?.(query) ?? sql`${sql.raw(list.table)} ${alias}`;
  const filters = (list.filters?.(query) ?? []).filter((filter): filter is SQL => filter !== null);
  const base = [list.condition ?? null, ...filters].filter((condition): condition is SQL => condition !== null);
  const term = searchTerm(query.search);
  const searched = search && list.search && term ? searchFor(list.search, term) : null;
  const forms = search && searched ? searchForms(list.table, list.alias, searched.places, search, searched.kept) : null;
  const union = searched?.by === 'union';
  const matched = forms && search ? searchCondition(list, forms, search, union, idColumn) : null;
  const where = whereAll([...base, matched]);
  const rowTest = whereAll([...base, forms?.rowMatches ?? null]);
  // A walked page tests each row it reads: the same rows as `matched`, found for less.
  const walkTest = forms && list.search && !union && search ? walkTestOf(list.search, forms, search) : matched;

  const key = list.sortKeys[query.sortBy ?? list.defaultSort] ?? list.sortKeys[list.defaultSort]!;
  const tieBreak = list.tieBreak;
  const direction = sql.raw(query.order === 'ASC' ? 'ASC' : 'DESC');
  const order = tieBreak
    ? sql`ORDER BY ${key.column} ${direction}, ${tieBreak}`
    : orderBy(key.column, query.order, idColumn, key.nullable);
  const newestFirst = !tieBreak && key === list.sortKeys[list.defaultSort] && query.order !== 'ASC';
  const cap = countCapOf(list, query);
  const facts: ListFacts = {
    total: totalKind(list.total),
    narrowed: forms !== null || filters.length > 0,
    search: forms && searched ? searched.by : 'none',
    commonTerm: Boolean(union && search && searched && searchIsCommon(list.table, searched.places, search)),
    probeDecided: Boolean(search?.found),
    ownersNamed: Boolean(forms?.named.length),
    joined: list.from !== undefined,
    timeline: tieBreak !== undefined,
    newestFirst,
  };

  // The ids as parameters, not an array: an id is text or a number, whichever the table's is.
  const rowsOf = (sorted: SQL) => (ids: readonly PageId[]) =>
    list.select(sql`WHERE ${idColumn} IN ${inList(ids)}`, sorted, query);
  const page: ListStatements['page'] = (how, rows, paging) => {
    const sorted = { order: query.order, ...paging };
    const byIds = (picked: { ids: SQL; order: SQL }) => ({ ids: picked.ids, rowsOf: rowsOf(picked.order) });
    switch (how) {
      case 'timeline':
      case 'timeline-by-row-test':
        return { rows: list.select(rows, sql`${order} ${pageOf(paging.page, paging.limit)}`, query) };
      case 'walk-sort-index':
        return byIds(pagedByWalk({ from, base: whereAll(base), match: walkTest!, alias }, order, paging, idColumn));
      case 'among-few':
        return byIds(pagedFromFew(from, rows, key.column, sorted, idColumn, key.nullable));
      case 'sorted':
      case 'sorted-by-row-test':
        return byIds(pagedById(from, rows, key.column, sorted, idColumn, key.nullable));
      case 'from-count':
        throw new Error('A page the count picked is read from the count');
    }
  };
  return {
    facts,
    kept: keptOf(list.total),
    from,
    where,
    rowTest,
    order,
    cap,
    page,
    rowsByIds: tieBreak ? null : rowsOf(order),
    countedPage: (paging) =>
      countedFewPage(from, where, key.column, { order: query.order, ...paging }, idColumn, cap, key.nullable),
    branches: forms?.branches ?? [],
    named: forms?.named.length && !list.from ? namedRowsCount(list.table, list.alias, base, forms.named, cap) : null,
    walk: newestFirst && !list.from && forms ? walkOf(list, query, forms.walkTest) : null,
    found: search?.found ?? null,
  };
}

/** The ids that read the search's row test whatever the strategy's condition. */
const BY_ROW_TEST: ReadonlySet<IdsStrategy> = new Set(['sorted-by-row-test', 'timeline-by-row-test']);

/** The list's kept total, when the database keeps one. */
function keptOf(total: AdminList<ListQueryBase, unknown, unknown>['total']): KeptTotal | null {
  if (total === 'exact' || total === 'capped') return null;
  return total;
}

/**
 * The search as one condition: a union's ids of every place, a term common in an `or` list's rows
 * tested on its searched text, else the places' conditions.
 */
function searchCondition<Query extends ListQueryBase, Row, Item>(
  list: AdminList<Query, Row, Item>,
  forms: ReturnType<typeof searchForms>,
  search: TermSearch,
  union: boolean,
  idColumn: SQL,
): SQL {
  if (union) return idMatchesAny(idColumn, forms.branches);
  const text = list.search?.searchedText;
  if (search.walked && text) return loweredMatches(text, search);
  return forms.condition;
}

/** One list query's count and page, read as `planList` decides. */
export async function readListPage<Query extends ListQueryBase, Row, Item>(
  db: Executor,
  list: AdminList<Query, Row, Item>,
  query: Query & Paging,
  search: TermSearch | null,
): Promise<ListCount & { items: Item[] }> {
  const statements = statementsOf(list, query, search);
  const strategy = planList(statements.facts);
  const { cap, where } = statements;
  const conditions = { search: where, 'row-test': statements.rowTest };
  const condition = conditions[strategy.condition];
  const first = rowsBefore(query);
  /** The page's ids among `ids`, the matches from the first on in the page's order. */
  const pageAmong = (ids: readonly PageId[]) => ids.slice(first, first + query.limit);
  const readIds = async (ids: readonly PageId[]) =>
    list.items(db, ids.length ? await readPreparedRows(db, list.row, statements.rowsByIds!(ids)) : []);
  const read = async (how: IdsStrategy) => {
    const page = statements.page(how, BY_ROW_TEST.has(how) ? statements.rowTest : condition, query);
    if ('rows' in page) return list.items(db, await readRows(db, list.row, page.rows));
    const ids = (await readRows(db, PAGE_ID_ROW, page.ids)).map((row) => row.id);
    return list.items(db, ids.length ? await readPreparedRows(db, list.row, page.rowsOf(ids)) : []);
  };
  /** The page for what the count proved: every match, or at least so many. */
  const readCounted = (counted: ListCount) => read(strategy.ids[counted.countCapped ? 'atLeast' : 'exact']);
  /** The rows naming the owners read, when the strategy counts them first. */
  const namedCount = async () =>
    strategy.namedFirst && statements.named ? countedRows(db, statements.named, cap) : null;

  switch (strategy.count) {
    case 'kept':
      return { count: await keptTotal(db, statements.kept!), items: await read(strategy.ids.exact) };
    case 'exact': {
      const [row] = await readRows(db, COUNT_ROW, sql`SELECT count(*) AS count FROM ${statements.from} ${where}`);
      return { count: Number(row?.count ?? 0), items: await read(strategy.ids.exact) };
    }
    case 'counted-with-page': {
      // Counted with its page's ids, one statement planned, not two.
      const rows = await readRows(db, FEW_PAGE_ROW, statements.countedPage(query));
      const matches = Number(rows[0]?.count ?? 0);
      if (matches > cap) return { count: cap, countCapped: true, items: await read(strategy.ids.atLeast) };
      return { count: matches, items: await readIds(rows.flatMap((row) => (row.id === null ? [] : [row.id]))) };
    }
    case 'capped': {
      const some = await namedCount();
      const counted = some?.countCapped ? some : await cappedCount(db, statements.from, condition, cap);
      return { ...counted, items: await readCounted(counted) };
    }
    case 'probed':
      return readProbed(db, statements.found!, strategy, { first, limit: query.limit, cap }, { read, readIds });
    case 'walked': {
      const some = await namedCount();
      // The matches up to the cap's (just the page's when they are over it already), in the
      // page's order: the count and the page's ids.
      const upTo = Math.max(some?.countCapped ? 0 : cap + 1, first + query.limit);
      const ids = await firstMatches(db, statements.walk!, upTo);
      const counted = some?.countCapped ? some : listCountOf(ids.length, cap);
      return { ...counted, items: await readIds(pageAmong(ids)) };
    }
    case 'union': {
      const counted = await searchedCount(db, statements.from, where, statements.branches, cap);
      if (counted) return { ...counted, items: await readCounted(counted) };
      return { count: cap, countCapped: true, items: await read(strategy.ids.placeOverCap!) };
    }
  }
}

/**
 * Counted by the bounded walk: whole (the list ended within it), over the cap, or at least what it
 * found, and then at least the rows up to this page's last (a page past the walk's rows).
 */
async function readProbed<Item>(
  db: Executor,
  found: ProbedMatches,
  strategy: ListStrategy,
  page: { first: number; limit: number; cap: number },
  readers: { read: (how: IdsStrategy) => Promise<Item[]>; readIds: (ids: readonly PageId[]) => Promise<Item[]> },
): Promise<ListCount & { items: Item[] }> {
  const { matches, more, ids } = found;
  const { first, limit, cap } = page;
  const whole = !more && matches <= cap;
  const pageAmong = (among: readonly PageId[]) => among.slice(first, first + limit);
  const readFound = async (how: IdsStrategy) => {
    if (!strategy.pageFromProbe) return readers.read(how);
    // A page among the walk's matches, in the walk's order, is theirs: no second walk to it.
    if (whole || first + limit <= ids.length) return readers.readIds(pageAmong(ids));
    // A page beginning among them goes on from the walk's last row, not from the first.
    const after = first <= ids.length ? await matchesAfter(db, found, first + limit) : null;
    return after ? readers.readIds(pageAmong(after)) : readers.read(how);
  };
  if (matches > cap) return { count: cap, countCapped: true, items: await readFound(strategy.ids.atLeast) };
  if (whole) return { count: matches, items: await readFound(strategy.ids.exact) };
  const items = await readFound(strategy.ids.atLeast);
  return { count: Math.max(matches, first + items.length), countCapped: true, items };
}
