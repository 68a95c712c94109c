// Firebase as the identity provider. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks
// to the emulator (config.ts refuses that in production, the emulator signs nothing).
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { adminRoleOf } from '../../../shared/contract/admin-permissions.js';
import type { IdentityProvider } from './identity.js';
import { sharedVerification } from './shared-verification.js';

export interface FirebaseIdentityOptions {
  projectId: string;
  emulatorHost?: string | undefined;
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

export function firebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  const auth = getAuth(firebaseApp(options));
  // `true`: a revoked token or a disabled account is refused (one `getUser` round trip, shared
  // by the requests that carry the same token at the same moment).
  const verify = sharedVerification(async (token) => {
    const decoded = await auth.verifyIdToken(token, true);
    // Frozen: requests that joined one verification hold the same object.
    return Object.freeze({
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      admin: decoded.admin === true,
      adminRole: adminRoleOf(decoded.adminRole),
    });
  });
  return {
    verifyIdToken: verify,
    async updateEmail(uid, email) {
      await auth.updateUser(uid, { email }).then(() => undefined, ignoreMissingAccount);
    },
    async disableAccount(uid) {
      await auth.updateUser(uid, { disabled: true }).then(() => undefined, ignoreMissingAccount);
    },
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
