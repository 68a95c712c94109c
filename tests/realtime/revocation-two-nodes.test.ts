// Two API nodes sharing Redis, each remembering account standings for up to 60 s: an owner
// revokes a moderator's sessions through node A, and node B, which had just let the moderator
// in, refuses the same token on the very next request (the realtime layer carried the
// forgetting across: market-api.ts, `adminSessionsChanged`).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketRealtime } from '../../server/market-api.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from '../support/auth-emulator.js';
import { startRedis } from '../support/redis-server.js';
import { createStaffAccount } from '../support/staff-accounts.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('redis', 'auth-emulator');
if (!available)
  console.warn('SKIPPED: redis-server or the Auth emulator missing, the two-node revocation test cannot run');

describe.skipIf(!available)('revocation across two nodes sharing Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const nodes: TestApp[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    for (let index = 0; index < 2; index += 1) {
      nodes.push(
        await openTestApp({
          // One identity per node: each remembers standings of its own, as separate processes would.
          identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
          realtime: marketRealtime({ redisUrl: redis.url }),
        }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) await node.close();
    redis?.process.kill('SIGTERM');
  });

  const call = async (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string) =>
    (await app.inject({ method, url: `/v1${url}`, headers: { authorization: `Bearer ${token}` } })).statusCode;

  it('node B refuses a token revoked through node A on the next request', async () => {
    const [a, b] = [nodes[0]!.app, nodes[1]!.app];
    const owner = await createStaffAccount('two-node-owner', { admin: true });
    const moderator = await createStaffAccount('two-node-moderator', { admin: true, adminRole: 'moderator' });
    const [ownerToken, token] = await Promise.all([owner.signIn(), moderator.signIn()]);
    expect(await call(b, token, 'GET', '/admin/users')).toBe(200); // node B remembers the standing
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // revocation is to the second
    expect(await call(a, ownerToken, 'POST', `/admin/team/${moderator.uid}/revoke-sessions`)).toBe(204);
    // Server-side emits cross Redis asynchronously: give it the time of one round trip.
    const deadline = Date.now() + 2_000;
    let status = await call(b, token, 'GET', '/admin/users');
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await call(b, token, 'GET', '/admin/users');
    }
    expect(status).toBe(401);
    expect(await call(a, token, 'GET', '/admin/users')).toBe(401);
  });
});
