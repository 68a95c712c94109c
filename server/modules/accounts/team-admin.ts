// The Team routes (owner only, admin-permissions.ts): the admins and their roles, granting admin
// rights by email, changing a role, removing the rights, revoking an admin's sessions. Rights
// live in the identity provider's claims (platform/auth/admin-team.ts): a role change takes
// effect on the admin's next token; removing the rights also revokes the admin's sessions, so
// the admin claim of the tokens already issued stops working at once. Every change is an audit
// entry, and every node forgets what it remembers of the account's sessions
// (`adminSessionsChanged`, carried to the other nodes by the realtime layer).
import type { TeamMember } from '../../../shared/contract/admin-team-routes.js';
import { TEAM_SIZE_MAX } from '../../../shared/contract/admin-team-routes.js';
import type { AdminTeamDirectory, TeamAccount } from '../../platform/auth/admin-team.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';

const memberOf = ({ uid, email, role, lastSignInAt, disabled }: TeamAccount): TeamMember => ({
  uid,
  email,
  role,
  lastSignInAt,
  disabled,
});

const NO_TEAM: AdminTeamDirectory = {
  admins: async () => [],
  account: async () => null,
  accountByEmail: async () => null,
  setAdminRole: async () => undefined,
  revokeSessions: async () => undefined,
};

export function teamHandlers(deps: AdminDeps) {
  // A provider without a directory (a test double) has no team: an empty list, no such account.
  const directory = (): AdminTeamDirectory => deps.identity.team ?? NO_TEAM;
  async function teamMember(uid: string): Promise<TeamAccount> {
    const account = await directory().account(uid);
    if (!account?.admin) throw notFound('Team member');
    return account;
  }
  function notYourself(admin: VerifiedIdentity, uid: string, what: string): void {
    if (admin.uid === uid) throw conflict(`You cannot ${what} yourself: ask another owner`);
  }
  /** After a change: the audit entry, then every node forgets the account's sessions. */
  async function changed(admin: VerifiedIdentity, action: string, uid: string, before: unknown, after: unknown) {
    await recordAdminAction(deps.db, { admin, action, recordType: 'admin', recordId: uid, before, after });
    deps.identity.forgetSessions?.(uid);
    deps.events.emit('adminSessionsChanged', { uid });
  }

  return {
    'team.list': async () => ({ items: (await directory().admins(TEAM_SIZE_MAX)).map(memberOf) }),
    'team.grant': async ({ body, admin }) => {
      const account = await directory().accountByEmail(body.email);
      if (!account) throw notFound('Account with that email');
      if (account.admin) throw conflict('That account is already on the team: change its role instead');
      await directory().setAdminRole(account.uid, body.role);
      await changed(admin, 'teamGrant', account.uid, null, { email: account.email, role: body.role });
      return memberOf({ ...account, admin: true, role: body.role });
    },
    'team.setRole': async ({ params, body, admin }) => {
      notYourself(admin, params.uid, 'change the role of');
      const account = await teamMember(params.uid);
      await directory().setAdminRole(account.uid, body.role);
      await changed(admin, 'teamRoleChange', account.uid, { role: account.role }, { role: body.role });
      return memberOf({ ...account, role: body.role });
    },
    'team.remove': async ({ params, admin }) => {
      notYourself(admin, params.uid, 'remove');
      const account = await teamMember(params.uid);
      await directory().setAdminRole(account.uid, null);
      await directory().revokeSessions(account.uid);
      await changed(admin, 'teamRemove', account.uid, { email: account.email, role: account.role }, null);
      return undefined;
    },
    'team.revokeSessions': async ({ params, admin }) => {
      const account = await teamMember(params.uid);
      await directory().revokeSessions(account.uid);
      await changed(admin, 'teamRevokeSessions', account.uid, null, { revokedAt: new Date().toISOString() });
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
