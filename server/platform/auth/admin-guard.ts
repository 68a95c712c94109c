// Guards /v1/admin/*: a missing, malformed, expired or revoked token is 401, a valid token
// without the admin claim is 403, for every admin route alike.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { verifiedCaller } from './bearer.js';
import type { IdentityProvider, VerifiedIdentity } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin; set on every admin route before the handler runs. */
    admin: VerifiedIdentity | null;
  }
}

export function registerAdminGuard(app: FastifyInstance, identity: IdentityProvider): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const verified = await verifiedCaller(request, identity);
    if (!verified.admin) throw new HttpError(403, 'Admin access required');
    request.admin = verified;
  });
}
