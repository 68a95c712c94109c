// Step-up (the contract's "Admin security and faults"): refunds, cancelling or deleting an order,
// deleting a user, suspending or banning need a sign-in at most ADMIN_STEP_UP_SECONDS old; an
// older token gets 401 `reauthenticationRequired`, everything else is unaffected. Tokens minted
// for the Auth emulator say when their caller signed in.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminRoutes, fillPath, type AdminRouteName } from '../../shared/contract/admin-api.js';
import { needsStepUp, STEP_UP_ROUTES, STEP_UP_SECONDS_DEFAULT } from '../../shared/contract/admin-permissions.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { signInIsRecent } from '../../server/platform/auth/step-up.js';
import { useApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from '../support/auth-emulator.js';
import { mintEmulatorToken } from '../support/minted-token.js';
import { createStaffAccount, type StaffAccount } from '../support/staff-accounts.js';
import { canRun } from '../support/service-skips.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** Each step-up route with a body that needs the step-up (an enforcement: a ban). */
const STEP_UP_CALLS: { name: AdminRouteName; body?: object }[] = [
  { name: 'transactions.refund', body: { amount: 1, refundReason: 'courtesy_refund' } },
  { name: 'orders.cancel' },
  { name: 'orders.delete' },
  { name: 'users.delete' },
  { name: 'users.enforce', body: { action: 'ban', reason: 'shill bidding' } },
  { name: 'rings.enforce', body: { userIds: [UNKNOWN], action: 'ban', reason: 'shill bidding' } },
  { name: 'listings.voidBids', body: { userIds: ['u1'], reason: 'shill ring' } },
  { name: 'orders.holdPayout', body: { reason: 'Ring sale' } },
  { name: 'orders.releasePayoutHold' },
];

describe('the step-up rule', () => {
  it.each([
    [undefined, 900, true],
    [1_000, 900, true],
    [1_000 - 900, 900, true],
    [1_000 - 901, 900, false],
    [1_000 - 61, 60, false],
  ])('a sign-in at %s is recent enough at 1000 s for %s s: %s', (authTime, maxAge, recent) => {
    expect(signInIsRecent(authTime, maxAge, 1_000_000)).toBe(recent);
  });

  it('asks for a recent sign-in to suspend or ban, not to warn or lift', () => {
    expect(needsStepUp('users.enforce', { action: 'ban' })).toBe(true);
    expect(needsStepUp('users.enforce', { action: 'suspend' })).toBe(true);
    expect(needsStepUp('users.enforce', { action: 'warn' })).toBe(false);
    expect(needsStepUp('users.enforce', { action: 'lift' })).toBe(false);
    expect(needsStepUp('users.list', undefined)).toBe(false);
    expect(needsStepUp('rings.enforce', { userIds: ['u1'], action: 'suspend' })).toBe(true);
    expect(needsStepUp('rings.enforce', { userIds: ['u1'], action: 'suspendSelling' })).toBe(false);
    // Voiding bids steps up; its dry run (a preview that changes nothing) does not.
    expect(needsStepUp('listings.voidBids', { userIds: ['u1'], reason: 'x' })).toBe(true);
    expect(needsStepUp('listings.voidBids', { userIds: ['u1'], reason: 'x', dryRun: false })).toBe(true);
    expect(needsStepUp('listings.voidBids', { userIds: ['u1'], reason: 'x', dryRun: true })).toBe(false);
    expect(Object.keys(STEP_UP_ROUTES).sort()).toEqual(STEP_UP_CALLS.map((call) => call.name).sort());
  });
});

describe.skipIf(!canRun('auth-emulator'))('step-up on the admin API (Auth emulator tokens)', () => {
  let app: FastifyInstance;
  let owner: StaffAccount;
  useApp(
    () => ({
      identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
      rateLimitMax: 10_000,
      stepUpSeconds: STEP_UP_SECONDS_DEFAULT,
    }),
    async (opened) => {
      app = opened.app;
      owner = await createStaffAccount('step-up-owner', { admin: true });
    },
  );
  const tokenSignedIn = (secondsAgo: number) =>
    mintEmulatorToken({ uid: owner.uid, email: owner.email, signedInSecondsAgo: secondsAgo, claims: { admin: true } });

  async function call(token: string, name: AdminRouteName, body?: object) {
    const route = adminRoutes[name];
    const response = await app.inject({
      method: route.method,
      url: `/v1${fillPath(route.path, { id: UNKNOWN, orderId: UNKNOWN })}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  it.each(STEP_UP_CALLS)(
    '$name: a sign-in 16 minutes old gets 401 reauthenticationRequired',
    async ({ name, body }) => {
      const answer = await call(tokenSignedIn(16 * 60), name, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      expect(answer.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'reauthenticationRequired' });
    },
  );

  it.each(STEP_UP_CALLS)('$name: a sign-in 14 minutes old goes through to its own checks', async ({ name, body }) => {
    const answer = await call(tokenSignedIn(14 * 60), name, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  });

  it('lets an old sign-in read, warn and lift: only the listed actions step up', async () => {
    const old = tokenSignedIn(8 * 3600);
    expect((await call(old, 'users.list')).status).toBe(200);
    expect((await call(old, 'users.get')).status).toBe(404);
    expect((await call(old, 'users.enforce', { action: 'warn', reason: 'first warning' })).status).toBe(404);
    const preview = { userIds: ['u1'], reason: 'shill ring', dryRun: true };
    expect((await call(old, 'listings.voidBids', preview)).status).toBe(404);
  });

  it('a token the emulator issued at sign-in passes', async () => {
    const answer = await call(await owner.signIn(), 'transactions.refund', {
      amount: 1,
      refundReason: 'courtesy_refund',
    });
    expect(answer.status).toBe(404);
  });

  it('refuses a bad token with a plain 401, not a step-up', async () => {
    const answer = await call('not-a-token', 'transactions.refund', { amount: 1, refundReason: 'courtesy_refund' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBeUndefined();
  });
});

describe.skipIf(!canRun('auth-emulator'))('ADMIN_STEP_UP_SECONDS', () => {
  let app: FastifyInstance;
  let owner: StaffAccount;
  useApp(
    () => ({ identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }), stepUpSeconds: 60 }),
    async (opened) => {
      app = opened.app;
      owner = await createStaffAccount('step-up-short', { admin: true });
    },
  );

  it('is the window: 61 s is too old when it is 60', async () => {
    const token = mintEmulatorToken({ uid: owner.uid, signedInSecondsAgo: 61, claims: { admin: true } });
    const response = await app.inject({
      method: 'DELETE',
      url: `/v1/admin/users/${UNKNOWN}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'reauthenticationRequired' });
  });
});
