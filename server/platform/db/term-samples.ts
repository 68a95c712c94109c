// How common a search term is in a list's searched columns, by the samples ANALYZE keeps of each
// (pg_stats: the most common values with their shares, and a histogram of the rest, a thousand
// values each since migration 0085). The walk of a list's first rows (term-probe.ts) asks it
// first: a term the samples call common is walked at once, without the 300-row probe, and one the
// probe would miss is not taken for rare. "mia.novak" is in 0.7% of a million auction messages
// but in none of the newest 300; looked up, it was counted through 18,000 rows to prove "100+"
// (8 ms, 7x a user lookup under load), where the walk finds its page 2,500 rows in. The planner's
// own estimate is this very reading of the same samples; asking it (EXPLAIN) cost every rare
// term a planning. Kept a few minutes per column, like the short grams' shares.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { readRows } from './sql-row.js';

const KEPT_MS = 10 * 60_000;

/** A column's samples, lowered: the common values with their shares, and the histogram's values. */
interface ColumnSamples {
  readAt: number;
  common: readonly { value: string; share: number }[];
  histogram: readonly string[];
  /** The share of the rows the histogram stands for: neither null nor a common value. */
  histogramShare: number;
}

/** By `table.column`: one database per process, and a stale sample only changes a plan, never rows. */
const known = new Map<string, ColumnSamples>();

const STATS_ROW = z.object({
  table: z.string(),
  column: z.string(),
  nullShare: z.number(),
  common: z.array(z.string()).nullable(),
  shares: z.array(z.number()).nullable(),
  histogram: z.array(z.string()).nullable(),
});

async function refresh(db: Executor, columns: readonly string[]): Promise<void> {
  const pairs = columns.map((column) => column.split('.') as [string, string]);
  const rows = await readRows(
    db,
    STATS_ROW,
    sql`SELECT tablename AS "table", attname AS "column", null_frac AS "nullShare",
               most_common_vals::text::text[] AS common, most_common_freqs AS shares,
               histogram_bounds::text::text[] AS histogram
          FROM pg_stats
         WHERE schemaname = 'public' AND (tablename, attname::text) IN (${sql.join(
           pairs.map(([table, column]) => sql`(${table}, ${column})`),
           sql`, `,
         )})`,
  );
  const readAt = Date.now();
  for (const column of columns) {
    const row = rows.find((found) => `${found.table}.${found.column}` === column);
    const common = (row?.common ?? []).map((value, i) => ({
      value: value.toLowerCase(),
      share: row?.shares?.[i] ?? 0,
    }));
    const commonShare = common.reduce((sum, value) => sum + value.share, 0);
    known.set(column, {
      readAt,
      common,
      histogram: (row?.histogram ?? []).map((value) => value.toLowerCase()),
      histogramShare: Math.max(0, 1 - (row?.nullShare ?? 0) - commonShare),
    });
  }
}

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
  const stale = [...new Set(columns)].filter((column) => {
    const entry = known.get(column);
    return !entry || Date.now() - entry.readAt > KEPT_MS;
  });
  if (stale.length > 0) await refresh(db, stale);
  const lowered = term.toLowerCase();
  const share = columns.reduce((sum, column) => {
    const samples = known.get(column);
    return sum + (samples ? sampledShareOf(samples, lowered) : 0);
  }, 0);
  return Math.min(1, share);
}
