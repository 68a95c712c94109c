// A seller's level (DECISIONS "Sellers over time"), from the orders of their standing window: `new`
// under 10 orders; `belowStandard` over 2% defects or over 7% late shipments; `top` at 100 orders
// or more with at most 0.5% defects, at most 3% late and an average rating of at least 4.8; else
// `standard`. Rates are compared in whole counts (defects × 1000 against orders × per-mille), so a
// boundary such as 1 defect in 50 orders (exactly 2%) is never tipped over by a rounding.
export const SELLER_LEVELS = ['new', 'belowStandard', 'standard', 'top'] as const;
export type SellerLevel = (typeof SELLER_LEVELS)[number];

/** The window's counts the level is decided by. */
export interface SellerRecord {
  orders: number;
  /** Orders cancelled by the seller or for non-delivery, order issues upheld, disputes lost. */
  defects: number;
  /** Orders shipped (or still unshipped) past their shipping deadline (`shippingDeadline`). */
  lateShipments: number;
  /** The average of the window's ratings, null without any. */
  averageRating: number | null;
}

const NEW_BELOW_ORDERS = 10;
const TOP_FROM_ORDERS = 100;
/** Per mille of the window's orders. */
const BELOW_STANDARD_DEFECTS_OVER = 20;
const BELOW_STANDARD_LATE_OVER = 70;
const TOP_DEFECTS_AT_MOST = 5;
const TOP_LATE_AT_MOST = 30;
const TOP_RATING_AT_LEAST = 4.8;

export function sellerLevelOf(record: SellerRecord): SellerLevel {
  const { orders, defects, lateShipments, averageRating } = record;
  if (orders < NEW_BELOW_ORDERS) return 'new';
  if (defects * 1000 > BELOW_STANDARD_DEFECTS_OVER * orders) return 'belowStandard';
  if (lateShipments * 1000 > BELOW_STANDARD_LATE_OVER * orders) return 'belowStandard';
  const top =
    orders >= TOP_FROM_ORDERS &&
    defects * 1000 <= TOP_DEFECTS_AT_MOST * orders &&
    lateShipments * 1000 <= TOP_LATE_AT_MOST * orders &&
    averageRating !== null &&
    averageRating >= TOP_RATING_AT_LEAST;
  return top ? 'top' : 'standard';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The window is the last 90 days, or the last 365 when those 90 hold fewer than 100 orders. */
export const STANDING_WINDOW_DAYS = 90;
export const STANDING_LONG_WINDOW_DAYS = 365;
export const STANDING_WINDOW_MIN_ORDERS = 100;

/** Where the standing window starts, given how many orders the last 90 days hold. */
export function standingWindowStart(nowMs: number, ordersInLast90Days: number): number {
  const days = ordersInLast90Days < STANDING_WINDOW_MIN_ORDERS ? STANDING_LONG_WINDOW_DAYS : STANDING_WINDOW_DAYS;
  return nowMs - days * DAY_MS;
}

/** What each level does (DECISIONS' defaults): payout hold days after delivery, and the active-listing cap. */
export interface LevelEffects {
  payoutHoldDays: number;
  activeListingCap: number | null;
}
export const DEFAULT_LEVEL_EFFECTS: Readonly<Record<SellerLevel, LevelEffects>> = {
  new: { payoutHoldDays: 3, activeListingCap: 50 },
  belowStandard: { payoutHoldDays: 7, activeListingCap: 20 },
  standard: { payoutHoldDays: 0, activeListingCap: null },
  top: { payoutHoldDays: 0, activeListingCap: null },
};

/** One of the seller's paid orders, as the standing counts it. */
export interface StandingOrder {
  createdAtMs: number;
  paidAtMs: number;
  shippedAtMs: number | null;
  /** Cancelled, an order issue upheld, or a dispute lost. */
  defect: boolean;
  cancelled: boolean;
}

/** The window (`standingWindowStart`) and its record at `atMs`, from the seller's orders and ratings. */
export function standingRecordAt(
  orders: readonly StandingOrder[],
  ratings: readonly { createdAtMs: number; rate: number }[],
  atMs: number,
  isLate: (paidAtMs: number, shippedAtMs: number | null, nowMs: number) => boolean,
): { fromMs: number; record: SellerRecord } {
  const inLast90 = orders.filter(
    (order) => order.createdAtMs > atMs - STANDING_WINDOW_DAYS * DAY_MS && order.createdAtMs <= atMs,
  ).length;
  const fromMs = standingWindowStart(atMs, inLast90);
  const window = orders.filter((order) => order.createdAtMs > fromMs && order.createdAtMs <= atMs);
  const rated = ratings.filter((rating) => rating.createdAtMs > fromMs && rating.createdAtMs <= atMs);
  return {
    fromMs,
    record: {
      orders: window.length,
      defects: window.filter((order) => order.defect).length,
      lateShipments: window.filter((order) => !order.cancelled && isLate(order.paidAtMs, order.shippedAtMs, atMs))
        .length,
      averageRating: rated.length === 0 ? null : rated.reduce((sum, rating) => sum + rating.rate, 0) / rated.length,
    },
  };
}
