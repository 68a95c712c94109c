// Issue 4, "done when": with the stack and the simulator running, a moderator's `/admin` socket
// receives every event type of the `/admin` namespace. The real thing end to end: the API listening on a
// free port with its realtime and its auction closer, the real Auth emulator, the real
// simulator (`scripts/simulate.ts`) as a child process, a real socket.io-client with the demo
// admin's ID token, and admin DELETE calls made during the run for the three deletion events.
// test-needs: auth-emulator
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EVENT_NAMES,
  ADMIN_NAMESPACE,
  adminEvents,
  type AdminEventName,
} from '../../shared/contract/realtime-events.js';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '../../server/platform/auth/demo-accounts.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { marketRealtime, startMarketWorkers } from '../../server/market-api.js';
import type { AuctionCloser } from '../../server/modules/auctions/auction-closer.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID, signIn, startAuthEmulator, type AuthEmulator } from '../support/auth-emulator.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const skip = process.env.SERVER_IT === '0';
if (skip) console.warn('SKIPPED (SERVER_IT=0): the simulator against the real API and Auth emulator');

const DELETIONS = ['auctionMessageDeleted', 'chatDeleted', 'messageDeleted'] as const;
/** Events only a moderator's own action causes: the test acts, as it does for the deletions. */
const MODERATOR_ACTIONS = [...DELETIONS, 'auctionStandingChanged'] as const;
const ACTIVITY = ADMIN_EVENT_NAMES.filter((name) => !(MODERATOR_ACTIONS as readonly string[]).includes(name));

describe.skipIf(skip)('the simulator against the real API: every /admin event reaches a moderator', () => {
  let emulator: AuthEmulator;
  let app: FastifyInstance;
  let testApp: TestApp | undefined;
  let closer: AuctionCloser;
  let api: string;
  let adminToken: string;
  let moderator: Socket;
  let simulator: ChildProcess | null = null;
  let simulatorOutput = '';
  const received = new Map<AdminEventName, unknown[]>();

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    await ensureDemoAccounts(PROJECT_ID, EMULATOR_HOST);
    adminToken = (await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).idToken;
    testApp = await openTestApp({
      identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
      rateLimitMax: 100_000,
      realtime: marketRealtime(),
    });
    ({ app } = testApp);
    await app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    closer = startMarketWorkers(app, { intervalMs: 500 });
  }, 90_000);

  afterAll(async () => {
    if (simulator && simulator.exitCode === null) simulator.kill('SIGKILL');
    moderator?.disconnect();
    await closer?.stop();
    await testApp?.close();
    await emulator?.stop();
  }, 30_000);

  it('receives every activity event from the simulator, and the three deletions and a standing change a moderator causes, each in its contract shape', async () => {
    moderator = connect(`${api}${ADMIN_NAMESPACE}`, {
      forceNew: true,
      transports: ['websocket'],
      auth: { token: adminToken },
    });
    moderator.onAny((name: string, payload: unknown) => {
      const event = name as AdminEventName;
      received.set(event, [...(received.get(event) ?? []), payload]);
    });
    await new Promise<void>((resolve, reject) => {
      moderator.once('connect', resolve);
      moderator.once('connect_error', reject);
    });

    simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/simulate.ts',
        ...['--api', `${api}/v1`, '--emulator', EMULATOR_HOST, '--users', '4', '--rate', '4'],
        // Listings end 3 to 9 s after they are listed; --seconds is only the safety net.
        ...['--auction-seconds', '6', '--seconds', '60'],
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    simulator.stdout!.on('data', (chunk: Buffer) => (simulatorOutput += chunk.toString()));
    simulator.stderr!.on('data', (chunk: Buffer) => (simulatorOutput += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => simulator!.once('exit', (code) => resolve(code)));

    // On a timeout, the simulator's own report says what it failed to do.
    const missing = () => [
      ...ACTIVITY.filter((name) => !received.has(name)),
      ...(simulator!.exitCode === null ? [] : [simulatorOutput]),
    ];
    await expect.poll(missing, { timeout: 45_000, interval: 250 }).toEqual([]);

    // A moderator deletes one of each while the simulator keeps going.
    const first = <T>(name: AdminEventName) => received.get(name)![0] as T;
    const deletions: [route: string, id: string, event: (typeof DELETIONS)[number]][] = [
      ['auction-messages/soft-delete', first<{ id: string }>('newBid').id, 'auctionMessageDeleted'],
      ['chat/soft-delete-message', first<{ id: string }>('newMessage').id, 'messageDeleted'],
      ['chat/soft-delete-chat', first<{ id: string }>('newChat').id, 'chatDeleted'],
    ];
    for (const [route, id] of deletions) {
      const response = await fetch(`${api}/v1/admin/${route}/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(response.status, `DELETE /admin/${route}/${id}`).toBe(204);
    }
    await expect
      .poll(() => DELETIONS.filter((name) => !received.has(name)), { timeout: 15_000, interval: 100 })
      .toEqual([]);
    for (const [, id, event] of deletions) expect(received.get(event)).toContainEqual({ id });

    // A moderator voids the latest bidder on a running auction: every back office hears the
    // auction's new standing. Simulated auctions end within seconds, so an auction that ended
    // first (409) is passed over for the next bid to arrive.
    const voidLatestBid = async () => {
      const bids = received.get('newBid') as { listing: { id: string }; user: { id: string } }[];
      const latest = bids.at(-1)!;
      const response = await fetch(`${api}/v1/admin/listings/active/${latest.listing.id}/void-bids`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userIds: [latest.user.id], reason: 'Simulated shill' }),
      });
      return response.status === 200 && ((await response.json()) as { voided: number }).voided > 0;
    };
    await expect.poll(voidLatestBid, { timeout: 20_000, interval: 250 }).toBe(true);
    await expect.poll(() => received.has('auctionStandingChanged'), { timeout: 5_000, interval: 100 }).toBe(true);

    // Every payload the moderator saw inserts as is into its admin table: it parses with the
    // shared list item schema (auction-message, chat or chat-message item).
    for (const [name, payloads] of received) {
      expect(ADMIN_EVENT_NAMES, `unexpected event ${name} on /admin`).toContain(name);
      for (const payload of payloads) expect(() => adminEvents[name].parse(payload), name).not.toThrow();
    }
    const giveawayWinner = first<{ type: string }>('giveawayEnded');
    expect(giveawayWinner.type).toBe('giveawayWinner');
    expect(first<{ type: string }>('newBid').type).toBe('bid');
    expect(first<{ type: string }>('userMessage').type).toBe('text');
    expect(first<{ type: string }>('giveawayEntriesUpdated').type).toBe('giveawayEntry');

    // SIGTERM stops the simulator cleanly: requests in flight finish, it reports and exits 0.
    simulator.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    expect(code, simulatorOutput).toBe(0);
    expect(simulatorOutput).toMatch(/SIGTERM: stopping/);
    expect(simulatorOutput).toMatch(/done: \d+ actions/);
  }, 90_000);
});
