// The back office's workbench handlers: CSV exports of the admin tables, the palette's search.
import { EXPORT_LIST_ROUTES, mayUseRoute } from '../../../shared/contract/admin-permissions.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { HttpError } from '../../platform/http/errors.js';
import { exportCsv } from './csv-export.js';
import { searchMarket } from './market-search.js';

export function workbenchHandlers({ db }: AdminDeps) {
  return {
    // The route answers text/csv as a stream (server/admin-api.ts sends a stream as it is).
    'exports.csv': async ({ params, query, admin }) => {
      // An export is the table's rows: only for a role that may list that table.
      const role = admin.adminRole === undefined ? 'owner' : admin.adminRole;
      if (!mayUseRoute(role, EXPORT_LIST_ROUTES[params.list])) {
        throw new HttpError(403, `Your admin role (${role ?? 'unknown'}) does not allow this`);
      }
      return exportCsv(db, params.list, query) as unknown as string;
    },
    'search.market': async ({ query }) => searchMarket(db, query.q),
  } satisfies Partial<AdminHandlers>;
}
