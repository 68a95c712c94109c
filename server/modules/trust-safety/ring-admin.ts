// The back office's rings: a user's ring of linked accounts (ring.ts) and one enforcement on
// many accounts at once, all or none (accounts' `enforceMany`, one transaction).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { enforceMany } from '../accounts/index.js';
import { ringOf } from './ring.js';

export function ringHandlers(deps: AdminDeps) {
  return {
    'users.ring': async ({ params }) => ringOf(deps.db, params.id),
    'rings.enforce': async ({ body, admin }) => {
      const enforced = await enforceMany(deps, body.userIds, {
        action: body.action,
        reason: body.reason,
        message: body.message,
        until: body.until ? new Date(body.until) : null,
        admin,
      });
      return { enforced: enforced.length };
    },
  } satisfies Partial<AdminHandlers>;
}
