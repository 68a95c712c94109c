// A seller's standing (ARCHITECTURE.md, "Seller standing"): the window's whole days summed from
// the kept day buckets (seller_standing_days, migration 0101, standing-days.ts), the days a bucket
// cannot answer read order by order (found by the orders' seller and creation index), each order
// with its payment time, shipment and whether it is a defect (cancelled, an order issue upheld, or
// a dispute lost), the ratings likewise, and how the seller answers buyers' chats; the pure rules
// (shared/rules/seller-level.ts, shipping-deadline.ts) turn them into the window, metrics, level
// and projected level. recountedSellerStandingOf reads every order instead: the definition.
//
// Why the kept read is one statement (issue 45: ≤ 3× the user lookup): the user, the buckets, the
// orders and ratings of the days read by order, the chats' replies and the levels' effects were
// six round trips, each a pool checkout and a parse; now they are subqueries of one, each an index
// range of this seller (the buckets: at most 365 + 7 rows), answered as one row of JSON arrays.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
import {
  type SellerRecord,
  sellerLevelOf,
  STANDING_LONG_WINDOW_DAYS,
  STANDING_WINDOW_DAYS,
  type StandingOrder,
  standingRecordAt,
} from '../../../shared/rules/seller-level.js';
import { isLateShipment } from '../../../shared/rules/shipping-deadline.js';
import type { Executor } from '../../platform/db/database.js';
import { countValue, readPreparedRows, readRows } from '../../platform/db/sql-row.js';
import { notFound } from '../../platform/http/errors.js';
import { EFFECTS_JSON, EFFECTS_ROW, levelEffectsFrom } from './level-effects.js';
import { DAY_MS, dayOf, daysReadByOrder, recordFromDays, type StandingDay } from './standing-days.js';

/** How far ahead the projected level looks. */
const PROJECTION_DAYS = 7;

/** An instant as the epoch ms a JS Date holds (the microseconds dropped, as the drivers drop them). */
const msOf = (column: SQL) => sql`floor(extract(epoch FROM ${column}) * 1000)::float8`;

const ORDER_ROW = z.object({
  created_ms: z.number(),
  paid_ms: z.number(),
  shipped_ms: z.number().nullable(),
  cancelled: z.boolean(),
  defect: z.boolean(),
});
const RATING_ROW = z.object({ created_ms: z.number(), rate: z.number() });
const DAY_ROW = z.object({
  day_number: z.number(),
  orders: z.number(),
  defects: z.number(),
  shipped_late: z.number(),
  unshipped: z.number(),
  late_from_min_ms: z.number().nullable(),
  late_from_max_ms: z.number().nullable(),
  rating_sum: z.number(),
  rating_count: z.number(),
});
/** The chats a buyer opened since 90 and since 365 days ago, and how many of each the seller answered within 24 hours. */
const REPLY_COUNTS = {
  asked_recent: countValue,
  answered_recent: countValue,
  asked_long: countValue,
  answered_long: countValue,
};
const SIDE_ROW = z.object({ ...REPLY_COUNTS, effects: z.array(EFFECTS_ROW).nullable() });
const STANDING_ROW = SIDE_ROW.extend({
  seller_exists: z.boolean(),
  days: z.array(DAY_ROW).nullable(),
  orders: z.array(ORDER_ROW).nullable(),
  ratings: z.array(RATING_ROW).nullable(),
});
type SideRow = z.output<typeof SIDE_ROW>;

/** The seller's paid orders created where `createdIn` holds (over `o`), each judged as StandingOrder. */
function paidOrdersWhere(userId: string, createdIn: SQL): SQL {
  // A paid order: one with a succeeded payment; it is judged from the payment's time. One defect
  // per order, whatever went wrong with it (seller_standing_defect(), migration 0111).
  return sql`SELECT ${msOf(sql`o.created_at`)} AS created_ms, ${msOf(sql`p.paid_at`)} AS paid_ms,
                    ${msOf(sql`o.shipped_at`)} AS shipped_ms, o.status = 'cancelled' AS cancelled,
                    o.status = 'cancelled'
                    OR EXISTS (SELECT 1 FROM review_cases c
                                WHERE c.source = 'orderIssue' AND c.subject_type = 'order' AND c.subject_id = o.id
                                  AND c.status = 'resolved' AND c.outcome IS DISTINCT FROM 'dismissed')
                    OR EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = o.id AND d.status = 'lost') AS defect
               FROM orders o
               JOIN LATERAL (SELECT min(t.created_at) AS paid_at FROM transactions t
                              WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded') p
                 ON p.paid_at IS NOT NULL
              WHERE o.seller_id = ${userId} AND o.deleted_at IS NULL AND ${createdIn}`;
}

/** The seller's ratings with a rate created where `createdIn` holds (over `r`). */
function ratingsWhere(userId: string, createdIn: SQL): SQL {
  return sql`SELECT ${msOf(sql`r.created_at`)} AS created_ms, r.rate FROM ratings r
              WHERE r.seller_id = ${userId} AND r.deleted_at IS NULL AND r.rate IS NOT NULL AND ${createdIn}`;
}

/**
 * Chats a buyer opened (their first message before any of the seller's) since each window's
 * start, and how many of them the seller answered within 24 hours: both windows at once, as which
 * one applies is known only once the orders are counted (the 90-day start is after the 365-day's).
 */
function replyCounts(userId: string, nowMs: number): SQL {
  const recent = new Date(nowMs - STANDING_WINDOW_DAYS * DAY_MS);
  const long = new Date(nowMs - STANDING_LONG_WINDOW_DAYS * DAY_MS);
  const answered = sql`EXISTS (SELECT 1 FROM chat_messages r
                                WHERE r.chat_id = o.id AND r.user_id = ${userId}
                                  AND r.created_at >= o.asked_at AND r.created_at <= o.asked_at + interval '24 hours')`;
  return sql`SELECT count(*) FILTER (WHERE o.asked_at > ${recent}) AS asked_recent,
                    count(*) FILTER (WHERE o.asked_at > ${recent} AND ${answered}) AS answered_recent,
                    count(*) AS asked_long,
                    count(*) FILTER (WHERE ${answered}) AS answered_long
               FROM (SELECT c.id, min(m.created_at) AS asked_at
                       FROM chats c JOIN chat_messages m ON m.chat_id = c.id AND m.user_id <> ${userId}
                      WHERE (c.user_id = ${userId} OR c.other_user_id = ${userId}) AND c.deleted_at IS NULL
                      GROUP BY c.id
                     HAVING min(m.created_at) > ${long}) o`;
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A seller's standing from the kept day buckets (what the route answers): one statement. */
export async function sellerStandingOf(db: Executor, userId: string, nowMs: number): Promise<SellerStanding> {
  const aheadMs = nowMs + PROJECTION_DAYS * DAY_MS;
  const today = dayOf(nowMs);
  // The days the window's edges cut, now and 7 days ahead (daysReadByOrder's first rule; they are
  // known before any bucket is read), and the days whose unshipped orders fall late around the
  // instants judged: a superset of daysReadByOrder's days, which then keeps only its own.
  const edges = [nowMs, aheadMs].flatMap((at) =>
    [STANDING_WINDOW_DAYS, STANDING_LONG_WINDOW_DAYS].map((span) => sql`(${utcDate(at - span * DAY_MS)}::date)`),
  );
  // Prepared: planning this statement took three times as long as running it (1.6 ms against 0.5
  // at 100,000 users); its text is the same every time, its values all parameters.
  const [row] = await readPreparedRows(
    db,
    STANDING_ROW,
    sql`WITH days AS MATERIALIZED (
          SELECT day, (day - DATE '1970-01-01') AS day_number, orders, defects, shipped_late, unshipped,
                 unshipped_late_from_min, unshipped_late_from_max, rating_sum, rating_count
            FROM seller_standing_days
           WHERE seller_id = ${userId} AND day >= ${utcDate(nowMs - (STANDING_LONG_WINDOW_DAYS + 1) * DAY_MS)}::date
        ), by_order AS (
          SELECT day FROM (VALUES ${sql.join(edges, sql`, `)}) edge(day)
          UNION
          SELECT day FROM days
           WHERE unshipped > 0 AND unshipped_late_from_min <= ${new Date(aheadMs)}
             AND unshipped_late_from_max > ${new Date(nowMs)}
        ), ranges AS (
          SELECT day::timestamp AT TIME ZONE 'UTC' AS from_at, (day + 1)::timestamp AT TIME ZONE 'UTC' AS to_at
            FROM by_order WHERE day < ${utcDate(today)}::date
          UNION ALL
          SELECT ${new Date(today)}::timestamptz, 'infinity'::timestamptz
        )
        SELECT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NULL) AS seller_exists,
               (SELECT json_agg(json_build_object(
                         'day_number', day_number, 'orders', orders, 'defects', defects, 'shipped_late', shipped_late,
                         'unshipped', unshipped, 'late_from_min_ms', ${msOf(sql`unshipped_late_from_min`)},
                         'late_from_max_ms', ${msOf(sql`unshipped_late_from_max`)},
                         'rating_sum', rating_sum, 'rating_count', rating_count))
                  FROM days) AS days,
               (SELECT json_agg(o) FROM ranges x CROSS JOIN LATERAL (
                  ${paidOrdersWhere(userId, sql`o.created_at >= x.from_at AND o.created_at < x.to_at`)}) o) AS orders,
               (SELECT json_agg(r) FROM ranges x CROSS JOIN LATERAL (
                  ${ratingsWhere(userId, sql`r.created_at >= x.from_at AND r.created_at < x.to_at`)}) r) AS ratings,
               replies.*, ${EFFECTS_JSON} AS effects
          FROM (${replyCounts(userId, nowMs)}) replies`,
  );
  if (!row?.seller_exists) throw notFound('User');

  const days: StandingDay[] = (row.days ?? []).map((day) => ({
    dayMs: day.day_number * DAY_MS,
    orders: day.orders,
    defects: day.defects,
    shippedLate: day.shipped_late,
    unshipped: day.unshipped,
    unshippedLateFromMinMs: day.late_from_min_ms,
    unshippedLateFromMaxMs: day.late_from_max_ms,
    ratingSum: day.rating_sum,
    ratingCount: day.rating_count,
  }));
  const byOrder = new Set(daysReadByOrder(days, nowMs, [nowMs, aheadMs]));
  const readByOrder = (ms: number) => ms >= today || byOrder.has(dayOf(ms));
  const standingOrders = (row.orders ?? []).map(standingOrderOf).filter((order) => readByOrder(order.createdAtMs));
  const rated = (row.ratings ?? []).map(ratingOf).filter((rating) => readByOrder(rating.createdAtMs));
  const at = (atMs: number) => recordFromDays(days, byOrder, nowMs, standingOrders, rated, atMs, isLateShipment);
  return standingFrom(row, nowMs, at(nowMs), at(aheadMs));
}

const standingOrderOf = (row: z.output<typeof ORDER_ROW>): StandingOrder => ({
  createdAtMs: row.created_ms,
  paidAtMs: row.paid_ms,
  shippedAtMs: row.shipped_ms,
  cancelled: row.cancelled,
  defect: row.defect,
});
const ratingOf = (row: z.output<typeof RATING_ROW>) => ({ createdAtMs: row.created_ms, rate: row.rate });

/**
 * The same standing recounted from every order and rating of the last 365 days (no bucket): the
 * definition the kept read must equal (the property test) and what a bucket is checked against.
 */
export async function recountedSellerStandingOf(db: Executor, userId: string, nowMs: number): Promise<SellerStanding> {
  const since = sql`${new Date(nowMs - STANDING_LONG_WINDOW_DAYS * DAY_MS)}::timestamptz`;
  const [side] = await readRows(
    db,
    SIDE_ROW.extend({ seller_exists: z.boolean() }),
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NULL) AS seller_exists,
               replies.*, ${EFFECTS_JSON} AS effects
          FROM (${replyCounts(userId, nowMs)}) replies`,
  );
  if (!side?.seller_exists) throw notFound('User');
  const standingOrders = (await readRows(db, ORDER_ROW, paidOrdersWhere(userId, sql`o.created_at >= ${since}`))).map(
    standingOrderOf,
  );
  const rated = (await readRows(db, RATING_ROW, ratingsWhere(userId, sql`r.created_at >= ${since}`))).map(ratingOf);
  const at = (atMs: number) => standingRecordAt(standingOrders, rated, atMs, isLateShipment);
  return standingFrom(side, nowMs, at(nowMs), at(nowMs + PROJECTION_DAYS * DAY_MS));
}

type Judged = { fromMs: number; record: SellerRecord };

function standingFrom(side: SideRow, nowMs: number, now: Judged, ahead: Judged): SellerStanding {
  const level = sellerLevelOf(now.record);
  const { orders: count, defects, lateShipments, averageRating } = now.record;
  // The window is the 90 days or the 365 (standingWindowStart): its replies are those counted since its start.
  const recent = now.fromMs === nowMs - STANDING_WINDOW_DAYS * DAY_MS;
  const asked = Number(recent ? side.asked_recent : side.asked_long);
  const answered = Number(recent ? side.answered_recent : side.answered_long);
  return {
    level,
    projectedLevel: sellerLevelOf(ahead.record),
    window: { from: new Date(now.fromMs).toISOString(), to: new Date(nowMs).toISOString(), orders: count },
    metrics: {
      defectRate: count === 0 ? 0 : defects / count,
      lateShipmentRate: count === 0 ? 0 : lateShipments / count,
      replyWithin24hRate: asked === 0 ? null : answered / asked,
      averageRating: averageRating === null ? null : Math.round(averageRating * 100) / 100,
    },
    effects: levelEffectsFrom(side.effects ?? [])[level],
  };
}
