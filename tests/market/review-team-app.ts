// The team queue's test identity and app: `admin…` tokens are owners, `mod…` moderators and
// `fin…` finance admins (each may be looked up by uid, as the assign route does), everyone else
// an ordinary user; the team directory lists admin, mod, a disabled mod-gone and fin. The review
// app (review-cases-app.ts) otherwise.
import type { TeamAccount } from '../../server/platform/auth/admin-team.js';
import type { IdentityProvider, VerifiedIdentity } from '../../server/platform/auth/identity.js';
import type { AdminRole } from '../../shared/contract/admin-permissions.js';
import { fakeIdentity } from './market-db.js';

function teamRole(name: string): { admin: boolean; adminRole?: AdminRole } {
  if (name.startsWith('admin')) return { admin: true };
  if (name.startsWith('mod')) return { admin: true, adminRole: 'moderator' };
  if (name.startsWith('fin')) return { admin: true, adminRole: 'finance' };
  return { admin: false };
}

const directoryAccount = (name: string, disabled = false): TeamAccount => {
  const { admin, adminRole } = teamRole(name);
  return {
    uid: `uid-${name}`,
    email: `${name}@market.test`,
    admin,
    role: adminRole ?? 'owner',
    lastSignInAt: null,
    disabled,
  };
};
const DIRECTORY = [
  directoryAccount('admin'),
  directoryAccount('mod'),
  directoryAccount('mod-gone', true),
  directoryAccount('fin'),
];

export const teamIdentity: IdentityProvider = {
  ...fakeIdentity,
  verifyIdToken: async (token): Promise<VerifiedIdentity> => {
    const verified = await fakeIdentity.verifyIdToken(token);
    return { ...verified, ...teamRole(verified.uid.slice('uid-'.length)) };
  },
  accountOf: async (uid) => {
    const name = uid.slice('uid-'.length);
    return uid.startsWith('uid-') ? { uid, email: `${name}@market.test`, ...teamRole(name) } : null;
  },
  team: {
    admins: async (limit) => DIRECTORY.slice(0, limit),
    account: async (uid) => DIRECTORY.find((account) => account.uid === uid) ?? null,
    accountByEmail: async (email) => DIRECTORY.find((account) => account.email === email) ?? null,
    setAdminRole: async () => undefined,
    revokeSessions: async () => undefined,
  },
};
