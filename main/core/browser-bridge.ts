// The browser host's bridge: main/core behind a loopback-only HTTP server that speaks the IPC
// channel table, for a renderer running in an ordinary browser (renderer/host/browser-shim.ts).
// Every request must carry the per-run secret and come from the renderer's origin; then the
// same dispatcher as Electron's checks and parses the call.
//   POST /call/<channel>  body: JSON array of args      → 200 {value?} | 400/403/404 {error}
//   GET  /events                                        → NDJSON stream of {channel, payload}
//   GET  /export/<list>?sortBy&order&search             → the table's CSV export, streamed
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IpcEventName, IpcEventPayloadOf } from '../../shared/contract/ipc-table.js';
import { createIpcDispatcher, IpcRejected, type IpcHandlerTable, type IpcSender } from './ipc-dispatch.js';
import type { AdminDownload } from './api-client.js';
import { ExportList, ExportQuery } from '../../shared/contract/admin-export-routes.js';
import { Readable } from 'node:stream';

export const BRIDGE_SECRET_HEADER = 'x-market-secret';
export const BRIDGE_CLIENT_HEADER = 'x-market-client';
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const MAX_BODY_BYTES = 1_000_000;

export interface BrowserBridge {
  url: string;
  secret: string;
  send<E extends IpcEventName>(clientId: string, channel: E, payload: IpcEventPayloadOf<E>): void;
  broadcast<E extends IpcEventName>(channel: E, payload: IpcEventPayloadOf<E>): void;
  close(): Promise<void>;
}

export interface BrowserBridgeOptions {
  /** Built once the bridge exists, because handlers send events through it. */
  handlers: IpcHandlerTable;
  /** Origins the renderer is served from, e.g. http://127.0.0.1:5173. */
  origins: readonly string[];
  port?: number;
  secret?: string;
  /** A page's event stream closed for good: forget its subscriptions. */
  onClientGone?: (clientId: string) => void;
  /** The API client's streamed answers: the page downloads CSV exports through GET /export. */
  download?: AdminDownload;
}

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

function sameSecret(given: string | string[] | undefined, secret: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const candidate = Buffer.from(given);
  return candidate.length === secret.length && timingSafeEqual(candidate, secret);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startBrowserBridge(options: BrowserBridgeOptions): Promise<BrowserBridge> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const secretBytes = Buffer.from(secret);
  const streams = new Map<string, Set<ServerResponse>>();
  let origin = '';
  const dispatcher = createIpcDispatcher({
    handlers: options.handlers,
    // The HTTP layer has already checked secret, origin and client id; this keeps the rule in one place.
    isTrusted: (sender: IpcSender) => sender.topFrame && sender.url !== null && options.origins.includes(sender.url),
  });

  const reply = (response: ServerResponse, status: number, body: unknown, allowOrigin?: string) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(allowOrigin ? { 'access-control-allow-origin': allowOrigin, vary: 'Origin' } : {}),
    });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer(async (request, response) => {
    const pageOrigin = request.headers.origin;
    const allowedOrigin =
      typeof pageOrigin === 'string' && options.origins.includes(pageOrigin) ? pageOrigin : undefined;
    // Loopback peers only, addressed by our own host name (no DNS rebinding), from the renderer's origin.
    if (!isLoopback(request.socket.remoteAddress) || request.headers.host !== origin || !allowedOrigin) {
      return reply(response, 403, { error: 'forbidden' });
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': allowedOrigin,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': `content-type, ${BRIDGE_SECRET_HEADER}, ${BRIDGE_CLIENT_HEADER}`,
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      return response.end();
    }
    const clientId = request.headers[BRIDGE_CLIENT_HEADER];
    if (
      !sameSecret(request.headers[BRIDGE_SECRET_HEADER], secretBytes) ||
      typeof clientId !== 'string' ||
      !CLIENT_ID.test(clientId)
    ) {
      return reply(response, 403, { error: 'forbidden' }, allowedOrigin);
    }
    const path = new URL(request.url ?? '/', `http://${origin}`).pathname;

    if (request.method === 'GET' && path === '/events') {
      response.writeHead(200, {
        'content-type': 'application/x-ndjson',
        'cache-control': 'no-store',
        'access-control-allow-origin': allowedOrigin,
        vary: 'Origin',
      });
      response.write('\n');
      const set = streams.get(clientId) ?? new Set<ServerResponse>();
      streams.set(clientId, set);
      set.add(response);
      request.on('close', () => {
        set.delete(response);
        if (set.size === 0) {
          streams.delete(clientId);
          options.onClientGone?.(clientId);
        }
      });
      return;
    }

    const exported = /^\/export\/([A-Za-z]+)$/.exec(path);
    if (request.method === 'GET' && exported && options.download) {
      const list = ExportList.safeParse(exported[1]);
      const query = ExportQuery.safeParse(
        Object.fromEntries(new URL(request.url ?? '/', `http://${origin}`).searchParams),
      );
      if (!list.success || !query.success) return reply(response, 400, { error: 'invalid-args' }, allowedOrigin);
      const stop = new AbortController();
      request.on('close', () => stop.abort());
      const answer = await options.download(
        'exports.csv',
        { params: { list: list.data }, query: query.data },
        stop.signal,
      );
      if (!answer.ok || !answer.data.body) {
        return reply(
          response,
          answer.ok ? 502 : answer.error.status || 502,
          { error: answer.ok ? 'no-body' : answer.error.message },
          allowedOrigin,
        );
      }
      response.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'cache-control': 'no-store',
        'access-control-allow-origin': allowedOrigin,
        vary: 'Origin',
      });
      // A broken API stream ends the page's too, so a short file never looks complete. (Read as
      // an async iterable: the fetch body's type differs between Node's and the DOM's typings.)
      Readable.from(answer.data.body, { objectMode: false })
        .on('error', () => response.destroy())
        .pipe(response);
      return;
    }

    const call = /^\/call\/([A-Za-z.]+)$/.exec(path);
    if (request.method !== 'POST' || !call) return reply(response, 404, { error: 'not-found' }, allowedOrigin);
    let args: unknown;
    try {
      args = JSON.parse(await readBody(request));
    } catch {
      return reply(response, 400, { error: 'invalid-args' }, allowedOrigin);
    }
    const sender: IpcSender = { key: clientId, url: allowedOrigin, topFrame: true };
    try {
      const value = await dispatcher.dispatch(call[1]!, sender, args);
      return reply(response, 200, { value }, allowedOrigin);
    } catch (error) {
      if (error instanceof IpcRejected) {
        const status = error.reason === 'unknown-channel' ? 404 : error.reason === 'invalid-args' ? 400 : 403;
        return reply(response, status, { error: error.reason }, allowedOrigin);
      }
      console.error('Browser bridge call failed', error);
      return reply(response, 500, { error: 'internal' }, allowedOrigin);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  const write = (response: ServerResponse, channel: string, payload: unknown) =>
    response.write(`${JSON.stringify({ channel, payload })}\n`);

  return {
    url: `http://${origin}`,
    secret,
    send(clientId, channel, payload) {
      for (const response of streams.get(clientId) ?? []) write(response, channel, payload);
    },
    broadcast(channel, payload) {
      for (const set of streams.values()) for (const response of set) write(response, channel, payload);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const set of streams.values()) for (const response of set) response.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
