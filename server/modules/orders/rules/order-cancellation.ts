// Which orders an admin may cancel: only those that have not left the seller yet. Once a
// parcel is on its way (shipped, in transit, carrier exception) or delivered, cancelling
// would not bring it back; a cancelled order cannot be cancelled twice. The set is the order
// transition table's (shared/rules/order-transitions.ts) admin moves to `cancelled`.
import type { OrderStatus } from '../../../../shared/contract/enums.js';
import { transitionRefusal } from '../../../../shared/rules/order-transitions.js';

/** Why the order cannot be cancelled, or null when it can. */
export function cancellationRefusal(status: OrderStatus): string | null {
  if (transitionRefusal(status, 'cancelled', 'admin') === null) return null;
  if (status === 'cancelled') return 'Order is already cancelled';
  if (status === 'SHIPPING_DELIVERED') return 'Order cannot be cancelled: it has been delivered';
  return `Order cannot be cancelled: it has already shipped (status ${status})`;
}
