// Today's point on the dashboard moves as the market does: every tick the watcher reads today's
// kept counters (up to 16 shard rows) and, when they changed since the last tick, tells the
// `/admin` namespace `marketDayUpdated` once, however many writes made the change. Batched at the
// source, it is the same for a purchase, a bid or a resolved case, and no write path knows of it.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MarketDayUpdated } from '../../../shared/contract/admin-metrics-routes.js';
import { utcDay } from '../../../shared/rules/market-days.js';
import type { Db } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';

export const MARKET_DAY_TICK_MS = 2000;

const Digest = z.object({ digest: z.string().nullable() });

export interface MarketDayWatcher {
  /** One look at today's counters (the timer calls it; tests call it themselves). */
  tick(): Promise<void>;
  stop(): void;
}

export function watchMarketDay(
  deps: { db: Db; now?: () => number },
  publish: (payload: MarketDayUpdated) => void,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MarketDayWatcher {
  const now = deps.now ?? Date.now;
  let last: { date: string; digest: string | null } | null = null;
  // One look at a time; a tick asked for meanwhile waits for that look instead of skipping it, so
  // a caller that awaits a tick knows the look it awaited saw the database as of its call or later.
  let looking: Promise<void> | null = null;
  const look = async () => {
    try {
      const date = utcDay(now());
      const [row] = await readRows(
        deps.db,
        Digest,
        sql`SELECT concat_ws(',', sum(gmv_cents), sum(orders), sum(bids), sum(new_users), sum(new_listings),
                             sum(refunds_cents), sum(cases_opened), sum(cases_resolved)) AS digest
              FROM market_days WHERE day = ${date}::date`,
      );
      const digest = row?.digest ?? null;
      // The first look only learns where the day stands; a new day is news by itself.
      if (last && (last.date !== date || last.digest !== digest)) publish({ date });
      last = { date, digest };
    } catch (error) {
      options.onError?.(error);
    }
  };
  const tick = (): Promise<void> =>
    (looking ??= look().finally(() => {
      looking = null;
    }));
  const timer = setInterval(() => void tick(), options.intervalMs ?? MARKET_DAY_TICK_MS);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
