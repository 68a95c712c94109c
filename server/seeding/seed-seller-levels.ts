// Demo sellers at each level, so the Users screen's level filter and the drawer's standing show
// every level on the first `npm start`: a top seller (120 clean orders over the last 80 days and
// five-star ratings), a standard one (30 clean orders), one below standard with late shipments
// (40 orders, 6 shipped 8 days after payment, 1 cancelled) and a new one (3 orders). Their orders
// go in like any order (the standing's triggers count them); then their levels are settled as the
// level sweep would (stored, notified, audited).
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { users } from '../platform/db/schema/index.js';
import { readRows, sqlRow } from '../platform/db/sql-row.js';
import { settleSellerLevel } from '../modules/seller-standing/index.js';

const DAY_MS = 86_400_000;

interface DemoSeller {
  userName: string;
  orders: number;
  /** Shipped 8 days after payment (past the 3 business days of the shipping deadline). */
  late: number;
  cancelled: number;
  fiveStarRatings: number;
}

export const DEMO_SELLERS: readonly DemoSeller[] = [
  { userName: 'demo_top_seller', orders: 120, late: 0, cancelled: 0, fiveStarRatings: 20 },
  { userName: 'demo_steady_seller', orders: 30, late: 0, cancelled: 0, fiveStarRatings: 3 },
  { userName: 'demo_late_seller', orders: 40, late: 6, cancelled: 1, fiveStarRatings: 0 },
  { userName: 'demo_new_seller', orders: 3, late: 0, cancelled: 0, fiveStarRatings: 0 },
];

export async function seedDemoSellerLevels(db: Db, nowMs = Date.now()): Promise<{ demoSellers: number }> {
  const exists = await readRows(
    db,
    sqlRow(users, 'id'),
    sql`SELECT id FROM users WHERE user_name = ${DEMO_SELLERS[0]!.userName} LIMIT 1`,
  );
  if (exists.length > 0) return { demoSellers: 0 };
  const [buyer] = await readRows(
    db,
    sqlRow(users, 'id'),
    sql`SELECT id FROM users WHERE deleted_at IS NULL AND is_guest = false ORDER BY created_at, id LIMIT 1`,
  );
  if (!buyer) return { demoSellers: 0 };
  const made: string[] = [];
  for (const seller of DEMO_SELLERS) {
    await db.transaction(async (tx) => {
      const [user] = await readRows(
        tx,
        sqlRow(users, 'id'),
        sql`INSERT INTO users (firebase_id, email, user_name, seller_enabled, created_at)
            VALUES (${`demo-${seller.userName}`}, ${`${seller.userName}@example.com`}, ${seller.userName}, true,
                    ${new Date(nowMs - 400 * DAY_MS)})
            RETURNING id`,
      );
      const sellerId = user!.id;
      made.push(sellerId);
      // One statement per table (row i: created i·78/n days before 2 days ago, so row 0 is the
      // newest; the oldest `late` shipped 8 days after payment and delivered 2 days later, the
      // `cancelled` before them cancelled, the rest shipped the next day and delivered the day
      // after). A payout delivered within the last 7 days is still owed (pending): the level's
      // hold has something to hold and the Settings preview something to move.
      const title = seller.userName.replace('demo_', '').replaceAll('_', ' ');
      await tx.execute(
        sql`WITH rows AS (
              SELECT i, ${new Date(nowMs)}::timestamptz - make_interval(days => 2 + (i * 78) / ${seller.orders})
                       - make_interval(mins => i) AS created_at,
                     i >= ${seller.orders - seller.late} AS late,
                     i < ${seller.orders - seller.late}
                       AND i >= ${seller.orders - seller.late - seller.cancelled} AS cancelled
                FROM generate_series(0, ${seller.orders - 1}) AS i),
            listed AS (
              INSERT INTO listings (user_id, title, listing_type, price_cents, status, created_at, description)
              SELECT ${sellerId}, ${title} || ' lot ' || (i + 1), 'default', 2500, 'sold', created_at, i::text
                FROM rows
              RETURNING id, description)
            INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at, shipped_at, delivered_at,
                                payout_cents)
            SELECT l.id, ${sellerId}, ${buyer.id}, 2500,
                   CASE WHEN r.cancelled THEN 'cancelled' ELSE 'SHIPPING_DELIVERED' END, r.created_at,
                   CASE WHEN r.cancelled THEN NULL
                        ELSE r.created_at + make_interval(days => CASE WHEN r.late THEN 8 ELSE 1 END) END,
                   CASE WHEN r.cancelled THEN NULL
                        ELSE r.created_at + make_interval(days => CASE WHEN r.late THEN 10 ELSE 2 END) END,
                   CASE WHEN NOT r.cancelled AND r.created_at > ${new Date(nowMs)}::timestamptz - interval '9 days'
                        THEN 2325 END
              FROM rows r JOIN listed l ON l.description = r.i::text`,
      );
      await tx.execute(
        sql`INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
            SELECT id, 'order_payment', 'succeeded', 2500, created_at FROM orders WHERE seller_id = ${sellerId}`,
      );
      await tx.execute(sql`UPDATE listings SET description = 'A demo lot.' WHERE user_id = ${sellerId}`);
      for (let i = 0; i < seller.fiveStarRatings; i += 1) {
        await tx.execute(
          sql`INSERT INTO ratings (seller_id, buyer_id, rate, experience, created_at)
              VALUES (${sellerId}, ${buyer.id}, 5, 'Fast and as described', ${new Date(nowMs - (3 + i) * DAY_MS)})`,
        );
      }
    });
  }
  // Their levels, as the sweep would settle them (the seeded history's sellers are the sweep's: it
  // queues every seller on its first pass after the start).
  for (const sellerId of made) await db.transaction((tx) => settleSellerLevel(tx, sellerId, nowMs));
  return { demoSellers: DEMO_SELLERS.length };
}
