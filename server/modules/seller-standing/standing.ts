// A seller's standing, read on demand from our own records (ARCHITECTURE.md, "Seller standing"):
// their paid orders of the last 365 days (found by the orders' seller index), each with its payment
// time, shipment and whether it is a defect (cancelled, or an order issue upheld), their ratings
// and how they answer buyers' chats; the pure rules (shared/rules/seller-level.ts,
// shipping-deadline.ts) turn them into the window, metrics, level and projected level.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
import {
  DEFAULT_LEVEL_EFFECTS,
  sellerLevelOf,
  STANDING_LONG_WINDOW_DAYS,
  type StandingOrder,
  standingRecordAt,
} from '../../../shared/rules/seller-level.js';
import { isLateShipment } from '../../../shared/rules/shipping-deadline.js';
import type { Executor } from '../../platform/db/database.js';
import { orders, ratings, transactions, users } from '../../platform/db/schema/index.js';
import { countValue, leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { notFound } from '../../platform/http/errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the projected level looks. */
const PROJECTION_DAYS = 7;

const ORDER_ROW = sqlRow(orders, 'created_at', 'status', 'shipped_at').extend({
  paid_at: sqlColumn(transactions, 'created_at'),
  issue_upheld: z.boolean(),
});
const RATING_ROW = sqlRow(ratings, 'created_at', 'rate');
const REPLY_ROW = leftJoined({ asked: countValue, answered: countValue });

const msOf = (value: Date | string) => new Date(value).getTime();

export async function sellerStandingOf(db: Executor, userId: string, nowMs: number): Promise<SellerStanding> {
  const [user] = await readRows(
    db,
    sqlRow(users, 'id'),
    sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if (!user) throw notFound('User');
  const since = new Date(nowMs - STANDING_LONG_WINDOW_DAYS * DAY_MS);
  // A paid order: one with a succeeded payment; it is judged from the payment's time.
  const orderRows = await readRows(
    db,
    ORDER_ROW,
    sql`SELECT o.created_at, o.status, o.shipped_at, p.paid_at,
               EXISTS (SELECT 1 FROM review_cases c
                        WHERE c.source = 'orderIssue' AND c.subject_type = 'order' AND c.subject_id = o.id
                          AND c.status = 'resolved' AND c.outcome IS DISTINCT FROM 'dismissed') AS issue_upheld
          FROM orders o
          JOIN LATERAL (SELECT min(t.created_at) AS paid_at FROM transactions t
                         WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded') p
            ON p.paid_at IS NOT NULL
         WHERE o.seller_id = ${userId} AND o.deleted_at IS NULL AND o.created_at > ${since}`,
  );
  const standingOrders: StandingOrder[] = orderRows.map((row) => ({
    createdAtMs: msOf(row.created_at),
    paidAtMs: msOf(row.paid_at),
    shippedAtMs: row.shipped_at === null ? null : msOf(row.shipped_at),
    cancelled: row.status === 'cancelled',
    defect: row.status === 'cancelled' || row.issue_upheld,
  }));
  const ratingRows = await readRows(
    db,
    RATING_ROW,
    sql`SELECT created_at, rate FROM ratings
         WHERE seller_id = ${userId} AND deleted_at IS NULL AND rate IS NOT NULL AND created_at > ${since}`,
  );
  const rated = ratingRows.map((row) => ({ createdAtMs: msOf(row.created_at), rate: row.rate! }));

  const now = standingRecordAt(standingOrders, rated, nowMs, isLateShipment);
  const ahead = standingRecordAt(standingOrders, rated, nowMs + PROJECTION_DAYS * DAY_MS, isLateShipment);
  const level = sellerLevelOf(now.record);
  const { orders: count, defects, lateShipments, averageRating } = now.record;

  // Chats a buyer opened in the window (their first message before any of the seller's), and how
  // many of them the seller answered within 24 hours.
  const [replies] = await readRows(
    db,
    REPLY_ROW,
    sql`WITH opened AS (
          SELECT c.id, min(m.created_at) AS asked_at
            FROM chats c JOIN chat_messages m ON m.chat_id = c.id AND m.user_id <> ${userId}
           WHERE (c.user_id = ${userId} OR c.other_user_id = ${userId}) AND c.deleted_at IS NULL
           GROUP BY c.id
          HAVING min(m.created_at) > ${new Date(now.fromMs)})
        SELECT count(*) AS asked,
               count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM chat_messages r
                  WHERE r.chat_id = o.id AND r.user_id = ${userId}
                    AND r.created_at >= o.asked_at AND r.created_at <= o.asked_at + interval '24 hours')) AS answered
          FROM opened o`,
  );
  const asked = Number(replies?.asked ?? 0);
  return {
    level,
    projectedLevel: sellerLevelOf(ahead.record),
    window: { from: new Date(now.fromMs).toISOString(), to: new Date(nowMs).toISOString(), orders: count },
    metrics: {
      defectRate: count === 0 ? 0 : defects / count,
      lateShipmentRate: count === 0 ? 0 : lateShipments / count,
      replyWithin24hRate: asked === 0 ? null : Number(replies?.answered ?? 0) / asked,
      averageRating: averageRating === null ? null : Math.round(averageRating * 100) / 100,
    },
    effects: DEFAULT_LEVEL_EFFECTS[level],
  };
}
