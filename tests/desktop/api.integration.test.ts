// The desktop core against the real API and the real Auth emulator (issue 5, "done when"): the
// demo admin signs in through the core, calls the admin API, and a window subscribed to
// `newMessage` receives a chat message that a buyer posts through the real buyer/seller API.
//
// By default the API runs in this file: the real app (admin and market routes, Socket.IO with
// the /admin handshake) on a free port, embedded PGlite in memory, migrated and seeded, checking
// tokens against the Auth emulator on 127.0.0.1:9099 (started here, or reused). `SERVER_IT=0`
// skips it like the other integration suites. `MARKET_IT_API=http://127.0.0.1:4000` (and
// `MARKET_IT_AUTH`, default http://127.0.0.1:9099) runs the same tests against a running
// `npm run stack` instead.
// test-needs: auth-emulator
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopCore, type DesktopCore } from '../../main/core/desktop-core.js';
import { MemorySecureStore } from '../../main/core/secure-store.js';
import { Settings } from '../../main/core/settings.js';
import type { AdminEvent } from '../../shared/contract/market-api.js';
import { ChatMessage } from '../../shared/contract/entities.js';
import { ensureDemoAccounts } from '../../server/platform/auth/demo-accounts.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { marketRealtime } from '../../server/market-api.js';
import {
  EMULATOR_HOST,
  PROJECT_ID,
  WEB_API_KEY,
  startAuthEmulator,
  type AuthEmulator,
} from '../support/auth-emulator.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { silentLog } from './fakes.js';
import { windowOver } from './window-harness.js';

const external = process.env.MARKET_IT_API;
const skip = !external && process.env.SERVER_IT === '0';
if (skip) console.warn('SKIPPED (SERVER_IT=0): desktop core against the real API');

/** The API and Auth emulator the core talks to. */
let apiHost = external?.replace(/\/+$/, '') ?? '';
let authUrl = process.env.MARKET_IT_AUTH ?? `http://${EMULATOR_HOST}`;
let emulator: AuthEmulator | null = null;
let app: FastifyInstance | null = null;
let testApp: TestApp | null = null;

beforeAll(async () => {
  if (skip || external) return;
  emulator = await startAuthEmulator();
  authUrl = `http://${EMULATOR_HOST}`;
  await ensureDemoAccounts(PROJECT_ID, EMULATOR_HOST);
  testApp = await openTestApp({
    seed: (fresh) => seedMarketplace(fresh.db, { users: 20, seed: 5 }),
    identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    rateLimitMax: 100_000,
    realtime: marketRealtime(),
  });
  ({ app } = testApp);
  await app.listen({ port: 0, host: '127.0.0.1' });
  apiHost = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  await testApp?.close();
  await emulator?.stop();
}, 30_000);

let core: DesktopCore | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
});

function startCore() {
  core = createDesktopCore({
    settings: Settings.parse({ apiHost, firebase: { authEmulatorUrl: authUrl } }),
    store: new MemorySecureStore(),
    log: silentLog().log,
  });
  return core;
}

/** A buyer or seller of the marketplace: an emulator account and its ID token. */
async function marketUser(name: string): Promise<{ token: string; id: string }> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${WEB_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}-${randomUUID().slice(0, 8)}@market.test`,
      password: 'market-pass',
      returnSecureToken: true,
    }),
  });
  expect(response.status).toBe(200);
  const { idToken } = (await response.json()) as { idToken: string };
  const me = await marketCall<{ id: string }>(idToken, 'GET', '/user/my-details');
  return { token: idToken, id: me.id };
}

async function marketCall<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${apiHost}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as T;
  expect(response.ok, `${method} ${path}: ${JSON.stringify(json)}`).toBe(true);
  return json;
}

describe.skipIf(skip)(`desktop core against the real API (${external ? 'MARKET_IT_API' : 'in-process'})`, () => {
  it('signs the demo admin in and calls the admin API', async () => {
    const c = startCore();
    expect(await c.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
    const statistics = await c.api.call('statistics.get');
    expect(statistics.ok).toBe(true);
    const users = await c.api.call('users.list', { query: { page: 1, limit: 5 } });
    expect(users).toMatchObject({ ok: true });
    expect(users.ok && users.data.items.length).toBeGreaterThan(0);
  });

  it('denies the demo buyer and keeps the server message on a 404', async () => {
    const c = startCore();
    expect(await c.session.signIn('buyer@market.test', 'buyer-demo-pass')).toMatchObject({
      ok: false,
      reason: 'access-denied',
    });
    expect(await c.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
    const missing = await c.api.call('users.get', { params: { id: 'no-such-user' } });
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    expect(missing.ok === false && missing.error.message.length).toBeGreaterThan(0);
  });

  it('a subscribed window receives newMessage for a chat message a buyer posts, and its deletion', async () => {
    const c = startCore();
    const { market } = windowOver(c);
    expect(await market.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
    await expect.poll(() => market.events.connectionState(), { timeout: 15_000 }).toBe('connected');
    const received: AdminEvent[] = [];
    const unsubscribe = market.events.subscribe(['newMessage', 'messageDeleted'], (event) => received.push(event));

    const [buyer, seller] = await Promise.all([marketUser('buyer'), marketUser('seller')]);
    const chat = await marketCall<{ id: string }>(buyer.token, 'POST', '/chat', { otherUserId: seller.id });
    const text = `Is it still available? ${randomUUID().slice(0, 6)}`;
    await marketCall(buyer.token, 'POST', '/message', { chatId: chat.id, message: text });

    // Other activity on a shared stack may arrive too: find ours.
    const ours = () =>
      received.find((event) => event.name === 'newMessage' && (event.payload as { message?: string }).message === text);
    await expect.poll(ours, { timeout: 15_000 }).toBeDefined();
    const message = ChatMessage.parse(ours()!.payload);
    expect(message).toMatchObject({
      message: text,
      isSeen: false,
      user: { id: buyer.id },
      otherUser: { id: seller.id },
    });

    // The moderator deletes it through the core: every subscribed window hears `messageDeleted`.
    expect(await market.admin.messages.delete({ params: { id: message.id } })).toMatchObject({ ok: true });
    await expect
      .poll(() => received.filter((event) => event.name === 'messageDeleted').map((event) => event.payload), {
        timeout: 15_000,
      })
      .toContainEqual({ id: message.id });
    unsubscribe();
  }, 60_000);

  it('answers status 0 when the API is unreachable', async () => {
    const c = createDesktopCore({
      settings: Settings.parse({ apiHost: 'http://127.0.0.1:9', firebase: { authEmulatorUrl: authUrl } }),
      store: new MemorySecureStore(),
      log: silentLog().log,
    });
    core = c;
    expect(await c.api.call('statistics.get')).toMatchObject({ ok: false, error: { status: 0, code: 'network' } });
  });
});
