// The session against the real Firebase Auth emulator (started here on a port of its own):
// admin sign-in, the demo buyer denied and signed out, a wrong password, token refresh, a
// restart that restores the session from the SecureStore; and the whole core (real
// socket.io-client) against a real Socket.IO `/admin` namespace that checks those tokens as
// the contract says (ARCHITECTURE.md, "Realtime"), so a subscribed window receives newMessage
// and a refresh reconnects.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopCore } from '../../main/core/desktop-core.js';
import type { AdminEvent } from '../../shared/contract/market-api.js';
import { windowOver } from './window-harness.js';
import { createFirebaseIdentity, FIREBASE_USER_KEY } from '../../main/core/firebase-identity.js';
import { MemorySecureStore, type SecureStore } from '../../main/core/secure-store.js';
import { ACCESS_TOKEN_KEY, Session } from '../../main/core/session.js';
import { DEFAULT_SETTINGS } from '../../main/core/settings.js';
import { API_KEY, PROJECT_ID, startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import { chatMessage, silentLog } from './fakes.js';

let emulator: AuthEmulator;
const open: (() => Promise<void>)[] = [];

beforeAll(async () => {
  emulator = await startAuthEmulator();
  await emulator.createUser('admin@market.test', 'admin-demo-pass', { admin: true });
  await emulator.createUser('buyer@market.test', 'buyer-demo-pass');
  // An emulator's first start takes a minute on a busy 2-core machine.
}, 150_000);

afterAll(async () => {
  try {
    for (const close of open) await close();
  } finally {
    await emulator?.stop();
  }
}, 20_000);

function sessionOn(store: SecureStore) {
  const identity = createFirebaseIdentity(
    { ...DEFAULT_SETTINGS.firebase, apiKey: API_KEY, projectId: PROJECT_ID, authEmulatorUrl: emulator.url },
    store,
  );
  const { lines, log } = silentLog();
  const session = new Session({ identity, store, log });
  const close = async () => {
    session.dispose();
    await identity.dispose();
  };
  open.push(close);
  return { identity, session, lines, close };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('session against the Auth emulator', () => {
  it('signs the admin in and saves a token carrying the admin claim', async () => {
    const store = new MemorySecureStore();
    const { session } = sessionOn(store);
    const result = await session.signIn('admin@market.test', 'admin-demo-pass');
    expect(result).toMatchObject({ ok: true, user: { email: 'admin@market.test', isAdmin: true } });
    const token = await store.get(ACCESS_TOKEN_KEY);
    expect(claimsOf(token!)).toMatchObject({ admin: true, email: 'admin@market.test' });
  });

  it('denies the demo buyer and signs them out again', async () => {
    const store = new MemorySecureStore();
    const { session, identity } = sessionOn(store);
    const result = await session.signIn('buyer@market.test', 'buyer-demo-pass');
    expect(result).toMatchObject({
      ok: false,
      reason: 'access-denied',
      message: 'You are not an admin. Access denied.',
    });
    expect(identity.currentUser()).toBeNull();
    expect(await store.keys()).toEqual([]);
  });

  it('reports a wrong password as an error and logs it', async () => {
    const { session, lines } = sessionOn(new MemorySecureStore());
    const result = await session.signIn('admin@market.test', 'wrong-password');
    expect(result).toMatchObject({ ok: false, reason: 'invalid-credentials' });
    expect(result.ok === false && result.code).toMatch(
      /^auth\/(wrong-password|invalid-credential|invalid-login-credentials)$/,
    );
    expect(lines).toContain('Error signing in');
  });

  it('refreshes the token on demand and tells listeners', async () => {
    const store = new MemorySecureStore();
    const { session } = sessionOn(store);
    await session.signIn('admin@market.test', 'admin-demo-pass');
    const first = await store.get(ACCESS_TOKEN_KEY);
    const seen: (string | null)[] = [];
    session.onToken((token) => seen.push(token));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new `iat` second
    const refreshed = await session.refreshToken();
    expect(refreshed).toBeTruthy();
    expect(refreshed).not.toBe(first);
    expect(seen).toEqual([refreshed]);
    expect(await store.get(ACCESS_TOKEN_KEY)).toBe(refreshed);
    expect(claimsOf(refreshed!)).toMatchObject({ admin: true });
  });

  it('step-up: the right password gives a token with a newer auth_time, a wrong one changes nothing', async () => {
    const store = new MemorySecureStore();
    const { session } = sessionOn(store);
    await session.signIn('admin@market.test', 'admin-demo-pass');
    const first = (await store.get(ACCESS_TOKEN_KEY))!;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new `auth_time` second
    expect(await session.reauthenticate('wrong-password')).toMatchObject({ ok: false, reason: 'invalid-credentials' });
    expect(await session.accessToken()).toBe(first);
    expect(await session.reauthenticate('admin-demo-pass')).toEqual({ ok: true });
    const confirmed = (await session.accessToken())!;
    expect(claimsOf(confirmed).auth_time).toBeGreaterThan(claimsOf(first).auth_time as number);
    expect(claimsOf(confirmed)).toMatchObject({ admin: true });
  });

  it('restores the session after a restart from the same SecureStore, and sign-out forgets it', async () => {
    const store = new MemorySecureStore();
    const first = sessionOn(store);
    await first.session.signIn('admin@market.test', 'admin-demo-pass');
    expect(await store.get(FIREBASE_USER_KEY)).toContain('refreshToken');
    await first.close();

    const second = sessionOn(store);
    expect(await second.session.current()).toMatchObject({ email: 'admin@market.test', isAdmin: true });
    expect(claimsOf((await second.session.accessToken())!)).toMatchObject({ admin: true });
    expect(await second.session.signOut()).toBe(true);
    expect(await store.keys()).toEqual([]);
    await second.close();

    const third = sessionOn(store);
    expect(await third.session.current()).toBeNull();
  });

  it('keeps a session in memory only when the store cannot persist', async () => {
    const store = new MemorySecureStore(false);
    const { session } = sessionOn(store);
    await session.signIn('admin@market.test', 'admin-demo-pass');
    expect(await store.get(FIREBASE_USER_KEY)).toBeNull();
    expect(await session.current()).toMatchObject({ isAdmin: true });
  });
});

describe('core against a real Socket.IO /admin namespace', () => {
  it('a subscribed window receives newMessage, and a token refresh reconnects with the new token', async () => {
    const http = createServer();
    const io = new Server(http);
    const tokensSeen: string[] = [];
    io.of('/admin').use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (typeof token !== 'string' || token.split('.').length !== 3) return next(new Error('unauthorized'));
      tokensSeen.push(token);
      return claimsOf(token).admin === true ? next() : next(new Error('forbidden'));
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    const host = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

    const store = new MemorySecureStore();
    const core = createDesktopCore({
      settings: {
        ...DEFAULT_SETTINGS,
        apiHost: host,
        firebase: { ...DEFAULT_SETTINGS.firebase, authEmulatorUrl: emulator.url },
      },
      store,
      log: silentLog().log,
    });
    open.push(() => core.close());
    try {
      const { market } = windowOver(core);
      expect(await market.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
      await expect.poll(() => market.events.connectionState(), { timeout: 10_000 }).toBe('connected');

      const received: AdminEvent[] = [];
      market.events.subscribe(['newMessage'], (event) => received.push(event));
      await new Promise((done) => setTimeout(done, 50));
      const message = chatMessage;
      io.of('/admin').emit('newMessage', message);
      await expect.poll(() => received, { timeout: 5000 }).toEqual([{ name: 'newMessage', payload: message }]);

      await new Promise((done) => setTimeout(done, 1100)); // a new `iat` second
      const refreshed = await core.session.refreshToken();
      await expect.poll(() => tokensSeen.at(-1), { timeout: 10_000 }).toBe(refreshed);
      expect(new Set(tokensSeen).size).toBe(2);
      await expect.poll(() => market.events.connectionState(), { timeout: 10_000 }).toBe('connected');

      expect(await market.session.signOut()).toBe(true);
      expect(await market.events.connectionState()).toBe('offline');
    } finally {
      await core.close();
      io.close();
      http.close();
    }
  }, 30_000);
});
