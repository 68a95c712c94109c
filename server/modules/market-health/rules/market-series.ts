// From the kept day rows to the contract's series: every day of the range present (zeros
// included), or one row per ISO week (named by its Monday) summing the range's days of that week,
// so the first and last weeks may be partial; money from cents to USD; the series a role may not
// read left out.
import type {
  MarketMetricsRow,
  MarketSeries,
  MetricInterval,
} from '../../../../shared/contract/admin-metrics-routes.js';
import { MARKET_SERIES, MONEY_SERIES } from '../../../../shared/contract/admin-metrics-routes.js';
import { daysOf, mondayOf } from '../../../../shared/rules/market-days.js';
import { centsToUsd } from '../../../../shared/rules/money.js';

/** One day's counters as kept (money in cents). */
export type DayCounters = Record<MarketSeries, number>;

const zero = (): DayCounters => Object.fromEntries(MARKET_SERIES.map((series) => [series, 0])) as DayCounters;
const isMoney = (series: MarketSeries) => (MONEY_SERIES as readonly MarketSeries[]).includes(series);

export function marketSeries(
  kept: ReadonlyMap<string, DayCounters>,
  range: { from: string; to: string; interval: MetricInterval },
  readable: (series: MarketSeries) => boolean,
): MarketMetricsRow[] {
  const buckets = new Map<string, DayCounters>();
  for (const day of daysOf(range.from, range.to)) {
    const key = range.interval === 'week' ? mondayOf(day) : day;
    const bucket = buckets.get(key) ?? zero();
    const counters = kept.get(day);
    if (counters) for (const series of MARKET_SERIES) bucket[series] += counters[series];
    buckets.set(key, bucket);
  }
  return [...buckets].map(([date, counters]) => {
    const row: Record<string, number | string> = { date };
    for (const series of MARKET_SERIES) {
      if (readable(series)) row[series] = isMoney(series) ? centsToUsd(counters[series]) : counters[series];
    }
    return row as MarketMetricsRow;
  });
}
