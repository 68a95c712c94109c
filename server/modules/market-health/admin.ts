// Market health's admin handler: the series the caller's role may read (money is finance's and
// the owner's, shared/contract/admin-permissions.ts).
import { mayReadSeries } from '../../../shared/contract/admin-permissions.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { marketMetrics } from './market-metrics.js';

export function marketHealthHandlers({ reads }: AdminDeps) {
  return {
    'metrics.market': async ({ query, admin }) => {
      const role = admin.adminRole === undefined ? 'owner' : admin.adminRole;
      return marketMetrics(reads, query, (series) => mayReadSeries(role, series));
    },
  } satisfies Partial<AdminHandlers>;
}
