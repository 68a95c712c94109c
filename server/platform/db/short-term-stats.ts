// How common a short term's pieces are in each searched column, read from the statistics ANALYZE
// keeps of the column's short-gram index (migration 0040: its most common grams and their
// shares of the rows). A gram in most rows ("e" in every email) is found sooner by walking the
// list in its order, its page a few rows away; through the index it would mean a bitmap of
// nearly every row. A rare one ("qz") is found through the index. Kept a few minutes per index.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { inList } from './list-sql.js';
import { readRows } from './sql-row.js';

/** A gram in at least this share of a column's rows is walked to, not looked up. */
export const COMMON_GRAM_SHARE = 0.05;
const KEPT_MS = 10 * 60_000;

interface GramShares {
  readAt: number;
  shares: ReadonlyMap<string, number>;
}
/** By index name: one database per process, and a stale share only changes a plan, never rows. */
const known = new Map<string, GramShares>();

const indexOf = (column: string) => `${column.replace('.', '_')}_short`;

const STATS_ROW = z.object({
  index: z.string(),
  grams: z.array(z.string()).nullable(),
  shares: z.array(z.number()).nullable(),
});

async function refresh(db: Executor, indexes: string[]): Promise<void> {
  const rows = await readRows(
    db,
    STATS_ROW,
    sql`SELECT tablename AS index, most_common_elems::text::text[] AS grams, most_common_elem_freqs AS shares
          FROM pg_stats WHERE schemaname = 'public' AND tablename IN ${inList(indexes)}`,
  );
  const readAt = Date.now();
  for (const index of indexes) {
    const row = rows.find((found) => found.index === index);
    const shares = new Map<string, number>();
    (row?.grams ?? []).forEach((gram, i) => shares.set(gram, row?.shares?.[i] ?? 0));
    known.set(index, { readAt, shares });
  }
}

/**
 * A gram in at least this share of a column's rows is in most rows a walk passes: a search
 * naming users or listings by it walks the list at once, without reading them first
 * (search-owners.ts), its matches a row or two apart.
 */
export const DENSE_GRAM_SHARE = 0.3;

/** The columns (`table.column`) in which every one of `grams` is in at least `share` of the rows. */
export async function commonGramColumns(
  db: Executor,
  columns: readonly string[],
  grams: readonly string[],
  share = COMMON_GRAM_SHARE,
): Promise<Set<string>> {
  const stale = [...new Set(columns.map(indexOf))].filter((index) => {
    const entry = known.get(index);
    return !entry || Date.now() - entry.readAt > KEPT_MS;
  });
  if (stale.length > 0) await refresh(db, stale);
  return new Set(
    columns.filter((column) => {
      const shares = known.get(indexOf(column))?.shares;
      return grams.every((gram) => (shares?.get(gram.toLowerCase()) ?? 0) >= share);
    }),
  );
}
