// The team queue's test identity and app: `admin…` tokens are owners, `mod…` moderators and
// `fin…` finance admins (each may be looked up by uid, as the assign route does), everyone else
// an ordinary user; the review app (review-cases-app.ts) otherwise.
import type { IdentityProvider, VerifiedIdentity } from '../../server/platform/auth/identity.js';
import type { AdminRole } from '../../shared/contract/admin-permissions.js';
import { fakeIdentity } from './market-db.js';

function teamRole(name: string): { admin: boolean; adminRole?: AdminRole } {
  if (name.startsWith('admin')) return { admin: true };
  if (name.startsWith('mod')) return { admin: true, adminRole: 'moderator' };
  if (name.startsWith('fin')) return { admin: true, adminRole: 'finance' };
  return { admin: false };
}

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
};
