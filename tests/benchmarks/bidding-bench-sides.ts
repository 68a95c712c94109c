// The bid benchmark's two sides: seeding the throwaway cluster, running pgbench, running our
// bidders (service, app.inject, HTTP workers) and verifying every stored bid afterwards.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { BID_INCREMENT_TABLE } from '../../shared/rules/bid-increments.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { type AuctionState, placeBid } from '../../server/modules/auctions/rules/proxy-bidding.js';
import { type BidReceipt, placeBidInDb } from '../../server/modules/auctions/bidding.js';
import type { ServiceDeps } from '../../server/platform/services/service-deps.js';
import { PG_BIN } from '../support/postgres-cluster.js';
import {
  BIDDER_READ,
  OPENER_ID,
  OPENING_MAX_CENTS,
  SELLER_ID,
  STARTING_BID_CENTS,
  bidderId,
  nextMaxCents,
} from './bidding-bench-statements.js';
import type { Scenario, Side } from './bidding-bench.js';

// ── Seeding ──

export interface AuctionSet {
  scenario: Scenario;
  side: Side;
  round: number;
  ids: string[];
}

export async function seedUsers(database: Database, bidders: number): Promise<void> {
  const users = [SELLER_ID, OPENER_ID, ...Array.from({ length: bidders }, (_, index) => bidderId(index))];
  for (const id of users) {
    await database.db.execute(
      sql`INSERT INTO users (id, firebase_id, email, user_name) VALUES (${id}, ${`bench-${id}`}, ${`bench-${id}@market.test`}, ${`bench${id}`})`,
    );
  }
}

export async function seedAuctions(database: Database, deps: ServiceDeps, first: number, count: number, endTime: Date) {
  const ids = Array.from({ length: count }, (_, index) => String(first + index));
  for (const id of ids) {
    await database.db.execute(
      sql`INSERT INTO listings (id, user_id, title, listing_type, starting_bid_cents, end_time)
          VALUES (${id}, ${SELLER_ID}, ${`Bench lot ${id}`}, 'auction', ${STARTING_BID_CENTS}, ${endTime})`,
    );
    await placeBidInDb(deps, { listingId: id, bidderId: OPENER_ID, maxCents: OPENING_MAX_CENTS });
  }
  return ids;
}

// ── pgbench ──

export function runPgbench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(PG_BIN, 'pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

// ── Ours ──

/** `Bearer bench-<user id>` is that user, as the Firebase adapter would say after verifying. */
export const benchIdentity: IdentityProvider = {
  verifyIdToken: async (token) => {
    const match = /^bench-(\d+)$/.exec(token);
    if (!match) throw new Error('auth/argument-error');
    return { uid: `bench-${match[1]}`, email: `bench-${match[1]}@market.test`, emailVerified: true, admin: false };
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

/** A bid's answer: the receipt, or the 409's message. */
type PlaceOne = (listingId: string, bidder: string, maxCents: number) => Promise<BidReceipt | { refused: string }>;

export function serviceBidder(deps: ServiceDeps): PlaceOne {
  return async (listingId, bidder, maxCents) => {
    try {
      return await placeBidInDb(deps, { listingId, bidderId: bidder, maxCents });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 409) return { refused: (error as Error).message };
      throw error;
    }
  };
}

/** The route through app.inject, in the server's own event loop (opt-in `inject` side). */
export function injectBidder(app: FastifyInstance): PlaceOne {
  return async (listingId, bidder, maxCents) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/bid',
      headers: { authorization: `Bearer bench-${bidder}` },
      payload: { listingId, amount: maxCents / 100 },
    });
    if (response.statusCode === 409) return { refused: response.json<{ message: string }>().message };
    if (response.statusCode !== 200) throw new Error(`POST /bid answered ${response.statusCode}: ${response.body}`);
    return response.json<BidReceipt>();
  };
}

/**
 * `bidders` concurrent loops, each placing one bid after the other until the deadline, like a
 * pgbench client: read the leader's maximum on the bidder's own connection, bid `nextMaxCents`
 * of it, wait for the answer (see "The bidders" above).
 */
export async function runOurs(
  place: PlaceOne,
  url: string,
  auctionIds: string[],
  bidders: number,
  durationMs: number,
): Promise<{ receipts: BidReceipt[]; refused: number; seconds: number; errors: string[] }> {
  const clients = await Promise.all(
    Array.from({ length: bidders }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const receipts: BidReceipt[] = [];
  const errors: string[] = [];
  let refused = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  try {
    await Promise.all(
      clients.map(async (client, index) => {
        while (performance.now() < deadline) {
          const listingId = auctionIds[Math.floor(Math.random() * auctionIds.length)]!;
          try {
            const read = await client.query<{ leader_max_cents: string }>(BIDDER_READ, [listingId]);
            const maxCents = nextMaxCents(Number(read.rows[0]!.leader_max_cents));
            const result = await place(listingId, bidderId(index), maxCents);
            if ('refused' in result) refused += 1;
            else receipts.push(result);
          } catch (error) {
            errors.push(String(error));
            if (errors.length > 20) return;
          }
        }
      }),
    );
    return { receipts, refused, seconds: (performance.now() - started) / 1000, errors };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * The `http` side: the bidders of runOurs on a worker thread (http-bidders.worker.mjs), each
 * with its own database connection for the read and a keep-alive HTTP connection to the
 * listening app, so the server's event loop does only the server's work.
 */
export async function runHttpBidders(
  apiPort: number,
  databaseUrl: string,
  auctionIds: string[],
  bidders: number,
  durationMs: number,
): Promise<{ receipts: BidReceipt[]; refused: number; seconds: number; errors: string[] }> {
  const worker = new Worker(new URL('./http-bidders.worker.mjs', import.meta.url), {
    workerData: {
      databaseUrl,
      apiPort,
      auctionIds,
      bidderIds: Array.from({ length: bidders }, (_, index) => bidderId(index)),
      durationMs,
      increments: BID_INCREMENT_TABLE,
      bidderRead: BIDDER_READ,
    },
  });
  try {
    return await new Promise((resolve, reject) => {
      worker.on('message', (message: { type: 'ready' } | ({ type: 'done' } & Awaited<ReturnType<typeof runOurs>>)) => {
        if (message.type === 'ready') worker.postMessage('go');
        else resolve(message);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the HTTP bidders' thread exited (${code}) before answering`)));
    });
  } finally {
    await worker.terminate();
  }
}

interface StoredBid {
  id: string;
  listing_id: string;
  user_id: string;
  max_bid_cents: string;
  created_at: Date;
  seq: number;
}

/** No bid lost, none invented, one gap-free order per auction, and state equal to a replay. */
export async function verifyOurs(
  database: Database,
  auctionIds: string[],
  receipts: BidReceipt[],
  endTime: Date,
  label: string,
): Promise<string[]> {
  const failures: string[] = [];
  const bids = await queryRows<StoredBid>(
    database.db,
    sql`SELECT id, listing_id, user_id, max_bid_cents, created_at, seq FROM bids
        WHERE listing_id IN (${sql.join(
          auctionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY listing_id, seq`,
  );
  const stored = new Map(bids.map((bid) => [bid.id, bid]));
  const accepted = new Set(receipts.map((receipt) => receipt.bidId));
  const lost = receipts.filter((receipt) => !stored.has(receipt.bidId));
  if (lost.length > 0) failures.push(`${label}: ${lost.length} accepted bids are not in the bids table`);
  const unknown = bids.filter((bid) => bid.user_id !== OPENER_ID && !accepted.has(bid.id));
  if (unknown.length > 0) failures.push(`${label}: ${unknown.length} stored bids were never acknowledged`);
  for (const receipt of receipts) {
    const bid = stored.get(receipt.bidId);
    if (bid && bid.seq !== receipt.bidCount) {
      failures.push(`${label}: bid ${receipt.bidId} was told it is bid #${receipt.bidCount}, stored as #${bid.seq}`);
      break;
    }
  }

  const listings = await queryRows<{
    id: string;
    bid_cents: string;
    leader_id: string;
    leader_max_cents: string;
    bid_count: number;
  }>(
    database.db,
    sql`SELECT id, bid_cents, leader_id, leader_max_cents, bid_count FROM listings
        WHERE id IN (${sql.join(
          auctionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const listing of listings) {
    const own = bids.filter((bid) => bid.listing_id === listing.id);
    if (own.some((bid, index) => bid.seq !== index + 1)) {
      failures.push(`${label}: auction ${listing.id} has a gap or a duplicate in its bid order`);
      continue;
    }
    let state: AuctionState = {
      listingId: listing.id,
      sellerId: SELLER_ID,
      startingBidCents: STARTING_BID_CENTS,
      currentBidCents: null,
      leader: null,
      bidCount: 0,
      endTimeMs: endTime.getTime(),
    };
    for (const bid of own) {
      const result = placeBid(state, {
        bidId: bid.id,
        bidderId: bid.user_id,
        maxCents: Number(bid.max_bid_cents),
        placedAtMs: new Date(bid.created_at).getTime(),
      });
      if (result.status !== 'accepted') {
        failures.push(`${label}: auction ${listing.id} bid #${bid.seq} is refused on replay (${result.message})`);
        break;
      }
      state = result.newState;
    }
    const same =
      Number(listing.bid_cents) === state.currentBidCents &&
      listing.leader_id === state.leader?.bidderId &&
      Number(listing.leader_max_cents) === state.leader?.maxCents &&
      listing.bid_count === state.bidCount;
    if (!same) {
      failures.push(
        `${label}: auction ${listing.id} stands at ${listing.bid_cents}c led by ${listing.leader_id} ` +
          `(max ${listing.leader_max_cents}c, ${listing.bid_count} bids); the replay says ${state.currentBidCents}c ` +
          `led by ${state.leader?.bidderId} (max ${state.leader?.maxCents}c, ${state.bidCount} bids)`,
      );
    }
  }
  return failures;
}

/** Runs `body` under the V8 CPU profiler when `dir` is set (the timed part only, harness included). */
export async function profiled<T>(dir: string | undefined, label: string, body: () => Promise<T>): Promise<T> {
  if (!dir) return body();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Transactions rolled back in the database so far: the bids refused under the lock. */
export async function rollbacks(database: Database, enabled: boolean): Promise<number> {
  if (!enabled) return 0;
  // Backends report their counts to the statistics at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const [row] = await queryRows<{ count: string }>(
    database.db,
    sql`SELECT xact_rollback AS count FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(row!.count);
}

/** Bids on these auctions, the openers' left out. */
export async function countBids(database: Database, auctionIds: string[]): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    database.db,
    sql`SELECT count(*) AS count FROM bids WHERE user_id <> ${OPENER_ID} AND listing_id IN (${sql.join(
      auctionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Number(row!.count);
}

// ── The database's side (`--pg-stats`) ──

/** The server settings that load pg_stat_statements into a cluster of the benchmark's own. */
export const STATEMENT_STATS_SETTINGS = ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.max=1000'];

export interface StatementStat {
  query: string;
  calls: number;
  /** Milliseconds spent executing, all calls together. */
  totalMs: number;
  rows: number;
}

/** Clears the statistics, so what follows is one run's alone. */
export async function resetStatementStats(database: Database): Promise<void> {
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  await database.db.execute(sql`SELECT pg_stat_statements_reset()`);
}

/** This database's statements since the reset, the costliest first. */
export async function statementStats(database: Database, limit = 12): Promise<StatementStat[]> {
  const rows = await queryRows<{ query: string; calls: string; total_ms: number; rows: string }>(
    database.db,
    sql`SELECT query, calls, total_exec_time AS total_ms, rows FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT LIKE '%pg_stat_statements%'
        ORDER BY total_exec_time DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    query: row.query.replace(/\s+/g, ' ').trim(),
    calls: Number(row.calls),
    totalMs: Number(row.total_ms),
    rows: Number(row.rows),
  }));
}
