// The bid transaction's PostgreSQL path (server/modules/auctions/bid-transaction.ts), which inlines values
// into multi-statement queries: every value reaches the database exactly as a bind parameter
// would, a refused bid rolls back and gives its connection back clean, and an auction bid on
// before the proxy columns existed gets its leader from migration 0014's backfill.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { inlined, literalOf } from '../../server/modules/auctions/bid-transaction.js';
import { postgresAvailable } from '../support/postgres-cluster.js';
import { createAuction, createUsers, depsFor, type MarketTestDb, startMarketDb } from './market-db.js';

const available = postgresAvailable();
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the bid transaction tests cannot run');

describe.skipIf(!available)('bid transaction on PostgreSQL', () => {
  let market: MarketTestDb;
  let database: Database;

  beforeAll(async () => {
    market = await startMarketDb();
    // One connection: a bid that left its connection inside a transaction would break the next.
    database = await market.open(1);
  }, 60_000);
  afterAll(async () => {
    await market?.stop();
  });

  it('inlines each value so the database reads what a bind parameter would carry', async () => {
    const text = `it's a \\ "quoted" -- not a comment; $1 ☃`;
    const at = new Date('2026-11-22T17:48:33.123Z');
    const query = sql`SELECT ${text}::text AS text, ${12345}::bigint AS cents, ${at}::timestamptz AS at,
                             ${null}::text IS NULL AS missing, ${true}::boolean AS flag, '$1' AS own`;
    const [row] = await queryRows<{
      text: string;
      cents: string;
      at: string;
      missing: boolean;
      flag: boolean;
      own: string;
    }>(database.db, sql.raw(inlined(query)));
    expect(row).toEqual({ text, cents: '12345', at: expect.any(String), missing: true, flag: true, own: '$1' });
    expect(new Date(row!.at).getTime()).toBe(at.getTime());
    expect(() => literalOf('a\0b')).toThrow(TypeError);
    expect(() => literalOf({ toPostgres: () => 'x' })).toThrow(TypeError);
    expect(() => literalOf(Number.NaN)).toThrow(TypeError);
  });

  it('a refused bid rolls back and leaves its connection usable, and the next bid commits', async () => {
    const deps = depsFor(database, []);
    const [seller, bidder] = await createUsers(database, 2, 'tx');
    const listingId = await createAuction(database, seller!);
    await expect(placeBidInDb(deps, { listingId, bidderId: bidder!, maxCents: 100 })).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(
      placeBidInDb(deps, { listingId: randomUUID(), bidderId: bidder!, maxCents: 900 }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    const receipt = await placeBidInDb(deps, { listingId, bidderId: bidder!, maxCents: 900 });
    expect(receipt).toMatchObject({ isLeading: true, currentBid: 5, bidCount: 1 });
    const [state] = await queryRows<{ in_transaction: boolean }>(
      database.db,
      sql`SELECT now() <> statement_timestamp() AS in_transaction`,
    );
    expect(state!.in_transaction).toBe(false);
  });

  it('an auction bid on before the proxy columns existed: migration 0014 backfills its leader from its bids', async () => {
    const deps = depsFor(database, []);
    const [seller, early, late] = await createUsers(database, 3, 'legacy');
    const listingId = await createAuction(database, seller!);
    await database.db.execute(
      sql`INSERT INTO bids (id, listing_id, user_id, amount_cents, max_bid_cents, created_at)
          VALUES (${randomUUID()}, ${listingId}, ${early!}, 500, 2000, now() - interval '1 hour')`,
    );
    await database.db.execute(sql`UPDATE listings SET bid_cents = 500 WHERE id = ${listingId}`);
    const backfill = new URL(
      '../../server/modules/listings/migrations/0014_auction_leaders_from_bids.sql',
      import.meta.url,
    );
    await database.runScript(readFileSync(backfill, 'utf8'));
    const [backfilled] = await queryRows<{ leader_id: string; leader_max_cents: string; bid_count: number }>(
      database.db,
      sql`SELECT leader_id, leader_max_cents, bid_count FROM listings WHERE id = ${listingId}`,
    );
    expect(backfilled).toEqual({ leader_id: early, leader_max_cents: '2000', bid_count: 1 });
    const receipt = await placeBidInDb(deps, { listingId, bidderId: late!, maxCents: 1500 });
    // The earlier maximum (20.00) still leads, at one increment over the new bid.
    expect(receipt).toMatchObject({ isLeading: false, leaderId: early, currentBid: 15.5, bidCount: 2 });
  });
});
