// When a paid order must have shipped (DECISIONS "Sellers over time": late = shipped more than 3
// business days after payment). Business days are Monday to Friday in UTC, the day of payment not
// counted: an order paid on Monday at 10:00 may ship until the end of Thursday, one paid on Friday
// (or over the weekend) until the end of Wednesday. No public holidays are kept.
const DAY_MS = 24 * 60 * 60 * 1000;
export const SHIPPING_BUSINESS_DAYS = 3;

const isBusinessDay = (dayStartMs: number) => {
  const weekday = new Date(dayStartMs).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The last instant (epoch ms) an order paid at `paidAtMs` may ship without being late. */
export function shippingDeadline(paidAtMs: number): number {
  let day = Math.floor(paidAtMs / DAY_MS) * DAY_MS;
  let counted = 0;
  while (counted < SHIPPING_BUSINESS_DAYS) {
    day += DAY_MS;
    if (isBusinessDay(day)) counted += 1;
  }
  return day + DAY_MS - 1;
}

/**
 * Whether the order's shipment is late: shipped after its deadline, or not shipped while its
 * deadline has passed (a seller who never ships is late from then on).
 */
export function isLateShipment(paidAtMs: number, shippedAtMs: number | null, nowMs: number): boolean {
  return (shippedAtMs ?? nowMs) > shippingDeadline(paidAtMs);
}
