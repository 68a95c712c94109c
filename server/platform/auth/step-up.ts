// Step-up for the admin actions that move money or cannot be undone (STEP_UP_ROUTES in
// shared/contract/admin-permissions.ts): the token must come from a recent sign-in, so a laptop
// left signed in for a day cannot refund or ban. Answered 401 `reauthenticationRequired`: the
// app asks for the password, signs in again and retries once.
import type { FastifyRequest } from 'fastify';
import type { AdminRouteName } from '../../../shared/contract/admin-api.js';
import { needsStepUp } from '../../../shared/contract/admin-permissions.js';
import { HttpError } from '../http/errors.js';
import type { VerifiedIdentity } from './identity.js';

/** Whether a sign-in at `authTime` (epoch seconds) is recent enough at `nowMs`. */
export function signInIsRecent(authTime: number | undefined, maxAgeSeconds: number, nowMs: number): boolean {
  if (authTime === undefined) return true;
  return nowMs / 1000 - authTime <= maxAgeSeconds;
}

export function assertRecentSignIn(admin: VerifiedIdentity, maxAgeSeconds: number, nowMs = Date.now()): void {
  if (!signInIsRecent(admin.authTime, maxAgeSeconds, nowMs)) {
    throw new HttpError(401, 'Confirm it’s you: sign in again to do this', 'reauthenticationRequired');
  }
}

/** A preHandler (the body is parsed by then: an enforcement needs it only to suspend or ban). */
export function stepUpGuard(route: AdminRouteName, maxAgeSeconds: number) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.admin) throw new Error('admin guard did not run');
    if (needsStepUp(route, request.body)) assertRecentSignIn(request.admin, maxAgeSeconds);
  };
}
