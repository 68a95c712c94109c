// Two API nodes (the real app with Socket.IO) sharing one throwaway PostgreSQL and one Redis,
// listening on free ports: the set-up of every test of what must work across nodes.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { marketRealtime } from '../../server/market-api.js';
import { openTestApp } from '../support/app-fixture.js';
import { startRedis } from '../support/redis-server.js';
import { type MarketTestDb, startMarketDb } from './market-db.js';

export interface MarketNode {
  app: FastifyInstance;
  url: string;
}

/** Starts the nodes before the suite and stops them (and the sockets it opened) after it. */
export function useTwoMarketNodes(identity: IdentityProvider): { nodes: MarketNode[]; sockets: Socket[] } {
  let pg: MarketTestDb | undefined;
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  const nodes: MarketNode[] = [];
  const sockets: Socket[] = [];
  beforeAll(async () => {
    [pg, redis] = await Promise.all([startMarketDb(), startRedis()]);
    for (let index = 0; index < 2; index += 1) {
      const { app } = await openTestApp({
        database: await pg.open(5),
        identity,
        realtime: marketRealtime({ redisUrl: redis.url }),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push({ app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const node of nodes) await node.app.close();
    redis?.process.kill('SIGTERM');
    await pg?.stop();
  });
  return { nodes, sockets };
}
