// A seller's standing (DECISIONS "Sellers over time"), run on both drivers:
// seller-standing-routes.test.ts (PGlite) and seller-standing-postgres.test.ts (PostgreSQL). The
// records are written straight into the tables, as the order, shipping, case, rating and chat
// flows would have left them, so each metric's source is visible here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SellerDefectOrders, SellerStanding } from '../../shared/contract/admin-seller-standing-routes.js';
import { queryRows } from '../../server/platform/db/database.js';
import { shippingDeadline } from '../../shared/rules/shipping-deadline.js';
import { enableSellers } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';
import { checkStandingRecount } from './seller-standing-recount.js';
import { queueEverySellerLevel, settleDueSellerLevels } from '../../server/modules/seller-standing/index.js';
import { recountedSellerStandingOf, sellerStandingOf } from '../../server/modules/seller-standing/standing.js';

const DAY = 86_400_000;

export function sellerStandingSuite(start: () => Promise<ReviewApp>) {
  let t: ReviewApp;
  let buyerId: string;
  const call: ReviewApp['call'] = (...args) => t.call(...args);
  const standing = async (user: string, id: string) => {
    const answer = await call(user, 'GET', `/admin/users/${id}/seller-standing`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return SellerStanding.parse(answer.body);
  };
  const ago = (days: number) => new Date(Date.now() - days * DAY);

  /** One paid order of `sellerId`, `daysAgo` old, shipped `shipDays` after payment (null: not shipped). */
  const paidOrder = async (
    sellerId: string,
    daysAgo: number,
    options: { shipDays?: number | null; status?: string } = {},
  ): Promise<string> => {
    const [listing] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
          VALUES (${sellerId}, 'Standing lot', 'default', 1000, 'sold') RETURNING id`,
    );
    const shipDays = options.shipDays === undefined ? 1 : options.shipDays;
    const [order] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at, shipped_at)
          VALUES (${listing!.id}, ${sellerId}, ${buyerId}, 1000, ${options.status ?? 'Shipped'}, ${ago(daysAgo)},
                  ${shipDays === null ? null : ago(daysAgo - shipDays)}) RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
          VALUES (${order!.id}, 'order_payment', 'succeeded', 1000, ${ago(daysAgo)})`,
    );
    return order!.id;
  };

  beforeAll(async () => {
    t = await start();
    buyerId = (await enableSellers(t.app, 'stbuyer'))[0]!;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a seller without orders is new, with the new level’s effects, over a 365-day window', async () => {
    const [sellerId] = await enableSellers(t.app, 'stnew');
    const answer = await standing('admin', sellerId!);
    expect(answer).toMatchObject({
      level: 'new',
      projectedLevel: 'new',
      window: { orders: 0 },
      metrics: { defectRate: 0, lateShipmentRate: 0, replyWithin24hRate: null, averageRating: null },
      effects: { payoutHoldDays: 3, activeListingCap: 50 },
    });
    const days = (Date.parse(answer.window.to) - Date.parse(answer.window.from)) / DAY;
    expect(days).toBe(365);
  });

  it('counts defects (a cancellation, an upheld order issue) and late shipments into belowStandard', async () => {
    const [sellerId] = await enableSellers(t.app, 'stlate');
    // 20 orders over the last two months, shipped the next day; 2 shipped 8 days late, 1 cancelled,
    // 1 with an order issue upheld, 1 whose issue was dismissed, 1 unpaid (it does not count).
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await paidOrder(sellerId!, 10 + i * 2));
    await paidOrder(sellerId!, 30, { shipDays: 8 });
    await paidOrder(sellerId!, 40, { shipDays: 9 });
    await paidOrder(sellerId!, 12, { status: 'cancelled', shipDays: null });
    for (const [orderId, outcome] of [
      [ids[0]!, 'refunded'],
      [ids[1]!, 'dismissed'],
    ] as const) {
      await t.database.db.execute(
        sql`INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, status, outcome, resolved_at)
            VALUES ('orderIssue', 'order', ${orderId}, 'normal', 'Item not received', 'resolved', ${outcome}, now())`,
      );
    }
    await t.database.db.execute(
      sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status)
          SELECT listing_id, seller_id, buyer_id, price_cents, 'Pending' FROM orders WHERE id = ${ids[2]!}`,
    );
    await t.database.db.execute(
      sql`INSERT INTO ratings (seller_id, buyer_id, rate, created_at) VALUES
            (${sellerId!}, ${buyerId}, 5, ${ago(3)}), (${sellerId!}, ${buyerId}, 4, ${ago(4)}),
            (${sellerId!}, ${buyerId}, 1, ${ago(400)})`,
    );

    const answer = await standing('sup', sellerId!);
    expect(answer.window.orders).toBe(23);
    expect(answer.metrics.defectRate).toBeCloseTo(2 / 23, 10);
    expect(answer.metrics.lateShipmentRate).toBeCloseTo(2 / 23, 10);
    expect(answer.metrics.averageRating).toBe(4.5);
    expect(answer).toMatchObject({
      level: 'belowStandard',
      projectedLevel: 'belowStandard',
      effects: { payoutHoldDays: 7, activeListingCap: 20 },
    });
  });

  it('counts a lost dispute as a defect of its order (once, with the cancellation), a won or open one not', async () => {
    const [sellerId] = await enableSellers(t.app, 'stdispute');
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await paidOrder(sellerId!, 5 + i));
    const dispute = (orderId: string, status: string) =>
      t.database.db.execute(
        sql`INSERT INTO disputes (id, order_id, seller_id, charge_id, status, reason, amount_cents, evidence_due_by)
            VALUES (${`dp_${orderId.slice(0, 12)}`}, ${orderId}, ${sellerId!}, 'ch_standing', ${status}, 'fraudulent',
                    1000, now() + interval '7 days')`,
      );
    await dispute(ids[0]!, 'needs_response');
    await dispute(ids[1]!, 'won');
    expect((await standing('admin', sellerId!)).metrics.defectRate).toBe(0);

    // Stripe closes the first as lost: one defect in 40 orders (2.5%), below standard.
    await t.database.db.execute(sql`UPDATE disputes SET status = 'lost' WHERE order_id = ${ids[0]!}`);
    const lost = await standing('admin', sellerId!);
    expect(lost.metrics.defectRate).toBe(1 / 40);
    expect(lost.level).toBe('belowStandard');
    // The same order cancelled too is still one defect.
    await t.database.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${ids[0]!}`);
    expect((await standing('admin', sellerId!)).metrics.defectRate).toBe(1 / 40);
    // The drawer's list of the orders behind the defects names both reasons of that one order.
    const defects = await call('sup', 'GET', `/admin/users/${sellerId!}/seller-standing/defects`);
    expect(defects.status, JSON.stringify(defects.body)).toBe(200);
    expect(SellerDefectOrders.parse(defects.body)).toEqual({
      count: 1,
      items: [
        {
          orderId: ids[0],
          createdAt: expect.any(String),
          listingTitle: 'Standing lot',
          reasons: ['cancelled', 'disputeLost'],
        },
      ],
    });
  });

  it('is standard with clean orders, and projects new when they are about to leave the window', async () => {
    const [sellerId] = await enableSellers(t.app, 'stclean');
    for (let i = 0; i < 10; i += 1) await paidOrder(sellerId!, 360 - i);
    const answer = await standing('fin', sellerId!);
    expect(answer).toMatchObject({
      level: 'standard',
      projectedLevel: 'new',
      window: { orders: 10 },
      effects: { payoutHoldDays: 0, activeListingCap: null },
    });
  });

  it('counts once a recent day whose unshipped orders fall late between now and the projection', async () => {
    // The statement reads such a day's orders (the bucket alone cannot say whether they are late
    // 7 days ahead) even when the rule then answers it from the bucket: counted once either way.
    const [sellerId] = await enableSellers(t.app, 'stunshipped');
    await paidOrder(sellerId!, 1, { shipDays: null });
    await paidOrder(sellerId!, 2, { shipDays: null });
    await paidOrder(sellerId!, 20);
    const nowMs = Date.now();
    const kept = await sellerStandingOf(t.database.db, sellerId!, nowMs);
    expect(kept.window.orders).toBe(3);
    expect(kept).toEqual(await recountedSellerStandingOf(t.database.db, sellerId!, nowMs));
  });

  it('measures replies within 24 hours over the chats a buyer opened', async () => {
    const [sellerId, otherId] = await enableSellers(t.app, 'stchat', 'stasker');
    const chat = async (answerAfterHours: number | null) => {
      const [row] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO chats (user_id, other_user_id) VALUES (${otherId!}, ${sellerId!}) RETURNING id`,
      );
      await t.database.db.execute(
        sql`INSERT INTO chat_messages (chat_id, user_id, message, created_at)
            VALUES (${row!.id}, ${otherId!}, 'Is it still available?', ${ago(5)})`,
      );
      if (answerAfterHours !== null)
        await t.database.db.execute(
          sql`INSERT INTO chat_messages (chat_id, user_id, message, created_at)
              VALUES (${row!.id}, ${sellerId!}, 'Yes', ${new Date(ago(5).getTime() + answerAfterHours * 3_600_000)})`,
        );
    };
    await chat(2);
    await chat(23.9);
    await chat(30);
    await chat(null);
    expect((await standing('mod', sellerId!)).metrics.replyWithin24hRate).toBe(0.5);
  });

  it('keeps the SQL late rule of the buckets equal to shippingDeadline, every weekday and hour edge', async () => {
    const monday = Date.parse('2026-03-02T00:00:00Z');
    const paid = [];
    for (let day = 0; day < 14; day += 1)
      for (const ms of [0, 1, 12 * 3_600_000, DAY - 1]) paid.push(monday + day * DAY + ms);
    const rows = await queryRows<{ late_from: Date | string }>(
      t.database.db,
      sql`SELECT seller_shipping_late_from(p) AS late_from
            FROM unnest(${sql.raw(`ARRAY[${paid.map((ms) => `'${new Date(ms).toISOString()}'`).join(', ')}]`)}::timestamptz[])
                 WITH ORDINALITY AS u(p, n) ORDER BY n`,
    );
    expect(rows.map((row) => new Date(row.late_from).getTime())).toEqual(paid.map((ms) => shippingDeadline(ms) + 1));
  });

  it('keeps the day buckets and the standing equal to a recount after random orders, cancels, shipments, issues, disputes and ratings', async () => {
    await checkStandingRecount(t.database, buyerId, 25);
  }, 240_000);

  it('settles a changed level: stored, the seller notified, an audit entry by the system; once', async () => {
    const [sellerId] = await enableSellers(t.app, 'stsettle');
    for (let i = 0; i < 10; i += 1) await paidOrder(sellerId!, 5 + i, { shipDays: i < 2 ? 9 : 1 });
    const level = async () =>
      (
        await queryRows<{ seller_level: string | null }>(
          t.database.db,
          sql`SELECT seller_level FROM users WHERE id = ${sellerId!}`,
        )
      )[0]!.seller_level;
    const told = async () =>
      (
        await queryRows<{ type: string; title: string; data: { from: string; to: string } }>(
          t.database.db,
          sql`SELECT type, title, data FROM notifications WHERE user_id = ${sellerId!} AND type = 'sellerLevelChanged'`,
        )
      ).map((row) => ({ ...row }));
    const audited = async () =>
      queryRows<{ admin_uid: string; before: unknown; after: unknown }>(
        t.database.db,
        sql`SELECT admin_uid, before, after FROM admin_actions
             WHERE action = 'sellerLevelChanged' AND record_id = ${sellerId!}`,
      );
    // The order writes queued the seller; settling the queue stores and announces the level.
    while ((await settleDueSellerLevels(t.database.db, Date.now())) > 0);
    expect(await level()).toBe('belowStandard');
    expect(await told()).toEqual([
      {
        type: 'sellerLevelChanged',
        title: 'Your seller level is now Below standard',
        data: { from: 'new', to: 'belowStandard' },
      },
    ]);
    expect(await audited()).toEqual([
      { admin_uid: 'system:seller-standing', before: { sellerLevel: 'new' }, after: { sellerLevel: 'belowStandard' } },
    ]);
    // Nothing moved: the daily pass settles it again and tells no one twice.
    await queueEverySellerLevel(t.database.db, Date.now());
    while ((await settleDueSellerLevels(t.database.db, Date.now())) > 0);
    expect(await told()).toHaveLength(1);
    expect(await audited()).toHaveLength(1);

    // The Users list filters and sorts by the settled level.
    const listed = async (query: string) => {
      const answer = await call('mod', 'GET', `/admin/users?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { count: number; items: { id: string; sellerLevel: string }[] };
    };
    const below = await listed('sellerLevel=belowStandard&limit=100');
    expect(below.items.map((user) => user.id)).toContain(sellerId);
    expect(new Set(below.items.map((user) => user.sellerLevel))).toEqual(new Set(['belowStandard']));
    const others = await listed('sellerLevel=top,standard&limit=100');
    expect(others.items.map((user) => user.id)).not.toContain(sellerId);
    const newOnes = await listed('sellerLevel=new&limit=100');
    expect(newOnes.count).toBeGreaterThan(0);
    expect(newOnes.items.every((user) => user.sellerLevel === 'new')).toBe(true);
    const ascending = await listed('sortBy=sellerLevel&order=ASC&limit=100');
    expect(ascending.items[0]!.sellerLevel).toBe('belowStandard');
    const levels = ascending.items.map((user) => user.sellerLevel);
    expect(levels).toEqual([...levels].sort());
    const descending = await listed('sortBy=sellerLevel&order=DESC&limit=1');
    expect(descending.items[0]!.sellerLevel).not.toBe('belowStandard');
    expect((await call('mod', 'GET', '/admin/users?sellerLevel=bronze')).status).toBe(400);
    expect((await call('mod', 'GET', '/admin/users?sortBy=level')).status).toBe(400);
    // It settles every seller the tests above queued (the recount's dozens among them).
  }, 120_000);

  it('answers 404 for an unknown user and 401 without a token', async () => {
    expect((await call('admin', 'GET', '/admin/users/no-such-user/seller-standing')).status).toBe(404);
    expect((await call('admin', 'GET', '/admin/users/no-such-user/seller-standing/defects')).status).toBe(404);
    expect((await call(null, 'GET', `/admin/users/${buyerId}/seller-standing`)).status).toBe(401);
    expect((await call('stbuyer', 'GET', `/admin/users/${buyerId}/seller-standing`)).status).toBe(403);
  });
}
