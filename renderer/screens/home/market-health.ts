// The dashboard's market health: which charts it draws (and which of their series a role may
// read), the ranges its picker offers, a period's totals and the change against the period
// before it. Pure, so the rules are table-tested apart from React.
import {
  MARKET_SERIES_LABELS,
  type MarketMetricsRow,
  type MarketSeries,
  type MetricInterval,
} from '../../../shared/contract/admin-metrics-routes.js';
import { mayReadSeries, type AdminRole } from '../../../shared/contract/admin-permissions.js';
import { dayNumber, lastDays, rangeRefusal } from '../../../shared/rules/market-days.js';
import type { SeriesSpec } from '../../components/charts/index.js';

export interface MarketChartSpec {
  id: string;
  title: string;
  /** The title when the role may not read the chart's money series. */
  titleWithoutMoney: string;
  series: SeriesSpec<MarketMetricsRow>[];
}

export const MARKET_CHARTS: readonly MarketChartSpec[] = [
  {
    id: 'gmv-and-orders',
    title: 'GMV and orders',
    titleWithoutMoney: 'Orders',
    series: [
      { key: 'gmv', label: MARKET_SERIES_LABELS.gmv, unit: 'usd' },
      { key: 'orders', label: MARKET_SERIES_LABELS.orders, unit: 'count' },
    ],
  },
  {
    id: 'bids-and-new-users',
    title: 'Bids and new users',
    titleWithoutMoney: 'Bids and new users',
    series: [
      { key: 'bids', label: MARKET_SERIES_LABELS.bids, unit: 'count' },
      { key: 'newUsers', label: MARKET_SERIES_LABELS.newUsers, unit: 'count' },
    ],
  },
  {
    id: 'refunds-and-cases',
    title: 'Refunds and cases',
    titleWithoutMoney: 'Cases opened vs resolved',
    series: [
      { key: 'refunds', label: MARKET_SERIES_LABELS.refunds, unit: 'usd' },
      { key: 'casesOpened', label: MARKET_SERIES_LABELS.casesOpened, unit: 'count' },
      { key: 'casesResolved', label: MARKET_SERIES_LABELS.casesResolved, unit: 'count' },
    ],
  },
];

/** The charts as a role sees them: money series only where the role may read money. */
export function chartsFor(role: AdminRole | null): MarketChartSpec[] {
  return MARKET_CHARTS.map((chart) => {
    const series = chart.series.filter((spec) => mayReadSeries(role, spec.key as MarketSeries));
    return { ...chart, series, title: series.length === chart.series.length ? chart.title : chart.titleWithoutMoney };
  }).filter((chart) => chart.series.length > 0);
}

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number] | 'custom';

export interface MetricsRange {
  from: string;
  to: string;
  interval: MetricInterval;
}

/** Up to 92 days a point a day; longer custom ranges a point a week. */
const DAILY_UP_TO = 92;

export function presetRange(days: number, today: string): MetricsRange {
  return { ...lastDays(today, days), interval: 'day' };
}

/** A custom range as typed, or why it cannot be shown. */
export function customRange(from: string, to: string): MetricsRange | { refusal: string } {
  const refusal = rangeRefusal(from, to);
  if (refusal) return { refusal };
  const days = dayNumber(to)! - dayNumber(from)! + 1;
  return { from, to, interval: days > DAILY_UP_TO ? 'week' : 'day' };
}

/** Each series' sum over the rows. */
export function totalsOf(rows: readonly MarketMetricsRow[]): Partial<Record<MarketSeries, number>> {
  const totals: Partial<Record<MarketSeries, number>> = {};
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (key === 'date' || typeof value !== 'number') continue;
      const series = key as MarketSeries;
      totals[series] = (totals[series] ?? 0) + value;
    }
  }
  // Money summed in floating point: back to cents.
  for (const key of ['gmv', 'refunds'] as const)
    if (totals[key] !== undefined) totals[key] = Math.round(totals[key]! * 100) / 100;
  return totals;
}

/** '+12%', '−5%', '0%', or 'new' when the previous period had none; null without a previous period. */
export function changeOf(
  current: number,
  previous: number | undefined,
): { text: string; direction: 'up' | 'down' | 'flat' } | null {
  if (previous === undefined) return null;
  if (previous === 0) return current === 0 ? { text: '0%', direction: 'flat' } : { text: 'new', direction: 'up' };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: '0%', direction: 'flat' };
  return percent > 0
    ? { text: `+${percent}%`, direction: 'up' }
    : { text: `−${Math.abs(percent)}%`, direction: 'down' };
}

/** A day's fresh row put in place of the old one (a live update of today). */
export function withDay(rows: readonly MarketMetricsRow[], day: MarketMetricsRow): MarketMetricsRow[] {
  return rows.map((row) => (row.date === day.date ? day : row));
}
