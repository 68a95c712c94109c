// The holds tests' identity: the team queue's (`admin…` owners, `mod…` moderators, `fin…` finance),
// plus `sup…` support admins and `stale…` finance admins whose sign-in is seven hours old (older than the test apps' window) (step-up).
import type { IdentityProvider, VerifiedIdentity } from '../../server/platform/auth/identity.js';
import { teamIdentity } from './review-team-app.js';

export const holdsIdentity: IdentityProvider = {
  ...teamIdentity,
  verifyIdToken: async (token): Promise<VerifiedIdentity> => {
    const verified = await teamIdentity.verifyIdToken(token);
    const name = verified.uid.slice('uid-'.length);
    if (name.startsWith('sup')) return { ...verified, admin: true, adminRole: 'support' };
    if (name.startsWith('stale')) {
      return { ...verified, admin: true, adminRole: 'finance', authTime: Math.floor(Date.now() / 1000) - 7 * 3600 };
    }
    return verified;
  },
};
