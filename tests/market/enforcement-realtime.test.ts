// A suspension reaches Socket.IO too: the user's open sockets are disconnected at once, and a
// new connection is refused at the handshake with `accountSuspended` until it is lifted. The real
// app (PGlite) with its realtime plugin, listening on a free port, and real socket.io clients.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { marketRealtime } from '../../server/market-api.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { MARKET_CONNECT_ERRORS } from '../../shared/contract/realtime-events.js';
import type { FastifyInstance } from 'fastify';
import { roleIdentity } from './accountability-app.js';
import { marketCall } from './market-db.js';

describe('enforcement on Socket.IO', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({
      database,
      ports: localPorts(database, { identity: roleIdentity }),
      rateLimitMax: 100_000,
      realtime: marketRealtime(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  function open(token: string): Promise<Socket> {
    const socket = connect(url, { forceNew: true, transports: ['websocket'], reconnection: false, auth: { token } });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(new Error(error.message)));
    });
  }

  it('disconnects a suspended user and refuses them at the handshake until lifted', async () => {
    const userId = (await call('roamer', 'GET', '/user/my-details')).body.id as string;
    const socket = await open('token-roamer');
    const bystander = await open('token-bystander');
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const answer = await call('admin', 'POST', `/admin/users/${userId}/enforcement`, {
      action: 'ban',
      reason: 'Scam or fraud',
    });
    expect(answer.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    await expect(open('token-roamer')).rejects.toThrow(MARKET_CONNECT_ERRORS.accountSuspended);

    await call('admin', 'POST', `/admin/users/${userId}/enforcement`, { action: 'lift', reason: 'Appeal accepted' });
    await expect(open('token-roamer')).resolves.toBeTruthy();
  });
});
