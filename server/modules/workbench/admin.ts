// The back office's workbench handlers: CSV exports of the admin tables, the palette's search,
// saved views.
import { EXPORT_LIST_ROUTES } from '../../../shared/contract/admin-permissions.js';
import { assertMayUseRoute } from '../../platform/auth/admin-role-guard.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { exportCsv } from './csv-export.js';
import { searchMarket } from './market-search.js';
import { deleteView, saveView, viewsOf } from './saved-views.js';

export function workbenchHandlers({ db }: AdminDeps) {
  return {
    // The route answers text/csv as a stream (server/admin-api.ts sends a stream as it is).
    'exports.csv': async ({ params, query, admin }) => {
      // An export is the table's rows: only for a role that may list that table.
      assertMayUseRoute(admin, EXPORT_LIST_ROUTES[params.list]);
      return exportCsv(db, params.list, query) as unknown as string;
    },
    'search.market': async ({ query }) => searchMarket(db, query.q),
    'views.list': async ({ admin }) => viewsOf(db, admin),
    'views.create': async ({ body, admin }) => saveView(db, body, admin),
    'views.delete': async ({ params, admin }) => {
      await deleteView(db, params.id, admin);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
