// Which order status may follow which, and who may make the move (the enumeration lists the statuses
// but says "Exact allowed transitions: not shown"; this table is the choice, see
// server/modules/README.md). Every new order's status goes through `creationRefusal`, every later
// write of `orders.status` through `transitionRefusal`.
import { CARRIER_TRACKING_STATUSES, EXCEPTION_ORDER_STATUSES, type OrderStatus } from '../contract/enums.js';

/**
 * Who moves an order: the payment made when it is sold (purchase, accepted offer, auction or
 * giveaway close), its buyer paying again (`/payments/retry`), its seller (labels, mark shipped),
 * the carrier (tracking updates) or an admin (cancel).
 */
export type OrderActor = 'payment' | 'buyer' | 'seller' | 'carrier' | 'admin';

/** How an order comes to be: a buy-now purchase, an accepted offer, a won auction or giveaway. */
export const ORDER_KINDS = ['buyNow', 'offer', 'auction', 'giveaway'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

// Every sale starts Pending and its payment moves it on in the same transaction, so the charge
// is a move of the table like any other. A giveaway's order is a $0 payment that goes the same way.
const INITIAL_STATUSES: Record<OrderKind, readonly OrderStatus[]> = {
  buyNow: ['Pending'],
  offer: ['Pending'],
  auction: ['Pending'],
  giveaway: ['Pending'],
};

/** The statuses a new order of `kind` may be written with. */
export function initialOrderStatuses(kind: OrderKind): readonly OrderStatus[] {
  return INITIAL_STATUSES[kind];
}

/** Why a new order of `kind` may not start in `status`, or null when it may. */
export function creationRefusal(status: OrderStatus, kind: OrderKind): string | null {
  if (initialOrderStatuses(kind).includes(status)) return null;
  return `A new ${kind} order cannot start as ${status}`;
}

const carrier: readonly OrderStatus[] = CARRIER_TRACKING_STATUSES;
const exceptions: readonly OrderStatus[] = EXCEPTION_ORDER_STATUSES;
/** Where a carrier scan may take a parcel it has: on its way, an exception, or delivered. */
const onTheWay: readonly OrderStatus[] = ['Shipped', ...carrier, ...exceptions, 'SHIPPING_DELIVERED'];

type Moves = Partial<Record<OrderActor, readonly OrderStatus[]>>;

function movesFrom(status: OrderStatus): Moves {
  switch (status) {
    case 'Pending':
      return { payment: ['PAYMENT_CONFIRMED', 'PAYMENT_FAILED'], admin: ['cancelled'] };
    case 'PAYMENT_FAILED':
      // Only the buyer's retry pays it (no second charge from the sale's path); a failed retry
      // leaves the order where it is: no move.
      return { buyer: ['PAYMENT_CONFIRMED'], admin: ['cancelled'] };
    case 'PAYMENT_CONFIRMED':
      return {
        seller: ['SHIPPING_LABEL_PRINTED', 'SHIPPING_LABEL_FAILED', 'SHIPPING_MARKED_SHIPPED'],
        admin: ['cancelled'],
      };
    case 'SHIPPING_LABEL_FAILED':
      // Retry the label (it may fail again, with a new reason) or ship with a label of one's own.
      return {
        seller: ['SHIPPING_LABEL_PRINTED', 'SHIPPING_LABEL_FAILED', 'SHIPPING_MARKED_SHIPPED'],
        admin: ['cancelled'],
      };
    case 'SHIPPING_LABEL_PRINTED':
      // One label per order: printing again is refused. The carrier may scan the parcel before the
      // seller marks it shipped. The parcel has not left yet, so an admin may still cancel.
      return { seller: ['SHIPPING_MARKED_SHIPPED'], carrier: onTheWay, admin: ['cancelled'] };
    case 'SHIPPING_MARKED_SHIPPED':
    case 'Shipped':
      return { carrier: onTheWay.filter((next) => next !== status) };
    case 'return_to_sender':
      // Back with the seller: the end of the parcel's road (an admin refunds the buyer).
      return {};
    case 'SHIPPING_DELIVERED':
    case 'cancelled':
      return {};
    default:
      // The in-transit family and the other exceptions: any other carrier status, or delivered.
      return { carrier: onTheWay.filter((next) => next !== status && next !== 'Shipped') };
  }
}

/** The statuses `actor` may move an order in `from` to. */
export function nextOrderStatuses(from: OrderStatus, actor: OrderActor): readonly OrderStatus[] {
  return movesFrom(from)[actor] ?? [];
}

/** A status nobody can move an order out of. */
export function isTerminalOrderStatus(status: OrderStatus): boolean {
  return Object.values(movesFrom(status)).every((moves) => moves.length === 0);
}

/** Why `actor` may not move an order from `from` to `to`, or null when it may. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus, actor: OrderActor): string | null {
  if (nextOrderStatuses(from, actor).includes(to)) return null;
  if (from === 'cancelled') return 'Order is cancelled';
  if (from === 'SHIPPING_DELIVERED') return 'Order has been delivered';
  if (from === to) return `Order is already ${to}`;
  return `Order cannot move from ${from} to ${to}`;
}
