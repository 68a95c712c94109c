// The back office's rings: a user's ring of linked accounts (ring.ts) and one enforcement on
// many accounts at once, all or none (flows/enforce-ring.ts, one unit of work).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { enforceOnRing } from './flows/enforce-ring.js';
import { ringOf } from './ring.js';

export function ringHandlers(deps: AdminDeps) {
  return {
    'users.ring': async ({ params }) => ringOf(deps.db, params.id),
    'rings.enforce': async ({ body, admin }) => enforceOnRing(deps, body, admin),
  } satisfies Partial<AdminHandlers>;
}
