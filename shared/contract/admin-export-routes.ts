// The admin export route: one CSV per admin table, streamed by the API, with the table's
// current search and sort (the list query without its page). Spread into the admin route table.
import { z } from 'zod';
import { storedText } from './answer-limits.js';
import { SORT_KEYS, type ListName } from './list-query.js';
import { SORT_ORDERS } from './enums.js';
import { singleLineText } from './text.js';
import { AUDIT_LOG_FILTERS } from './admin-accountability-routes.js';
import type { RouteDef } from './route-def.js';

export const EXPORT_LISTS = Object.keys(SORT_KEYS) as [ListName, ...ListName[]];
export const ExportList = z.enum(EXPORT_LISTS);

const allSortKeys = [...new Set(Object.values(SORT_KEYS).flat())] as [string, ...string[]];

/** The list query of an export: no page or limit; `sortBy` is checked against the list's keys. */
export const ExportQuery = z.strictObject({
  sortBy: z.enum(allSortKeys).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  search: singleLineText().max(200).optional(),
  // The audit log's filters (its list query's own keys); refused for every other table.
  ...AUDIT_LOG_FILTERS,
});
/** The export query keys only the audit log understands. */
export const AUDIT_EXPORT_FILTERS = Object.keys(AUDIT_LOG_FILTERS) as (keyof typeof AUDIT_LOG_FILTERS)[];
export type ExportQuery = z.output<typeof ExportQuery>;

export const adminExportRoutes = {
  /** text/csv: a header row of the table's column names, then every matching row. */
  'exports.csv': {
    description: 'One admin table as CSV (streamed), with the same search and sort as the list.',
    method: 'GET',
    path: '/admin/export/:list',
    params: z.strictObject({ list: ExportList }),
    query: ExportQuery,
    response: storedText(),
  },
} as const satisfies Record<string, RouteDef>;
