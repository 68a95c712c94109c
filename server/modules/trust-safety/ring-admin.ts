// The back office's rings: a user's ring of linked accounts (rings.ts) and one enforcement on
// many of its members (ring-enforcement.ts).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { HttpError } from '../../platform/http/errors.js';

export function ringHandlers(_deps: AdminDeps) {
  return {
    'users.ring': async () => {
      throw new HttpError(501, 'Not built yet');
    },
    'rings.enforce': async () => {
      throw new HttpError(501, 'Not built yet');
    },
  } satisfies Partial<AdminHandlers>;
}
