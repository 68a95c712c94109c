// Two API nodes (the real app with Socket.IO) sharing one throwaway PostgreSQL and one Redis,
// listening on free ports: the set-up of every test of what must work across nodes.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { queryRows } from '../../server/platform/db/database.js';
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

export interface NodeAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Calls node `node` as `user` (the fake identity's `token-<user>`), and the bids of the tests of
 * what one node's admin change does to the other node's bid path: an auction of `sellerId`, and
 * bids on node B until the answer is a status, timed against the 5 s the contract allows.
 */
export function nodeBids(nodes: MarketNode[], bid: { bidder: string; amount: number }) {
  const call = async (node: number, user: string, method: string, path: string, body?: object): Promise<NodeAnswer> => {
    const response = await fetch(`${nodes[node]!.url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer token-${user}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  const auction = async (sellerId: string) => {
    const [row] = await queryRows<{ id: string }>(
      nodes[0]!.app.market.db,
      sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time)
          VALUES (${sellerId}, ${`Lot ${randomUUID().slice(0, 6)}`}, 'auction', 500, ${new Date(Date.now() + 3_600_000)})
          RETURNING id`,
    );
    return row!.id;
  };
  /** One bid of `bid.bidder` on node B, on a new auction of `sellerId`. */
  const bidOnB = async (sellerId: string) =>
    call(1, bid.bidder, 'POST', '/bid', { listingId: await auction(sellerId), amount: bid.amount });
  /** Bids on node B until the answer is `status`; how long that took (ms), or a failure past 5 s. */
  const bidUntil = async (status: number, sellerId: string): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const answer = await bidOnB(sellerId);
      if (answer.status === status) return Date.now() - started;
      if (Date.now() - started > 5_000)
        throw new Error(`still ${answer.status} after 5 s: ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return { call, bidOnB, bidUntil };
}
