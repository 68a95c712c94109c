// The standing's record summed from the kept day buckets (seller_standing_days, migration 0101),
// equal to standingRecordAt over every order (the property test, seller-standing-recount.ts).
// A bucket is one seller's UTC day; the window's whole days come from the buckets, and the days
// a bucket cannot answer are read order by order: the days the window's edges cut (now and 7 days
// ahead, 90 and 365 days back), today, and a day whose unshipped orders fall late between the
// instants judged (some late, some not).
import {
  STANDING_LONG_WINDOW_DAYS,
  STANDING_WINDOW_DAYS,
  type SellerRecord,
  type StandingOrder,
  standingWindowStart,
} from '../../../shared/rules/seller-level.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** One kept bucket, its day as the epoch ms of its UTC midnight. */
export interface StandingDay {
  dayMs: number;
  orders: number;
  defects: number;
  shippedLate: number;
  unshipped: number;
  /** When the first and the last of the day's unshipped orders fall late (null without any). */
  unshippedLateFromMinMs: number | null;
  unshippedLateFromMaxMs: number | null;
  ratingSum: number;
  ratingCount: number;
}

/** The days before today that must be read order by order to judge at each of `instants`. */
export function daysReadByOrder(days: readonly StandingDay[], nowMs: number, instants: readonly number[]): number[] {
  const detail = new Set<number>();
  for (const at of instants)
    for (const span of [STANDING_WINDOW_DAYS, STANDING_LONG_WINDOW_DAYS]) detail.add(dayOf(at - span * DAY_MS));
  for (const day of days) {
    const { unshippedLateFromMinMs: min, unshippedLateFromMaxMs: max } = day;
    if (day.unshipped > 0 && min !== null && max !== null && instants.some((at) => min <= at && at < max))
      detail.add(day.dayMs);
  }
  const today = dayOf(nowMs);
  return [...detail].filter((day) => day < today).sort((a, b) => a - b);
}

/**
 * The window and record at `atMs` (as standingRecordAt), from the buckets of the days not read by
 * order (`byOrder` and today onwards) plus the orders and ratings of those read by order.
 */
export function recordFromDays(
  days: readonly StandingDay[],
  byOrder: ReadonlySet<number>,
  nowMs: number,
  orders: readonly StandingOrder[],
  ratings: readonly { createdAtMs: number; rate: number }[],
  atMs: number,
  isLate: (paidAtMs: number, shippedAtMs: number | null, nowMs: number) => boolean,
): { fromMs: number; record: SellerRecord } {
  // A summed day lies wholly inside a window starting before it, or wholly outside: the day the
  // start cuts is read by order, and every summed day ends before today, so before `atMs`.
  const today = dayOf(nowMs);
  const summed = days.filter((day) => day.dayMs < today && !byOrder.has(day.dayMs));
  const inside = (at: number) => (ms: number) => ms > at && ms <= atMs;
  const sum = (items: readonly StandingDay[], of: (day: StandingDay) => number) =>
    items.reduce((total, day) => total + of(day), 0);

  const last90 = inside(atMs - STANDING_WINDOW_DAYS * DAY_MS);
  const inLast90 =
    orders.filter((order) => last90(order.createdAtMs)).length +
    sum(
      summed.filter((day) => day.dayMs > atMs - STANDING_WINDOW_DAYS * DAY_MS),
      (day) => day.orders,
    );
  const fromMs = standingWindowStart(atMs, inLast90);
  const inWindow = inside(fromMs);
  const windowDays = summed.filter((day) => day.dayMs > fromMs);
  const windowOrders = orders.filter((order) => inWindow(order.createdAtMs));
  const rated = ratings.filter((rating) => inWindow(rating.createdAtMs));

  const unshippedLate = (day: StandingDay) =>
    day.unshipped > 0 && day.unshippedLateFromMaxMs !== null && day.unshippedLateFromMaxMs <= atMs ? day.unshipped : 0;
  const ratingCount = rated.length + sum(windowDays, (day) => day.ratingCount);
  const ratingSum = rated.reduce((total, rating) => total + rating.rate, 0) + sum(windowDays, (day) => day.ratingSum);
  return {
    fromMs,
    record: {
      orders: windowOrders.length + sum(windowDays, (day) => day.orders),
      defects: windowOrders.filter((order) => order.defect).length + sum(windowDays, (day) => day.defects),
      lateShipments:
        windowOrders.filter((order) => !order.cancelled && isLate(order.paidAtMs, order.shippedAtMs, atMs)).length +
        sum(windowDays, (day) => day.shippedLate + unshippedLate(day)),
      averageRating: ratingCount === 0 ? null : ratingSum / ratingCount,
    },
  };
}
