import { describe, expect, it } from 'vitest';
import {
  CARRIER_TRACKING_STATUSES,
  EXCEPTION_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../contract/enums.js';
import {
  ORDER_STATUS_FAMILIES,
  type OrderStatusFamily,
  orderStatusFamily,
  statusesOfFamily,
} from './order-status-family.js';

const rows: [OrderStatus, OrderStatusFamily][] = [
  ['Pending', 'awaitingPayment'],
  ['PAYMENT_FAILED', 'awaitingPayment'],
  ['PAYMENT_CONFIRMED', 'preparing'],
  ['SHIPPING_LABEL_FAILED', 'preparing'],
  ['SHIPPING_LABEL_PRINTED', 'preparing'],
  ['SHIPPING_MARKED_SHIPPED', 'shipped'],
  ['Shipped', 'shipped'],
  ...CARRIER_TRACKING_STATUSES.map((s): [OrderStatus, OrderStatusFamily] => [s, 'shipped']),
  ...EXCEPTION_ORDER_STATUSES.map((s): [OrderStatus, OrderStatusFamily] => [s, 'shipped']),
  ['SHIPPING_DELIVERED', 'delivered'],
  ['cancelled', 'cancelled'],
];

describe('order status family', () => {
  it.each(rows)('%s → %s', (status, family) => expect(orderStatusFamily(status)).toBe(family));

  it('puts every status in exactly one family', () => {
    expect(rows.map(([status]) => status).sort()).toEqual([...ORDER_STATUSES].sort());
    const all = ORDER_STATUS_FAMILIES.flatMap(statusesOfFamily);
    expect(all.sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("lists a family's statuses", () => {
    expect(statusesOfFamily('awaitingPayment')).toEqual(['Pending', 'PAYMENT_FAILED']);
    expect(statusesOfFamily('delivered')).toEqual(['SHIPPING_DELIVERED']);
  });
});
