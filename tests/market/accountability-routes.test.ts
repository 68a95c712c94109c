// The audit log, record timelines, notes and a user's whole picture through the admin API.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, Note, TimelineItem, UserPicture } from '../../shared/contract/accountability.js';
import { listResponse } from '../../shared/contract/entities.js';
import { queryRows } from '../../server/platform/db/database.js';
import { type AccountabilityApp, startAccountabilityApp } from './accountability-app.js';

const AuditPage = listResponse(AuditEntry);
const TimelinePage = listResponse(TimelineItem);

describe('accountability routes', () => {
  let t: AccountabilityApp;
  const call = (...args: Parameters<AccountabilityApp['call']>) => t.call(...args);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  let buyerId: string;
  let sellerId: string;
  let listingId: string;
  let orderId: string;

  beforeAll(async () => {
    t = await startAccountabilityApp();
    buyerId = await me('shopper');
    sellerId = await me('maker');
    const [listing] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents) VALUES (${sellerId}, 'Teapot', 'default', 2500)
          RETURNING id`,
    );
    listingId = listing!.id;
    const [order] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status)
          VALUES (${listingId}, ${sellerId}, ${buyerId}, 2500, 'Pending') RETURNING id`,
    );
    orderId = order!.id;
    await t.database.db.execute(sql`UPDATE orders SET status = 'PAYMENT_CONFIRMED' WHERE id = ${orderId}`);
    await t.database.db.execute(sql`UPDATE listings SET title = 'Blue teapot' WHERE id = ${listingId}`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('finds a seller fee change in the audit log with its before and after, filtered and pushed live', async () => {
    expect((await call('admin', 'PATCH', `/admin/users/${sellerId}/seller-fee`, { sellerFee: 12 })).status).toBe(200);
    const answer = await call('admin', 'GET', `/admin/audit-log?action=setSellerFee&recordId=${sellerId}`);
    expect(answer.status).toBe(200);
    const page = AuditPage.parse(answer.body);
    expect(page.count).toBe(1);
    const [entry] = page.items;
    expect(entry).toMatchObject({
      admin: { uid: 'uid-admin', email: 'admin@market.test' },
      action: 'setSellerFee',
      recordType: 'user',
      recordId: sellerId,
      before: expect.objectContaining({ sellerFee: 7 }),
      after: expect.objectContaining({ sellerFee: 12 }),
    });
    expect(t.audited.find((pushed) => pushed.id === entry!.id)).toEqual(entry);

    const byAdmin = AuditPage.parse((await call('admin', 'GET', '/admin/audit-log?adminUid=uid-admin&limit=100')).body);
    expect(byAdmin.items.every((item) => item.admin.uid === 'uid-admin')).toBe(true);
    expect(AuditPage.parse((await call('admin', 'GET', '/admin/audit-log?adminUid=uid-nobody')).body).count).toBe(0);
    const searched = AuditPage.parse((await call('admin', 'GET', '/admin/audit-log?search=SELLERFEE')).body);
    expect(searched.items.map((item) => item.action)).toContain('setSellerFee');
  });

  it('refuses an unknown sort key or filter with 400', async () => {
    expect((await call('admin', 'GET', '/admin/audit-log?sortBy=action')).status).toBe(400);
    expect((await call('admin', 'GET', '/admin/audit-log?colour=red')).status).toBe(400);
    expect((await call('admin', 'GET', '/admin/audit-log?sortBy=createdAt&order=ASC')).status).toBe(200);
  });

  it('adds a note that shows in the record timeline, newest first, and in the audit log', async () => {
    const answer = await call('admin', 'POST', '/admin/notes', {
      recordType: 'user',
      recordId: buyerId,
      text: 'Called about a late parcel',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const note = Note.parse(answer.body);
    expect(note).toMatchObject({ recordType: 'user', recordId: buyerId, text: 'Called about a late parcel' });

    const timeline = TimelinePage.parse((await call('admin', 'GET', `/admin/users/${buyerId}/timeline`)).body);
    expect(timeline.items[0]).toMatchObject({
      kind: 'note',
      summary: 'Called about a late parcel',
      actor: 'admin@market.test',
    });
    const kinds = timeline.items.map((item) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['note', 'signUp', 'order']));
    const dates = timeline.items.map((item) => Date.parse(item.at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const bought = timeline.items.find((item) => item.kind === 'order')!;
    expect(bought).toMatchObject({
      summary: 'Bought Blue teapot for $25.00 from maker_uid-ma',
      ref: { type: 'order', id: orderId },
    });

    const log = AuditPage.parse(
      (await call('admin', 'GET', `/admin/audit-log?action=addNote&recordId=${buyerId}`)).body,
    );
    expect(log.count).toBe(1);
  });

  it('refuses a note on an unknown record (404), an empty or too long one (400)', async () => {
    const post = (body: object) => call('admin', 'POST', '/admin/notes', body);
    expect((await post({ recordType: 'order', recordId: 'nope', text: 'x' })).status).toBe(404);
    expect((await post({ recordType: 'user', recordId: buyerId, text: '   ' })).status).toBe(400);
    expect((await post({ recordType: 'user', recordId: buyerId, text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post({ recordType: 'chat', recordId: buyerId, text: 'x' })).status).toBe(400);
  });

  it("tells an order's status changes and a listing's edits, kept by the database as they happen", async () => {
    const order = TimelinePage.parse((await call('admin', 'GET', `/admin/listings/order/${orderId}/timeline`)).body);
    expect(order.items.filter((item) => item.kind === 'statusChange').map((item) => item.summary)).toEqual([
      'Pending → PAYMENT_CONFIRMED',
      'Status Pending',
    ]);
    const listing = TimelinePage.parse(
      (await call('admin', 'GET', `/admin/listings/active/${listingId}/timeline`)).body,
    );
    expect(listing.items.map((item) => item.summary)).toEqual(
      expect.arrayContaining(['Edited: title', 'Listed (default)', 'Sold to shopper_uid-sh for $25.00']),
    );
    const paged = TimelinePage.parse(
      (await call('admin', 'GET', `/admin/listings/order/${orderId}/timeline?limit=1&page=2`)).body,
    );
    expect(paged.count).toBe(order.count);
    expect(paged.items).toEqual([order.items[1]]);
    expect((await call('admin', 'GET', '/admin/listings/order/nope/timeline')).status).toBe(404);
    expect((await call('admin', 'GET', `/admin/users/${buyerId}/timeline?limit=101`)).status).toBe(400);
  });

  it("answers a user's whole picture: orders on both sides, listings, strikes and linked accounts", async () => {
    await t.database.db.execute(
      sql`UPDATE users SET phone_number = '+15550001111' WHERE id IN (${buyerId}, ${sellerId})`,
    );
    const buyer = UserPicture.parse((await call('admin', 'GET', `/admin/users/${buyerId}/picture`)).body);
    expect(buyer.ordersAsBuyer.count).toBe(1);
    expect(buyer.ordersAsBuyer.items[0]).toMatchObject({ id: orderId, listingTitle: 'Blue teapot', price: 25 });
    expect(buyer.ordersAsSeller.count).toBe(0);
    expect(buyer.linkedAccounts).toEqual([
      { user: { id: sellerId, userName: 'maker_uid-ma', email: 'maker@market.test' }, via: ['phone'] },
    ]);
    const seller = UserPicture.parse((await call('admin', 'GET', `/admin/users/${sellerId}/picture`)).body);
    expect(seller.ordersAsSeller.items[0]!.counterpart.id).toBe(buyerId);
    expect(seller.listings.items.map((item) => item.id)).toEqual([listingId]);
    expect(seller.strikes).toEqual({ paymentFailed: 0, warnings: 0 });
    expect((await call('admin', 'GET', '/admin/users/nope/picture')).status).toBe(404);
  });
});
