// Faults (the contract's "Admin security and faults"): a database that does not answer is a 503
// `databaseUnavailable` within 10 s, never a hang or a 500, and `GET /health` says so; an identity
// provider that stalls is a 503 `identityUnavailable` within the identity time-out, never a 401;
// a 5 MB body is a 413 on every kind of route, answered, not a dropped connection.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { openDatabase } from '../../server/platform/db/database.js';
import { fakeIdentity } from '../market/market-db.js';
import { openTestApp, type TestApp, useApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from '../support/auth-emulator.js';
import { startPausableProxy, type PausableProxy } from '../support/tcp-proxy.js';
import { createStaffAccount } from '../support/staff-accounts.js';
import { canRun } from '../support/service-skips.js';

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('a database that does not answer', () => {
  // A "black hole": accepts connections and never speaks, as a frozen database host would.
  let blackHole: Server;
  const held: Socket[] = [];
  let testApp: TestApp;
  beforeAll(async () => {
    blackHole = createServer((socket) => held.push(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as AddressInfo).port;
    const database = await openDatabase({
      databaseUrl: `postgres://market@127.0.0.1:${port}/market`,
      connectTimeoutMs: 3_000,
      statementTimeoutMs: 8_000,
    });
    testApp = await openTestApp({ database, identity: fakeIdentity });
  }, 60_000);
  afterAll(async () => {
    await testApp?.app.close();
    for (const socket of held) socket.destroy();
    blackHole?.close();
  });

  it('answers GET /health 503 and every kind of route 503 databaseUnavailable within 10 s', async () => {
    const { app } = testApp;
    const calls = [
      { method: 'GET' as const, url: '/v1/health', token: null },
      { method: 'GET' as const, url: '/v1/admin/users', token: 'token-admin' },
      { method: 'GET' as const, url: '/v1/user/my-details', token: 'token-buyer' },
    ];
    const answers = await Promise.all(
      calls.map((call) =>
        timed(() =>
          app.inject({
            method: call.method,
            url: call.url,
            headers: call.token ? { authorization: `Bearer ${call.token}` } : {},
          }),
        ),
      ),
    );
    for (const { value, ms } of answers) {
      expect(value.statusCode, value.body).toBe(503);
      expect(value.json(), value.body).toMatchObject({ code: 'databaseUnavailable' });
      expect(value.json()).toMatchObject({ statusCode: 503, code: 'databaseUnavailable' });
      expect(ms).toBeLessThan(10_000);
    }
  });
});

describe.skipIf(!canRun('auth-emulator'))('an identity provider that stalls', () => {
  let proxy: PausableProxy;
  let testApp: TestApp;
  beforeAll(async () => {
    proxy = await startPausableProxy(EMULATOR_HOST);
    testApp = await openTestApp({
      identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: proxy.host, timeoutMs: 2_000 }),
    });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await proxy?.close();
  });
  const users = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/v1/admin/users', headers: { authorization: `Bearer ${token}` } });

  it('answers 503 identityUnavailable within the time-out, never 401; remembered callers go on; recovers', async () => {
    const known = await createStaffAccount('stall-known', { admin: true });
    const unknown = await createStaffAccount('stall-unknown', { admin: true });
    const [knownToken, unknownToken] = await Promise.all([known.signIn(), unknown.signIn()]);
    expect((await users(knownToken)).statusCode).toBe(200);

    proxy.pause();
    const stalled = await timed(() => users(unknownToken));
    expect(stalled.value.statusCode).toBe(503);
    expect(stalled.value.json()).toMatchObject({ code: 'identityUnavailable' });
    expect(stalled.ms).toBeLessThan(5_000);
    // No round trip per request: a caller whose standing is remembered is not held up.
    const remembered = await timed(() => users(knownToken));
    expect(remembered.value.statusCode).toBe(200);
    expect(remembered.ms).toBeLessThan(1_000);

    proxy.resume();
    expect((await users(unknownToken)).statusCode).toBe(200);
  });
});

describe('a 5 MB body', () => {
  let app: FastifyInstance;
  let base: string;
  useApp({ identity: fakeIdentity }, async (opened) => {
    app = opened.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it.each([
    ['POST', '/v1/user/login', null],
    ['POST', '/v1/listing', 'token-seller'],
    ['POST', '/v1/admin/notes', 'token-admin'],
    ['PATCH', '/v1/admin/users/00000000-0000-4000-8000-000000000000', 'token-admin'],
  ])('%s %s answers 413 over HTTP', async (method, path, token) => {
    const body = JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) });
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413 });
  });
});
