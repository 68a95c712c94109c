// Whether a search term is common in a list's rows, read from the list's first rows in its
// default order. A list keeping its searched text lowered in an index next to that order (the
// users list, migration 0071) then tests that text row by row: a term in 9% of a million users
// ("sto") gives its page in about 110 index entries and proves the count's cap of 100 in about
// 1,100, a millisecond, where the trigram index would gather all 90,000 matches first (80 ms, and
// three times that at three million). A rarer term is looked up through the trigram index as
// before, for a walk would pass too many rows before its page is full.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './database.js';
import { COUNT_ROW, whereAll } from './list-sql.js';
import { readRows } from './sql-row.js';

/** The rows the probe tests: a few hundred index entries, well under a millisecond's read. */
export const PROBE_ROWS = 2000;

/**
 * A term in at least this many of the probed rows (0.5%) is walked to. A walk tests about
 * cap / share rows to prove a search's count cap of 100 (LIST_SEARCH_COUNT_CAP): 20,000 index
 * entries at 0.5%, about as long as the trigram lookup of that share of a million rows (with the
 * cap at 1,000 the two met at 1.5%, 67,000 entries). Any commoner term is found sooner by the
 * walk, at any size: "mia.novak" (0.65% of users) took 26 ms through the trigram index.
 */
export const PROBE_COMMON_HITS = 10;

/**
 * The rows a walked term's count reads at most. A term the probe found common but whose matches
 * thin out further on is then counted through the trigram indexes after all (admin-list.ts): the
 * walk never reads the whole list.
 */
export const WALK_ROWS = 100_000;

/**
 * How many of the first `rows` rows `from` and `conditions` select in `order` have `text`,
 * lowered, matching `lowered` (a lowered pattern), counted up to `upTo`. The rows are a subquery
 * with its own LIMIT, which the planner can neither merge with the test nor reorder: it walks the
 * order's index, however few matches it expects.
 */
export function walkCount(
  walk: { from: SQL; conditions: SQL[]; order: SQL; text: SQL },
  lowered: SQL,
  rows: number,
  upTo: number,
): SQL {
  const { from, conditions, order, text } = walk;
  return sql`SELECT count(*) AS count FROM (SELECT 1 FROM (SELECT lower(${text}) AS text FROM ${from} ${whereAll(conditions)} ${order} LIMIT ${rows}) walk
    WHERE walk.text LIKE ${lowered} LIMIT ${upTo}) matches`;
}

/** Whether the term is common in the first PROBE_ROWS rows of the walk. */
export async function probedCommon(
  db: Executor,
  walk: Parameters<typeof walkCount>[0],
  lowered: SQL,
): Promise<boolean> {
  const [row] = await readRows(db, COUNT_ROW, walkCount(walk, lowered, PROBE_ROWS, PROBE_COMMON_HITS));
  return Number(row?.count ?? 0) >= PROBE_COMMON_HITS;
}
