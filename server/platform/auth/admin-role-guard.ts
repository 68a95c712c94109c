// Scoped admin roles on the API: each admin route answers 403 to a role the permission table
// (shared/contract/admin-permissions.ts) does not list for it, before its input is read.
import type { FastifyRequest } from 'fastify';
import type { AdminRouteName } from '../../../shared/contract/admin-api.js';
import { mayUseRoute } from '../../../shared/contract/admin-permissions.js';
import { HttpError } from '../http/errors.js';

export function adminRoleGuard(route: AdminRouteName) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.admin) throw new Error('admin guard did not run');
    const role = request.admin.adminRole === undefined ? 'owner' : request.admin.adminRole;
    if (!mayUseRoute(role, route)) {
      throw new HttpError(403, `Your admin role (${role ?? 'unknown'}) does not allow this`);
    }
  };
}
