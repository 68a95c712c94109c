// The back office's workbench handlers: CSV exports of the admin tables (and of the exports the
// areas above hand in: the market series), the palette's search, saved views.
import type { Readable } from 'node:stream';
import { EXPORT_ROUTES } from '../../../shared/contract/admin-permissions.js';
import type { ExportQuery } from '../../../shared/contract/admin-export-routes.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { assertMayUseRoute } from '../../platform/auth/admin-role-guard.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { exportCsv } from './csv-export.js';
import { searchMarket } from './market-search.js';
import { deleteView, renameView, saveView, viewsOf } from './saved-views.js';

/**
 * The exports an area above the workbench answers through the same route and stream
 * (market-health's series), handed in by server/admin-api.ts so no area imports upward.
 */
export interface ExportsAbove {
  marketSeries(query: ExportQuery, admin: VerifiedIdentity): Readable;
}

export function workbenchHandlers({ db }: AdminDeps, above: ExportsAbove) {
  return {
    // The route answers text/csv as a stream (server/admin-api.ts sends a stream as it is).
    'exports.csv': async ({ params, query, admin }) => {
      // An export is the table's rows (the market's series): only for a role that may read them.
      assertMayUseRoute(admin, EXPORT_ROUTES[params.list]);
      const csv = params.list === 'marketSeries' ? above.marketSeries(query, admin) : exportCsv(db, params.list, query);
      return csv as unknown as string;
    },
    'search.market': async ({ query }) => searchMarket(db, query.q),
    'views.list': async ({ admin }) => viewsOf(db, admin),
    'views.create': async ({ body, admin }) => saveView(db, body, admin),
    'views.rename': async ({ params, body, admin }) => renameView(db, params.id, body, admin),
    'views.delete': async ({ params, admin }) => {
      await deleteView(db, params.id, admin);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
