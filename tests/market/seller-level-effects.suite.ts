// What seller levels do (DECISIONS "Sellers over time": payout hold days after delivery, the
// active-listing cap, owner-editable with a preview), run on both drivers:
// seller-level-effects-routes.test.ts (PGlite) and seller-level-effects-postgres.test.ts
// (PostgreSQL). A seller's level is set on the user as the level sweep would have stored it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  LevelEffectsPreview,
  LevelEffectsTable,
  SellerStanding,
} from '../../shared/contract/admin-seller-standing-routes.js';
import { SoldListing } from '../../shared/contract/entities.js';
import { DEFAULT_LEVEL_EFFECTS } from '../../shared/rules/level-effects.js';
import { queryRows } from '../../server/platform/db/database.js';
import { releaseDuePayouts } from '../../server/modules/orders/payouts.js';
import { ledgerPayments } from '../../server/modules/payments/index.js';
import { enableSellers } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';

const DAY = 86_400_000;

export function sellerLevelEffectsSuite(start: () => Promise<ReviewApp>) {
  let t: ReviewApp;
  let buyerId: string;
  const call: ReviewApp['call'] = (...args) => t.call(...args);
  const setLevel = (sellerId: string, level: string) =>
    t.database.db.execute(sql`UPDATE users SET seller_level = ${level} WHERE id = ${sellerId}`);
  const effects = async () => LevelEffectsTable.parse((await call('fin', 'GET', '/admin/seller-levels/effects')).body);
  const edit = (user: string, body: object) => call(user, 'PATCH', '/admin/seller-levels/effects', body);
  const preview = async (body: object) => {
    const answer = await call('admin', 'POST', '/admin/seller-levels/effects/preview', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return LevelEffectsPreview.parse(answer.body);
  };

  /** A paid order of `sellerId` with its payout pending, delivered `deliveredDaysAgo` ago (null: not delivered). */
  const pendingPayout = async (sellerId: string, deliveredDaysAgo: number | null) => {
    const [listing] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
          VALUES (${sellerId}, 'Held lot', 'default', 1000, 'sold') RETURNING id`,
    );
    const delivered = deliveredDaysAgo === null ? null : new Date(Date.now() - deliveredDaysAgo * DAY);
    const [order] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at, shipped_at, delivered_at,
                              payout_cents)
          VALUES (${listing!.id}, ${sellerId}, ${buyerId}, 1000, ${delivered ? 'SHIPPING_DELIVERED' : 'Paid'},
                  now() - interval '12 days', ${delivered}, ${delivered}, 930) RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
          VALUES (${order!.id}, 'order_payment', 'succeeded', 1000, now() - interval '12 days')`,
    );
    return order!.id;
  };
  const payoutOf = async (orderId: string) => {
    const answer = await call('fin', 'GET', `/admin/listings/order/${orderId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return SoldListing.parse(answer.body).payout!;
  };

  beforeAll(async () => {
    t = await start();
    buyerId = (await enableSellers(t.app, 'lebuyer'))[0]!;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the contract’s defaults; only the owner previews and changes them; bad values are 400', async () => {
    expect(await effects()).toEqual(DEFAULT_LEVEL_EFFECTS);
    const body = { belowStandard: { payoutHoldDays: 5, activeListingCap: 20 } };
    expect((await edit('mod', body)).status).toBe(403);
    expect((await edit('fin', body)).status).toBe(403);
    expect((await call('mod', 'POST', '/admin/seller-levels/effects/preview', body)).status).toBe(403);
    for (const bad of [
      { belowStandard: { payoutHoldDays: -1, activeListingCap: 20 } },
      { belowStandard: { payoutHoldDays: 61, activeListingCap: 20 } },
      { belowStandard: { payoutHoldDays: 2.5, activeListingCap: 20 } },
      { belowStandard: { payoutHoldDays: 2, activeListingCap: 0 } },
      { belowStandard: { payoutHoldDays: 2 } },
      { gold: { payoutHoldDays: 2, activeListingCap: null } },
    ]) {
      const answer = await edit('admin', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await effects()).toEqual(DEFAULT_LEVEL_EFFECTS);
  });

  it('previews what a change would do to the sellers at a level, then saves it with an audit entry', async () => {
    const change = { belowStandard: { payoutHoldDays: 3, activeListingCap: 2 } };
    const before = (await preview(change)).items;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      level: 'belowStandard',
      before: { payoutHoldDays: 7, activeListingCap: 20 },
      after: { payoutHoldDays: 3, activeListingCap: 2 },
    });
    // One more below-standard seller with two pending payouts and three live listings.
    const [sellerId] = await enableSellers(t.app, 'lepreview');
    await setLevel(sellerId!, 'belowStandard');
    await pendingPayout(sellerId!, 1);
    await pendingPayout(sellerId!, null);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await call('lepreview', 'POST', '/listing', { title: `Preview lamp ${i}`, price: 20, inStock: 1 })).status,
      ).toBe(201);
    }
    const [after] = (await preview(change)).items;
    expect(after!.sellersWithPendingPayouts - before[0]!.sellersWithPendingPayouts).toBe(1);
    expect(after!.pendingPayouts - before[0]!.pendingPayouts).toBe(2);
    expect(after!.sellersAtCapAfter - before[0]!.sellersAtCapAfter).toBe(1);
    expect(after!.sellersAtCapBefore - before[0]!.sellersAtCapBefore).toBe(0);
    // An edit that changes nothing previews nothing.
    expect((await preview({ top: { payoutHoldDays: 0, activeListingCap: null } })).items).toEqual([]);

    const saved = await edit('admin', change);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(LevelEffectsTable.parse(saved.body)).toEqual({ ...DEFAULT_LEVEL_EFFECTS, ...change });
    const [audit] = await queryRows<{ before: unknown; after: unknown; admin_uid: string }>(
      t.database.db,
      sql`SELECT before, after, admin_uid FROM admin_actions WHERE action = 'updateSellerLevelEffects'
           ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ admin_uid: 'uid-admin', before: DEFAULT_LEVEL_EFFECTS, after: saved.body });
    // The seller's standing answers the level's effects as edited (their orders make them new).
    const standing = SellerStanding.parse(
      (await call('admin', 'GET', `/admin/users/${sellerId}/seller-standing`)).body,
    );
    expect(standing.effects).toEqual(DEFAULT_LEVEL_EFFECTS[standing.level]);
    expect((await edit('admin', { belowStandard: DEFAULT_LEVEL_EFFECTS.belowStandard })).status).toBe(200);
  });

  it('refuses a new listing over the level’s cap with 409 listingCapReached, drafts and other levels not', async () => {
    const [capped, free] = await enableSellers(t.app, 'lecapped', 'lefree');
    await setLevel(capped!, 'belowStandard');
    await setLevel(free!, 'standard');
    expect((await edit('admin', { belowStandard: { payoutHoldDays: 7, activeListingCap: 2 } })).status).toBe(200);
    const list = (user: string, title: string, draft = false) =>
      call(user, 'POST', '/listing', { title, price: 20, inStock: 1, ...(draft ? { draft: true } : {}) });
    expect((await list('lecapped', 'Cap lamp 1')).status).toBe(201);
    expect((await list('lecapped', 'Cap lamp 2')).status).toBe(201);
    const refused = await list('lecapped', 'Cap lamp 3');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'listingCapReached' });
    expect(String(refused.body.message)).toContain('2 active listings');
    // A draft is not live; publishing it is, and is refused the same way.
    const draft = await list('lecapped', 'Cap lamp draft', true);
    expect(draft.status).toBe(201);
    const published = await call('lecapped', 'PATCH', `/listing/${draft.body.id as string}/publish`);
    expect(published.status).toBe(409);
    expect(published.body).toMatchObject({ code: 'listingCapReached' });
    // A standard seller has no cap.
    for (let i = 0; i < 3; i += 1) expect((await list('lefree', `Free lamp ${i}`)).status).toBe(201);
    // A raised cap lets the seller list again.
    expect((await edit('admin', { belowStandard: DEFAULT_LEVEL_EFFECTS.belowStandard })).status).toBe(200);
    expect((await list('lecapped', 'Cap lamp 3')).status).toBe(201);
  });

  it('holds a delivered payout for the level’s days, counted after delivery; a change moves it', async () => {
    const [below, standard] = await enableSellers(t.app, 'leheld', 'lepaid');
    await setLevel(below!, 'belowStandard');
    await setLevel(standard!, 'standard');
    const held = await pendingPayout(below!, 2);
    const paid = await pendingPayout(standard!, 2);
    const release = (now = Date.now()) =>
      releaseDuePayouts({ db: t.database.db, now: () => now, payments: ledgerPayments() });
    await release();
    expect((await payoutOf(paid)).status).toBe('released');
    const pending = await payoutOf(held);
    expect(pending.status).toBe('pending');
    // Delivered 2 days ago, held 7 days after it: 5 days from now.
    expect(Date.parse(pending.releasesAt!) - Date.now()).toBeGreaterThan(5 * DAY - 60_000);
    expect(Date.parse(pending.releasesAt!) - Date.now()).toBeLessThan(5 * DAY + 60_000);
    await release(Date.now() + 4 * DAY);
    expect((await payoutOf(held)).status).toBe('pending');
    // The owner lowers the hold to 1 day: the payout is due now, and the pass releases it.
    expect((await edit('admin', { belowStandard: { payoutHoldDays: 1, activeListingCap: 20 } })).status).toBe(200);
    expect(Date.parse((await payoutOf(held)).releasesAt!)).toBeLessThan(Date.now());
    await release();
    expect((await payoutOf(held)).status).toBe('released');
    expect((await edit('admin', { belowStandard: DEFAULT_LEVEL_EFFECTS.belowStandard })).status).toBe(200);
  });
}
