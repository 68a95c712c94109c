// PostgreSQL crashes under concurrent bids (the contract's "Admin security and faults"): six
// bidders bid on one auction through the API; PostgreSQL is stopped with `pg_ctl stop -m
// immediate` for 5 s, then started. No request hangs (each answers within 10 s), every failure
// is a 503, the API takes bids again within 15 s of the restart by itself, no acknowledged bid
// is lost, and the auction's standing is the one its bids give. A cluster of its own: the run's
// shared cluster is never stopped.
// test-needs: postgres
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, uncheckedRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { startPostgresCluster, type CrashableCluster } from '../support/postgres-cluster.js';
import { createAuction } from './market-db.js';
import { canRun } from '../support/service-skips.js';

const BIDDERS = 6;
const OUTAGE_MS = 5_000;

interface Answer {
  bidder: number;
  maxCents: number;
  status: number;
  startedAt: number;
  ms: number;
}

describe.skipIf(!canRun('postgres'))('a PostgreSQL crash under concurrent bids', () => {
  let cluster: CrashableCluster;
  let database: Database;
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Durable, as production is: the test is about what survives the crash.
    cluster = await startPostgresCluster({ durable: true });
    const url = cluster.adminUrl;
    const migrating = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await migrate(migrating);
    await migrating.close();
    database = await openDatabase({
      databaseUrl: url,
      poolSize: 10,
      connectTimeoutMs: 3_000,
      statementTimeoutMs: 8_000,
    });
    testApp = await openTestApp({ database, rateLimitMax: 1_000_000 });
    app = testApp.app;
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
    await cluster?.stop();
  });

  const bid = (bidder: number, listingId: string, maxCents: number) =>
    app.inject({
      method: 'POST',
      url: '/v1/bid',
      headers: { authorization: `Bearer token-crashbidder${bidder}` },
      payload: { listingId, amount: maxCents / 100 },
    });

  it('answers every bid within 10 s, fails with 503 only, recovers within 15 s and loses nothing acknowledged', async () => {
    const seller = await app.inject({
      method: 'GET',
      url: '/v1/user/my-details',
      headers: { authorization: 'Bearer token-crashseller' },
    });
    const listingId = await createAuction(database, (seller.json() as { id: string }).id, { startingBidCents: 100 });
    for (let bidder = 0; bidder < BIDDERS; bidder += 1) {
      await app.inject({
        method: 'GET',
        url: '/v1/user/my-details',
        headers: { authorization: `Bearer token-crashbidder${bidder}` },
      });
    }

    const answers: Answer[] = [];
    let nextCents = 100;
    let restartedAt = Infinity;
    let stopAt = Infinity;
    const bidding = Array.from({ length: BIDDERS }, async (_, bidder) => {
      while (performance.now() < stopAt) {
        nextCents += 500;
        const maxCents = nextCents;
        const startedAt = performance.now();
        const response = await bid(bidder, listingId, maxCents);
        answers.push({ bidder, maxCents, status: response.statusCode, startedAt, ms: performance.now() - startedAt });
        // Once recovered, a few more seconds of bids prove it lasts; then the bidders stop (a fixed
        // 18 s after every restart spent 15 s of each run bidding on a recovered database).
        if (response.statusCode === 200 && startedAt >= restartedAt)
          stopAt = Math.min(stopAt, performance.now() + 3_000);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const crashedAt = performance.now();
    await cluster.crash();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await cluster.restart();
    restartedAt = performance.now();
    // Not recovered by then: the bidders stop anyway, and the figures say so.
    stopAt = Math.min(stopAt, restartedAt + 18_000);
    await Promise.all(bidding);

    const during = answers.filter((answer) => answer.startedAt >= crashedAt && answer.startedAt < restartedAt);
    const firstAfter = answers.find((answer) => answer.startedAt >= restartedAt && answer.status === 200);
    const acked = answers.filter((answer) => answer.status === 200);
    const statuses = Object.fromEntries(
      [...new Set(answers.map((answer) => answer.status))].map((status) => [
        status,
        answers.filter((answer) => answer.status === status).length,
      ]),
    );
    const rows = await uncheckedRows<{ user_id: string; max_bid_cents: number | string; email: string }>(
      database.db,
      sql`SELECT b.user_id, b.max_bid_cents, u.email FROM bids b JOIN users u ON u.id = b.user_id
          WHERE b.listing_id = ${listingId} ORDER BY b.seq`,
    );
    const found = new Set(rows.map((row) => `${row.email}:${Number(row.max_bid_cents)}`));
    const lost = acked.filter((answer) => !found.has(`crashbidder${answer.bidder}@market.test:${answer.maxCents}`));
    const [listing] = await uncheckedRows<{ leader_id: string | null; bid_count: number }>(
      database.db,
      sql`SELECT leader_id, bid_count FROM listings WHERE id = ${listingId}`,
    );
    const highest = rows.reduce((best, row) => (Number(row.max_bid_cents) > Number(best.max_bid_cents) ? row : best));
    const figures = {
      requests: answers.length,
      duringOutage: during.length,
      duringOutageStatuses: [...new Set(during.map((answer) => answer.status))],
      statuses,
      slowestMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
      recoveredAfterMs: firstAfter ? Math.round(firstAfter.startedAt + firstAfter.ms - restartedAt) : null,
      acked: acked.length,
      found: rows.length,
      lost: lost.length,
    };
    console.log(`postgres crash figures: ${JSON.stringify(figures)}`);

    expect(figures.slowestMs).toBeLessThan(10_000);
    expect(Object.keys(statuses).filter((status) => Number(status) >= 500 && status !== '503')).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(figures.recoveredAfterMs).not.toBeNull();
    expect(figures.recoveredAfterMs!).toBeLessThan(15_000);
    expect(lost).toEqual([]);
    expect(listing!.leader_id).toBe(highest.user_id);
    expect(Number(listing!.bid_count)).toBe(rows.length);
  }, 90_000);
});
