// A seller's standing (ARCHITECTURE.md, "Seller standing"): the window's whole days summed from
// the kept day buckets (seller_standing_days, migration 0101, standing-days.ts), the days a bucket
// cannot answer read order by order (found by the orders' seller and creation index), each order
// with its payment time, shipment and whether it is a defect (cancelled, an order issue upheld, or
// a dispute lost), the ratings likewise, and how the seller answers buyers' chats; the pure rules
// (shared/rules/seller-level.ts, shipping-deadline.ts) turn them into the window, metrics, level
// and projected level. recountedSellerStandingOf reads every order instead: the definition.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
import {
  type SellerRecord,
  sellerLevelOf,
  STANDING_LONG_WINDOW_DAYS,
  type StandingOrder,
  standingRecordAt,
} from '../../../shared/rules/seller-level.js';
import { isLateShipment } from '../../../shared/rules/shipping-deadline.js';
import type { Executor } from '../../platform/db/database.js';
import { orders, ratings, sellerStandingDays, transactions, users } from '../../platform/db/schema/index.js';
import { countValue, leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { notFound } from '../../platform/http/errors.js';
import { levelEffectsOf } from './level-effects.js';
import { DAY_MS, daysReadByOrder, recordFromDays, type StandingDay } from './standing-days.js';

/** How far ahead the projected level looks. */
const PROJECTION_DAYS = 7;

const ORDER_ROW = sqlRow(orders, 'created_at', 'status', 'shipped_at').extend({
  paid_at: sqlColumn(transactions, 'created_at'),
  issue_upheld: z.boolean(),
  dispute_lost: z.boolean(),
});
const RATING_ROW = sqlRow(ratings, 'created_at', 'rate');
const DAY_ROW = sqlRow(
  sellerStandingDays,
  'orders',
  'defects',
  'shipped_late',
  'unshipped',
  'unshipped_late_from_min',
  'unshipped_late_from_max',
  'rating_sum',
  'rating_count',
).extend({ day_number: countValue });
const REPLY_ROW = leftJoined({ asked: countValue, answered: countValue });

const msOf = (value: Date | string) => new Date(value).getTime();

/** The orders (and ratings) read one by one: created inside one of `ranges` ([from, to) in epoch ms, `to` null: no end). */
type Ranges = readonly (readonly [number, number | null])[];
const inRanges = (column: SQL, ranges: Ranges) =>
  sql.join(
    ranges.map(([from, to]) =>
      to === null
        ? sql`(${column} >= ${new Date(from)})`
        : sql`(${column} >= ${new Date(from)} AND ${column} < ${new Date(to)})`,
    ),
    sql` OR `,
  );

async function ordersIn(db: Executor, userId: string, ranges: Ranges): Promise<StandingOrder[]> {
  if (ranges.length === 0) return [];
  // A paid order: one with a succeeded payment; it is judged from the payment's time.
  const orderRows = await readRows(
    db,
    ORDER_ROW,
    sql`SELECT o.created_at, o.status, o.shipped_at, p.paid_at,
               EXISTS (SELECT 1 FROM review_cases c
                        WHERE c.source = 'orderIssue' AND c.subject_type = 'order' AND c.subject_id = o.id
                          AND c.status = 'resolved' AND c.outcome IS DISTINCT FROM 'dismissed') AS issue_upheld,
               EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = o.id AND d.status = 'lost') AS dispute_lost
          FROM orders o
          JOIN LATERAL (SELECT min(t.created_at) AS paid_at FROM transactions t
                         WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded') p
            ON p.paid_at IS NOT NULL
         WHERE o.seller_id = ${userId} AND o.deleted_at IS NULL AND (${inRanges(sql`o.created_at`, ranges)})`,
  );
  return orderRows.map((row) => ({
    createdAtMs: msOf(row.created_at),
    paidAtMs: msOf(row.paid_at),
    shippedAtMs: row.shipped_at === null ? null : msOf(row.shipped_at),
    cancelled: row.status === 'cancelled',
    // One defect per order, whatever went wrong with it (seller_standing_defect(), migration 0111).
    defect: row.status === 'cancelled' || row.issue_upheld || row.dispute_lost,
  }));
}

async function ratingsIn(db: Executor, userId: string, ranges: Ranges) {
  if (ranges.length === 0) return [];
  const ratingRows = await readRows(
    db,
    RATING_ROW,
    sql`SELECT created_at, rate FROM ratings
         WHERE seller_id = ${userId} AND deleted_at IS NULL AND rate IS NOT NULL
           AND (${inRanges(sql`created_at`, ranges)})`,
  );
  return ratingRows.map((row) => ({ createdAtMs: msOf(row.created_at), rate: row.rate! }));
}

/** The seller's kept buckets from the oldest day a window judged now or 7 days ahead can reach. */
async function keptDays(db: Executor, userId: string, nowMs: number): Promise<StandingDay[]> {
  const rows = await readRows(
    db,
    DAY_ROW,
    sql`SELECT (day - DATE '1970-01-01') AS day_number, orders, defects, shipped_late, unshipped,
               unshipped_late_from_min, unshipped_late_from_max, rating_sum, rating_count
          FROM seller_standing_days
         WHERE seller_id = ${userId} AND day >= ${new Date(nowMs - (STANDING_LONG_WINDOW_DAYS + 1) * DAY_MS).toISOString().slice(0, 10)}::date`,
  );
  return rows.map((row) => ({
    dayMs: Number(row.day_number) * DAY_MS,
    orders: row.orders,
    defects: row.defects,
    shippedLate: row.shipped_late,
    unshipped: row.unshipped,
    unshippedLateFromMinMs: row.unshipped_late_from_min === null ? null : msOf(row.unshipped_late_from_min),
    unshippedLateFromMaxMs: row.unshipped_late_from_max === null ? null : msOf(row.unshipped_late_from_max),
    ratingSum: row.rating_sum,
    ratingCount: row.rating_count,
  }));
}

async function existingUser(db: Executor, userId: string) {
  const [user] = await readRows(
    db,
    sqlRow(users, 'id'),
    sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if (!user) throw notFound('User');
}

/** A seller's standing from the kept day buckets (what the route answers). */
export async function sellerStandingOf(db: Executor, userId: string, nowMs: number): Promise<SellerStanding> {
  await existingUser(db, userId);
  const aheadMs = nowMs + PROJECTION_DAYS * DAY_MS;
  const days = await keptDays(db, userId, nowMs);
  const byOrder = daysReadByOrder(days, nowMs, [nowMs, aheadMs]);
  const ranges: [number, number | null][] = [
    ...byOrder.map((day): [number, number | null] => [day, day + DAY_MS]),
    [Math.floor(nowMs / DAY_MS) * DAY_MS, null],
  ];
  const [standingOrders, rated] = [await ordersIn(db, userId, ranges), await ratingsIn(db, userId, ranges)];
  const byOrderSet = new Set(byOrder);
  const at = (atMs: number) => recordFromDays(days, byOrderSet, nowMs, standingOrders, rated, atMs, isLateShipment);
  return standingFrom(db, userId, nowMs, at(nowMs), at(aheadMs));
}

/**
 * The same standing recounted from every order and rating of the last 365 days (no bucket): the
 * definition the kept read must equal (the property test) and what a bucket is checked against.
 */
export async function recountedSellerStandingOf(db: Executor, userId: string, nowMs: number): Promise<SellerStanding> {
  await existingUser(db, userId);
  const since = nowMs - STANDING_LONG_WINDOW_DAYS * DAY_MS;
  const ranges: [number, number | null][] = [[since, null]];
  const [standingOrders, rated] = [await ordersIn(db, userId, ranges), await ratingsIn(db, userId, ranges)];
  const at = (atMs: number) => standingRecordAt(standingOrders, rated, atMs, isLateShipment);
  return standingFrom(db, userId, nowMs, at(nowMs), at(nowMs + PROJECTION_DAYS * DAY_MS));
}

type Judged = { fromMs: number; record: SellerRecord };

async function standingFrom(
  db: Executor,
  userId: string,
  nowMs: number,
  now: Judged,
  ahead: Judged,
): Promise<SellerStanding> {
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
    effects: (await levelEffectsOf(db))[level],
  };
}
