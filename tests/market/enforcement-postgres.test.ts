// Enforcement racing the user's own bid and purchase on real PostgreSQL (PGlite runs one statement
// at a time, so it cannot show it): the suspension holds the user's row FOR UPDATE until it
// commits; the bid and the purchase read that row under KEY SHARE, so they wait for it and then
// see the suspension. Nothing gets through once the suspension has committed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { applyEnforcement, type Enforcement } from '../../server/modules/accounts/enforcement.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { buyNow } from '../../server/modules/orders/purchases.js';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../server/platform/auth/market-users.js';

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
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the enforcement PostgreSQL test cannot run');

const admin = { uid: 'uid-admin', email: 'admin@market.test', emailVerified: true, admin: true };
const REFUSED = `403 ${ACCOUNT_SUSPENDED_MESSAGE}`;

describe.skipIf(!available)('enforcement races on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(10);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  /** Waits until `count` other sessions are blocked on a lock. */
  async function waitForLockWaits(count: number): Promise<void> {
    for (let tries = 0; tries < 400; tries += 1) {
      const [row] = await queryRows<{ waiting: string | number }>(
        database.db,
        sql`SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
      );
      if (Number(row!.waiting) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`fewer than ${count} sessions ever waited for a lock`);
  }

  /** Applies `enforcement` and holds its transaction open while `during` starts; then commits. */
  async function whileEnforcing(enforcement: Enforcement, during: () => Promise<unknown>[], waits: number) {
    let applied!: () => void;
    let commit!: () => void;
    const isApplied = new Promise<void>((resolve) => (applied = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const enforcing = database.db.transaction(async (tx) => {
      await applyEnforcement(tx, enforcement);
      applied();
      await committing;
    });
    await isApplied;
    const racing = during().map((work) => work.then(() => 'ok'));
    await waitForLockWaits(waits);
    let settledEarly = false;
    void Promise.race(racing).then(
      () => (settledEarly = true),
      () => (settledEarly = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settledEarly, 'the bid and the purchase wait for the suspension').toBe(false);
    commit();
    await enforcing;
    return Promise.allSettled(racing);
  }

  it('a bid and a purchase by a user being suspended wait for it and are refused, leaving nothing', async () => {
    const [sellerId, userId] = await createUsers(database, 2, 'racer');
    const auctionId = await createAuction(database, sellerId!);
    const [listing] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, in_stock)
          VALUES (${sellerId!}, 'Teapot', 'default', 2500, 3) RETURNING id`,
    );
    const deps = depsFor(database, log);
    const settled = await whileEnforcing(
      {
        userId: userId!,
        action: 'suspend',
        reason: 'Unpaid wins',
        until: new Date(Date.now() + 86_400_000),
        admin,
      },
      () => [
        placeBidInDb(deps, { listingId: auctionId, bidderId: userId!, maxCents: 900 }),
        buyNow(deps, listing!.id, userId!),
      ],
      2,
    );
    expect(outcomes(settled)).toEqual([REFUSED, REFUSED]);
    expect(settled.map((result) => (result.status === 'rejected' ? result.reason.code : null))).toEqual([
      'accountSuspended',
      'accountSuspended',
    ]);
    expect(await queryRows(database.db, sql`SELECT id FROM bids WHERE user_id = ${userId!}`)).toEqual([]);
    expect(await queryRows(database.db, sql`SELECT id FROM orders WHERE buyer_id = ${userId!}`)).toEqual([]);
    const [stock] = await queryRows<{ in_stock: number }>(
      database.db,
      sql`SELECT in_stock FROM listings WHERE id = ${listing!.id}`,
    );
    expect(stock!.in_stock).toBe(3);
  });

  it('a ban racing bids from five auctions at once: every bid that waited is refused', async () => {
    const [userId, ...sellers] = await createUsers(database, 6, 'banned');
    const auctions = await Promise.all(sellers.map((sellerId) => createAuction(database, sellerId)));
    const deps = depsFor(database, log);
    const settled = await whileEnforcing(
      { userId: userId!, action: 'ban', reason: 'Shill bidding', admin },
      () => auctions.map((listingId) => placeBidInDb(deps, { listingId, bidderId: userId!, maxCents: 700 })),
      5,
    );
    expect(outcomes(settled)).toEqual(auctions.map(() => REFUSED));
    expect(await queryRows(database.db, sql`SELECT id FROM bids WHERE user_id = ${userId!}`)).toEqual([]);
  });

  it('a bid that took the row first commits before the suspension, which then applies', async () => {
    const [sellerId, userId] = await createUsers(database, 2, 'early');
    const auctionId = await createAuction(database, sellerId!);
    const deps = depsFor(database, log);
    // The bid committed first: it stands, and the selling suspension that follows applies.
    await placeBidInDb(deps, { listingId: auctionId, bidderId: userId!, maxCents: 800 });
    await database.db.transaction((tx) =>
      applyEnforcement(tx, { userId: userId!, action: 'suspendSelling', reason: 'Spam', admin }),
    );
    const [row] = await queryRows<{ leader_id: string }>(
      database.db,
      sql`SELECT leader_id FROM listings WHERE id = ${auctionId}`,
    );
    // Suspending selling does not stop buying.
    expect(row!.leader_id).toBe(userId);
    await expect(placeBidInDb(deps, { listingId: auctionId, bidderId: userId!, maxCents: 1200 })).resolves.toBeTruthy();
  });
});
