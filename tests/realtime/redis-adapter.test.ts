// Two Socket.IO nodes sharing a real, throwaway Redis: an event published on node B reaches
// sockets connected to node A (`REDIS_URL` → @socket.io/redis-adapter).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingRoom } from '../../shared/contract/realtime-events.js';
import { LISTING_SUBSCRIPTION_EVENTS } from '../../server/realtime/attach-realtime.js';
import {
  TOKENS,
  chatMessage,
  client,
  closeClients,
  fakeVerifier,
  nextEvent,
  startNode,
  type Node,
} from './realtime-harness.js';

const REDIS_SERVER = 'redis-server';
const hasRedis = spawnSync(REDIS_SERVER, ['--version']).status === 0;
if (!hasRedis) console.warn(`SKIPPED: ${REDIS_SERVER} is not installed, the two-node Redis adapter test cannot run`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A Redis with no persistence on a free port; resolves once it accepts connections. */
async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const redis = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000);
    let output = '';
    redis.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
  return { url: `redis://127.0.0.1:${port}`, process: redis };
}

describe.skipIf(!hasRedis)('two nodes sharing Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodeA: Node;
  let nodeB: Node;

  beforeAll(async () => {
    redis = await startRedis();
    const errors: unknown[] = [];
    const options = {
      verifyToken: fakeVerifier(),
      redisUrl: redis.url,
      onError: (error: unknown) => errors.push(error),
    };
    [nodeA, nodeB] = await Promise.all([startNode(options), startNode(options)]);
  });

  afterAll(async () => {
    closeClients();
    await Promise.allSettled([nodeA?.stop(), nodeB?.stop()]);
    if (redis) {
      const exited = new Promise((resolve) => redis.process.once('exit', resolve));
      redis.process.kill('SIGTERM');
      await exited;
    }
  });

  it('runs without connection state recovery (the pub/sub adapter keeps no packets)', () => {
    expect(nodeA.realtime.recovery).toBe('unavailable');
  });

  it('an admin socket on node A receives newMessage published on node B', async () => {
    const moderator = await client(`${nodeA.url}/admin`, { auth: { token: TOKENS.admin } }).connected;
    const payload = chatMessage('posted through node B');
    const received = nextEvent(moderator, 'newMessage');
    nodeB.realtime.publishAdmin('newMessage', payload);
    expect(await received).toEqual(payload);
  });

  it('a buyer following a listing on node A hears a bid placed through node B', async () => {
    const buyer = await client(nodeA.url).connected;
    await buyer.emitWithAck(LISTING_SUBSCRIPTION_EVENTS.join, 'listing-9');
    const payload = { listingId: 'listing-9', endTime: '1790000030000' };
    const received = nextEvent(buyer, 'listingEndTimeIncremented');
    nodeB.realtime.publishMarket('listingEndTimeIncremented', listingRoom('listing-9'), payload);
    expect(await received).toEqual(payload);
  });
});
