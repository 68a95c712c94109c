// Firebase as the identity provider. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks
// to the emulator (config.ts refuses that in production, the emulator signs nothing).
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { adminRoleOf } from '../../../shared/contract/admin-permissions.js';
import { accountStandings, tokenStands, withinTime, type AccountStandingOptions } from './account-standing.js';
import { verifyEmulatorIdToken } from './emulator-token.js';
import { firebaseTeam } from './firebase-team.js';
import { IdentityUnavailableError, type IdentityProvider } from './identity.js';
import { sharedVerification } from './shared-verification.js';
import { verifiedTokens } from './verified-tokens.js';

export interface FirebaseIdentityOptions {
  projectId: string;
  emulatorHost?: string | undefined;
  /** How long to wait for Firebase (keys, an account's standing) before answering 503 (5 s). */
  timeoutMs?: number;
  /** The remembered standings' ages (account-standing.ts; tests shorten them). */
  standings?: Pick<AccountStandingOptions, 'maxAgeMs' | 'refreshAfterMs' | 'now' | 'onRefreshError'>;
}

function firebaseApp({ projectId, emulatorHost }: FirebaseIdentityOptions): App {
  // firebase-admin reads the emulator address from the environment only.
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const name = `market-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
}

/** An account the provider no longer knows (seeded users never had one) needs no update. */
function ignoreMissingAccount(error: unknown): void {
  if ((error as { code?: string }).code === 'auth/user-not-found') return;
  throw error;
}

/**
 * Provider errors that say nothing about the token (unreachable, timed out, failing): 503, not
 * 401. Everything about the token itself (`auth/id-token-expired`, `auth/argument-error`, a
 * deleted account…) stays a refusal.
 */
function unavailableOrRefused(error: unknown): never {
  if (error instanceof IdentityUnavailableError) throw error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || code.startsWith('app/') || code === 'auth/internal-error') {
    throw new IdentityUnavailableError(typeof code === 'string' ? code : 'no answer');
  }
  throw error;
}

class TokenRefusedError extends Error {
  readonly code: string;
  constructor(code: 'auth/id-token-revoked' | 'auth/user-disabled') {
    super(code);
    this.code = code;
  }
}

export function firebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  const auth = getAuth(firebaseApp(options));
  const timeoutMs = options.timeoutMs ?? 5_000;
  // Revocation and disabling are checked against each account's remembered standing, not with a
  // `getUser` per request (account-standing.ts).
  const standings = accountStandings({
    ...options.standings,
    timeoutMs,
    lookup: async (uid) => {
      const user = await auth.getUser(uid);
      const validSince = user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : NaN;
      return { validSinceMs: Number.isNaN(validSince) ? null : validSince, disabled: user.disabled };
    },
  });
  // The token's signature and claims, checked once per token (verified-tokens.ts).
  const claimsOf = verifiedTokens(async (token) => {
    const decoded = options.emulatorHost
      ? verifyEmulatorIdToken(token, options.projectId)
      : await withinTime(auth.verifyIdToken(token, false), timeoutMs).catch(unavailableOrRefused);
    // Frozen: every request with the token holds the same object.
    const identity = Object.freeze({
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      admin: decoded.admin === true,
      adminRole: adminRoleOf(decoded.adminRole),
      authTime: decoded.auth_time,
    });
    return { value: identity, expiresAtMs: decoded.exp * 1000 };
  });
  // Requests that carry the same token at the same moment share one verification; the account's
  // standing is asked on every request.
  const verify = sharedVerification(async (token) => {
    const identity = await claimsOf(token);
    const standing = await standings.standing(identity.uid).catch(unavailableOrRefused);
    if (!tokenStands(standing, identity.authTime)) {
      throw new TokenRefusedError(standing.disabled ? 'auth/user-disabled' : 'auth/id-token-revoked');
    }
    return identity;
  });
  return {
    verifyIdToken: verify,
    async updateEmail(uid, email) {
      await auth.updateUser(uid, { email }).then(() => undefined, ignoreMissingAccount);
    },
    async disableAccount(uid) {
      await auth.updateUser(uid, { disabled: true }).then(() => undefined, ignoreMissingAccount);
      standings.forget(uid);
    },
    forgetSessions: (uid) => standings.forget(uid),
    team: firebaseTeam(auth),
    async accountOf(uid) {
      const user = await auth.getUser(uid).catch((error: unknown) => {
        ignoreMissingAccount(error);
        return null;
      });
      if (!user || user.disabled) return null;
      const claims = user.customClaims ?? {};
      return {
        uid: user.uid,
        email: user.email ?? null,
        admin: claims.admin === true,
        adminRole: adminRoleOf(claims.adminRole),
      };
    },
  };
}
