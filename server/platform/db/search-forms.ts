// A search term as SQL, and the forms of a list's search built from the places it looks: one
// condition, one branch per place, a row test, and the cheaper row test of a walk (list-pages.ts
// and list-search.ts put them together; list-sql.ts holds the paging they are read with).
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern, idArray } from './list-sql.js';
import { shortGramsOf } from './short-terms.js';
import type { ProbedMatches } from './term-probe.js';

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
   * (term-statistics.ts): there a walk of the list finds its rows sooner, and the grams are
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
  /** The term itself lowered (`lower('an')`), no wildcards: what a walk finds in lowered text (`walkedTest`). */
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
  found: ProbedMatches | null;
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

/** What the look-ups before a search found about its term (`termSearch`), each absent when not asked. */
export interface TermFacts {
  common?: ReadonlySet<string>;
  owners?: FoundOwners;
  walked?: boolean;
  found?: ProbedMatches | null;
}

export function termSearch(term: string, facts: TermFacts = {}): TermSearch {
  const { common = new Set<string>(), owners = NOT_LOOKED_UP, walked = false, found = null } = facts;
  const grams = shortGramsOf(term);
  const quoted = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
  const literal = (text: string) => sql`lower(${quoted(text)})`;
  const pattern = containsPattern(term);
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
export function walkedTest(column: SQL, search: TermSearch, { lowered = false }: { lowered?: boolean } = {}): SQL {
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
  // Byte-wise, as the index is keyed (migration 0086): under another collation it is not used.
  return sql`(${test} AND short_grams(${column}) COLLATE "C" @> ${search.grams})`;
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
  /** `rowMatches` for a row a walk reads: its own columns tested for less (`walkedTest`). */
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

/**
 * Whether the list is best walked in its order, each row tested (`rowMatches`): some place's
 * matches are too many to look up, a short term common in a column of its own (term-statistics.ts)
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
        walk: walkedTest(own(place.lowered), search, { lowered: true }),
      };
    }
    if ('text' in place) {
      return {
        condition: textMatches(own(place.text), search, `${table}.${place.text}`),
        branch: sql`SELECT id FROM ${bare} WHERE ${textMatches(sql.raw(place.text), search, `${table}.${place.text}`)}`,
        row: sql`${own(place.text)} ILIKE ${search.pattern}`,
        walk: walkedTest(own(place.text), search),
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
  // A list keeping its joined places' names tests its own columns and those names; any other its
  // joined places by their row's lookups, in a walk too.
  const tested = kept ? forms.filter((_, i) => 'text' in places[i]! || 'lowered' in places[i]!) : forms;
  const rowTests = [...tested.map((form) => form.row), ...(kept ? [sql`${own(kept)} LIKE ${search.lowered}`] : [])];
  const walkTests = [
    ...tested.map((form) => ('walk' in form ? form.walk : form.row)),
    ...(kept ? [walkedTest(own(kept), search, { lowered: true })] : []),
  ];
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
    walkTest: any(walkTests),
    named,
  };
}
