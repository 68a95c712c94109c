// Socket.IO on the API's own port, independent of Fastify: give it a Node http server
// (Fastify's `app.server`) and it answers `/socket.io/` there.
//
// - Default namespace (buyers and sellers): a socket joins its `user:{uid}` room when it
//   presents a valid ID token, and `listing:{id}` rooms with `joinListing` / `leaveListing`.
// - `/admin` (moderators): `auth: {token}` verified at the handshake, admin claim required;
//   refused with `connect_error` `unauthorized` (bad token) or `forbidden` (no admin claim).
// - Connection state recovery keeps every packet of the last RECOVERY_WINDOW_MS for a socket
//   that dropped, and replays it when the socket comes back. The handshake checks still run on
//   a recovered connection (`skipMiddlewares: false`): a token revoked meanwhile is refused.
// - With a Redis URL, the @socket.io/redis-streams-adapter carries every emit to the sockets of
//   every node AND keeps recovery working across nodes: emits go through a Redis stream (the
//   packet history a dropped socket is replayed from, whichever node it comes back to) and the
//   sessions of dropped sockets are kept in Redis. The stack list named @socket.io/redis-adapter;
//   we deviate on purpose, because that pub/sub adapter keeps no packet history, so Socket.IO's
//   connection state recovery does not work with it, and we need both cross-node
//   broadcast and a moderator who drops for a few seconds missing nothing.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { id } from '../../../shared/contract/entities.js';
import {
  ADMIN_NAMESPACE,
  LISTING_SUBSCRIPTION_EVENTS,
  listingRoom,
  type ListingSubscriptionAck,
} from '../../../shared/contract/realtime-events.js';
import type { VerifyToken } from './handshake.js';
import { adminHandshake, adminRoleRoom, marketHandshake, ownUserRoom, type RealtimeSocketData } from './handshake.js';
import type { RealtimePublisher } from './publisher.js';
import type { OnlineAdmin } from './admin-presence.js';
import { createPublisher } from './publisher.js';

export type { VerifyToken } from './handshake.js';
export type { RealtimePublisher } from './publisher.js';

/** How long a dropped socket's session and missed packets are kept: 2 minutes. */
export const RECOVERY_WINDOW_MS = 2 * 60_000;
/** How long presence waits for the other nodes' answer. */
const PRESENCE_TIMEOUT_MS = 2_000;
/** Packets kept in the Redis stream for recovery across nodes (the adapter's default). */
export const RECOVERY_STREAM_LENGTH = 10_000;

export { LISTING_SUBSCRIPTION_EVENTS, type ListingSubscriptionAck } from '../../../shared/contract/realtime-events.js';

export interface RealtimeOptions {
  verifyToken: VerifyToken;
  /** `REDIS_URL`: when set, events reach sockets on every node sharing this Redis. */
  redisUrl?: string | undefined;
  /** Parse payloads with the contract's schemas before sending (default: outside production). */
  validatePayloads?: boolean;
  recoveryWindowMs?: number;
  /** Where refused tokens and Redis errors are reported (e.g. the Fastify logger). */
  onError?: (error: unknown, context: string) => void;
}

export interface Realtime extends RealtimePublisher {
  readonly io: Server;
  /** Where the packets a dropped socket missed are kept: this node's memory, or the Redis stream. */
  readonly recovery: 'in-memory' | 'redis-streams';
  /**
   * The admins with an open `/admin` socket on any node (with Redis, every node answers; a node
   * that does not answer in time is left out). One entry per socket.
   */
  onlineAdmins(): Promise<OnlineAdmin[]>;
  /** Disconnects every socket and the Redis clients; leaves the http server to its owner. */
  close(): Promise<void>;
}

export async function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const onError = options.onError ?? (() => undefined);
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, onError) : null;

  const io = new Server(httpServer, {
    connectionStateRecovery: {
      maxDisconnectionDuration: options.recoveryWindowMs ?? RECOVERY_WINDOW_MS,
      skipMiddlewares: false,
    },
    // The stream is trimmed to its last RECOVERY_STREAM_LENGTH packets (approximately): a socket
    // whose missed packets were trimmed away reconnects unrecovered, as after the window.
    ...(redis ? { adapter: createAdapter(redis, { maxLen: RECOVERY_STREAM_LENGTH }) } : {}),
  });

  io.use(marketHandshake(options.verifyToken, onError));
  io.on('connection', (socket) => {
    const own = ownUserRoom(socket);
    if (own) void socket.join(own);
    const subscription = (join: boolean) => (listingId: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: ListingSubscriptionAck) => void) : () => undefined;
      const parsed = id.safeParse(listingId);
      if (!parsed.success) return reply({ ok: false, message: 'listingId must be a listing id' });
      const room = listingRoom(parsed.data);
      void (join ? socket.join(room) : socket.leave(room));
      reply({ ok: true, room });
    };
    socket.on(LISTING_SUBSCRIPTION_EVENTS.join, subscription(true));
    socket.on(LISTING_SUBSCRIPTION_EVENTS.leave, subscription(false));
  });

  const admin = io.of(ADMIN_NAMESPACE);
  admin.use(adminHandshake(options.verifyToken, onError));
  admin.on('connection', (socket) => {
    void socket.join(adminRoleRoom((socket.data as RealtimeSocketData).adminRole));
  });

  const publisher = createPublisher(io, { validate: options.validatePayloads });
  let closed: Promise<void> | null = null;
  return {
    io,
    recovery: redis ? 'redis-streams' : 'in-memory',
    publishAdmin: publisher.publishAdmin,
    publishMarket: publisher.publishMarket,
    async onlineAdmins() {
      const sockets = await admin.timeout(PRESENCE_TIMEOUT_MS).fetchSockets();
      return sockets.flatMap((socket) => {
        const data = socket.data as RealtimeSocketData;
        return data.uid ? [{ uid: data.uid, email: data.email ?? null, adminRole: data.adminRole ?? null }] : [];
      });
    },
    close() {
      closed ??= (async () => {
        // Not io.close(): that would also close the http server, which Fastify owns.
        for (const namespace of [admin, io.of('/')]) {
          namespace.local.disconnectSockets(true);
          await namespace.adapter.close();
        }
        io.engine.close();
        if (redis) await Promise.allSettled([redis.quit()]);
      })();
      return closed;
    },
  };
}

async function connectRedis(url: string, onError: (error: unknown, context: string) => void) {
  // The adapter duplicates this client for its blocking stream reads and its pub/sub.
  const client = createClient({ url });
  // node-redis reconnects by itself; an unhandled 'error' event would end the process.
  client.on('error', (error: unknown) => onError(error, 'redis client'));
  await client.connect();
  return client;
}
