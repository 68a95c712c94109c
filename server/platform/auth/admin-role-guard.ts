// Scoped admin roles on the API: each admin route answers 403 to a role the permission table
// (shared/contract/admin-permissions.ts) does not list for it, before its input is read.
import type { FastifyRequest } from 'fastify';
import type { AdminRouteName } from '../../../shared/contract/admin-api.js';
import { mayUseRoute } from '../../../shared/contract/admin-permissions.js';
import { HttpError } from '../http/errors.js';
import type { VerifiedIdentity } from './identity.js';

/** 403 unless the admin's role may use `route` (an absent claim is the owner). */
export function assertMayUseRoute(admin: VerifiedIdentity, route: AdminRouteName): void {
  const role = admin.adminRole === undefined ? 'owner' : admin.adminRole;
  if (!mayUseRoute(role, route)) {
    throw new HttpError(403, `Your admin role (${role ?? 'unknown'}) does not allow this`);
  }
}

export function adminRoleGuard(route: AdminRouteName) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.admin) throw new Error('admin guard did not run');
    assertMayUseRoute(request.admin, route);
  };
}
