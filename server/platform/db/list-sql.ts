// SQL pieces every list uses: the search pattern, ordering and paging, and a search's three
// forms derived from the places it looks (admin-list.ts puts them together).
import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../../shared/contract/enums.js';
import { hasControlCharacters } from '../../../shared/contract/text.js';
import { shortGramsOf } from './short-terms.js';
import { countValue } from './sql-row.js';
import type { WalkedMatches } from './term-probe.js';
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
 * A search term as SQL: its `containsPattern`, and for a term no trigram index finds ("e", "an")
 * the short grams a matching row holds (`ARRAY[lower('an')]`, inline for the same reason as the
 * pattern: the planner then reads the index's statistics for that very gram).
 */
export interface TermSearch {
  pattern: SQL;
  grams: SQL | null;
  /**
   * The columns (`table.column`) in which the short term's grams are too common to look up
   * (short-term-stats.ts): there a walk of the list finds its rows sooner, and the grams are
   * left out (computed for each row walked, they would cost more than the ILIKE).
   */
  common: ReadonlySet<string>;
  /**
   * The users and listings the term names, when looked up first (search-owners.ts): a joined
   * place then tests its column against their ids. Null: each place selects them itself.
   */
  owners: FoundOwners;
  /** The pattern lowered (`lower('%an%')`): a LIKE of it on lowered text is the ILIKE. */
  lowered: SQL;
  /** The term itself lowered (`lower('an')`), no wildcards: what a walk finds in lowered text (`walkedMatches`). */
  contained: SQL;
  /** The term lowered, when it is ASCII only (`'an'`): what a walk finds in a column lowered byte by byte. */
  asciiContained: SQL | null;
  /**
   * The term is common in the list's rows: its page is found by walking the list in its order,
   * and a list that keeps its searched text lowered in an index (`searchedText`) tests that text.
   */
  walked: boolean;
  /**
   * What the bounded walk of the list's first rows found (term-probe.ts), when it decides the
   * count: the list is shorter than the walk, or the term is not rare. Null: looked up instead.
   */
  found: WalkedMatches | null;
}

/**
 * Users or listings a term names, read first (search-owners.ts): every one (`complete`), or the
 * first of more than that read stops at.
 */
export interface OwnerIds {
  ids: readonly string[];
  complete: boolean;
}

export interface FoundOwners {
  users: OwnerIds | null;
  listings: OwnerIds | null;
}

const NOT_LOOKED_UP: FoundOwners = { users: null, listings: null };

const ASCII = /^[\x20-\x7e]*$/;

export function termSearch(
  term: string,
  common: ReadonlySet<string> = new Set(),
  owners: FoundOwners = NOT_LOOKED_UP,
  walked = false,
  found: WalkedMatches | null = null,
): TermSearch {
  const grams = shortGramsOf(term);
  const literal = (text: string) => sql.raw(`lower('${text.replace(/'/g, "''")}')`);
  const pattern = containsPattern(term);
  const quoted = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
  return {
    pattern,
    grams: grams ? sql`ARRAY[${sql.join(grams.map(literal), sql`, `)}]` : null,
    common,
    owners,
    lowered: sql`lower(${pattern})`,
    contained: literal(term),
    asciiContained: ASCII.test(term) ? quoted(term.toLowerCase()) : null,
    walked,
    found,
  };
}

/**
 * `text` contains the term, case folded as ILIKE folds it: ILIKE lowers the text and the pattern
 * and compares them (PostgreSQL's like.c), so `lower(text) LIKE lower(pattern)` finds the same
 * rows. It lowers the pattern once, where ILIKE lowers it again for every row, and it is no
 * condition a trigram index answers: a walk's row test.
 */
export function loweredMatches(text: SQL, search: TermSearch): SQL {
  return sql`lower(${text}) LIKE ${search.lowered}`;
}

/**
 * The test of a row a walk reads (term-probe.ts, `pagedByWalk`), the rows' own order doing the
 * finding: the same rows as the search's conditions, tested for less. `lowered`: text lowered
 * already (a kept column, an index's expression), where the term is found as it is. Otherwise a
 * text column, which ILIKE lowers row by row through wide characters (1.5 µs for a 19-character
 * title, 75% of a walked listing's cost); an ASCII term is found in the column lowered byte by
 * byte (COLLATE "C", 0.2 µs) instead. That finds the same rows: a character lowered to ASCII is
 * ASCII itself, but for the Kelvin sign and the dotted capital I, which ILIKE would read as "k"
 * and "i" and this reads as themselves.
 */
export function walkedMatches(column: SQL, search: TermSearch, lowered = false): SQL {
  if (lowered) return sql`strpos(${column}, ${search.contained}) > 0`;
  if (search.asciiContained) return sql`strpos(lower(${column} COLLATE "C"), ${search.asciiContained}) > 0`;
  return sql`${column} ILIKE ${search.pattern}`;
}

/**
 * `column` (`key`: `table.column`) contains the term: its ILIKE, and for a short term whose
 * grams are rare there the short-gram index's test (migration 0040), which finds the candidate
 * rows through that index instead of reading them all.
 */
export function textMatches(column: SQL, search: TermSearch, key: string): SQL {
  if (!search.grams) return sql`${column} ILIKE ${search.pattern}`;
  // Not an ILIKE: a short term's ILIKE looks like a trigram index condition. It holds no trigram,
  // and PostgreSQL then prices a scan of the whole trigram index (every row rechecked, 4 s for "qz"
  // over 2.5M chat messages) as if it found one row. The lowered LIKE is none, and cheaper.
  const test = loweredMatches(column, search);
  if (search.common.has(key)) return test;
  // The LIKE first: a row walked past is tested by it alone, its grams computed only if it matches.
  return sql`(${test} AND short_grams(${column}) @> ${search.grams})`;
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
  return sql`LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
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
  const direction = sql.raw(query.order === 'ASC' ? 'ASC' : 'DESC');
  const nulls = sql.raw(nullable ? ' NULLS LAST' : '');
  return {
    ids: sql`WITH matches AS MATERIALIZED (SELECT ${idColumn} AS id, ${column} AS sort_key FROM ${from} ${where})
      SELECT id FROM matches ORDER BY sort_key ${direction}${nulls}, id ${direction} ${pageOf(query.page, query.limit)}`,
    order: orderBy(column, query.order, idColumn, nullable),
  };
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

/** Ids of users whose name or email matches: both columns' indexes, combined by a BitmapOr. */
export function matchingUserIds(search: TermSearch): SQL {
  const name = textMatches(sql`user_name`, search, 'users.user_name');
  return sql`SELECT id FROM users WHERE ${name} OR ${textMatches(sql`email`, search, 'users.email')}`;
}

/** Ids of listings whose title matches (its trigram or short-gram index). */
export function matchingListingIds(search: TermSearch): SQL {
  return sql`SELECT id FROM listings WHERE ${textMatches(sql`title`, search, 'listings.title')}`;
}

// The row tests below are scalar subqueries, not EXISTS: PostgreSQL may turn an EXISTS into a
// hashed subplan of every matching user or listing (a scan of a million rows for "an"), where a
// walk of the list wants one lookup by primary key for each row it passes.

/** The user `userId` names matches by name or email: one lookup by primary key, for one row. */
function userMatches(userId: SQL, { pattern }: TermSearch): SQL {
  return sql`(SELECT mu.user_name ILIKE ${pattern} OR mu.email ILIKE ${pattern} FROM users mu WHERE mu.id = ${userId}) IS TRUE`;
}

/** The listing `listingId` names matches by title: one lookup by primary key, for one row. */
function listingTitleMatches(listingId: SQL, { pattern }: TermSearch): SQL {
  return sql`(SELECT ml.title ILIKE ${pattern} FROM listings ml WHERE ml.id = ${listingId}) IS TRUE`;
}

/**
 * `idColumn IN (branch UNION branch …)`: each branch selects matching ids through its own
 * index. A plain OR across columns and joined tables would leave only a sequential scan.
 */
export function idMatchesAny(idColumn: SQL, branches: SQL[]): SQL {
  return sql`${idColumn} IN (${sql.join(branches, sql` UNION `)})`;
}

/** A place a list's search looks, named by a column of the list's own table. */
export type SearchPlace =
  /** A text column: `column ILIKE pattern` (its trigram index). */
  | { text: string }
  /**
   * A text column kept lowered (the names a row keeps, `search_names`, migration 0084): `column
   * LIKE lower(pattern)`, the same rows as its ILIKE without lowering each row's text (its trigram
   * index answers LIKE too). Only for a term of three characters or more (list-search.ts).
   */
  | { lowered: string }
  /** A column naming a user: found by user name or email (both trigram indexes). */
  | { user: string }
  /** A column naming a listing: found by the listing's title (its trigram index). */
  | { listingTitle: string };

/** The text columns (`table.column`) a search over `table`'s `places` reads. */
export function searchedColumns(table: string, places: readonly SearchPlace[]): string[] {
  return places.flatMap((place) => {
    if ('text' in place) return [`${table}.${place.text}`];
    if ('lowered' in place) return [`${table}.${place.lowered}`];
    if ('user' in place) return ['users.user_name', 'users.email'];
    return ['listings.title'];
  });
}

/** The search's three forms over one table `table` (aliased `alias`), all from the same places. */
export interface SearchForms {
  /** One condition for the row in the statement: `(a.text ILIKE p OR a.seller_id IN (…))`. */
  condition: SQL;
  /** The matching ids per place, each through its own index (`SELECT id FROM table WHERE …`). */
  branches: SQL[];
  /** The same test for the one row at hand, by correlated lookups through primary keys. */
  rowMatches: SQL;
  /** `condition` for a row a walk reads: its own columns tested for less (`walkedMatches`). */
  walkTest: SQL;
  /**
   * The places naming users or listings read first (`owners`), with their ids: the rows naming
   * them are some of the matches (all of them when every place is complete). Counted through the
   * foreign-key indexes (search-owners.ts), they prove a common term's count is over the cap
   * before any walk.
   */
  named: NamedPlace[];
}

/** A column of the list's own table naming a user or listing, and the ids read for it. */
export interface NamedPlace {
  column: string;
  ids: readonly string[];
}

/**
 * A joined place whose few matching owners were looked up first: its column among their ids, a
 * test of the row's own column (no lookup per row), found through the column's index.
 */
function amongFew(table: string, own: SQL, column: string, few: readonly string[]) {
  return {
    condition: amongIds(own, few),
    branch: sql`SELECT id FROM ${sql.raw(table)} WHERE ${amongIds(sql.raw(column), few)}`,
    row: amongIds(own, few),
  };
}

/**
 * `column = ANY('{…}'::text[])`: the ids as one parameter, whatever their number (a statement
 * holds at most 65,535, and pgbench replays at most 255). The unnamed statement is planned with
 * its value, so PostgreSQL knows how many ids it holds. The ids are the database's own (uuids as
 * text), never anything an array literal would need to quote.
 */
function amongIds(column: SQL, ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`FALSE`;
  return sql`${column} = ANY(${idArray(ids)})`;
}

/** The ids as one `text[]` parameter (`amongIds`). */
export function idArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::text[]`;
}

/**
 * Whether the list is best walked in its order, each row tested (`rowMatches`): some place's
 * matches are too many to look up, a short term common in a column of its own (short-term-stats.ts)
 * or a user or listing term naming more owners than search-owners.ts reads.
 */
export function searchIsCommon(table: string, places: readonly SearchPlace[], search: TermSearch): boolean {
  return places.some((place) => {
    if ('text' in place) return search.common.has(`${table}.${place.text}`);
    if ('lowered' in place) return search.common.has(`${table}.${place.lowered}`);
    const found = 'user' in place ? search.owners.users : search.owners.listings;
    if (found) return !found.complete;
    return searchedColumns(table, [place]).some((column) => search.common.has(column));
  });
}

/**
 * `kept`: a column of `table` holding the names its user and listing places look for, lowered
 * (kept by its owner's triggers): the row test reads it, one LIKE of the row itself, instead of
 * looking up each row's users and listing.
 */
export function searchForms(
  table: string,
  alias: string,
  places: readonly SearchPlace[],
  search: TermSearch,
  kept?: string,
): SearchForms {
  const own = (column: string) => sql.raw(`${alias}.${column}`);
  const bare = sql.raw(table);
  const forms = places.map((place) => {
    if ('lowered' in place) {
      const test = (column: SQL) => sql`${column} LIKE ${search.lowered}`;
      return {
        condition: test(own(place.lowered)),
        branch: sql`SELECT id FROM ${bare} WHERE ${test(sql.raw(place.lowered))}`,
        row: test(own(place.lowered)),
        walk: walkedMatches(own(place.lowered), search, true),
      };
    }
    if ('text' in place) {
      return {
        condition: textMatches(own(place.text), search, `${table}.${place.text}`),
        branch: sql`SELECT id FROM ${bare} WHERE ${textMatches(sql.raw(place.text), search, `${table}.${place.text}`)}`,
        row: sql`${own(place.text)} ILIKE ${search.pattern}`,
        walk: walkedMatches(own(place.text), search),
      };
    }
    const column = 'user' in place ? place.user : place.listingTitle;
    const found = 'user' in place ? search.owners.users : search.owners.listings;
    if (found?.complete) return amongFew(table, own(column), column, found.ids);
    if ('user' in place) {
      const ids = sql`(${matchingUserIds(search)})`;
      return {
        condition: sql`${own(place.user)} IN ${ids}`,
        branch: sql`SELECT id FROM ${bare} WHERE ${sql.raw(place.user)} IN ${ids}`,
        row: userMatches(own(place.user), search),
      };
    }
    const ids = sql`(${matchingListingIds(search)})`;
    return {
      condition: sql`${own(place.listingTitle)} IN ${ids}`,
      branch: sql`SELECT id FROM ${bare} WHERE ${sql.raw(place.listingTitle)} IN ${ids}`,
      row: listingTitleMatches(own(place.listingTitle), search),
    };
  });
  const any = (parts: SQL[]) => sql`(${sql.join(parts, sql` OR `)})`;
  const rowTests = kept
    ? [
        ...forms.filter((_, i) => 'text' in places[i]! || 'lowered' in places[i]!).map((form) => form.row),
        sql`${own(kept)} LIKE ${search.lowered}`,
      ]
    : forms.map((form) => form.row);
  const named = places.flatMap((place): NamedPlace[] => {
    if ('text' in place || 'lowered' in place) return [];
    const column = 'user' in place ? place.user : place.listingTitle;
    const ids = ('user' in place ? search.owners.users : search.owners.listings)?.ids ?? [];
    return ids.length ? [{ column, ids }] : [];
  });
  return {
    condition: any(forms.map((form) => form.condition)),
    branches: forms.map((form) => form.branch),
    rowMatches: any(rowTests),
    // A joined place keeps its condition: its matches are other tables' rows, looked up.
    walkTest: any(forms.map((form) => ('walk' in form ? form.walk : form.condition))),
    named,
  };
}
