// The demo accounts (admin@market.test with the admin claim, moderator@market.test and
// finance@market.test with the admin claim and their `adminRole`, buyer@market.test), created in
// the Auth emulator on first start of the stack (and by the integration tests). Never used
// against a real Firebase project.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@market.test', password: 'admin-demo-pass', admin: true, adminRole: null },
  buyer: { email: 'buyer@market.test', password: 'buyer-demo-pass', admin: false, adminRole: null },
  moderator: { email: 'moderator@market.test', password: 'moderator-demo-pass', admin: true, adminRole: 'moderator' },
  finance: { email: 'finance@market.test', password: 'finance-demo-pass', admin: true, adminRole: 'finance' },
} as const;

/** The custom claims an account should carry: `admin`, and `adminRole` for a scoped admin. */
function claimsOf(account: (typeof DEMO_ACCOUNTS)[DemoAccountName]): Record<string, unknown> | null {
  if (!account.admin) return null;
  return account.adminRole ? { admin: true, adminRole: account.adminRole } : { admin: true };
}
export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/** Creates (or repairs) every demo account in the emulator; answers their uids. */
export async function ensureDemoAccounts(
  projectId: string,
  emulatorHost: string,
): Promise<Record<DemoAccountName, string>> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const name = `demo-accounts-${projectId}`;
  const auth = getAuth(getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name));
  const uids = {} as Record<DemoAccountName, string>;
  const entries = Object.entries(DEMO_ACCOUNTS) as [DemoAccountName, (typeof DEMO_ACCOUNTS)[DemoAccountName]][];
  // One look-up for all of them: every stack's start asks, and the accounts are there but the first time.
  const { users: found } = await auth.getUsers(entries.map(([, account]) => ({ email: account.email })));
  const byEmail = new Map(found.map((user) => [user.email?.toLowerCase(), user]));
  for (const [key, account] of entries) {
    const user =
      byEmail.get(account.email) ??
      (await auth.createUser({ email: account.email, password: account.password, emailVerified: true }));
    // Only repair what is wrong: a password or claims update revokes the tokens already issued.
    // Verified, as a real user's would be: an unverified email never links to a marketplace row.
    if (user.disabled || !user.emailVerified) {
      await auth.updateUser(user.uid, {
        ...(user.disabled ? { disabled: false } : {}),
        ...(user.emailVerified ? {} : { emailVerified: true }),
      });
    }
    const claims = user.customClaims ?? {};
    if ((claims.admin === true) !== account.admin || (claims.adminRole ?? null) !== account.adminRole) {
      await auth.setCustomUserClaims(user.uid, claimsOf(account));
    }
    uids[key] = user.uid;
  }
  return uids;
}
