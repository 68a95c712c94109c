// The back office's workbench handlers: CSV exports of the admin tables, the palette's search.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { exportCsv } from './csv-export.js';
import { searchMarket } from './market-search.js';

export function workbenchHandlers({ db }: AdminDeps) {
  return {
    // The route answers text/csv as a stream (server/admin-api.ts sends a stream as it is).
    'exports.csv': async ({ params, query }) => exportCsv(db, params.list, query) as unknown as string,
    'search.market': async ({ query }) => searchMarket(db, query.q),
  } satisfies Partial<AdminHandlers>;
}
