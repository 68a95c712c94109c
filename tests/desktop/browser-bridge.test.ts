// The browser host's bridge: loopback only, per-run secret and renderer origin required, the
// same dispatcher behind it; and the shim's transport builds a working window.market over it.
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserBridge, type BrowserBridge } from '../../main/core/browser-bridge.js';
import type { IpcHandlerTable, IpcSender } from '../../main/core/ipc-dispatch.js';
import { IPC_REQUEST_NAMES } from '../../shared/contract/ipc-table.js';
import { createMarketApi } from '../../shared/contract/market-client.js';
import { createBridgeTransport } from '../../renderer/host/browser-shim.js';

const ORIGIN = 'http://127.0.0.1:5173';
let bridge: BrowserBridge | null = null;
const calls: [string, unknown, IpcSender][] = [];

async function start() {
  calls.length = 0;
  const handlers: IpcHandlerTable = Object.fromEntries(
    IPC_REQUEST_NAMES.map((name) => [
      name,
      async (sender: IpcSender, args: unknown) => {
        calls.push([name, args, sender]);
        if (name === 'session.current') return null;
        if (name === 'admin.statistics.get') return { ok: true, data: { users: 1 } };
        return undefined;
      },
    ]),
  );
  bridge = await startBrowserBridge({ handlers, origins: [ORIGIN] });
  return bridge;
}

afterEach(async () => {
  await bridge?.close();
  bridge = null;
});

const post = (b: BrowserBridge, channel: string, args: unknown, headers: Record<string, string>) =>
  fetch(`${b.url}/call/${channel}`, { method: 'POST', headers, body: JSON.stringify(args) });

describe('browser bridge', () => {
  it('listens on loopback only, with a random secret per run', async () => {
    const b = await start();
    expect(new URL(b.url).hostname).toBe('127.0.0.1');
    expect(b.secret.length).toBeGreaterThanOrEqual(40);
    const other = await startBrowserBridge({ handlers: {}, origins: [ORIGIN] });
    expect(other.secret).not.toBe(b.secret);
    await other.close();
  });

  it.each([
    ['no secret', (_secret: string) => ({ origin: ORIGIN, 'x-market-client': 'client-1234' })],
    ['a wrong secret', () => ({ origin: ORIGIN, 'x-market-client': 'client-1234', 'x-market-secret': 'guess' })],
    [
      'a foreign origin',
      (secret: string) => ({
        origin: 'https://evil.example',
        'x-market-client': 'client-1234',
        'x-market-secret': secret,
      }),
    ],
    ['no origin', (secret: string) => ({ 'x-market-client': 'client-1234', 'x-market-secret': secret })],
    ['no client id', (secret: string) => ({ origin: ORIGIN, 'x-market-secret': secret })],
  ])(
    'refuses a call with %s before it reaches core',
    async (_, headers: (secret: string) => Record<string, string>) => {
      const b = await start();
      const response = await post(b, 'session.signOut', [], headers(b.secret));
      expect(response.status).toBe(403);
      expect(calls).toEqual([]);
    },
  );

  it('keeps bad args from core and answers 400', async () => {
    const b = await start();
    const headers = { origin: ORIGIN, 'x-market-client': 'client-1234', 'x-market-secret': b.secret };
    expect((await post(b, 'session.signIn', ['only-email'], headers)).status).toBe(400);
    expect((await post(b, 'session.nope', [], headers)).status).toBe(404);
    expect(calls).toEqual([]);
  });

  it('serves window.market through the shim transport: calls and subscribed events', async () => {
    const b = await start();
    const transport = createBridgeTransport({
      url: b.url,
      secret: b.secret,
      clientId: 'client-1234',
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as object), origin: ORIGIN } }),
    });
    const market = createMarketApi(transport);
    expect(await market.session.current()).toBeNull();
    expect(await market.admin.statistics.get()).toEqual({ ok: true, data: { users: 1 } });
    expect(calls.map(([name]) => name)).toEqual(['session.current', 'admin.statistics.get']);
    expect(calls[0]![2]).toEqual({ key: 'client-1234', url: ORIGIN, topFrame: true });

    const states: string[] = [];
    market.events.onConnectionState((state) => states.push(state));
    await new Promise((resolve) => setTimeout(resolve, 100));
    b.broadcast('events.connectionState', 'connected');
    await expect.poll(() => states).toEqual(['connected']);
    transport.close();
  });
});
