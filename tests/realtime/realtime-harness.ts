// What the realtime tests share: an http server with Socket.IO attached on a free port, a fake
// token verifier at the identity edge, real socket.io-client sockets, and contract payloads.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { AdminEventPayload } from '../../shared/contract/realtime-events.js';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../../server/platform/realtime/attach-realtime.js';

/** Tokens the fake verifier knows; any other token is refused like an expired one. */
export const TOKENS = {
  admin: 'token-admin',
  buyer: 'token-buyer',
} as const;

export function fakeVerifier(revoked: Set<string> = new Set()): RealtimeOptions['verifyToken'] {
  return async (token) => {
    if (revoked.has(token)) throw new Error('auth/id-token-revoked');
    if (token === TOKENS.admin) return { uid: 'admin-1', admin: true };
    if (token === TOKENS.buyer) return { uid: 'buyer-1', admin: false };
    throw new Error('auth/argument-error');
  };
}

export interface Node {
  url: string;
  realtime: Realtime;
  http: HttpServer;
  stop(): Promise<void>;
}

export async function startNode(options: RealtimeOptions): Promise<Node> {
  const http = createServer((_, response) => response.writeHead(404).end());
  const realtime = await attachRealtime(http, options);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    realtime,
    http,
    async stop() {
      await realtime.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

const sockets: Socket[] = [];

/** A client socket, connected or refused: resolves on `connect`, rejects with the `connect_error` message. */
export function client(
  url: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): { socket: Socket; connected: Promise<Socket> } {
  const socket = connect(url, { forceNew: true, transports: ['websocket'], reconnection: false, ...options });
  sockets.push(socket);
  const connected = new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(error.message)));
  });
  return { socket, connected };
}

export function closeClients(): void {
  for (const socket of sockets.splice(0)) socket.disconnect();
}

/** The next `event` on `socket`, or a rejection after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves with whatever `event` brought within `ms` (an empty list when nothing came). */
export function collect(socket: Socket, event: string, ms: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (payload: unknown) => seen.push(payload);
  socket.on(event, listener);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(event, listener);
      resolve(seen);
    }, ms),
  );
}

export function chatMessage(text: string): AdminEventPayload<'newMessage'> {
  return {
    id: `message-${text.length}-${Date.now()}`,
    user: { id: 'buyer-1', userName: 'ann', avatar: null },
    otherUser: { id: 'seller-1', userName: 'bob', avatar: 'https://example.test/bob.png' },
    createdAt: new Date().toISOString(),
    message: text,
    isSeen: false,
  };
}
