// The listing tools' races on real PostgreSQL (PGlite runs one statement at a time, so it cannot
// show them): a seller extending an auction while bids arrive and the closer ends it, bulk
// publishes of the same drafts, saving and reporting a listing twice at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { HttpError } from '../../server/platform/http/errors.js';
import { incrementAuctionEndTime } from '../../server/modules/listings/auction-schedule.js';
import { closeDueListings } from '../../server/modules/auctions/auction-closer.js';
import { type BidReceipt, placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { BulkRefusedError, publishDraftsInBulk } from '../../server/modules/listings/bulk-listings.js';
import { reportListing } from '../../server/modules/listings/listing-reports.js';
import { saveListing } from '../../server/modules/listings/saved-listings.js';

import {
  createAuction,
  createUsers,
  depsFor,
  type MarketTestDb,
  outcomes,
  type RecordedEvent,
  startMarketDb,
} from './market-db.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the listing tools PostgreSQL test cannot run');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

describe.skipIf(!available)('listing tools on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(20);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  const endTimeOf = async (listingId: string) => {
    const [row] = await queryRows<{ end_time: Date; status: string }>(
      database.db,
      sql`SELECT end_time, status FROM listings WHERE id = ${listingId}`,
    );
    return { endMs: new Date(row!.end_time).getTime(), status: row!.status };
  };

  it('an extension that waited for the lock while the end passed is refused, as a bid is', async () => {
    const [sellerId, leaderId, lateId] = await createUsers(database, 3, 'late');
    const log: RecordedEvent[] = [];
    const deps = depsFor(database, log);
    const listingId = await createAuction(database, sellerId!, { endTime: new Date(Date.now() + 60 * MINUTE) });
    await placeBidInDb(deps, { listingId, bidderId: leaderId!, maxCents: 1000 });
    const endMs = Date.now() + 400;
    await database.db.execute(sql`UPDATE listings SET end_time = ${new Date(endMs)} WHERE id = ${listingId}`);

    // A slow bid holds the auction's lock across its end; the seller's extension and a late bid
    // arrive before the end and wait for it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM listings WHERE id = ${listingId} FOR UPDATE`);
      locked();
      await released;
    });
    await holding;
    const extension = incrementAuctionEndTime(deps, sellerId!, listingId, 30 * MINUTE);
    const lateBid = placeBidInDb(deps, { listingId, bidderId: lateId!, maxCents: 5000 });
    // The closer skips the locked listing instead of waiting.
    await sleep(Math.max(0, endMs - Date.now()) + 100);
    expect(await closeDueListings(deps)).toEqual([]);
    release();
    await holder;

    const settled = await Promise.allSettled([extension, lateBid]);
    expect(outcomes(settled)).toEqual(['409 This auction has already ended', '409 This auction has ended']);
    expect(await endTimeOf(listingId)).toEqual({ endMs, status: 'active' });
    const [closed] = await closeDueListings(deps);
    expect(closed).toMatchObject({ listingId, winnerId: leaderId });
    expect(log.filter((event) => event.name === 'listingEndTimeIncremented')).toEqual([]);
  });

  it('extensions, bids and two closers at once: no bid lost or after the end, the end never moves after the close', async () => {
    const [sellerId, ...bidderIds] = await createUsers(database, 9, 'race');
    // One clock for everybody, run fast: 20 s of auction time every 25 ms.
    let skew = 0;
    const now = () => Date.now() + skew;
    const log: RecordedEvent[] = [];
    const deps = depsFor(database, log, { now });
    const otherNode = await pg.open(5);
    const closerDeps = depsFor(otherNode, log, { now });
    const listingId = await createAuction(database, sellerId!, { endTime: new Date(now() + 3 * MINUTE) });

    let closedAt: number | null = null;
    let endAtClose: number | null = null;
    const accepted: BidReceipt[] = [];
    const refusals: string[] = [];
    const extended: number[] = [];
    const extensionRefusals: string[] = [];

    const ticking = (async () => {
      while (closedAt === null) {
        await sleep(25);
        skew += 20_000;
      }
    })();
    const closer = (deps: typeof closerDeps) =>
      (async () => {
        while (closedAt === null) {
          const closed = await closeDueListings(deps);
          if (closed.some((listing) => listing.listingId === listingId)) {
            closedAt = now();
            endAtClose = (await endTimeOf(listingId)).endMs;
          }
          await sleep(5);
        }
      })();
    const bidder = (bidderId: string, index: number) =>
      (async () => {
        // Each bidder bids a few times, then stops, so the anti-snipe window can run out.
        for (let round = 0; round < 6; round += 1) {
          await sleep(5 + ((index * 7 + round * 11) % 30));
          try {
            accepted.push(
              await placeBidInDb(deps, { listingId, bidderId, maxCents: 1000 + index * 100 + round * 1000 }),
            );
          } catch (error) {
            refusals.push(error instanceof HttpError ? String(error.statusCode) : String(error));
          }
        }
      })();
    const seller = (async () => {
      // One minute more every 100 ms while the clock runs 80 s: the end still comes closer, and
      // the seller keeps trying through the close and after it (those attempts must all fail).
      for (let after = 0; after < 10; after += closedAt === null ? 0 : 1) {
        await sleep(100);
        try {
          const result = await incrementAuctionEndTime(deps, sellerId!, listingId, MINUTE);
          if (closedAt !== null) throw new Error('extended after the close');
          extended.push(Number(result.endTime));
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          extensionRefusals.push(error.message);
        }
      }
    })();

    await Promise.all([
      ticking,
      closer(deps),
      closer(closerDeps),
      seller,
      ...bidderIds.map((bidderId, index) => bidder(bidderId, index)),
    ]);
    // Late bids after the close: all refused.
    const late = await Promise.allSettled(
      bidderIds.map((bidderId) => placeBidInDb(deps, { listingId, bidderId, maxCents: 999_999 })),
    );
    expect(new Set(outcomes(late))).toEqual(new Set(['409 This auction has ended']));

    const final = await endTimeOf(listingId);
    expect(final.status).toBe('sold');
    // The end never moved after the close, and every extension the seller was told of was before it.
    expect(final.endMs).toBe(endAtClose);
    expect(final.endMs).toBeLessThanOrEqual(closedAt!);
    expect(extended.length).toBeGreaterThan(0);
    for (const endMs of extended) expect(endMs).toBeLessThanOrEqual(final.endMs);
    expect(new Set(extensionRefusals)).toEqual(new Set(['This auction has already ended']));
    // No bid lost: every accepted bid is recorded, none placed at or after the final end.
    const bids = await queryRows<{ id: string; created_at: Date }>(
      database.db,
      sql`SELECT id, created_at FROM bids WHERE listing_id = ${listingId}`,
    );
    expect(bids.map((bid) => bid.id).sort()).toEqual(accepted.map((receipt) => receipt.bidId).sort());
    for (const bid of bids) expect(new Date(bid.created_at).getTime()).toBeLessThan(final.endMs);
    // A refused bid is the 409 of an amount too low or of the end, never a failure.
    expect(refusals.filter((status) => status !== '409')).toEqual([]);
    // The auction closed once, for its leader at its price.
    const orders = await queryRows<{ buyer_id: string; price_cents: string }>(
      database.db,
      sql`SELECT buyer_id, price_cents FROM orders WHERE listing_id = ${listingId}`,
    );
    const [listing] = await queryRows<{ leader_id: string; bid_cents: string }>(
      database.db,
      sql`SELECT leader_id, bid_cents FROM listings WHERE id = ${listingId}`,
    );
    expect(orders).toEqual([{ buyer_id: listing!.leader_id, price_cents: listing!.bid_cents }]);
    expect(log.filter((event) => event.name === 'auctionEnded')).toHaveLength(1);
  }, 30_000);

  it('publishing the same drafts twice at once (and overlapping, in another order): published once', async () => {
    const [sellerId] = await createUsers(database, 1, 'drafts');
    await database.db.execute(sql`UPDATE users SET seller_enabled = true WHERE id = ${sellerId}`);
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, status, end_time)
            VALUES (${sellerId}, ${`Draft ${index}`}, 'auction', 500, 'draft', NULL) RETURNING id`,
      );
      ids.push(row!.id);
    }
    const log: RecordedEvent[] = [];
    const deps = depsFor(database, log);
    const settled = await Promise.allSettled([
      publishDraftsInBulk(deps, sellerId!, ids),
      publishDraftsInBulk(deps, sellerId!, ids),
      publishDraftsInBulk(deps, sellerId!, [...ids].reverse()),
    ]);
    const published = settled.filter((result) => result.status === 'fulfilled');
    expect(published).toHaveLength(1);
    for (const result of settled) {
      if (result.status === 'fulfilled') continue;
      expect(result.reason).toBeInstanceOf(BulkRefusedError);
      const refused = result.reason as BulkRefusedError;
      expect(refused.statusCode).toBe(409);
      // Every draft the winner published is named; nothing of the loser's was written.
      expect(refused.errors.map((error) => error.message)).toEqual(ids.map(() => 'Only a draft can be published'));
    }
    const rows = await queryRows<{ status: string; end_time: Date | null }>(
      database.db,
      sql`SELECT status, end_time FROM listings WHERE user_id = ${sellerId}`,
    );
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'active'));
    expect(rows.every((row) => row.end_time !== null)).toBe(true);
    expect(log.filter((event) => event.name === 'feedListingUpdated')).toHaveLength(ids.length);
  });

  it('saving one listing five times at once keeps one row; five reports at once make one report', async () => {
    const [sellerId, buyerId] = await createUsers(database, 2, 'watch');
    const listingId = await createAuction(database, sellerId!);
    const saves = await Promise.all(Array.from({ length: 5 }, () => saveListing(database.db, buyerId!, listingId)));
    expect(saves.map((save) => save.created).sort()).toEqual([false, false, false, false, true]);
    const saved = await queryRows(
      database.db,
      sql`SELECT 1 FROM saved_listings WHERE user_id = ${buyerId} AND listing_id = ${listingId}`,
    );
    expect(saved).toHaveLength(1);

    const reports = await Promise.allSettled(
      (['scam', 'other', 'harmful', 'nudity', 'scam'] as const).map((reportType) =>
        reportListing(database.db, buyerId!, { listingId, reportType }, { add: () => undefined }),
      ),
    );
    expect(outcomes(reports).sort()).toEqual([
      '409 You have already reported this listing; a moderator will review it',
      '409 You have already reported this listing; a moderator will review it',
      '409 You have already reported this listing; a moderator will review it',
      '409 You have already reported this listing; a moderator will review it',
      'ok',
    ]);
    const rows = await queryRows(
      database.db,
      sql`SELECT 1 FROM listing_reports WHERE user_id = ${buyerId} AND listing_id = ${listingId}`,
    );
    expect(rows).toHaveLength(1);
  });
});
