// The one reading of `Authorization: Bearer <Firebase ID token>` every HTTP guard shares: a
// missing, malformed, expired or revoked token is 401 (the contract's rule); what the verified
// identity may do is each guard's own business.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import type { IdentityProvider, VerifiedIdentity } from './identity.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The caller's verified identity, or a 401 HttpError. */
export async function verifiedCaller(request: FastifyRequest, identity: IdentityProvider): Promise<VerifiedIdentity> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'Missing or malformed bearer token');
  try {
    return await identity.verifyIdToken(token);
  } catch {
    throw new HttpError(401, 'Invalid, expired or revoked token');
  }
}
