// Throwaway accounts in the shared Auth emulator for the suites that change claims or revoke
// sessions: never the demo accounts, whose tokens the other suites hold at the same time.
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { EMULATOR_HOST, PROJECT_ID, signIn } from './auth-emulator.js';

export function emulatorAuth(): Auth {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= EMULATOR_HOST;
  const name = `staff-accounts-${PROJECT_ID}`;
  return getAuth(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: PROJECT_ID }, name));
}

/**
 * Moves the account's "tokens valid since" a day back (the emulator's admin REST API; the SDK
 * only moves it forward, by revoking), so a minted token may say its caller signed in hours ago
 * without counting as revoked.
 */
async function backdateSessions(uid: string): Promise<void> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, validSince: String(Math.floor(Date.now() / 1000) - 86_400) }),
    },
  );
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status}`);
}

export interface StaffAccount {
  uid: string;
  email: string;
  password: string;
  /** A fresh ID token (signs in through the emulator's REST API). */
  signIn(): Promise<string>;
}

/** A new emulator account, with `claims` when given (e.g. `{admin: true, adminRole: 'moderator'}`). */
export async function createStaffAccount(
  label: string,
  claims: Record<string, unknown> | null = null,
): Promise<StaffAccount> {
  const email = `${label}-${randomUUID().slice(0, 8)}@staff.test`;
  const password = 'staff-test-pass';
  const auth = emulatorAuth();
  const user = await auth.createUser({ email, password, emailVerified: true });
  if (claims) await auth.setCustomUserClaims(user.uid, claims);
  await backdateSessions(user.uid);
  return { uid: user.uid, email, password, signIn: async () => (await signIn(email, password)).idToken };
}
