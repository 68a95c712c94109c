// The admin export route: one CSV per admin table, streamed by the API, with the table's
// current search and sort (the list query without its page), and the dashboard's market series
// (its charts' days, the same range as GET /admin/metrics/market). Spread into the admin route table.
import { z } from 'zod';
import { storedText } from './answer-limits.js';
import { SORT_KEYS, type ListName } from './list-query.js';
import { SORT_ORDERS } from './enums.js';
import { singleLineText } from './text.js';
import { AUDIT_LOG_FILTERS } from './admin-accountability-routes.js';
import { METRIC_INTERVALS, metricDay } from './admin-metrics-routes.js';
import type { RouteDef } from './route-def.js';

/** The admin tables, each exported as its list. */
export const EXPORT_LISTS = Object.keys(SORT_KEYS) as [ListName, ...ListName[]];
/** What an export names: an admin table, or `marketSeries` (the dashboard charts' days). */
export type ExportName = ListName | 'marketSeries';
export const EXPORT_NAMES: [ExportName, ...ExportName[]] = [...EXPORT_LISTS, 'marketSeries'];
export const ExportList = z.enum(EXPORT_NAMES);

const allSortKeys = [...new Set(Object.values(SORT_KEYS).flat())] as [string, ...string[]];

/** The market series' export keys: the range of GET /admin/metrics/market, and which series. */
const MARKET_SERIES_EXPORT_KEYS = {
  from: metricDay.optional(),
  to: metricDay.optional(),
  interval: z.enum(METRIC_INTERVALS).optional(),
  series: singleLineText()
    .max(200)
    .optional()
    .describe('the series (columns) to export, comma-separated, e.g. gmv,orders; default: every one the role may read'),
};

/** The list query of an export: no page or limit; `sortBy` is checked against the list's keys. */
export const ExportQuery = z.strictObject({
  sortBy: z.enum(allSortKeys).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  search: singleLineText().max(200).optional(),
  // The audit log's filters (its list query's own keys); refused for every other table.
  ...AUDIT_LOG_FILTERS,
  // The market series' range (both required for it, refused for the tables) and its columns.
  ...MARKET_SERIES_EXPORT_KEYS,
});
/** The export query keys only the audit log understands. */
export const AUDIT_EXPORT_FILTERS = Object.keys(AUDIT_LOG_FILTERS) as (keyof typeof AUDIT_LOG_FILTERS)[];
/** The export query keys only the market series understands. */
export const MARKET_SERIES_EXPORT_FILTERS = Object.keys(
  MARKET_SERIES_EXPORT_KEYS,
) as (keyof typeof MARKET_SERIES_EXPORT_KEYS)[];
export type ExportQuery = z.output<typeof ExportQuery>;

export const adminExportRoutes = {
  /** text/csv: a header row of the table's column names, then every matching row. */
  'exports.csv': {
    description:
      'One admin table as CSV (streamed), with the same search and sort as the list; or the market series of a range (`marketSeries`: a date column, then each series the role may read).',
    method: 'GET',
    path: '/admin/export/:list',
    params: z.strictObject({ list: ExportList }),
    query: ExportQuery,
    response: storedText(),
  },
} as const satisfies Record<string, RouteDef>;
