// How common a search term is in a list's searched columns, by the statistics ANALYZE keeps
// (pg_stats), read through one cache per database: each index's or column's statistics are read
// once and kept ten minutes. A stale statistic only changes a plan, never rows. (A process has one
// database, but a test process opens many, one after another: each keeps its own statistics.)
//
// Two readings. A short term's grams (no trigram: "e", "an") by the statistics of each column's
// short-gram index (migration 0040: its most common grams and their shares): a gram in most rows
// ("e" in every email) is found sooner by walking the list in its order than through a bitmap of
// nearly every row; a rare one ("qz") through the index. A longer term by the column's own samples
// (the most common values with their shares, and a histogram of the rest, a thousand values each
// since migration 0085), which the bounded walk of a list's first rows asks first (term-probe.ts):
// a term the samples call common is walked at once, without the 300-row probe, and one the probe
// would miss is not taken for rare ("mia.novak" is in 0.7% of a million auction messages but in
// none of the newest 300). The planner's own estimate is this very reading of the same samples;
// asking it (EXPLAIN) cost every rare term a planning.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { inList } from './list-sql.js';
import { readRows } from './sql-row.js';

const KEPT_MS = 10 * 60_000;

/**
 * Statistics by key (an index or a `table.column`), kept KEPT_MS per database (its executor: an
 * export's transaction reads its own): `read` is asked for the stale keys only, and answers for
 * every one of them (an empty statistic when ANALYZE has none).
 */
function keptStatistics<T>(
  read: (db: Executor, keys: readonly string[]) => Promise<ReadonlyMap<string, T>>,
): (db: Executor, keys: readonly string[]) => Promise<ReadonlyMap<string, T>> {
  const byDatabase = new WeakMap<Executor, Map<string, { readAt: number; value: T }>>();
  return async (db, keys) => {
    const known = byDatabase.get(db) ?? new Map<string, { readAt: number; value: T }>();
    byDatabase.set(db, known);
    const stale = [...new Set(keys)].filter((key) => {
      const entry = known.get(key);
      return !entry || Date.now() - entry.readAt > KEPT_MS;
    });
    if (stale.length > 0) {
      const values = await read(db, stale);
      const readAt = Date.now();
      for (const [key, value] of values) known.set(key, { readAt, value });
    }
    return new Map(keys.flatMap((key) => (known.has(key) ? [[key, known.get(key)!.value] as const] : [])));
  };
}

/** A gram in at least this share of a column's rows is walked to, not looked up. */
export const COMMON_GRAM_SHARE = 0.05;

/**
 * A gram in at least this share of a column's rows is in most rows a walk passes: a search
 * naming users or listings by it walks the list at once, without reading them first
 * (search-owners.ts), its matches a row or two apart.
 */
export const DENSE_GRAM_SHARE = 0.3;

const indexOf = (column: string) => `${column.replace('.', '_')}_short`;

const GRAMS_ROW = z.object({
  index: z.string(),
  grams: z.array(z.string()).nullable(),
  shares: z.array(z.number()).nullable(),
});

/** The short-gram indexes' common grams and their shares of the rows, by index name. */
const gramSharesOf = keptStatistics<ReadonlyMap<string, number>>(async (db, indexes) => {
  const rows = await readRows(
    db,
    GRAMS_ROW,
    sql`SELECT tablename AS index, most_common_elems::text::text[] AS grams, most_common_elem_freqs AS shares
          FROM pg_stats WHERE schemaname = 'public' AND tablename IN ${inList(indexes)}`,
  );
  return new Map(
    indexes.map((index) => {
      const row = rows.find((found) => found.index === index);
      const shares = new Map<string, number>();
      (row?.grams ?? []).forEach((gram, i) => shares.set(gram, row?.shares?.[i] ?? 0));
      return [index, shares];
    }),
  );
});

/** The columns (`table.column`) in which every one of `grams` is in at least `share` of the rows. */
export async function commonGramColumns(
  db: Executor,
  columns: readonly string[],
  grams: readonly string[],
  share = COMMON_GRAM_SHARE,
): Promise<Set<string>> {
  const sharesByIndex = await gramSharesOf(db, columns.map(indexOf));
  return new Set(
    columns.filter((column) => {
      const shares = sharesByIndex.get(indexOf(column));
      return grams.every((gram) => (shares?.get(gram.toLowerCase()) ?? 0) >= share);
    }),
  );
}

/** A column's samples, lowered: the common values with their shares, and the histogram's values. */
interface ColumnSamples {
  common: readonly { value: string; share: number }[];
  histogram: readonly string[];
  /** The share of the rows the histogram stands for: neither null nor a common value. */
  histogramShare: number;
}

const SAMPLES_ROW = z.object({
  table: z.string(),
  column: z.string(),
  nullShare: z.number(),
  common: z.array(z.string()).nullable(),
  shares: z.array(z.number()).nullable(),
  histogram: z.array(z.string()).nullable(),
});

/** The columns' samples, by `table.column`. */
const samplesOf = keptStatistics<ColumnSamples>(async (db, columns) => {
  const pairs = columns.map((column) => column.split('.') as [string, string]);
  const rows = await readRows(
    db,
    SAMPLES_ROW,
    sql`SELECT tablename AS "table", attname AS "column", null_frac AS "nullShare",
               most_common_vals::text::text[] AS common, most_common_freqs AS shares,
               histogram_bounds::text::text[] AS histogram
          FROM pg_stats
         WHERE schemaname = 'public' AND (tablename, attname::text) IN (${sql.join(
           pairs.map(([table, column]) => sql`(${table}, ${column})`),
           sql`, `,
         )})`,
  );
  return new Map(
    columns.map((column) => {
      const row = rows.find((found) => `${found.table}.${found.column}` === column);
      const common = (row?.common ?? []).map((value, i) => ({
        value: value.toLowerCase(),
        share: row?.shares?.[i] ?? 0,
      }));
      const commonShare = common.reduce((sum, value) => sum + value.share, 0);
      const samples: ColumnSamples = {
        common,
        histogram: (row?.histogram ?? []).map((value) => value.toLowerCase()),
        histogramShare: Math.max(0, 1 - (row?.nullShare ?? 0) - commonShare),
      };
      return [column, samples];
    }),
  );
});

/** The share of a column's rows holding `lowered`, as its samples tell (0 with none). */
function sampledShareOf(samples: ColumnSamples, lowered: string): number {
  const common = samples.common.reduce((sum, { value, share }) => sum + (value.includes(lowered) ? share : 0), 0);
  const { histogram } = samples;
  const inHistogram = histogram.length
    ? histogram.filter((value) => value.includes(lowered)).length / histogram.length
    : 0;
  return common + inHistogram * samples.histogramShare;
}

/**
 * The share of the rows in which one of `columns` (`table.column`) holds `term` (case folded), as
 * ANALYZE's samples tell: an estimate, at most 1. A column never analyzed counts as holding none.
 */
export async function sampledShare(db: Executor, columns: readonly string[], term: string): Promise<number> {
  const samples = await samplesOf(db, [...new Set(columns)]);
  const lowered = term.toLowerCase();
  const share = columns.reduce((sum, column) => {
    const found = samples.get(column);
    return sum + (found ? sampledShareOf(found, lowered) : 0);
  }, 0);
  return Math.min(1, share);
}
