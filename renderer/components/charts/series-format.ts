// How a chart writes its values and days (axis ticks, hover values, totals), and a chart's rows
// as CSV with the same rules as the tables' exports (shared/rules/csv.ts: dollars with two
// decimals, quoted fields, CRLF).
import { csvDollars, csvLine } from '../../../shared/rules/csv.js';
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

/** The chart's rows as a CSV file: a date column, then each series under its label. */
export function seriesCsv<Row extends { date: string }>(
  rows: readonly Row[],
  series: readonly SeriesSpec<Row>[],
): string {
  const header = csvLine(['Date', ...series.map((spec) => spec.label)]);
  const lines = rows.map((row) =>
    csvLine([
      row.date,
      ...series.map((spec) => {
        const value = row[spec.key];
        return typeof value === 'number' ? (spec.unit === 'usd' ? csvDollars(value) : value) : '';
      }),
    ]),
  );
  return header + lines.join('');
}
