// Which orders an admin may cancel: only those that have not left the seller yet. Once a
// parcel is on its way (shipped, in transit, carrier exception) or delivered, cancelling
// would not bring it back; a cancelled order cannot be cancelled twice.
import type { OrderStatus } from '../../shared/contract/enums.js';

const CANCELLABLE: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'Pending',
  'PAYMENT_CONFIRMED',
  'PAYMENT_FAILED',
  'SHIPPING_LABEL_PRINTED',
  'SHIPPING_LABEL_FAILED',
]);

/** Why the order cannot be cancelled, or null when it can. */
export function cancellationRefusal(status: OrderStatus): string | null {
  if (CANCELLABLE.has(status)) return null;
  if (status === 'cancelled') return 'Order is already cancelled';
  if (status === 'SHIPPING_DELIVERED') return 'Order cannot be cancelled: it has been delivered';
  return `Order cannot be cancelled: it has already shipped (status ${status})`;
}
