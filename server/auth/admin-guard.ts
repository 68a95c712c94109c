// Guards /v1/admin/*: a missing, malformed, expired or revoked token is 401, a valid token
// without the admin claim is 403 (DECISIONS.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-errors.js';
import type { IdentityProvider, VerifiedIdentity } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin; set on every admin route before the handler runs. */
    admin: VerifiedIdentity | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function registerAdminGuard(app: FastifyInstance, identity: IdentityProvider): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'Missing or malformed bearer token');
    let verified: VerifiedIdentity;
    try {
      verified = await identity.verifyIdToken(token);
    } catch {
      throw new HttpError(401, 'Invalid, expired or revoked token');
    }
    if (!verified.admin) throw new HttpError(403, 'Admin access required');
    request.admin = verified;
  });
}
