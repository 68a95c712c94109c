// Holds and payouts (DECISIONS "Rings and remedies"), route by route, run on both drivers:
// holds-routes.test.ts (PGlite) and holds-postgres.test.ts (PostgreSQL). A held listing refuses
// every write with 409 listingOnHold and is not closed; released, its end moves on by the time
// held. A seller's payout waits for delivery (or 7 days after shipping), a refund before then
// lowers it, and a held payout waits for its hold to be lifted.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { closeDueListings } from '../../server/modules/auctions/auction-closer.js';
import { releaseDuePayouts } from '../../server/modules/orders/payouts.js';
import { ledgerPayments, type Payments, type PayoutTransferRequest } from '../../server/modules/payments/index.js';
import type { TimelineItem } from '../../shared/contract/accountability.js';
import { AdminListing, SoldListing } from '../../shared/contract/entities.js';
import { PAYOUT_RELEASE_AFTER_SHIPPING_MS } from '../../shared/rules/payout-release.js';
import { createAuction, depsFor, enableSellers } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';

const HOUR = 3_600_000;

export function holdsSuite(start: () => Promise<ReviewApp>) {
  let t: ReviewApp;
  const call: ReviewApp['call'] = (...args) => t.call(...args);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  beforeAll(async () => {
    t = await start();
    const [sellerId] = await enableSellers(t.app, 'holdseller');
    // A standard seller: their level holds no payout (a level's hold days: seller-level-effects.suite.ts).
    await t.database.db.execute(sql`UPDATE users SET seller_level = 'standard' WHERE id = ${sellerId!}`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const buyNow = async (title: string, price = 25) => {
    const created = await call('holdseller', 'POST', '/listing', { title, price, inStock: 5 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const auction = async (endTime = new Date(Date.now() + 2 * HOUR), type: 'auction' | 'giveaway' = 'auction') =>
    createAuction(t.database, await me('holdseller'), { endTime, type });
  const hold = (user: string, id: string, reason = 'Ring under review') =>
    call(user, 'POST', `/admin/listings/active/${id}/hold`, { reason });
  const release = (user: string, id: string) => call(user, 'DELETE', `/admin/listings/active/${id}/hold`);
  const endOf = async (id: string) =>
    (await rows<{ end_time: Date | string }>(sql`SELECT end_time FROM listings WHERE id = ${id}`))[0]!.end_time;

  describe('listing holds', () => {
    it('holds with a reason and the admin, refuses every write with 409 listingOnHold, and releases', async () => {
      const listingId = await buyNow('Held lamp');
      const held = await hold('mod', listingId);
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      const listing = AdminListing.parse(held.body);
      expect(listing.hold).toMatchObject({
        reason: 'Ring under review',
        admin: { uid: 'uid-mod', email: 'mod@market.test' },
      });
      expect(Date.parse(listing.hold!.since)).toBeGreaterThan(Date.now() - 60_000);
      // Every read of the admin listing carries it.
      expect(AdminListing.parse((await call('admin', 'GET', `/admin/listings/active/${listingId}`)).body).hold).toEqual(
        listing.hold,
      );
      const page = await call('admin', 'GET', `/admin/listings/active?search=Held%20lamp`);
      expect((page.body.items as AdminListing[]).find((item) => item.id === listingId)?.hold?.reason).toBe(
        'Ring under review',
      );

      const purchase = await call('holdbuyer', 'POST', '/order', { listingId });
      expect(purchase).toMatchObject({ status: 409, body: { code: 'listingOnHold' } });
      const offer = await call('holdbuyer', 'POST', '/offer', { listingId, amount: 20 });
      expect(offer).toMatchObject({ status: 409, body: { code: 'listingOnHold' } });
      expect((await hold('admin', listingId)).status).toBe(409);

      const released = await release('mod', listingId);
      expect(released.status).toBe(200);
      expect(AdminListing.parse(released.body).hold).toBeNull();
      expect((await release('mod', listingId)).status).toBe(409);
      expect((await call('holdbuyer', 'POST', '/order', { listingId })).status).toBe(201);
    });

    it('refuses an offer’s acceptance, a bid and a giveaway entry while held', async () => {
      const listingId = await buyNow('Held chair');
      const offer = await call('holdbuyer', 'POST', '/offer', { listingId, amount: 20 });
      expect(offer.status).toBe(201);
      await hold('mod', listingId);
      const accept = await call('holdseller', 'POST', `/offer/${offer.body.id as string}/accept`);
      expect(accept).toMatchObject({ status: 409, body: { code: 'listingOnHold' } });

      const auctionId = await auction();
      expect((await hold('mod', auctionId)).status).toBe(200);
      const bid = await call('holdbuyer', 'POST', '/bid', { listingId: auctionId, amount: 10 });
      expect(bid).toMatchObject({ status: 409, body: { code: 'listingOnHold' } });
      await release('mod', auctionId);
      expect((await call('holdbuyer', 'POST', '/bid', { listingId: auctionId, amount: 10 })).status).toBe(200);

      const giveawayId = await auction(undefined, 'giveaway');
      await hold('mod', giveawayId);
      const entry = await call('holdbuyer', 'POST', '/giveaway-entry', { listingId: giveawayId });
      expect(entry).toMatchObject({ status: 409, body: { code: 'listingOnHold' } });
    });

    it('the closer skips a held auction; released, its end moves on by the time held', async () => {
      const listingId = await auction(new Date(Date.now() + HOUR));
      expect((await call('holdbidder', 'POST', '/bid', { listingId, amount: 10 })).status).toBe(200);
      await hold('mod', listingId);
      const endBefore = new Date(await endOf(listingId)).getTime();
      const later = () => Date.now() + 3 * HOUR;
      const closed = await closeDueListings(depsFor(t.database, [], { now: later }), 1_000);
      expect(closed.map((c) => c.listingId)).not.toContain(listingId);
      const [still] = await rows<{ status: string }>(sql`SELECT status FROM listings WHERE id = ${listingId}`);
      expect(still!.status).toBe('active');

      // Held for two hours (as if): released, the auction ends two hours later than it would have.
      await t.database.db.execute(
        sql`UPDATE listings SET held_at = now() - interval '2 hours' WHERE id = ${listingId}`,
      );
      const before = t.log.length;
      const released = AdminListing.parse((await release('mod', listingId)).body);
      const moved = Number(released.endTime) - endBefore;
      expect(moved).toBeGreaterThanOrEqual(2 * HOUR);
      expect(moved).toBeLessThan(2 * HOUR + 60_000);
      const told = t.log.slice(before).find((event) => event.name === 'listingEndTimeIncremented');
      expect(told?.payload).toEqual({ listingId, endTime: released.endTime });
      // Not due until its new end.
      const closedLater = await closeDueListings(depsFor(t.database, [], { now: () => Date.now() + 2 * HOUR }), 1_000);
      expect(closedLater.map((c) => c.listingId)).not.toContain(listingId);
      const closedAfter = await closeDueListings(depsFor(t.database, [], { now: () => Date.now() + 4 * HOUR }), 1_000);
      expect(closedAfter.map((c) => c.listingId)).toContain(listingId);
    });

    it('audits each hold and release and shows them in the listing’s timeline', async () => {
      const listingId = await buyNow('Timeline lamp');
      await hold('mod', listingId, 'Shill bids');
      await release('mod', listingId);
      const audit = await rows<{ action: string; admin_uid: string }>(
        sql`SELECT action, admin_uid FROM admin_actions WHERE record_type = 'listing' AND record_id = ${listingId}
            ORDER BY created_at, id`,
      );
      expect(audit).toEqual([
        { action: 'holdListing', admin_uid: 'uid-mod' },
        { action: 'releaseListingHold', admin_uid: 'uid-mod' },
      ]);
      const timeline = await call('admin', 'GET', `/admin/listings/active/${listingId}/timeline`);
      expect(timeline.status, JSON.stringify(timeline.body)).toBe(200);
      const holds = (timeline.body.items as TimelineItem[]).filter((item) => item.kind === 'hold');
      expect(holds.map((item) => [item.summary, item.actor])).toEqual([
        ['Hold released', 'mod@market.test'],
        ['Held: Shill bids', 'mod@market.test'],
      ]);
    });

    it('is for roles that moderate listings: finance and support get 403; an unknown listing 404', async () => {
      const listingId = await buyNow('Role lamp');
      expect((await hold('fin', listingId)).status).toBe(403);
      expect((await hold('holdbuyer', listingId)).status).toBe(403);
      expect((await hold('mod', 'no-such-listing')).status).toBe(404);
      expect((await call('mod', 'POST', `/admin/listings/active/${listingId}/hold`, { reason: '' })).status).toBe(400);
    });
  });

  describe('payouts', () => {
    const order = async (title: string, price = 25) => {
      const listingId = await buyNow(title, price);
      const bought = await call('holdbuyer', 'POST', '/order', { listingId });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      return bought.body.orderId as string;
    };
    const orderOf = async (id: string) => {
      const answer = await call('admin', 'GET', `/admin/listings/order/${id}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return SoldListing.parse(answer.body);
    };
    const ship = async (orderId: string) => {
      expect((await call('holdseller', 'PATCH', `/order/${orderId}/mark-shipped`)).status).toBe(200);
    };
    const deliver = async (orderId: string) => {
      const code = `9400${orderId.replace(/-/g, '').slice(0, 18)}`;
      await t.database.db.execute(sql`UPDATE orders SET tracking_code = ${code} WHERE id = ${orderId}`);
      const tracked = await call('admin', 'POST', '/shipping/tracking', {
        trackingCode: code,
        status: 'SHIPPING_DELIVERED',
      });
      expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    };
    const holdPayout = (user: string, id: string, reason = 'Ring sale') =>
      call(user, 'POST', `/admin/listings/order/${id}/payout-hold`, { reason });
    const liftPayout = (user: string, id: string) => call(user, 'DELETE', `/admin/listings/order/${id}/payout-hold`);
    const weekLater = { db: () => t.database.db, now: () => Date.now() + PAYOUT_RELEASE_AFTER_SHIPPING_MS + HOUR };
    const releaseWeekLater = () =>
      releaseDuePayouts({ db: weekLater.db(), now: weekLater.now, payments: ledgerPayments() });

    it('is pending at purchase (no order_payout yet) and released on delivery', async () => {
      const orderId = await order('Payout lamp');
      const pending = await orderOf(orderId);
      // $25 less the 7% fee ($1.75); no shipping.
      expect(pending.payout).toEqual({ status: 'pending', amount: 23.25, releasedAt: null, releasesAt: null });
      expect(pending.payoutStatus).toBeNull();
      expect(pending.transactions.map((tr) => tr.type)).toEqual(['order_payment']);
      await ship(orderId);
      const shipped = await orderOf(orderId);
      expect(shipped.payout?.status).toBe('pending');
      expect(Date.parse(shipped.payout!.releasesAt!) - Date.now()).toBeGreaterThan(
        PAYOUT_RELEASE_AFTER_SHIPPING_MS - 60_000,
      );
      await deliver(orderId);
      const delivered = await orderOf(orderId);
      expect(delivered.payout).toMatchObject({ status: 'released', amount: 23.25, releasesAt: null });
      expect(delivered.payoutStatus).toBe('succeeded');
      expect(delivered.transactions.filter((tr) => tr.type === 'order_payout')).toHaveLength(1);
      // The Sold listings rows carry it too.
      const page = await call('admin', 'GET', `/admin/listings/sold?search=Payout%20lamp`);
      const row = (page.body.items as SoldListing[]).find((item) => item.id === orderId);
      expect(row?.payout?.status).toBe('released');
    });

    it('is released 7 days after shipping by the periodic pass, not before', async () => {
      const orderId = await order('Week lamp');
      await ship(orderId);
      await releaseDuePayouts({ db: t.database.db, payments: ledgerPayments() });
      expect((await orderOf(orderId)).payout?.status).toBe('pending');
      await releaseWeekLater();
      const released = await orderOf(orderId);
      expect(released.payout).toMatchObject({ status: 'released', amount: 23.25 });
      // Once only.
      await releaseWeekLater();
      expect((await orderOf(orderId)).transactions.filter((tr) => tr.type === 'order_payout')).toHaveLength(1);
    });

    it('a refund before release lowers it (never below zero); after release the payout stays', async () => {
      const orderId = await order('Refunded lamp', 40);
      const refund = (amount: number) =>
        call('fin', 'POST', `/admin/transactions/order-refund/${orderId}`, { amount, refundReason: 'courtesy_refund' });
      expect((await refund(10)).status).toBe(200);
      // $40 less $2.80 fee = $37.20, less the $10 refund.
      expect((await orderOf(orderId)).payout).toMatchObject({ status: 'pending', amount: 27.2 });
      expect((await refund(30)).status).toBe(200);
      expect((await orderOf(orderId)).payout).toMatchObject({ status: 'pending', amount: 0 });
      await ship(orderId);
      await deliver(orderId);
      const released = await orderOf(orderId);
      expect(released.payout).toMatchObject({ status: 'released', amount: 0 });

      const later = await order('Late refund lamp', 40);
      await ship(later);
      await deliver(later);
      expect(
        (
          await call('fin', 'POST', `/admin/transactions/order-refund/${later}`, {
            amount: 5,
            refundReason: 'courtesy_refund',
          })
        ).status,
      ).toBe(200);
      expect((await orderOf(later)).payout).toMatchObject({ status: 'released', amount: 37.2 });
    });

    it('a held payout is not released, on delivery or by the pass, until lifted; then at once', async () => {
      const orderId = await order('Held payout lamp');
      const held = await holdPayout('fin', orderId);
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      const answer = SoldListing.parse(held.body);
      expect(answer.payoutHold).toMatchObject({
        reason: 'Ring sale',
        admin: { uid: 'uid-fin', email: 'fin@market.test' },
      });
      expect(answer.payout?.status).toBe('held');
      expect((await holdPayout('fin', orderId)).status).toBe(409);
      await ship(orderId);
      await deliver(orderId);
      await releaseWeekLater();
      expect((await orderOf(orderId)).payout?.status).toBe('held');
      const lifted = await liftPayout('fin', orderId);
      expect(lifted.status).toBe(200);
      const after = SoldListing.parse(lifted.body);
      expect(after.payoutHold).toBeNull();
      expect(after.payout).toMatchObject({ status: 'released', amount: 23.25 });
      expect((await liftPayout('fin', orderId)).status).toBe(409);
      // Released payouts cannot be held.
      expect((await holdPayout('fin', orderId)).status).toBe(409);
    });

    it('the pass transfers what it releases through the payments port: the payout less refunds, nothing while held', async () => {
      const transfers: PayoutTransferRequest[] = [];
      const recording: Payments = {
        ...ledgerPayments(),
        transferPayout: async (request) => {
          transfers.push(request);
          return { externalId: `tr_test_${transfers.length}` };
        },
      };
      const refunded = await order('Transferred lamp', 40);
      const refund = await call('fin', 'POST', `/admin/transactions/order-refund/${refunded}`, {
        amount: 10,
        refundReason: 'courtesy_refund',
      });
      expect(refund.status).toBe(200);
      await ship(refunded);
      const held = await order('Held transfer lamp');
      expect((await holdPayout('fin', held)).status).toBe(200);
      await ship(held);
      await releaseDuePayouts({ db: weekLater.db(), now: weekLater.now, payments: recording });
      const [payment] = await rows<{ external_id: string }>(
        sql`SELECT external_id FROM transactions WHERE order_id = ${refunded} AND type = 'order_payment'`,
      );
      // $40 less the $2.80 fee, less the $10 refund; the held payout is neither released nor transferred.
      expect(transfers.filter((transfer) => [refunded, held].includes(transfer.orderId))).toEqual([
        { orderId: refunded, amountCents: 2720, payoutAccountId: null, paymentReference: payment!.external_id },
      ]);
      const [payout] = await rows<{ external_id: string | null }>(
        sql`SELECT external_id FROM transactions WHERE order_id = ${refunded} AND type = 'order_payout'`,
      );
      expect(payout!.external_id).toMatch(/^tr_test_/);
      expect((await orderOf(held)).payout?.status).toBe('held');
    });

    it('a transfer the provider refuses leaves the payout pending; a later pass releases it', async () => {
      const orderId = await order('Refused transfer lamp');
      await ship(orderId);
      const refusing: Payments = {
        ...ledgerPayments(),
        transferPayout: async (request) => {
          if (request.orderId === orderId) throw new Error('The destination account cannot take transfers');
          return { externalId: null };
        },
      };
      await expect(releaseDuePayouts({ db: weekLater.db(), now: weekLater.now, payments: refusing })).rejects.toThrow(
        /refused/,
      );
      expect((await orderOf(orderId)).payout?.status).toBe('pending');
      await releaseWeekLater();
      expect((await orderOf(orderId)).payout).toMatchObject({ status: 'released', amount: 23.25 });
    });

    it('lifting the hold before the payout is due leaves it pending', async () => {
      const orderId = await order('Early lift lamp');
      await holdPayout('fin', orderId);
      await ship(orderId);
      const lifted = SoldListing.parse((await liftPayout('fin', orderId)).body);
      expect(lifted.payout?.status).toBe('pending');
      await releaseWeekLater();
      expect((await orderOf(orderId)).payout?.status).toBe('released');
    });

    it('audits payout holds, shows them in the order’s timeline; finance only; step-up with an old sign-in', async () => {
      const orderId = await order('Audited payout lamp');
      expect((await holdPayout('mod', orderId)).status).toBe(403);
      expect((await holdPayout('sup', orderId)).status).toBe(403);
      const stale = await holdPayout('stalefin', orderId);
      expect(stale).toMatchObject({ status: 401, body: { code: 'reauthenticationRequired' } });
      expect((await holdPayout('admin', orderId, 'Chargeback risk')).status).toBe(200);
      expect((await liftPayout('stalefin', orderId)).status).toBe(401);
      expect((await liftPayout('fin', orderId)).status).toBe(200);
      const audit = await rows<{ action: string; admin_uid: string }>(
        sql`SELECT action, admin_uid FROM admin_actions WHERE record_type = 'order' AND record_id = ${orderId}
            ORDER BY created_at, id`,
      );
      expect(audit).toEqual([
        { action: 'holdPayout', admin_uid: 'uid-admin' },
        { action: 'releasePayoutHold', admin_uid: 'uid-fin' },
      ]);
      const timeline = await call('admin', 'GET', `/admin/listings/order/${orderId}/timeline`);
      expect(timeline.status, JSON.stringify(timeline.body)).toBe(200);
      const holds = (timeline.body.items as TimelineItem[]).filter((item) => item.kind === 'hold');
      expect(holds.map((item) => [item.summary, item.actor])).toEqual([
        ['Payout hold lifted', 'fin@market.test'],
        ['Payout held: Chargeback risk', 'admin@market.test'],
      ]);
      expect((await holdPayout('fin', 'no-such-order')).status).toBe(404);
    });

    it('counts pending payouts in the seller’s enforcement impact', async () => {
      const sellerId = await me('holdseller');
      const impactOf = async () =>
        (await call('admin', 'GET', `/admin/users/${sellerId}/enforcement-impact`)).body.pendingPayoutCents as number;
      const before = await impactOf();
      await order('Impact lamp');
      expect((await impactOf()) - before).toBe(2325);
    });
  });
}
