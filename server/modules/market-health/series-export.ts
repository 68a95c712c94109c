// 'Export CSV' of a dashboard chart: the market series of a range (every day, or every ISO week)
// as CSV, written through the tables' export stream (workbench's csvStream) on the same route:
// a date column, then each series asked for (`series=gmv,orders`; default all) that the role may
// read, so a moderator's file has no money columns. Money in dollars with two decimals, as the
// tables' exports write it.
import type { Readable } from 'node:stream';
import { AUDIT_EXPORT_FILTERS, type ExportQuery } from '../../../shared/contract/admin-export-routes.js';
import {
  MARKET_SERIES,
  MARKET_SERIES_LABELS,
  MONEY_SERIES,
  type MarketMetricsQuery,
  type MarketSeries,
} from '../../../shared/contract/admin-metrics-routes.js';
import { mayReadSeries } from '../../../shared/contract/admin-permissions.js';
import { csvDollars, type CsvValue } from '../../../shared/rules/csv.js';
import { rangeRefusal } from '../../../shared/rules/market-days.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { AdminDeps } from '../../platform/http/admin-handler.js';
import { badRequest } from '../../platform/http/errors.js';
import { csvStream } from '../workbench/index.js';
import { marketMetrics } from './market-metrics.js';

const isMoney = (series: MarketSeries) => (MONEY_SERIES as readonly MarketSeries[]).includes(series);

/** The range of the export, as GET /admin/metrics/market takes it (400 for what it refuses). */
function rangeOf(query: ExportQuery): MarketMetricsQuery {
  const tableKey = (['sortBy', 'order', 'search', ...AUDIT_EXPORT_FILTERS] as const).find(
    (key) => query[key] !== undefined,
  );
  if (tableKey) throw badRequest(`querystring/${tableKey} does not apply to the market series`);
  if (query.from === undefined || query.to === undefined) {
    throw badRequest('querystring/from and to are required for the market series');
  }
  const refusal = rangeRefusal(query.from, query.to);
  if (refusal) throw badRequest(`querystring/from: ${refusal}`);
  return { from: query.from, to: query.to, interval: query.interval ?? 'day' };
}

/** The series asked for, in the contract's order (none named: every series). */
function seriesAsked(list: string | undefined): MarketSeries[] {
  if (list === undefined || list.trim() === '') return [...MARKET_SERIES];
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !(MARKET_SERIES as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(`querystring/series: ${unknown} is not a market series`);
  return MARKET_SERIES.filter((series) => names.includes(series));
}

export function marketSeriesExport({ reads }: Pick<AdminDeps, 'reads'>) {
  return (query: ExportQuery, admin: VerifiedIdentity): Readable => {
    const range = rangeOf(query);
    const role = admin.adminRole === undefined ? 'owner' : admin.adminRole;
    const shown = seriesAsked(query.series).filter((series) => mayReadSeries(role, series));
    return csvStream(['Date', ...shown.map((series) => MARKET_SERIES_LABELS[series])], async (write) => {
      const { series: rows } = await marketMetrics(reads, range, (series) => shown.includes(series));
      await write(
        rows.map((row): CsvValue[] => [
          row.date,
          ...shown.map((series) => (isMoney(series) ? csvDollars(row[series]) : row[series])),
        ]),
      );
    });
  };
}
