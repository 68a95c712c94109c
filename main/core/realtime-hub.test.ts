// The realtime hub: one /admin connection per session, subscriptions by event name, a new
// token after refresh, connection state. The socket is faked at the edge.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeHub, REFUSED_RETRY_MAX_MS } from './realtime-hub.js';
import type { AdminEvent, ConnectionState } from '../../shared/contract/market-api.js';
import { chatMessage, fakeSocketFactory, silentLog } from '../../tests/desktop/fakes.js';

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

  describe('a handshake the server refuses as unauthorized', () => {
    afterEach(() => void vi.useRealTimers());

    function refusing(renew: (hub: RealtimeHub) => Promise<string | null>) {
      vi.useFakeTimers();
      const { factory, sockets } = fakeSocketFactory();
      const renewals: number[] = [];
      const hub: RealtimeHub = new RealtimeHub({
        host: 'http://api.test',
        socketFactory: factory,
        log: silentLog().log,
        renewToken: () => {
          renewals.push(Date.now());
          return renew(hub);
        },
      });
      hub.setToken('t1');
      const socket = sockets[0]!.socket;
      const refuse = () => {
        socket.active = false;
        socket.fire('connect_error', new Error('unauthorized'));
      };
      return { hub, socket, refuse, renewals };
    }

    it('renews the token and connects again, instead of staying offline until the hourly refresh', async () => {
      const { hub, socket, refuse, renewals } = refusing(async (self) => {
        self.setToken('t2'); // what the session's refresh does with a new token
        return 't2';
      });
      refuse();
      expect(hub.state).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(999);
      expect(renewals).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(renewals).toHaveLength(1);
      expect(socket.tokens).toEqual(['t1', 't2']);
      socket.fire('connect');
      expect(hub.state).toBe('connected');
    });

    it('backs off while no token can be had, up to the cap, and starts over after a connect', async () => {
      let answer: string | null = null;
      const { hub, socket, refuse, renewals } = refusing(async () => answer);
      const start = Date.now();
      refuse();
      await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000 + 16_000 + 30_000 + 30_000);
      expect(renewals.map((at) => at - start)).toEqual([1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
      expect(Math.max(...renewals.slice(1).map((at, i) => at - renewals[i]!))).toBe(REFUSED_RETRY_MAX_MS);
      expect(hub.state).toBe('reconnecting');

      answer = 't1'; // the same token is fine again (the identity service is back)
      await vi.advanceTimersByTimeAsync(30_000);
      expect(socket.connects).toBe(2);
      socket.fire('connect');
      refuse();
      const again = Date.now();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(renewals.at(-1)! - again).toBe(1_000);
    });

    it('gives up on forbidden (no admin claim) and on sign-out', async () => {
      const { hub, socket, refuse, renewals } = refusing(async () => 't2');
      socket.active = false;
      socket.fire('connect_error', new Error('forbidden'));
      expect(hub.state).toBe('offline');
      refuse();
      hub.setToken(null);
      await vi.advanceTimersByTimeAsync(REFUSED_RETRY_MAX_MS * 2);
      expect(renewals).toEqual([]);
      expect(hub.state).toBe('offline');
    });
  });
});
