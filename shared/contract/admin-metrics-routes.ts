// Market health: the daily counters of the market, per day or per ISO week, read from the rollups
// the database keeps (market_days). Spread into the admin route table.
import { z } from 'zod';
import { rangeRefusal } from '../rules/market-days.js';
import { queryDate, utcDayOfQueryDate } from './query-dates.js';
import type { RouteDef } from './route-def.js';

export const METRIC_INTERVALS = ['day', 'week'] as const;
export type MetricInterval = (typeof METRIC_INTERVALS)[number];

/** Every series of a row, in the contract's order. */
export const MARKET_SERIES = [
  'gmv',
  'orders',
  'bids',
  'newUsers',
  'newListings',
  'refunds',
  'casesOpened',
  'casesResolved',
] as const;
export type MarketSeries = (typeof MARKET_SERIES)[number];
/** The series that are money (USD numbers); the others are counts. */
export const MONEY_SERIES = ['gmv', 'refunds'] as const satisfies readonly MarketSeries[];
/** Each series' name on the dashboard's charts and in their CSV export. */
export const MARKET_SERIES_LABELS: Record<MarketSeries, string> = {
  gmv: 'GMV',
  orders: 'Orders',
  bids: 'Bids',
  newUsers: 'New users',
  newListings: 'New listings',
  refunds: 'Refunds',
  casesOpened: 'Cases opened',
  casesResolved: 'Cases resolved',
};

export const metricDay = z.string().max(10).describe('a UTC day, YYYY-MM-DD');
const day = metricDay;

export const MarketMetricsQuery = z
  .strictObject({
    // A date-time names the UTC day it falls on: the series are whole days.
    from: queryDate.transform(utcDayOfQueryDate),
    to: queryDate.transform(utcDayOfQueryDate),
    interval: z.enum(METRIC_INTERVALS).default('day'),
  })
  .superRefine((query, context) => {
    const refusal = rangeRefusal(query.from, query.to);
    if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['from'] });
  });
export type MarketMetricsQuery = z.output<typeof MarketMetricsQuery>;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const money = z.number().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * One day (or one ISO week, `date` its Monday). The money series are present only for a role
 * that may read money (MARKET_SERIES_ROLES in admin-permissions.ts).
 */
export const MarketMetricsRow = z.object({
  date: day,
  gmv: money.optional(),
  orders: count,
  bids: count,
  newUsers: count,
  newListings: count,
  refunds: money.optional(),
  casesOpened: count,
  casesResolved: count,
});
export type MarketMetricsRow = z.output<typeof MarketMetricsRow>;

export const MarketMetrics = z.object({ series: z.array(MarketMetricsRow).max(366) });
export type MarketMetrics = z.output<typeof MarketMetrics>;

/**
 * `/admin` event `marketDayUpdated`: a day's counters changed (today's, as the market moves),
 * sent at most once per tick of the server's watcher; the dashboard reads that day again.
 */
export const MarketDayUpdated = z.object({ date: day });
export type MarketDayUpdated = z.output<typeof MarketDayUpdated>;

export const adminMetricsRoutes = {
  /** Every day (or week) of `from..to` (UTC, at most 366 days), zeros included. */
  'metrics.market': {
    description:
      'Market health per UTC day or ISO week from the daily rollups: GMV, orders, bids, new users and listings, refunds, cases (money series for finance and the owner only).',
    method: 'GET',
    path: '/admin/metrics/market',
    query: MarketMetricsQuery,
    response: MarketMetrics,
  },
} as const satisfies Record<string, RouteDef>;
