// Only an enabled seller sells (server/modules/accounts/selling.ts): creating a live listing (alone or in
// bulk), publishing a draft (alone or in bulk) and accepting an offer answer 403
// `code: sellingSuspended` for a user whose `sellerEnabled` is false, whether they never were a
// seller or an admin pressed "Disable Seller". Saving a draft stays allowed, and a running
// auction of a disabled seller still closes normally. The real app on PGlite with the fake
// identity; on PostgreSQL, a publish racing "Disable Seller" is ordered by the user's row.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { closeDueListings } from '../../server/modules/auctions/auction-closer.js';
import { publishListing } from '../../server/modules/listings/listings.js';
import { SELLING_SUSPENDED_MESSAGE } from '../../server/modules/accounts/selling.js';

import {
  createUsers,
  depsFor,
  enableSellers,
  fakeIdentity,
  marketCall,
  type MarketTestDb,
  type RecordedEvent,
  startMarketDb,
} from './market-db.js';
import { useApp } from '../support/app-fixture.js';
import { canRun } from '../support/service-skips.js';

const SUSPENDED = { statusCode: 403, error: 'Forbidden', code: 'sellingSuspended', message: SELLING_SUSPENDED_MESSAGE };

describe('selling needs sellerEnabled', () => {
  let database: Database;
  let app: FastifyInstance;

  useApp({ identity: fakeIdentity, rateLimitMax: 10_000 }, (opened) => ({ app, database } = opened));

  const call = marketCall(() => app);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ count: string | number }>(database.db, query))[0]!.count);
  const listingsOf = async (userId: string) =>
    count(sql`SELECT count(*) AS count FROM listings WHERE user_id = ${userId} AND status <> 'draft'`);
  const statusOf = async (listingId: string) =>
    (await queryRows<{ status: string }>(database.db, sql`SELECT status FROM listings WHERE id = ${listingId}`))[0]!
      .status;
  /** The admin API's "Enable Seller" / "Disable Seller". */
  const setSeller = async (user: string, sellerEnabled: boolean) => {
    const answer = await call('admin', 'PATCH', `/admin/users/${await me(user)}/enable-disable-seller`, {
      sellerEnabled,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it('refuses a user who is not a seller every way of putting a listing on sale, and still saves drafts', async () => {
    const id = await me('novice');
    const auction = { title: 'Signed bat', listingType: 'auction', startingBid: 5 };

    expect(await call('novice', 'POST', '/listing', auction)).toEqual({ status: 403, body: SUSPENDED });
    expect(await call('novice', 'POST', '/listing/bulk', { listings: [{ title: 'Cap', price: 9 }] })).toEqual({
      status: 403,
      body: SUSPENDED,
    });
    expect(await listingsOf(id)).toBe(0);

    // Saving a draft is not selling: every way of saving one still works …
    const saved = await call('novice', 'POST', '/listing', { ...auction, draft: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const form = await call('novice', 'POST', '/draft-listing', { title: 'Glove', price: 12 });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const batch = await call('novice', 'POST', '/listing/bulk', {
      listings: [{ title: 'Ball', price: 3, draft: true }],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);

    // … and publishing one is refused, alone or in bulk; the drafts stay drafts.
    const draftId = saved.body.id as string;
    expect(await call('novice', 'PATCH', `/listing/${draftId}/publish`)).toEqual({ status: 403, body: SUSPENDED });
    expect(await call('novice', 'POST', '/listing/publish-bulk', { ids: [draftId, form.body.id as string] })).toEqual({
      status: 403,
      body: SUSPENDED,
    });
    expect(await statusOf(draftId)).toBe('draft');
    expect(await statusOf(form.body.id as string)).toBe('draft');
    expect(await listingsOf(id)).toBe(0);

    // Once an admin enables them, the same calls sell.
    await setSeller('novice', true);
    expect((await call('novice', 'PATCH', `/listing/${draftId}/publish`)).status).toBe(200);
    expect((await call('novice', 'POST', '/listing/publish-bulk', { ids: [form.body.id as string] })).status).toBe(200);
    expect((await call('novice', 'POST', '/listing', auction)).status).toBe(201);
    expect(await listingsOf(id)).toBe(3);
  });

  it('"Disable Seller" stops a seller at once: no listing, no publishing, no accepted offer; a running auction still closes', async () => {
    await enableSellers(app, 'shop');
    const lamp = await call('shop', 'POST', '/listing', { title: 'Lamp', price: 40, inStock: 2 });
    expect(lamp.status).toBe(201);
    const auction = await call('shop', 'POST', '/listing', { title: 'Clock', listingType: 'auction', startingBid: 4 });
    expect(auction.status).toBe(201);
    const draft = await call('shop', 'POST', '/draft-listing', { title: 'Vase', price: 15 });
    const offer = await call('shopper', 'POST', '/offer', { listingId: lamp.body.id, amount: 30 });
    expect(offer.body).toMatchObject({ status: 'PENDING' });
    expect((await call('shopper', 'POST', '/bid', { listingId: auction.body.id, amount: 4 })).status).toBe(200);

    await setSeller('shop', false);

    expect(await call('shop', 'POST', `/offer/${offer.body.id as string}/accept`)).toEqual({
      status: 403,
      body: SUSPENDED,
    });
    const [pending] = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM offers WHERE id = ${offer.body.id as string}`,
    );
    expect(pending!.status).toBe('PENDING');
    expect(await count(sql`SELECT count(*) AS count FROM orders WHERE listing_id = ${lamp.body.id as string}`)).toBe(0);
    expect(await call('shop', 'POST', '/listing', { title: 'Rug', price: 70 })).toEqual({
      status: 403,
      body: SUSPENDED,
    });
    expect(await call('shop', 'PATCH', `/listing/${draft.body.id as string}/publish`)).toEqual({
      status: 403,
      body: SUSPENDED,
    });
    // Declining is not selling.
    const other = await call('shopper2', 'POST', '/offer', { listingId: lamp.body.id, amount: 20 });
    expect((await call('shop', 'POST', `/offer/${other.body.id as string}/decline`)).body.status).toBe('DECLINED');

    // The auction that was running when selling was turned off finishes as it would have.
    await database.db.execute(
      sql`UPDATE listings SET end_time = now() - interval '1 second' WHERE id = ${auction.body.id as string}`,
    );
    const closed = await closeDueListings(app.market);
    expect(closed.filter((entry) => entry.listingId === auction.body.id)).toEqual([
      expect.objectContaining({ winnerId: await me('shopper'), orderStatus: 'PAYMENT_CONFIRMED' }),
    ]);
    expect(await statusOf(auction.body.id as string)).toBe('sold');

    // Enabled again, the seller accepts the offer that waited.
    await setSeller('shop', true);
    const accepted = await call('shop', 'POST', `/offer/${offer.body.id as string}/accept`);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', orderStatus: 'PAYMENT_CONFIRMED' });
  });
});

const available = canRun('postgres');

describe.skipIf(!available)('selling on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(5);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('a publish racing "Disable Seller" waits for it and is refused (the user row orders them)', async () => {
    const [sellerId] = await createUsers(database, 1, 'racer');
    await database.db.execute(sql`UPDATE users SET seller_enabled = true WHERE id = ${sellerId}`);
    const [draft] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
          VALUES (${sellerId}, 'Racing lamp', 'default', 2500, 'draft') RETURNING id`,
    );
    const log: RecordedEvent[] = [];
    const deps = depsFor(database, log);

    // The admin's change holds the user's row FOR UPDATE until it commits, as changeUser does.
    let changed!: () => void;
    let commit!: () => void;
    const isChanged = new Promise<void>((resolve) => (changed = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const disabling = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${sellerId} FOR UPDATE`);
      await tx.execute(sql`UPDATE users SET seller_enabled = false WHERE id = ${sellerId}`);
      changed();
      await committing;
    });
    await isChanged;
    const publishing = publishListing(deps, draft!.id, sellerId!).then(
      () => 'published',
      (error: unknown) => error,
    );
    // The publish is queued behind the admin's row lock before the admin commits (PostgreSQL
    // reports the wait), so the refusal below is the lock's doing, not the order of a guess.
    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ waiting: string | number }>(
          database.db,
          sql`SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        expect(Number(row!.waiting)).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 10 },
    );
    commit();
    await disabling;

    expect(await publishing).toMatchObject({ statusCode: 403, code: 'sellingSuspended' });
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM listings WHERE id = ${draft!.id}`,
    );
    expect(row!.status).toBe('draft');
    expect(log).toEqual([]);
  });
});
