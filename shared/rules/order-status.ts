// How an order status reads to a seller, a buyer and on the tracking screen, and which
// shipping-manager section it falls in. The admin screens show the raw value.
import {
  CARRIER_TRACKING_STATUSES,
  EXCEPTION_ORDER_STATUSES,
  type OrderStatus,
  type ShippingManagerSection,
} from '../contract/enums.js';

const inTransit: ReadonlySet<string> = new Set(CARRIER_TRACKING_STATUSES);
// return_to_sender is an exception status but has a label of its own.
const exceptions: ReadonlySet<string> = new Set(EXCEPTION_ORDER_STATUSES.filter((s) => s !== 'return_to_sender'));

export function isInTransitStatus(status: OrderStatus): boolean {
  return inTransit.has(status);
}

export function isExceptionStatus(status: OrderStatus): boolean {
  return exceptions.has(status);
}

export function sellerStatusLabel(status: OrderStatus): string {
  if (isInTransitStatus(status)) return 'In Transit';
  if (isExceptionStatus(status)) return 'Issue: Contact USPS';
  switch (status) {
    case 'PAYMENT_FAILED':
      return 'Action needed! Payment failed!';
    case 'PAYMENT_CONFIRMED':
      return 'Awaiting Shipping';
    case 'SHIPPING_LABEL_PRINTED':
      return 'Label Printed';
    case 'SHIPPING_MARKED_SHIPPED':
      return 'Marked Shipped';
    case 'Shipped':
      return 'Shipped';
    case 'SHIPPING_DELIVERED':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    case 'SHIPPING_LABEL_FAILED':
      return 'Shipping label generation failed';
    case 'return_to_sender':
      return 'Returned to sender';
    default:
      // 'Pending' has no label of its own: it reads as itself.
      return status;
  }
}

export function buyerStatusLabel(status: OrderStatus): string {
  if (status === 'PAYMENT_FAILED') return 'Awaiting buyer payment';
  if (isExceptionStatus(status)) return 'Shipped';
  return sellerStatusLabel(status);
}

/** The tracking screen's label: '' while payment failed, 'Issue' for exceptions. */
export function trackingLabel(status: OrderStatus): string {
  if (status === 'PAYMENT_FAILED') return '';
  if (status === 'PAYMENT_CONFIRMED' || status === 'SHIPPING_LABEL_PRINTED') return 'Preparing';
  if (status === 'SHIPPING_MARKED_SHIPPED') return 'Shipped';
  if (status === 'return_to_sender' || isExceptionStatus(status)) return 'Issue';
  return sellerStatusLabel(status);
}

/** The shipping-manager section an order is listed under, or null when it is in none. */
export function shippingManagerSection(status: OrderStatus): ShippingManagerSection | null {
  switch (status) {
    case 'PAYMENT_CONFIRMED':
    case 'SHIPPING_LABEL_FAILED':
      return 'createLabel';
    case 'SHIPPING_LABEL_PRINTED':
      return 'markShipped';
    case 'SHIPPING_DELIVERED':
      return 'delivered';
    case 'Shipped':
    case 'SHIPPING_MARKED_SHIPPED':
    case 'return_to_sender':
      return 'shipped';
    default:
      return isInTransitStatus(status) || isExceptionStatus(status) ? 'shipped' : null;
  }
}
