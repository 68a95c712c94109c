// The one reading of `Authorization: Bearer <Firebase ID token>` every HTTP guard shares: a
// missing, malformed, expired or revoked token is 401 (the contract's rule), a provider that
// cannot be asked is 503 `identityUnavailable`; what the verified
// identity may do is each guard's own business.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { IdentityUnavailableError, type IdentityProvider, type VerifiedIdentity } from './identity.js';

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
  } catch (error) {
    // Never 401 for the provider's own trouble: a 401 signs the desktop user out.
    if (error instanceof IdentityUnavailableError) {
      throw new HttpError(503, 'Sign-in cannot be checked right now; try again in a moment', 'identityUnavailable');
    }
    throw new HttpError(401, 'Invalid, expired or revoked token');
  }
}
