// The market engine on real PostgreSQL: 50 concurrent bidders on one auction lose no bid and
// leave the price a replay of the accepted bids gives; two closer nodes end every due auction
// exactly once; a giveaway takes one entry per user and draws one winner among them.
import { sql } from 'drizzle-orm';
import { bidIncrementCents } from '../../shared/rules/bid-increments.js';
import { usdToCents } from '../../shared/rules/money.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { type AuctionState, placeBid } from '../../server/modules/auctions/rules/proxy-bidding.js';
import { closeDueListings } from '../../server/modules/auctions/auction-closer.js';
import { latestBid } from '../../server/modules/auctions/bid-reads.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import type { Charges } from '../../server/modules/payments/index.js';
import { enterGiveaway } from '../../server/modules/auctions/giveaways.js';
import { retryPayment } from '../../server/modules/orders/orders.js';

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
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the market PostgreSQL tests cannot run');

describe.skipIf(!available)('market engine on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(20);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('50 concurrent bidders on one auction: every accepted bid recorded, price and leader equal a replay', async () => {
    const [sellerId, ...bidderIds] = await createUsers(database, 51, 'bidder');
    const listingId = await createAuction(database, sellerId!, { startingBidCents: 500 });
    const log: RecordedEvent[] = [];
    const deps = depsFor(database, log);

    // Every bidder reads the price and bids a few increments above it, four times, all at once:
    // the hot-auction pile-up, where most bids race the ones that just landed.
    const settled: PromiseSettledResult<Awaited<ReturnType<typeof placeBidInDb>>>[] = [];
    await Promise.all(
      bidderIds.map(async (bidderId, index) => {
        for (let round = 0; round < 4; round += 1) {
          const { currentBid } = await latestBid(database.db, listingId);
          const base = currentBid === null ? 500 : usdToCents(currentBid);
          const maxCents = base + bidIncrementCents(base) * (1 + ((index * 7 + round * 13) % 25));
          const [result] = await Promise.allSettled([placeBidInDb(deps, { listingId, bidderId, maxCents })]);
          settled.push(result!);
        }
      }),
    );
    const accepted = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const rejected = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
    for (const error of rejected) {
      expect((error as { statusCode?: number }).statusCode).toBe(409);
    }
    expect(accepted.length).toBeGreaterThan(10);
    expect(settled.length).toBe(200);

    const bids = await queryRows<{ id: string; user_id: string; max_bid_cents: string; created_at: Date; seq: number }>(
      database.db,
      sql`SELECT id, user_id, max_bid_cents, created_at, seq FROM bids WHERE listing_id = ${listingId} ORDER BY seq`,
    );
    expect(bids.map((bid) => bid.id).sort()).toEqual(accepted.map((receipt) => receipt.bidId).sort());
    expect(bids.map((bid) => bid.seq)).toEqual(bids.map((_, index) => index + 1));

    const [listing] = await queryRows<{
      bid_cents: string;
      leader_id: string;
      leader_max_cents: string;
      bid_count: number;
      end_time: Date;
    }>(
      database.db,
      sql`SELECT bid_cents, leader_id, leader_max_cents, bid_count, end_time FROM listings WHERE id = ${listingId}`,
    );
    let state: AuctionState = {
      listingId,
      sellerId: sellerId!,
      startingBidCents: 500,
      currentBidCents: null,
      leader: null,
      bidCount: 0,
      endTimeMs: Date.now() + 24 * 3600_000,
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
    expect(Number(listing!.bid_cents)).toBe(state.currentBidCents);
    expect(listing!.leader_id).toBe(state.leader!.bidderId);
    expect(Number(listing!.leader_max_cents)).toBe(state.leader!.maxCents);
    expect(listing!.bid_count).toBe(bids.length);

    // One admin newBid (an auction-message item) per bid that moved the price, each on record.
    const adminBids = log.filter((event) => event.kind === 'admin' && event.name === 'newBid');
    const [messages] = await queryRows<{ count: string }>(
      database.db,
      sql`SELECT count(*) AS count FROM auction_messages WHERE listing_id = ${listingId} AND type = 'bid'`,
    );
    expect(adminBids.length).toBe(Number(messages!.count));
  });

  it('a bid below the minimum is refused with a 409 and the minimum in the message', async () => {
    const [sellerId, bidderId] = await createUsers(database, 2, 'low');
    const listingId = await createAuction(database, sellerId!, { startingBidCents: 1_250 });
    const deps = depsFor(database, []);
    await expect(placeBidInDb(deps, { listingId, bidderId: bidderId!, maxCents: 1_000 })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Bid must be at least $12.50',
    });
  });

  it('two closer nodes (two pools) end each due auction exactly once; a declined charge is a strike', async () => {
    const [sellerId, ...buyers] = await createUsers(database, 6, 'closer');
    const endTime = new Date(Date.now() + 60_000);
    const listingIds: string[] = [];
    for (let index = 0; index < 30; index += 1) listingIds.push(await createAuction(database, sellerId!, { endTime }));
    const bidDeps = depsFor(database, []);
    // Auctions 0..19 get a bid (buyer index % 5); 20..29 end without bids.
    for (let index = 0; index < 20; index += 1) {
      await placeBidInDb(bidDeps, {
        listingId: listingIds[index]!,
        bidderId: buyers[index % 5]!,
        maxCents: 2_000 + index,
      });
    }
    const decliner = buyers[0]!;
    const charges: Charges = {
      charge: async (request) =>
        request.buyerId === decliner
          ? { status: 'failed', externalId: null, message: 'Card declined' }
          : { status: 'succeeded', externalId: `test_${request.orderId}` },
    };
    const later = () => Date.now() + 120_000;
    const nodeA = await pg.open(5);
    const nodeB = await pg.open(5);
    const logA: RecordedEvent[] = [];
    const logB: RecordedEvent[] = [];
    const [closedA, closedB] = await Promise.all([
      closeDueListings(depsFor(nodeA, logA, { charges, now: later }), 1_000),
      closeDueListings(depsFor(nodeB, logB, { charges, now: later }), 1_000),
    ]);
    const closedIds = [...closedA, ...closedB]
      .map((closed) => closed.listingId)
      .filter((id) => listingIds.includes(id));
    expect(closedIds.sort()).toEqual([...listingIds].sort());

    const ended = [...logA, ...logB].filter((event) => event.name === 'auctionEnded');
    const endedIds = ended
      .map((event) => (event.payload as { listingId: string }).listingId)
      .filter((id) => listingIds.includes(id));
    expect(endedIds.sort()).toEqual([...listingIds].sort());

    const orders = await queryRows<{ listing_id: string; buyer_id: string; status: string }>(
      database.db,
      sql`SELECT listing_id, buyer_id, status FROM orders WHERE listing_id IN (${sql.join(
        listingIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(orders.length).toBe(20);
    expect(new Set(orders.map((order) => order.listing_id)).size).toBe(20);
    for (const order of orders) {
      expect(order.status).toBe(order.buyer_id === decliner ? 'PAYMENT_FAILED' : 'PAYMENT_CONFIRMED');
    }
    const [strikes] = await queryRows<{ payment_failed_strikes: number }>(
      database.db,
      sql`SELECT payment_failed_strikes FROM users WHERE id = ${decliner}`,
    );
    expect(strikes!.payment_failed_strikes).toBe(4);

    // The buyer pays one failed order again: confirmed, paid out, no further strike.
    const failedOrder = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM orders WHERE buyer_id = ${decliner} AND status = 'PAYMENT_FAILED' LIMIT 1`,
    );
    const retryLog: RecordedEvent[] = [];
    expect(await retryPayment(depsFor(database, retryLog), failedOrder[0]!.id, decliner)).toMatchObject({
      status: 'PAYMENT_CONFIRMED',
    });
    expect(retryLog.map((event) => event.name)).toEqual(['paymentSuccess']);
    const retried = await queryRows<{ type: string; status: string }>(
      database.db,
      sql`SELECT type, status FROM transactions WHERE order_id = ${failedOrder[0]!.id} ORDER BY created_at, type`,
    );
    // The payout is owed, not paid: it waits for delivery (payouts.ts).
    expect(retried.map((row) => `${row.type}:${row.status}`).sort()).toEqual([
      'order_payment:failed',
      'order_payment:succeeded',
    ]);
    await expect(retryPayment(depsFor(database, []), failedOrder[0]!.id, decliner)).rejects.toMatchObject({
      statusCode: 409,
    });
    const statuses = await queryRows<{ status: string; count: string }>(
      database.db,
      sql`SELECT status, count(*) AS count FROM listings WHERE id IN (${sql.join(
        listingIds.map((id) => sql`${id}`),
        sql`, `,
      )}) GROUP BY status ORDER BY status`,
    );
    expect(statuses.map((row) => [row.status, Number(row.count)])).toEqual([
      ['auction_ended', 10],
      ['sold', 20],
    ]);
    // A confirmed payment owes the seller the payout net of the 7% default seller fee; it is
    // released on delivery (payouts.ts), so the ledger has only the payment yet.
    const ledger = await queryRows<{ type: string; status: string; amount_cents: string }>(
      database.db,
      sql`SELECT t.type, t.status, t.amount_cents FROM transactions t JOIN orders o ON o.id = t.order_id
          WHERE o.listing_id = ${listingIds[1]!} ORDER BY t.type`,
    );
    expect(ledger.map((row) => [row.type, row.status, Number(row.amount_cents)])).toEqual([
      ['order_payment', 'succeeded', 500],
    ]);
    const [owed] = await queryRows<{ payout_cents: string }>(
      database.db,
      sql`SELECT payout_cents FROM orders WHERE listing_id = ${listingIds[1]!}`,
    );
    expect(Number(owed!.payout_cents)).toBe(465);
  });

  it('a listing whose close fails stays active for the next pass and does not hold up the others', async () => {
    const [sellerId, buyerA, buyerB] = await createUsers(database, 3, 'fail');
    const endTime = new Date(Date.now() + 60_000);
    const broken = await createAuction(database, sellerId!, { endTime });
    const fine = await createAuction(database, sellerId!, { endTime });
    const bidDeps = depsFor(database, []);
    await placeBidInDb(bidDeps, { listingId: broken, bidderId: buyerA!, maxCents: 1_000 });
    await placeBidInDb(bidDeps, { listingId: fine, bidderId: buyerB!, maxCents: 1_000 });
    const charges: Charges = {
      charge: async (request) => {
        if (request.buyerId === buyerA) throw new Error('provider unavailable');
        return { status: 'succeeded', externalId: null };
      },
    };
    const errors: string[] = [];
    const closed = await closeDueListings(
      depsFor(database, [], { charges, now: () => Date.now() + 120_000 }),
      1_000,
      (_error, listingId) => errors.push(listingId),
    );
    expect(closed.map((entry) => entry.listingId)).toContain(fine);
    expect(errors).toEqual([broken]);
    const [row] = await queryRows<{ status: string; orders: string }>(
      database.db,
      sql`SELECT status, (SELECT count(*) FROM orders WHERE listing_id = ${broken}) AS orders FROM listings WHERE id = ${broken}`,
    );
    expect(row).toEqual({ status: 'active', orders: '0' });
  });

  it('a giveaway takes one entry per user and draws one winner among the entrants', async () => {
    const [sellerId, ...entrants] = await createUsers(database, 21, 'give');
    const listingId = await createAuction(database, sellerId!, {
      type: 'giveaway',
      endTime: new Date(Date.now() + 60_000),
    });
    const log: RecordedEvent[] = [];
    const deps = depsFor(database, log);
    const attempts = await Promise.allSettled(
      [...entrants, ...entrants].map((userId) => enterGiveaway(deps, listingId, userId)),
    );
    const ok = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(ok.length).toBe(20);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect((attempt.reason as { statusCode?: number }).statusCode).toBe(409);
    }
    expect(log.filter((event) => event.kind === 'admin' && event.name === 'giveawayEntriesUpdated').length).toBe(20);

    const closed = await closeDueListings(depsFor(database, log, { now: () => Date.now() + 120_000 }), 1_000);
    const result = closed.find((entry) => entry.listingId === listingId)!;
    expect(entrants).toContain(result.winnerId);
    const winners = await queryRows<{ user_id: string }>(
      database.db,
      sql`SELECT user_id FROM auction_messages WHERE listing_id = ${listingId} AND type = 'giveawayWinner'`,
    );
    expect(winners.map((row) => row.user_id)).toEqual([result.winnerId]);
    const adminEnded = log.find((event) => event.kind === 'admin' && event.name === 'giveawayEnded');
    expect((adminEnded?.payload as { user: { id: string } }).user.id).toBe(result.winnerId);
  });
});
