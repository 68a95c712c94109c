// The realtime hub: one /admin connection per session, subscriptions by event name, a new
// token after refresh, connection state. The socket is faked at the edge.
import { describe, expect, it } from 'vitest';
import { RealtimeHub } from '../../main/core/realtime-hub.js';
import type { AdminEvent, ConnectionState } from '../../shared/contract/market-api.js';
import { fakeSocketFactory, silentLog } from './fakes.js';

const chatMessage = {
  id: 'm1',
  user: { id: 'u1', userName: 'ann', avatar: null },
  otherUser: { id: 'u2', userName: 'bob', avatar: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  message: 'hello',
  isSeen: false,
};

function setup() {
  const { factory, sockets } = fakeSocketFactory();
  const { lines, log } = silentLog();
  const hub = new RealtimeHub({ host: 'http://api.test/', socketFactory: factory, log });
  const states: ConnectionState[] = [];
  hub.onState((state) => states.push(state));
  return { hub, sockets, states, lines };
}

describe('RealtimeHub', () => {
  it('opens one /admin connection with the token and reports connected', () => {
    const { hub, sockets, states } = setup();
    hub.setToken('t1');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('http://api.test/admin');
    expect(sockets[0]!.socket.tokens).toEqual(['t1']);
    sockets[0]!.socket.fire('connect');
    expect(hub.state).toBe('connected');
    expect(states).toEqual(['connected']);
  });

  it('reconnects the same socket with the new token after a refresh', () => {
    const { hub, sockets } = setup();
    hub.setToken('t1');
    sockets[0]!.socket.fire('connect');
    hub.setToken('t2');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.socket.tokens).toEqual(['t1', 't2']);
    expect(hub.state).toBe('reconnecting');
  });

  it('delivers only the subscribed events, parsed, until unsubscribed', () => {
    const { hub, sockets } = setup();
    hub.setToken('t1');
    const seen: AdminEvent[] = [];
    const stop = hub.subscribe(['newMessage'], (event) => seen.push(event));
    sockets[0]!.socket.serverEmit('newChat', { id: 'c1' });
    sockets[0]!.socket.serverEmit('newMessage', chatMessage);
    stop();
    sockets[0]!.socket.serverEmit('newMessage', chatMessage);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.name).toBe('newMessage');
  });

  it('drops a malformed payload instead of passing it to a window', () => {
    const { hub, sockets, lines } = setup();
    hub.setToken('t1');
    const seen: AdminEvent[] = [];
    hub.subscribe(['messageDeleted'], (event) => seen.push(event));
    sockets[0]!.socket.serverEmit('messageDeleted', { id: 42 });
    expect(seen).toEqual([]);
    expect(lines).toContain('Dropped a malformed messageDeleted event');
  });

  it('goes offline when the server refuses the token, reconnecting on a dropped line, offline on sign-out', () => {
    const { hub, sockets, states } = setup();
    hub.setToken('t1');
    const socket = sockets[0]!.socket;
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    expect(hub.state).toBe('reconnecting');
    socket.active = false;
    socket.fire('connect_error', new Error('forbidden'));
    expect(hub.state).toBe('offline');
    socket.fire('connect');
    hub.setToken(null);
    expect(states).toEqual(['connected', 'reconnecting', 'offline', 'connected', 'offline']);
  });
});
