// The back office's enforcement routes: the impact an enforcement would have, and applying one.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { enforce } from './enforcement.js';
import { enforcementImpact } from './enforcement-impact.js';

export function enforcementHandlers(deps: AdminDeps) {
  return {
    'users.enforcementImpact': async ({ params }) => enforcementImpact(deps.db, params.id),
    'users.enforce': async ({ params, body, admin }) =>
      enforce(deps, {
        userId: params.id,
        action: body.action,
        reason: body.reason,
        message: body.message,
        until: body.until ? new Date(body.until) : null,
        admin,
      }),
  } satisfies Partial<AdminHandlers>;
}
