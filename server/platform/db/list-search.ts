// How an admin list's search is planned (`AdminList.search`): where a term looks (its own
// columns, the names its rows keep, or the joined users and listings), and whether a common term
// is walked along the default order instead of looked up (term-probe.ts, term-statistics.ts).
// list-planner.ts decides from the answer how the count and page are read; list-pages.ts reads them.
import { sql, type SQL } from 'drizzle-orm';
import type { AdminList, ListQueryBase } from './admin-list.js';
import type { Executor } from './database.js';
import { LIST_SEARCH_COUNT_CAP } from '../../../shared/contract/list-query.js';
import { orderBy, searchTerm } from './list-sql.js';
import {
  searchedColumns,
  searchForms,
  termSearch,
  walkedTest,
  type SearchForms,
  type SearchPlace,
  type TermSearch,
} from './search-forms.js';
import { shortGramsOf } from './short-terms.js';
import { COMMON_GRAM_SHARE, commonGramColumns, DENSE_GRAM_SHARE, sampledShare } from './term-statistics.js';
import { foundOwners } from './search-owners.js';
import { walkedCount, type ListWalk } from './term-probe.js';
import { termLookupOf } from './list-planner.js';

/**
 * Where a list's search looks (`AdminList.search`). `kept`: a column of the list's own rows
 * holding the names its user and listing places look for, lowered, kept by its owner's triggers
 * (`search_names`, migrations 0075–0077 and 0084).
 */
export interface ListSearch {
  by: 'or' | 'union';
  places: readonly SearchPlace[];
  kept?: string;
  /**
   * An `or` list's searched columns as one text (`coalesce(u.user_name, '') || E'\\n' ||
   * u.email`, joined by a character no term holds), which an index keeps lowered next to the
   * default order: a term common in the list (term-probe.ts) is then tested on it, index only,
   * instead of through the trigram indexes.
   */
  searchedText?: SQL;
}

/**
 * The search `term` gets. A list that keeps its joined places' names on its rows searches that
 * column as one more text column of its own (`by: 'or'`, its trigram index) for a term the
 * trigram index finds: no join, and a common term walks the sort index testing the row alone. A
 * shorter term keeps the joined places, whose short-gram indexes find a rare one (the kept column
 * has none: building one took minutes), and its walk tests the kept column (`searchForms`).
 */
export function searchFor(search: ListSearch, term: string): ListSearch {
  if (!search.kept || shortGramsOf(term)) return search;
  return { by: 'or', places: [...search.places.filter((place) => 'text' in place), { lowered: search.kept }] };
}

/** The list's search for `query`, or null: a short term's grams left out where they are common. */
export async function searchOfList<Query extends ListQueryBase, Row, Item>(
  db: Executor,
  list: AdminList<Query, Row, Item>,
  query: Query,
): Promise<TermSearch | null> {
  const term = searchTerm(query.search);
  if (!term || !list.search) return null;
  const { by, places } = searchFor(list.search, term);
  const grams = shortGramsOf(term);
  const columns = searchedColumns(list.table, places);
  const common = grams ? await commonGramColumns(db, columns, grams) : new Set<string>();
  const plan = termLookupOf({
    search: by,
    short: grams !== null,
    searchedText: list.search.searchedText !== undefined,
    keepsNames: list.search.kept !== undefined,
    joined: list.from !== undefined,
    total: totalKind(list.total),
  });
  switch (plan.lookup) {
    case 'short-grams':
      // Common or not by the indexes' statistics (no walk needed).
      return termSearch(term, { common, walked: plan.walkSearchedText && columns.every((c) => common.has(c)) });
    case 'trigram':
      return termSearch(term);
    case 'probe': {
      // The bounded walk of the list's first rows counts it, unless it is rare there.
      const plain = termSearch(term);
      const test = walkTestOf(list.search, searchForms(list.table, list.alias, places, plain), plain);
      const walk = walkOf(list, query, test);
      const found = await walkedCount(db, walk, LIST_SEARCH_COUNT_CAP, () => sampledShare(db, columns, term));
      return found ? termSearch(term, { common, walked: true, found }) : plain;
    }
    case 'owners': {
      const share = { common: COMMON_GRAM_SHARE, dense: DENSE_GRAM_SHARE }[plan.walkAt];
      const dense = grams ? await commonGramColumns(db, columns, grams, share) : new Set<string>();
      const owners = await foundOwners(db, places, termSearch(term, { common }), dense);
      return termSearch(term, { common, owners });
    }
  }
}

/** The kind of a list's total: kept by the database (which list's), counted up to a cap, or exactly. */
export function totalKind(total: AdminList<ListQueryBase, unknown, unknown>['total']): 'kept' | 'capped' | 'exact' {
  if (total === 'exact' || total === 'capped') return total;
  return 'kept';
}

/**
 * The row test of a walk of an `or` list (term-probe.ts, `pagedByWalk`): its searched text, lowered
 * in an index next to the default order (`searchedText`, read index only), or its places' own.
 */
export function walkTestOf(search: ListSearch, forms: SearchForms, term: TermSearch): SQL {
  return search.searchedText ? walkedTest(sql`lower(${search.searchedText})`, term, { lowered: true }) : forms.walkTest;
}

/** The walk of a list: its rows in the default order, each tested by `test` (term-probe.ts). */
export function walkOf<Query extends ListQueryBase, Row, Item>(
  list: AdminList<Query, Row, Item>,
  query: Query,
  test: SQL,
): ListWalk {
  const from = list.from?.(query) ?? sql`${sql.raw(list.table)} ${sql.raw(list.alias)}`;
  const conditions = [list.condition ?? null, ...(list.filters?.(query) ?? [])].filter(
    (condition): condition is SQL => condition !== null,
  );
  return { from, conditions, order: newestFirst(list), test, id: sql.raw(`${list.alias}.id`) };
}

/** The list's default order, newest first: the order of the index keeping its searched text. */
function newestFirst<Query extends ListQueryBase, Row, Item>(list: AdminList<Query, Row, Item>): SQL {
  const key = list.sortKeys[list.defaultSort]!;
  return orderBy(key.column, 'DESC', sql.raw(`${list.alias}.id`), key.nullable);
}
