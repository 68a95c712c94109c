// The status families `GET /order?statusFamily=` filters by: the few stages a buyer or a seller
// thinks of an order in, each a fixed set of raw statuses. Every status is in exactly
// one family, so the families split the order history without gaps or overlaps.
import { ORDER_STATUSES, type OrderStatus } from '../contract/enums.js';
import { shippingManagerSection } from './order-status.js';

export const ORDER_STATUS_FAMILIES = ['awaitingPayment', 'preparing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatusFamily = (typeof ORDER_STATUS_FAMILIES)[number];

/**
 * awaitingPayment: not paid yet (Pending, PAYMENT_FAILED). preparing: paid, not handed to the
 * carrier (the shipping manager's createLabel and markShipped sections; the tracking screen's
 * 'Preparing'). shipped and delivered: the shipping manager's sections of those names.
 */
export function orderStatusFamily(status: OrderStatus): OrderStatusFamily {
  if (status === 'Pending' || status === 'PAYMENT_FAILED') return 'awaitingPayment';
  if (status === 'cancelled') return 'cancelled';
  const section = shippingManagerSection(status);
  if (section === 'createLabel' || section === 'markShipped') return 'preparing';
  if (section === 'delivered') return 'delivered';
  return 'shipped';
}

/** The raw statuses of a family, for a `status IN (…)` filter. */
export function statusesOfFamily(family: OrderStatusFamily): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => orderStatusFamily(status) === family);
}
