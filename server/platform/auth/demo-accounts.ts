// The demo accounts (admin@market.test with the admin claim, buyer@market.test), created in the
// Auth emulator on first start of the stack (and by the integration tests). Never used against a
// real Firebase project.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@market.test', password: 'admin-demo-pass', admin: true },
  buyer: { email: 'buyer@market.test', password: 'buyer-demo-pass', admin: false },
} as const;
export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/** Creates (or repairs) both accounts in the emulator; answers their uids. */
export async function ensureDemoAccounts(
  projectId: string,
  emulatorHost: string,
): Promise<Record<DemoAccountName, string>> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const name = `demo-accounts-${projectId}`;
  const auth = getAuth(getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name));
  const uids = {} as Record<DemoAccountName, string>;
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [
    DemoAccountName,
    (typeof DEMO_ACCOUNTS)[DemoAccountName],
  ][]) {
    const user = await auth.getUserByEmail(account.email).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found')
        return auth.createUser({ email: account.email, password: account.password, emailVerified: true });
      throw error;
    });
    // Only repair what is wrong: a password or claims update revokes the tokens already issued.
    // Verified, as a real user's would be: an unverified email never links to a marketplace row.
    if (user.disabled || !user.emailVerified) {
      await auth.updateUser(user.uid, {
        ...(user.disabled ? { disabled: false } : {}),
        ...(user.emailVerified ? {} : { emailVerified: true }),
      });
    }
    if ((user.customClaims?.admin === true) !== account.admin) {
      await auth.setCustomUserClaims(user.uid, account.admin ? { admin: true } : null);
    }
    uids[key] = user.uid;
  }
  return uids;
}
