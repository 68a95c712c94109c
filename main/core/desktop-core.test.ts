// Core assembled and reached the way a window reaches it: window.market (built from the
// channel table) → dispatcher → handlers → session, hub. Identity and socket are faked.
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

function windowOn(key: string) {
  const identity = new FakeIdentity();
  identity.addAccount('admin@market.test', 'admin-demo-pass', { admin: true });
  const sockets = fakeSocketFactory();
  core = createDesktopCore({
    settings: DEFAULT_SETTINGS,
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
});
