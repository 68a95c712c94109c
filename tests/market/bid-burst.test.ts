// What a burst of bids triggers after its commits (issue 29), through the bid service on PGlite:
// 1,000 committed bids on four auctions, every one outbidding the leader before it, queue a
// handful of integrity reviews per auction (counted by the hook's only subscriber here, so no
// real scoring runs), never one per bid; every outbid bidder is still notified, with the
// auction's final price in their latest notice, in fewer statements than bids. The lane's
// own test (server/modules/auctions/ladder-reviews.test.ts) bursts 10,000 bids at it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidIncrementCents } from '../../shared/rules/bid-increments.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { openMigratedPglite } from '../support/pglite-template.js';
import { auctionLadderSettled } from '../../server/modules/auctions/index.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { ladderReviewsOf, LADDER_REVIEW_DEFAULTS } from '../../server/modules/auctions/ladder-reviews.js';
import { outbidNoticesOf } from '../../server/modules/auctions/outbid-notices.js';
import { createRelayPublisher } from '../../server/platform/events/pending-events.js';
import { createAuction, createUsers } from './market-db.js';

const BIDS = 1_000;
const AUCTIONS = 4;

let database: Database;
const reviewed: { listingId: string; when: 'bid' | 'close' }[] = [];

beforeAll(async () => {
  database = await openMigratedPglite();
  auctionLadderSettled.subscribe(async (_deps, listingId, when) => {
    reviewed.push({ listingId, when });
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('a burst of bids', () => {
  it(`${BIDS} committed bids queue a handful of reviews per auction and notify every outbid bidder`, async () => {
    const deps = { db: database.db, events: createRelayPublisher() };
    const [sellerId, ...bidders] = await createUsers(database, 1 + 2 * AUCTIONS, 'burst');
    const auctions: string[] = [];
    for (let index = 0; index < AUCTIONS; index += 1) auctions.push(await createAuction(database, sellerId!));

    // Per auction, two bidders take turns, each bid two increments over the other's maximum:
    // every bid is accepted and outbids the leader before it.
    const plan = auctions.map((listingId, index) => {
      let maxCents = 500;
      return Array.from({ length: BIDS / AUCTIONS }, (_, turn) => {
        maxCents += 2 * bidIncrementCents(maxCents);
        return { listingId, bidderId: bidders[2 * index + (turn % 2)]!, maxCents };
      });
    });
    const started = performance.now();
    const receipts = await Promise.all(plan.flat().map((bid) => placeBidInDb(deps, bid)));
    expect(receipts.every((receipt) => receipt.isLeading)).toBe(true);
    await outbidNoticesOf(database.db).flushed();
    const seconds = (performance.now() - started) / 1000;

    const [stored] = await queryRows<{ count: string }>(database.db, sql`SELECT count(*) AS count FROM bids`);
    expect(Number(stored!.count)).toBe(BIDS);

    // At most one review per spacing per auction while the burst lasts, and one after it.
    await expect.poll(() => ladderReviewsOf(database.db).pending, { timeout: 20_000 }).toBe(0);
    const perAuction = 2 + Math.ceil((seconds * 1000) / LADDER_REVIEW_DEFAULTS.spacingMs);
    const bidReviews = reviewed.filter((review) => review.when === 'bid');
    expect(bidReviews.length).toBeGreaterThanOrEqual(AUCTIONS);
    expect(bidReviews.length).toBeLessThanOrEqual(AUCTIONS * perAuction);
    expect(bidReviews.length).toBeLessThan(BIDS / 20);
    for (const listingId of auctions) expect(bidReviews.some((review) => review.listingId === listingId)).toBe(true);

    // Every outbid bidder is told; their latest notice carries the auction's final price.
    const notices = await queryRows<{ user_id: string; listing_id: string; current_bid: number }>(
      database.db,
      sql`SELECT DISTINCT ON (user_id, data->>'listingId') user_id, data->>'listingId' AS listing_id,
                 (data->>'currentBid')::float AS current_bid
          FROM notifications WHERE type = 'youWereOutbid' ORDER BY user_id, data->>'listingId', created_at DESC`,
    );
    expect(notices).toHaveLength(2 * AUCTIONS);
    const finals = await queryRows<{ id: string; leader_id: string; bid_cents: string }>(
      database.db,
      sql`SELECT id, leader_id, bid_cents FROM listings WHERE id IN (${sql.join(
        auctions.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const final of finals) {
      const loser = notices.find((notice) => notice.listing_id === final.id && notice.user_id !== final.leader_id);
      expect(loser?.current_bid).toBe(Number(final.bid_cents) / 100);
    }
    // One statement writes a batch, all of it stamped with its transaction's now(); one is in
    // flight at a time, so a batch holds what the other auctions committed meanwhile.
    const [batches] = await queryRows<{ count: string }>(
      database.db,
      sql`SELECT count(DISTINCT created_at) AS count FROM notifications WHERE type = 'youWereOutbid'`,
    );
    expect(Number(batches!.count)).toBeLessThanOrEqual(BIDS / 2);
  }, 120_000);
});
