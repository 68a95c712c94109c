// The per-node bid queue on real PostgreSQL: two server nodes (two pools, so two queues) bidding
// on one auction at once stay serialized by the row lock and lose nothing; a bid whose
// transaction fails does not take the bids queued behind it down with it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidIncrementCents } from '../../shared/rules/bid-increments.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { type AuctionState, placeBid } from '../../server/modules/auctions/rules/proxy-bidding.js';
import { type BidReceipt, placeBidInDb } from '../../server/modules/auctions/bidding.js';

import {
  createAuction,
  createUsers,
  depsFor,
  type MarketTestDb,
  type RecordedEvent,
  startMarketDb,
} from './market-db.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the bid queue PostgreSQL tests cannot run');

type Settled = PromiseSettledResult<BidReceipt>;

/** Every accepted bid stored once, in one gap-free order, and the auction equal to a replay of them. */
async function expectConsistent(database: Database, listingId: string, sellerId: string, settled: Settled[]) {
  const accepted = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const bids = await queryRows<{ id: string; user_id: string; max_bid_cents: string; created_at: Date; seq: number }>(
    database.db,
    sql`SELECT id, user_id, max_bid_cents, created_at, seq FROM bids WHERE listing_id = ${listingId} ORDER BY seq`,
  );
  expect(bids.map((bid) => bid.id).sort()).toEqual(accepted.map((receipt) => receipt.bidId).sort());
  expect(bids.map((bid) => bid.seq)).toEqual(bids.map((_, index) => index + 1));
  for (const receipt of accepted) expect(bids.find((bid) => bid.id === receipt.bidId)!.seq).toBe(receipt.bidCount);
  let state: AuctionState = {
    listingId,
    sellerId,
    startingBidCents: 500,
    currentBidCents: null,
    leader: null,
    bidCount: 0,
    endTimeMs: Number.MAX_SAFE_INTEGER,
  };
  for (const bid of bids) {
    const result = placeBid(state, {
      bidId: bid.id,
      bidderId: bid.user_id,
      maxCents: Number(bid.max_bid_cents),
      placedAtMs: new Date(bid.created_at).getTime(),
    });
    expect(result.status).toBe('accepted');
    state = result.newState;
  }
  const [listing] = await queryRows<{
    bid_cents: string;
    leader_id: string;
    leader_max_cents: string;
    bid_count: number;
  }>(database.db, sql`SELECT bid_cents, leader_id, leader_max_cents, bid_count FROM listings WHERE id = ${listingId}`);
  expect(Number(listing!.bid_cents)).toBe(state.currentBidCents);
  expect(listing!.leader_id).toBe(state.leader!.bidderId);
  expect(Number(listing!.leader_max_cents)).toBe(state.leader!.maxCents);
  expect(listing!.bid_count).toBe(bids.length);
  return accepted;
}

describe.skipIf(!available)('bid queue on PostgreSQL', () => {
  let pg: MarketTestDb;
  let nodeA: Database;
  let nodeB: Database;

  beforeAll(async () => {
    pg = await startMarketDb();
    nodeA = await pg.open(10);
    nodeB = await pg.open(10);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('two nodes bidding on one auction at once: every accepted bid stored once, in order, price equal to a replay', async () => {
    const [sellerId, ...bidderIds] = await createUsers(nodeA, 25, 'node');
    const listingId = await createAuction(nodeA, sellerId!, { startingBidCents: 500 });
    const log: RecordedEvent[] = [];
    const nodes = [depsFor(nodeA, log), depsFor(nodeB, log)];

    // Each bidder reads the leader's maximum and bids a few increments above it, six times, half
    // of them through each node: both queues feed the same row lock.
    const settled: Settled[] = [];
    const acceptedOn = [0, 0];
    await Promise.all(
      bidderIds.map(async (bidderId, index) => {
        const deps = nodes[index % 2]!;
        for (let round = 0; round < 6; round += 1) {
          const [row] = await queryRows<{ leader_max_cents: string | null }>(
            deps.db,
            sql`SELECT leader_max_cents FROM listings WHERE id = ${listingId}`,
          );
          const base = row?.leader_max_cents === null ? 500 : Number(row!.leader_max_cents);
          const maxCents = base + bidIncrementCents(base) * (1 + ((index + round) % 4));
          const [result] = await Promise.allSettled([placeBidInDb(deps, { listingId, bidderId, maxCents })]);
          settled.push(result!);
          if (result!.status === 'fulfilled') acceptedOn[index % 2]! += 1;
        }
      }),
    );
    expect(settled).toHaveLength(144);
    for (const result of settled) {
      if (result.status === 'rejected') expect((result.reason as { statusCode?: number }).statusCode).toBe(409);
    }
    const accepted = await expectConsistent(nodeA, listingId, sellerId!, settled);
    expect(accepted.length).toBeGreaterThan(10);
    // Both nodes placed bids that landed.
    expect(acceptedOn[0]).toBeGreaterThan(0);
    expect(acceptedOn[1]).toBeGreaterThan(0);
  });

  it('a bid whose transaction fails is answered with its error; the bids queued behind it all run', async () => {
    const [sellerId, ...bidderIds] = await createUsers(nodeA, 11, 'fail');
    const listingId = await createAuction(nodeA, sellerId!, { startingBidCents: 500 });
    const deps = depsFor(nodeA, []);
    // Twelve bids queued at once on one node, rising; the fourth names a user that does not
    // exist, so its insert breaks the foreign key and its transaction rolls back.
    const bidders = [...bidderIds.slice(0, 3), 'no-such-user', ...bidderIds.slice(3)];
    const settled = await Promise.allSettled(
      bidders.map((bidderId, index) => placeBidInDb(deps, { listingId, bidderId, maxCents: 600 + index * 100 })),
    );
    expect(settled[3]!.status).toBe('rejected');
    expect((settled[3] as PromiseRejectedResult).reason).not.toHaveProperty('statusCode', 409);
    // Every other bid outbids the one before it: all accepted, in arrival order.
    const others = settled.filter((_, index) => index !== 3);
    expect(others.map((result) => result.status)).toEqual(others.map(() => 'fulfilled'));
    const accepted = await expectConsistent(nodeA, listingId, sellerId!, others);
    expect(accepted.map((receipt) => receipt.bidCount)).toEqual(accepted.map((_, index) => index + 1));
    expect(accepted.at(-1)!.leaderId).toBe(bidders.at(-1));
  });
});
