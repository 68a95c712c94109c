// SQL pieces every list uses: the search pattern, ordering and paging, and id lists. A search's
// forms, built from the places it looks, are search-forms.ts's; list-pages.ts puts them together.
import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../../shared/contract/enums.js';
import { hasControlCharacters } from '../../../shared/contract/text.js';
import { rowsBefore } from '../../../shared/rules/paging.js';
import { countValue } from './sql-row.js';
import { z } from 'zod';

/**
 * `'%term%'` as an inline SQL literal, LIKE wildcards escaped. Inline on purpose: with a bound
 * `ILIKE $1` PostgreSQL may pick a generic plan that cannot use the trigram index, while a
 * literal pattern is planned against the index every time.
 *
 * The term must be single-line text (the list query's `search` is): a U+0000 cannot be written
 * in any PostgreSQL literal and would cut the statement's wire message short, so it is refused
 * here too rather than sent.
 */
export function containsPattern(search: string): SQL {
  if (hasControlCharacters(search)) throw new RangeError('A search term must not contain control characters');
  const like = search.replace(/[\\%_]/g, (char) => `\\${char}`);
  // standard_conforming_strings is on (the default since 9.1): only quotes need doubling.
  return sql.raw(`'%${like.replace(/'/g, "''")}%'`);
}

/** The trimmed search term, or null when there is nothing to search for. */
export function searchTerm(search: string | undefined): string | null {
  const term = search?.trim();
  return term ? term : null;
}

/**
 * ORDER BY the column, then the id as a tie-breaker so pages never overlap. A nullable column
 * puts its nulls last in both directions; a NOT NULL one leaves NULLS out, which is the same
 * order and lets one `(column, id)` index serve both directions (a backward scan is DESC NULLS
 * FIRST, and the planner does not know the column has no nulls).
 */
export function orderBy(column: SQL, order: SortOrder | undefined, idColumn: SQL, nullable = false): SQL {
  const direction = sql.raw(order === 'ASC' ? 'ASC' : 'DESC');
  const nulls = sql.raw(nullable ? ' NULLS LAST' : '');
  return sql`ORDER BY ${column} ${direction}${nulls}, ${idColumn} ${direction}`;
}

export function pageOf(page: number, limit: number): SQL {
  return sql`LIMIT ${limit} OFFSET ${rowsBefore({ page, limit })}`;
}

/** The tail of a list's SELECT: ORDER BY the column (then the id), then the query's page. */
export function sortedPage(
  column: SQL,
  query: { order?: SortOrder | undefined; page: number; limit: number },
  idColumn: SQL,
  nullable = false,
): SQL {
  return sql`${orderBy(column, query.order, idColumn, nullable)} ${pageOf(query.page, query.limit)}`;
}

/**
 * A page's ids, picked first (`SELECT idColumn AS id FROM from where ORDER BY … LIMIT … OFFSET
 * …`), and the ORDER BY of the list's SELECT of those rows. The list's joins and per-row
 * subqueries then run for the page's rows only, not for every row a deep OFFSET skips.
 */
export interface PageIds {
  ids: SQL;
  order: SQL;
}

export function pagedById(
  from: SQL,
  where: SQL,
  column: SQL,
  query: { order?: SortOrder | undefined; page: number; limit: number },
  idColumn: SQL,
  nullable = false,
): PageIds {
  return {
    ids: sql`SELECT ${idColumn} AS id FROM ${from} ${where} ${sortedPage(column, query, idColumn, nullable)}`,
    order: orderBy(column, query.order, idColumn, nullable),
  };
}

/**
 * `pagedById` for a search known to match few rows (counted exactly, under the cap): the matches
 * are read first, as a whole (a MATERIALIZED CTE, planned without the page's LIMIT, so through the
 * search's own indexes), then sorted and paged. Walking the sort index instead would test every
 * row when the planner overestimates a rare term's matches.
 */
export function pagedFromFew(
  from: SQL,
  where: SQL,
  column: SQL,
  query: { order?: SortOrder | undefined; page: number; limit: number },
  idColumn: SQL,
  nullable = false,
): PageIds {
  return {
    ids: sql`WITH matches AS MATERIALIZED (SELECT ${idColumn} AS id, ${column} AS sort_key FROM ${from} ${where})
      ${pageAmongMatches(query, nullable)}`,
    order: orderBy(column, query.order, idColumn, nullable),
  };
}

/** The page's ids among the CTE `matches` (`id`, `sort_key`), sorted as the list sorts. */
function pageAmongMatches(
  query: { order?: SortOrder | undefined; page: number; limit: number },
  nullable: boolean,
): SQL {
  const direction = sql.raw(query.order === 'ASC' ? 'ASC' : 'DESC');
  const nulls = sql.raw(nullable ? ' NULLS LAST' : '');
  return sql`SELECT id FROM matches ORDER BY sort_key ${direction}${nulls}, id ${direction} ${pageOf(query.page, query.limit)}`;
}

/**
 * The matches counted up to `cap` + 1 and, when they are no more than `cap`, the ids of the page
 * among them, in one statement: rows of `count` and `id` (one row of a null id when the page is
 * empty). The matches are read as the count reads them (LIMIT `cap` + 1) and then sorted: all of
 * them when under the cap, so the page is `pagedFromFew`'s. Over the cap its ids mean nothing.
 * One statement, not the count and then the page: a rare term's lookup is planned once (planning
 * a trigram condition on two columns took 1.5 ms at a million users, running it 0.1 ms).
 */
export function countedFewPage(
  from: SQL,
  where: SQL,
  column: SQL,
  query: { order?: SortOrder | undefined; page: number; limit: number },
  idColumn: SQL,
  cap: number,
  nullable = false,
): SQL {
  return sql`WITH matches AS MATERIALIZED (SELECT ${idColumn} AS id, ${column} AS sort_key FROM ${from} ${where} LIMIT ${cap + 1})
    SELECT counted.count, page.id FROM (SELECT count(*) AS count FROM matches) counted
      LEFT JOIN LATERAL (${pageAmongMatches(query, nullable)}) page ON TRUE`;
}

/**
 * `pagedById` for a search whose count is over its cap: the list's rows (`from`, `base`) in the
 * list's ORDER BY (`order`), as a subquery the planner can neither merge with the test `match`
 * nor reorder (OFFSET 0), each tested until the page is full. Left to itself, PostgreSQL guesses
 * a term of 10,000 matches has 138 (the trigram statistics), gathers all of them through the
 * trigram index and sorts them (92 ms for "mia.novak" on a million users' orders); the walk
 * passes about a hundred rows per match, a few hundred index entries for a page. `alias` names
 * the walked rows as the list names its table, so `match`, `order` and `idColumn` read them
 * unchanged.
 */
export function pagedByWalk(
  rows: { from: SQL; base: SQL; match: SQL; alias: SQL },
  order: SQL,
  paging: { page: number; limit: number },
  idColumn: SQL,
): PageIds {
  const { from, base, match, alias } = rows;
  const walk = sql`(SELECT * FROM ${from} ${base} ${order} OFFSET 0) ${alias}`;
  return {
    ids: sql`SELECT ${idColumn} AS id FROM ${walk} WHERE ${match} ${pageOf(paging.page, paging.limit)}`,
    order,
  };
}

/** A list row's id, as a page's ids carry it: text, or a number, whichever the table's is. */
export const PAGE_ID = z.union([z.string(), z.number()]);
export type PageId = z.output<typeof PAGE_ID>;

/** A `SELECT count(*) AS count` row. */
export const COUNT_ROW = z.object({ count: countValue });

/** `IN (…)` over a non-empty list of ids (text, or numbers), one parameter each. */
export function inList(ids: readonly (string | number)[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export function whereAll(conditions: (SQL | null)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== null);
  return present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
}

/** The ids as one `text[]` parameter (`amongIds`). */
export function idArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::text[]`;
}
