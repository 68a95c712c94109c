// How a chart writes its values and days (axis ticks, hover values, totals). A chart's CSV is the
// API's export (ExportSeriesButton).
import { formatUsd } from '../../../shared/rules/money.js';

export type SeriesUnit = 'usd' | 'count';

/** One series of a chart: the row key it reads, its legend label and its unit. */
export interface SeriesSpec<Row> {
  key: keyof Row & string;
  label: string;
  unit: SeriesUnit;
}

const counts = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '12,345' or '$1,234.50'. */
export const formatSeriesValue = (unit: SeriesUnit, value: number): string =>
  unit === 'usd' ? formatUsd(value) : counts.format(value);

/** An axis tick: '$1.2K', '35'. */
export const formatTick = (unit: SeriesUnit, value: number): string =>
  unit === 'usd' ? `$${compact.format(value)}` : compact.format(value);

/** '2026-11-26' → 'Nov 26' (with the year: 'Nov 26, 2026'); the day is UTC, as the API's. */
export function shortDay(day: string, withYear = false): string {
  const [year, month, date] = day.split('-');
  if (!year || !month || !date) return day;
  const text = `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
  return withYear ? `${text}, ${year}` : text;
}
