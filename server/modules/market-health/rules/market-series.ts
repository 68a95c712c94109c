// From the kept day rows to the contract's series: every day of the range present (zeros
// included), or one row per ISO week (named by its Monday) summing the range's days of that week,
// so the first and last weeks may be partial; money from cents to USD; the series a role may not
// read left out. Runs once per request over up to 366 days, so it walks day numbers and asks
// the role once per series, not once per day.
import type {
  MarketMetricsRow,
  MarketSeries,
  MetricInterval,
} from '../../../../shared/contract/admin-metrics-routes.js';
import { MARKET_SERIES, MONEY_SERIES } from '../../../../shared/contract/admin-metrics-routes.js';
import { dayNumber, dayOf } from '../../../../shared/rules/market-days.js';
import { centsToUsd } from '../../../../shared/rules/money.js';

/** One day's counters as kept (money in cents). */
export type DayCounters = Record<MarketSeries, number>;

const isMoney = (series: MarketSeries) => (MONEY_SERIES as readonly MarketSeries[]).includes(series);
/** Days since Monday of day `number` (1970-01-01 was a Thursday). */
const sinceMonday = (number: number) => (((number + 3) % 7) + 7) % 7;

export function marketSeries(
  kept: ReadonlyMap<string, DayCounters>,
  range: { from: string; to: string; interval: MetricInterval },
  readable: (series: MarketSeries) => boolean,
): MarketMetricsRow[] {
  const shown = MARKET_SERIES.filter(readable).map((series) => ({ series, money: isMoney(series) }));
  const rowOf = (date: string, sums: readonly number[]): MarketMetricsRow => {
    const row: Record<string, number | string> = { date };
    for (let index = 0; index < shown.length; index += 1) {
      const { series, money } = shown[index]!;
      row[series] = money ? centsToUsd(sums[index]!) : sums[index]!;
    }
    return row as MarketMetricsRow;
  };
  const rows: MarketMetricsRow[] = [];
  const first = dayNumber(range.from)!;
  const last = dayNumber(range.to)!;
  let bucketDate = '';
  let sums: number[] = [];
  for (let number = first; number <= last; number += 1) {
    const day = dayOf(number);
    // A new bucket every day, or on each Monday (and on the range's first day) for weeks.
    if (range.interval === 'day' || number === first || sinceMonday(number) === 0) {
      if (bucketDate) rows.push(rowOf(bucketDate, sums));
      bucketDate = range.interval === 'day' ? day : dayOf(number - sinceMonday(number));
      sums = shown.map(() => 0);
    }
    const counters = kept.get(day);
    if (counters) for (let index = 0; index < shown.length; index += 1) sums[index]! += counters[shown[index]!.series];
  }
  if (bucketDate) rows.push(rowOf(bucketDate, sums));
  return rows;
}
