// How many of a list's first rows, in its default order, a search term matches: one bounded
// walk, whose answer is the search's count whenever the term is not rare (issue 26).
//
// Proving a count of 100 (LIST_SEARCH_COUNT_CAP) costs cap / share rows however it is read: a
// term in 0.65% of a million users ("mia.novak") is 15,400 rows apart from its hundredth match,
// 10 ms of index entries, and its trigram lookup gathers all 6,500 matches (26 ms). A type-ahead
// cannot wait for either. So the walk reads at most SEARCH_WALK_ROWS rows: a term matching at least
// WALK_COMMON_HITS of them counts what it found there, a lower bound the list answers as such
// ("16+", `countCapped`), and its page is read among them or walked to in the same order. A rarer
// term is looked up through the trigram indexes, where it has few matches to gather; a list
// shorter than the walk is counted whole by it. Which terms are walked: `walkedCount`.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { PAGE_ID, whereAll, type PageId } from './list-sql.js';
import { readRows } from './sql-row.js';

/**
 * The rows the walk reads at most. Each costs 1–2 µs under load (an index entry of the users
 * list, which keeps its searched text in an index; a heap row, laid in time order, of the
 * others): a walk of 4,000 cost a rare term 1.5× (users) to 4.5× (active listings) a user
 * lookup at a million users, hence the probe first (PROBE_ROWS) and this shorter walk.
 */
export const SEARCH_WALK_ROWS = 2500;

/**
 * The first rows read before the walk, for a term the samples do not call common: one in none of
 * them is taken for rare and looked up through the trigram indexes at once, so a rare term pays
 * 300 rows, not the whole walk.
 */
const PROBE_ROWS = 300;

/**
 * A term matching fewer of the walked rows than this (0.2%) is rare: looked up through the
 * trigram indexes, where at a million rows it has at most a couple of thousand matches to gather.
 * A commoner one's page is walked to: its first ten matches are about 5,000 rows in at most.
 */
const WALK_COMMON_HITS = 5;

/**
 * What the walk found: the matches among the rows it read, their ids in the walk's order (a page
 * among them needs no second walk), and whether the list goes on past the rows read. The walk
 * itself and its rows come along: a page that begins among the matches and ends past them goes
 * on from the row after (`matchesAfter`), not from the first.
 */
export interface ProbedMatches {
  matches: number;
  ids: readonly PageId[];
  more: boolean;
  walk: ListWalk;
  /** The rows the walk tested, all of them; null when it stopped early, at the last match it wanted. */
  rows: number | null;
}

/** The walk of a list: its rows (`from`, `conditions`) in `order`, each tested by `test`, named by `id`. */
export interface ListWalk {
  from: SQL;
  conditions: SQL[];
  order: SQL;
  test: SQL;
  id: SQL;
}

/**
 * The matches among the first `rows` rows of the walk, up to `upTo`, in the walk's order, then a
 * row with no id when the list goes on past `rows` ("more"). The outer LIMIT stops the index walk
 * at the `upTo`th match: a common term reads its hundred matches' rows, not all `rows`. The test
 * runs in the innermost SELECT, on the scanned row, so an index holding the tested text (and the
 * id) answers it alone (index only). Whether more rows follow is a second, untested walk past
 * `rows` (index only too), not a number on every walked row: a row_number window cost a third of
 * the walk (active listings: 5.1 ms → 3.4 ms for 2,500 rows at a million users).
 */
function probeWalkOf(walk: ListWalk, rows: number, upTo: number): SQL {
  const { from, conditions, order } = walk;
  return sql`(SELECT id FROM (${walkedRowsOf(walk)} LIMIT ${rows}) walked WHERE hit LIMIT ${upTo})
    UNION ALL (SELECT NULL FROM (SELECT 1 FROM ${from} ${whereAll(conditions)} ${order} OFFSET ${rows} LIMIT 1) past)`;
}

/** The walk's rows in its order: each one's id, and whether it matches (`hit`). */
function walkedRowsOf({ from, conditions, order, test, id }: ListWalk): SQL {
  return sql`SELECT ${id} AS id, (${test}) IS TRUE AS hit FROM ${from} ${whereAll(conditions)} ${order}`;
}

const WALKED_ROW = z.object({ id: PAGE_ID.nullable() });

/** The walk of `walk`'s first `rows` rows: its matches up to `upTo`, and whether more rows follow. */
async function probeWalk(db: Executor, walk: ListWalk, rows: number, upTo: number): Promise<ProbedMatches> {
  const read = await readRows(db, WALKED_ROW, probeWalkOf(walk, rows, upTo));
  const ids = read.flatMap((row) => (row.id === null ? [] : [row.id]));
  return { matches: ids.length, ids, more: ids.length < read.length, walk, rows: ids.length < upTo ? rows : null };
}

/**
 * The ids of the walk's first `upTo` matches past its first `after` rows, however many rows that
 * reads: the count and the page of a term common in one of a list's places (list-pages.ts), in one
 * statement, or the rest of a page the bounded walk began. The rows are a subquery the planner can
 * neither merge with the test nor reorder (OFFSET), as `pagedByWalk`'s: it reads them in order,
 * testing each, until the LIMIT is met. The rows skipped are not tested.
 */
export async function firstMatches(db: Executor, walk: ListWalk, upTo: number, after = 0): Promise<PageId[]> {
  const rows = await readRows(
    db,
    MATCH_ROW,
    sql`SELECT id FROM (${walkedRowsOf(walk)} OFFSET ${after}) walked WHERE hit LIMIT ${upTo}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The walk's matches up to the `upTo`th, when the bounded walk (`found`) tested all its rows and
 * the list goes on: its own matches, then the next ones from the rows after its last. A page of
 * "mia.novak" among auction messages (a match in 400 rows) needs 4,000 rows for its ten; the
 * walk read 2,500 of them already. Null when the walk stopped early, or decided the list whole.
 */
export async function matchesAfter(db: Executor, found: ProbedMatches, upTo: number): Promise<PageId[] | null> {
  if (!found.more || found.rows === null || found.matches >= upTo) return null;
  return [...found.ids, ...(await firstMatches(db, found.walk, upTo - found.matches, found.rows))];
}

const MATCH_ROW = z.object({ id: PAGE_ID });

/** The share of the rows that would fill a walk with WALK_COMMON_HITS matches: 0.2%. */
const WALK_COMMON_SHARE = WALK_COMMON_HITS / SEARCH_WALK_ROWS;

/**
 * What the walk found when it decides the search's count (the list is no longer than the rows
 * read, or the term is not rare), else null: SEARCH_WALK_ROWS rows, stopping at the cap's match.
 * A term the columns' samples (`sampledShare`, term-statistics.ts) put in enough rows to fill the walk
 * is walked at once. Any other is tried on the first PROBE_ROWS rows first, stopping at a match,
 * and walked only when it is there (new rows the samples do not know yet): a rare term pays 300
 * rows, not the whole walk, and a common one no probe.
 */
export async function walkedCount(
  db: Executor,
  walk: ListWalk,
  cap: number,
  sampledShare: () => Promise<number>,
): Promise<ProbedMatches | null> {
  if ((await sampledShare()) < WALK_COMMON_SHARE) {
    const probe = await probeWalk(db, walk, PROBE_ROWS, 1);
    if (probe.matches === 0) return probe.more ? null : probe;
  }
  const found = await probeWalk(db, walk, SEARCH_WALK_ROWS, cap + 1);
  return walkDecides(found) ? found : null;
}

/** Whether the walk decides the search: the list is no longer than the walk, or the term is not rare. */
function walkDecides({ matches, more }: ProbedMatches): boolean {
  return !more || matches >= WALK_COMMON_HITS;
}
