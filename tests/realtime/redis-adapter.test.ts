// Two Socket.IO nodes sharing a real, throwaway Redis (`REDIS_URL` →
// @socket.io/redis-streams-adapter): an event published on node B reaches sockets connected to
// node A, and a moderator who drops misses nothing — the packets emitted meanwhile are replayed
// from the Redis stream when the socket comes back, to the same node or to the other one — while
// the token is still checked again on every reconnection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ADMIN_CONNECT_ERRORS, listingRoom } from '../../shared/contract/realtime-events.js';
import { LISTING_SUBSCRIPTION_EVENTS } from '../../server/platform/realtime/attach-realtime.js';
import { startRedis } from '../support/redis-server.js';
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
import { canRun } from '../support/service-skips.js';

const hasRedis = canRun('redis');

describe.skipIf(!hasRedis)('two nodes sharing Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodeA: Node;
  let nodeB: Node;
  const revoked = new Set<string>();

  beforeAll(async () => {
    redis = await startRedis();
    const errors: unknown[] = [];
    const options = {
      verifyToken: fakeVerifier(revoked),
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

  it('runs with connection state recovery kept in Redis', () => {
    expect(nodeA.realtime.recovery).toBe('redis-streams');
    expect(nodeB.realtime.recovery).toBe('redis-streams');
  });

  it('an admin socket on node A receives newMessage published on node B', async () => {
    const moderator = await client(`${nodeA.url}/admin`, { auth: { token: TOKENS.admin } }).connected;
    const payload = chatMessage('posted through node B');
    const received = nextEvent(moderator, 'newMessage');
    nodeB.realtime.publishAdmin('newMessage', payload);
    expect(await received).toEqual(payload);
  });

  /** A moderator's socket that reconnects by itself, connected and holding an offset to resume from. */
  async function moderatorWithOffset(url: string): Promise<Socket> {
    const { socket, connected } = client(`${url}/admin`, {
      auth: { token: TOKENS.admin },
      reconnection: true,
      reconnectionDelay: 300,
      reconnectionDelayMax: 300,
    });
    await connected;
    const first = nextEvent(socket, 'newMessage', 15_000);
    nodeB.realtime.publishAdmin('newMessage', chatMessage('before the drop'));
    await first;
    return socket;
  }

  /** Drops the network under `socket` and waits until the server it was on noticed. */
  async function drop(socket: Socket, node: Node): Promise<void> {
    const serverSide = node.realtime.io.of('/admin').sockets.get(socket.id!)!;
    const gone = new Promise((resolve) => serverSide.once('disconnect', resolve));
    socket.io.engine.close();
    await gone;
  }

  it('a moderator on node A who drops misses nothing emitted meanwhile on either node (recovered)', async () => {
    const socket = await moderatorWithOffset(nodeA.url);
    const before = socket.id;
    await drop(socket, nodeA);

    const missed = [chatMessage('missed, sent through node B'), chatMessage('missed too, sent through node A')];
    const replayed: unknown[] = [];
    socket.on('newMessage', (payload: unknown) => replayed.push(payload));
    nodeB.realtime.publishAdmin('newMessage', missed[0]!);
    nodeA.realtime.publishAdmin('chatDeleted', { id: 'chat-gone' });
    nodeA.realtime.publishAdmin('newMessage', missed[1]!);
    expect(socket.connected).toBe(false);

    const deleted = nextEvent(socket, 'chatDeleted', 15_000);
    await nextEvent(socket, 'connect', 15_000);
    expect(socket.recovered).toBe(true);
    expect(socket.id).toBe(before);
    expect(await deleted).toEqual({ id: 'chat-gone' });
    // Two nodes append to the stream concurrently: the replay keeps the stream's order, which
    // need not be the order of the two publish calls.
    await expect.poll(() => replayed.length, { timeout: 10_000 }).toBe(2);
    expect(replayed).toEqual(expect.arrayContaining(missed));
  }, 30_000);

  it('the session is restored from Redis when the moderator comes back to the other node', async () => {
    const socket = await moderatorWithOffset(nodeA.url);
    socket.io.reconnection(false); // it comes back through the second client below, not to node A
    const before = socket.id;
    await drop(socket, nodeA);
    const missed = chatMessage('missed while moving to node B');
    nodeA.realtime.publishAdmin('newMessage', missed);

    // As if the load balancer sent the reconnection elsewhere: same session id and offset, node B.
    const { socket: moved, connected } = client(`${nodeB.url}/admin`, { auth: { token: TOKENS.admin } });
    const ids = socket as unknown as { _pid: string; _lastOffset: string };
    const replayed = nextEvent(moved, 'newMessage', 15_000);
    moved.auth = { token: TOKENS.admin, pid: ids._pid, offset: ids._lastOffset };
    socket.disconnect();
    await connected;
    // Node B found the session in Redis: same socket id, recovered (the client-side flag compares
    // with a session id this fresh client never had, so ask the server).
    expect(moved.id).toBe(before);
    expect(nodeB.realtime.io.of('/admin').sockets.get(moved.id!)?.recovered).toBe(true);
    expect(await replayed).toEqual(missed);
  }, 30_000);

  it('recovery does not bypass the handshake: a token revoked while offline is refused', async () => {
    const socket = await moderatorWithOffset(nodeA.url);
    await drop(socket, nodeA);
    nodeB.realtime.publishAdmin('newMessage', chatMessage('not for a revoked moderator'));
    const heard: unknown[] = [];
    socket.on('newMessage', (payload: unknown) => heard.push(payload));
    revoked.add(TOKENS.admin);
    try {
      const refused = await nextEvent<Error>(socket, 'connect_error', 15_000);
      expect(refused.message).toBe(ADMIN_CONNECT_ERRORS.unauthorized);
      expect(socket.connected).toBe(false);
      expect(heard).toEqual([]);
    } finally {
      socket.disconnect();
      revoked.clear();
    }
  }, 30_000);

  it('a buyer following a listing on node A hears a bid placed through node B', async () => {
    const buyer = await client(nodeA.url).connected;
    await buyer.emitWithAck(LISTING_SUBSCRIPTION_EVENTS.join, 'listing-9');
    const payload = { listingId: 'listing-9', endTime: '1790000030000' };
    const received = nextEvent(buyer, 'listingEndTimeIncremented');
    nodeB.realtime.publishMarket('listingEndTimeIncremented', listingRoom('listing-9'), payload);
    expect(await received).toEqual(payload);
  });
});
