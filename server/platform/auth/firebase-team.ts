// The team directory on Firebase Auth (firebase-admin): claims, last sign-in, refresh-token
// revocation.
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { adminRoleOf, type AdminRole } from '../../../shared/contract/admin-permissions.js';
import type { AdminTeamDirectory, TeamAccount } from './admin-team.js';

function teamAccountOf(user: UserRecord): TeamAccount {
  const claims = user.customClaims ?? {};
  const lastSignIn = user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime) : null;
  return {
    uid: user.uid,
    email: user.email ?? null,
    admin: claims.admin === true,
    role: adminRoleOf(claims.adminRole),
    lastSignInAt: lastSignIn && !Number.isNaN(lastSignIn.getTime()) ? lastSignIn.toISOString() : null,
    disabled: user.disabled,
  };
}

const orNullIfMissing = (error: unknown): null => {
  if ((error as { code?: string }).code === 'auth/user-not-found') return null;
  throw error;
};

export function firebaseTeam(auth: Auth): AdminTeamDirectory {
  return {
    // Firebase cannot query accounts by claim: the directory is walked 1,000 accounts a call.
    // Right for a marketplace of up to some hundred thousand accounts; beyond that the team
    // needs a table of its own.
    async admins(limit) {
      const admins: TeamAccount[] = [];
      let pageToken: string | undefined;
      do {
        const page = await auth.listUsers(1000, pageToken);
        for (const user of page.users) if (user.customClaims?.admin === true) admins.push(teamAccountOf(user));
        pageToken = page.pageToken;
      } while (pageToken && admins.length < limit);
      return admins.slice(0, limit);
    },
    account: (uid) => auth.getUser(uid).then(teamAccountOf, orNullIfMissing),
    accountByEmail: (email) => auth.getUserByEmail(email).then(teamAccountOf, orNullIfMissing),
    async setAdminRole(uid, role: AdminRole | null) {
      const { admin: _admin, adminRole: _role, ...others } = (await auth.getUser(uid)).customClaims ?? {};
      const claims =
        role === null ? others : { ...others, admin: true, ...(role === 'owner' ? {} : { adminRole: role }) };
      await auth.setCustomUserClaims(uid, claims);
    },
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
  };
}
