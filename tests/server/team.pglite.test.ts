// The Team routes (the contract's "Admin security and faults"): owner only, every change audited;
// a revoked admin's token answers 401 on the very next request; removing the rights revokes too.
// Throwaway emulator accounts only: the demo accounts' tokens are in use by other suites.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminTeamRoutes } from '../../shared/contract/admin-team-routes.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { uncheckedRows, type Database } from '../../server/platform/db/database.js';
import { useApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from '../support/auth-emulator.js';
import { mintEmulatorToken } from '../support/minted-token.js';
import { createStaffAccount, emulatorAuth, type StaffAccount } from '../support/staff-accounts.js';
import { canRun } from '../support/service-skips.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!canRun('auth-emulator'))('Team routes (Auth emulator)', () => {
  let app: FastifyInstance;
  let database: Database;
  let owner: StaffAccount;
  let ownerToken: string;
  useApp(
    () => ({
      identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
      rateLimitMax: 10_000,
    }),
    async (opened) => {
      ({ app, database } = opened);
      owner = await createStaffAccount('team-owner', { admin: true });
      ownerToken = await owner.signIn();
    },
  );

  async function call(token: string, method: string, url: string, payload?: object) {
    const response = await app.inject({
      method: method as 'GET',
      url: `/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? (response.json() as Record<string, unknown>) : {} };
  }
  const audited = async (uid: string) =>
    (
      await uncheckedRows<{ action: string }>(
        database.db,
        sql`SELECT action FROM admin_actions WHERE record_type = 'admin' AND record_id = ${uid} ORDER BY created_at, id`,
      )
    ).map((row) => row.action);

  it.each(['moderator', 'support', 'finance'] as const)('answers 403 to a %s on every team route', async (role) => {
    const scoped = await createStaffAccount(`team-${role}`, { admin: true, adminRole: role });
    const token = mintEmulatorToken({ uid: scoped.uid, claims: { admin: true, adminRole: role } });
    for (const route of Object.values(adminTeamRoutes)) {
      const url = route.path.replace(':uid', owner.uid);
      const body = 'body' in route ? { email: scoped.email, role: 'owner' } : undefined;
      const answer = await call(token, route.method, url, route.method === 'PATCH' ? { role: 'owner' } : body);
      expect(answer.status, `${role} ${route.method} ${url}`).toBe(403);
    }
  });

  it('answers 403 to a signed-in user without the admin claim, 401 without a token', async () => {
    const user = await createStaffAccount('team-user');
    expect((await call(await user.signIn(), 'GET', '/admin/team')).status).toBe(403);
    expect((await call('', 'GET', '/admin/team')).status).toBe(401);
  });

  it('lists the admins with role, last sign-in and status', async () => {
    const moderator = await createStaffAccount('team-listed', { admin: true, adminRole: 'moderator' });
    const answer = await call(ownerToken, 'GET', '/admin/team');
    expect(answer.status).toBe(200);
    const items = answer.body.items as { uid: string; email: string; role: string; lastSignInAt: string | null }[];
    expect(items.find((item) => item.uid === owner.uid)).toMatchObject({ role: 'owner', disabled: false });
    expect(items.find((item) => item.uid === owner.uid)!.lastSignInAt).toEqual(expect.any(String));
    expect(items.find((item) => item.uid === moderator.uid)).toMatchObject({
      email: moderator.email,
      role: 'moderator',
    });
  });

  it('grants admin rights by email, changes the role, removes them; each audited', async () => {
    const colleague = await createStaffAccount('team-new');
    const granted = await call(ownerToken, 'POST', '/admin/team', { email: colleague.email, role: 'support' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toMatchObject({ uid: colleague.uid, role: 'support' });
    expect((await emulatorAuth().getUser(colleague.uid)).customClaims).toEqual({ admin: true, adminRole: 'support' });
    // The role is in the next token.
    const next = await call(await colleague.signIn(), 'GET', '/admin/users');
    expect(next.status).toBe(200);

    expect((await call(ownerToken, 'POST', '/admin/team', { email: colleague.email, role: 'finance' })).status).toBe(
      409,
    );
    expect(
      (await call(ownerToken, 'POST', '/admin/team', { email: 'nobody-here@staff.test', role: 'finance' })).status,
    ).toBe(404);
    expect((await call(ownerToken, 'POST', '/admin/team', { email: colleague.email, role: 'root' })).status).toBe(400);

    const changed = await call(ownerToken, 'PATCH', `/admin/team/${colleague.uid}`, { role: 'finance' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ role: 'finance' });
    expect((await emulatorAuth().getUser(colleague.uid)).customClaims).toEqual({ admin: true, adminRole: 'finance' });
    await call(ownerToken, 'PATCH', `/admin/team/${colleague.uid}`, { role: 'owner' });
    expect((await emulatorAuth().getUser(colleague.uid)).customClaims).toEqual({ admin: true });

    await sleep(1_100); // revocation is to the second: a sign-in in the same second stands
    expect((await call(ownerToken, 'DELETE', `/admin/team/${colleague.uid}`)).status).toBe(204);
    expect((await emulatorAuth().getUser(colleague.uid)).customClaims).toEqual({});
    expect((await call(ownerToken, 'PATCH', `/admin/team/${colleague.uid}`, { role: 'finance' })).status).toBe(404);
    expect(await audited(colleague.uid)).toEqual(['teamGrant', 'teamRoleChange', 'teamRoleChange', 'teamRemove']);
  });

  it('refuses to change or remove the owner themselves', async () => {
    expect((await call(ownerToken, 'PATCH', `/admin/team/${owner.uid}`, { role: 'support' })).status).toBe(409);
    expect((await call(ownerToken, 'DELETE', `/admin/team/${owner.uid}`)).status).toBe(409);
  });

  it('revokes a moderator’s sessions: their token answers 401 on the very next request', async () => {
    const moderator = await createStaffAccount('team-revoked', { admin: true, adminRole: 'moderator' });
    const token = await moderator.signIn();
    expect((await call(token, 'GET', '/admin/users')).status).toBe(200); // remembered now
    await sleep(1_100);
    const revoked = await call(ownerToken, 'POST', `/admin/team/${moderator.uid}/revoke-sessions`);
    expect(revoked.status).toBe(204);
    const after = await call(token, 'GET', '/admin/users');
    expect(after.status).toBe(401);
    expect(after.body.code).toBeUndefined();
    // Signing in again works.
    expect((await call(await moderator.signIn(), 'GET', '/admin/users')).status).toBe(200);
    expect(await audited(moderator.uid)).toEqual(['teamRevokeSessions']);
    expect((await call(ownerToken, 'POST', '/admin/team/not-an-admin-uid/revoke-sessions')).status).toBe(404);
  });
});
