// GET /admin/metrics/market: the kept day rows of the range (market_days, kept by the triggers of
// migration 0030), a few shard rows a day, never the base tables.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MarketMetrics, MarketMetricsQuery, MarketSeries } from '../../../shared/contract/admin-metrics-routes.js';
import type { Db } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';
import { type DayCounters, marketSeries } from './rules/market-series.js';

// Sums as float8: a JS number from node-postgres and PGlite alike (exact below 2^53), where a
// bigint would come back as text to be converted per value (and, unparsed in production, added
// as text).
const total = z.number().int();
const KeptDay = z.object({
  day: z.string(),
  gmv: total,
  orders: total,
  bids: total,
  new_users: total,
  new_listings: total,
  refunds: total,
  cases_opened: total,
  cases_resolved: total,
});

export async function marketMetrics(
  db: Db,
  query: MarketMetricsQuery,
  readable: (series: MarketSeries) => boolean,
): Promise<MarketMetrics> {
  const rows = await readRows(
    db,
    KeptDay,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(gmv_cents)::float8 AS gmv, sum(orders)::float8 AS orders,
               sum(bids)::float8 AS bids, sum(new_users)::float8 AS new_users, sum(new_listings)::float8 AS new_listings,
               sum(refunds_cents)::float8 AS refunds, sum(cases_opened)::float8 AS cases_opened,
               sum(cases_resolved)::float8 AS cases_resolved
          FROM market_days WHERE day BETWEEN ${query.from}::date AND ${query.to}::date
         GROUP BY day`,
  );
  const kept = new Map<string, DayCounters>(
    rows.map((row) => [
      row.day,
      {
        gmv: row.gmv,
        orders: row.orders,
        bids: row.bids,
        newUsers: row.new_users,
        newListings: row.new_listings,
        refunds: row.refunds,
        casesOpened: row.cases_opened,
        casesResolved: row.cases_resolved,
      },
    ]),
  );
  return { series: marketSeries(kept, query, readable) };
}
