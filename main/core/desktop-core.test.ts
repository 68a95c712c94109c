// Core assembled and reached the way a window reaches it: window.market (built from the
// channel table) → dispatcher → handlers → session, hub. Identity and socket are faked.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopCore, type DesktopCore } from './desktop-core.js';
import { MemorySecureStore } from './secure-store.js';
import { DEFAULT_SETTINGS } from './settings.js';
import type { AdminEvent } from '../../shared/contract/market-api.js';
import { chatMessage, FakeIdentity, fakeSocketFactory, silentLog } from '../../tests/desktop/fakes.js';
import { windowOver } from '../../tests/desktop/window-harness.js';

let core: DesktopCore | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
});

function windowOn(key: string, settings = DEFAULT_SETTINGS) {
  const identity = new FakeIdentity();
  identity.addAccount('admin@market.test', 'admin-demo-pass', { admin: true });
  const sockets = fakeSocketFactory();
  core = createDesktopCore({
    settings,
    store: new MemorySecureStore(),
    identity,
    socketFactory: sockets.factory,
    log: silentLog().log,
  });
  return { ...windowOver(core, key), sockets };
}

describe('window.market over core', () => {
  it('signs in, connects the hub with the token, and a subscribed window receives newMessage', async () => {
    const { market, sockets } = windowOn('w1');
    const states: string[] = [];
    market.events.onConnectionState((state) => states.push(state));
    expect(await market.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
    expect(sockets.sockets[0]!.url).toBe('http://127.0.0.1:4000/admin');
    const socket = sockets.sockets[0]!.socket;
    expect(socket.tokens).toEqual(['token-uid-admin@market.test-1']);
    socket.fire('connect');
    expect(await market.events.connectionState()).toBe('connected');
    expect(states).toEqual(['connected']);

    const received: AdminEvent[] = [];
    const unsubscribe = market.events.subscribe(['newMessage'], (event) => received.push(event));
    await Promise.resolve();
    socket.serverEmit('newMessage', chatMessage);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({ name: 'newMessage', payload: chatMessage });
    unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 0));
    socket.serverEmit('newMessage', chatMessage);
    expect(received).toHaveLength(1);

    expect(await market.session.signOut()).toBe(true);
    expect(await market.events.connectionState()).toBe('offline');
  });

  it("a closed window's subscriptions are dropped", async () => {
    const { market, sockets, bound } = windowOn('w2');
    await market.session.signIn('admin@market.test', 'admin-demo-pass');
    const received: AdminEvent[] = [];
    market.events.subscribe(['chatDeleted'], (event) => received.push(event));
    await new Promise((resolve) => setTimeout(resolve, 0));
    bound.dropWindow('w2');
    sockets.sockets[0]!.socket.serverEmit('chatDeleted', { id: 'c1' });
    expect(received).toEqual([]);
  });

  it('opens a route in a window of its own', async () => {
    const { market, opened } = windowOn('w3');
    await market.windows.open('/dashboard/users?id=u1');
    expect(opened).toEqual(['/dashboard/users?id=u1']);
  });

  it('a window aborting a list call closes its HTTP request (a newer search replaced it)', async () => {
    const seen: string[] = [];
    const closedUnanswered: string[] = [];
    // An API that never answers: the call ends only by being aborted.
    const api = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.once('close', () => {
        if (!response.writableFinished) closedUnanswered.push(request.url ?? '');
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = api.address() as AddressInfo;
      const { market } = windowOn('w4', { ...DEFAULT_SETTINGS, apiHost: `http://127.0.0.1:${port}` });
      const search = new AbortController();
      const call = market.admin.users.list({ query: { search: 'an' } }, { signal: search.signal });
      await expect.poll(() => seen.length).toBe(1);
      search.abort();
      expect(await call).toMatchObject({ ok: false, error: { status: 0, code: 'aborted' } });
      await expect.poll(() => closedUnanswered).toEqual(['/v1/admin/users?page=1&limit=10&search=an']);
    } finally {
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
