import { describe, expect, it } from 'vitest';
import {
  CARRIER_TRACKING_STATUSES,
  EXCEPTION_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../contract/enums.js';
import {
  creationRefusal,
  initialOrderStatuses,
  isTerminalOrderStatus,
  nextOrderStatuses,
  type OrderActor,
  ORDER_KINDS,
  transitionRefusal,
} from './order-transitions.js';

const carrier: OrderStatus[] = [...CARRIER_TRACKING_STATUSES];
const exceptions: OrderStatus[] = [...EXCEPTION_ORDER_STATUSES];
const otherExceptions = exceptions.filter((s) => s !== 'return_to_sender');
const onTheWay: OrderStatus[] = ['Shipped', ...carrier, ...exceptions, 'SHIPPING_DELIVERED'];
const without = (list: OrderStatus[], status: OrderStatus) => list.filter((s) => s !== status);
const sellerLabel: OrderStatus[] = ['SHIPPING_LABEL_PRINTED', 'SHIPPING_LABEL_FAILED', 'SHIPPING_MARKED_SHIPPED'];

type Row = [OrderStatus, Partial<Record<OrderActor, OrderStatus[]>>];
// One row per status of the enumeration: every move it allows, by actor.
const table: Row[] = [
  ['Pending', { payment: ['PAYMENT_CONFIRMED', 'PAYMENT_FAILED'], admin: ['cancelled'] }],
  ['PAYMENT_FAILED', { buyer: ['PAYMENT_CONFIRMED'], admin: ['cancelled'] }],
  ['PAYMENT_CONFIRMED', { seller: sellerLabel, admin: ['cancelled'] }],
  ['SHIPPING_LABEL_FAILED', { seller: sellerLabel, admin: ['cancelled'] }],
  ['SHIPPING_LABEL_PRINTED', { seller: ['SHIPPING_MARKED_SHIPPED'], carrier: onTheWay, admin: ['cancelled'] }],
  ['SHIPPING_MARKED_SHIPPED', { carrier: onTheWay }],
  ['Shipped', { carrier: without(onTheWay, 'Shipped') }],
  ...carrier.map((s): Row => [s, { carrier: without(without(onTheWay, 'Shipped'), s) }]),
  ...otherExceptions.map((s): Row => [s, { carrier: without(without(onTheWay, 'Shipped'), s) }]),
  ['return_to_sender', {}],
  ['SHIPPING_DELIVERED', {}],
  ['cancelled', {}],
];
const actors: OrderActor[] = ['payment', 'buyer', 'seller', 'carrier', 'admin'];

describe('order status transitions', () => {
  it('has one row for every order status', () => {
    expect(table.map(([s]) => s).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each(table)('from %s', (from, moves) => {
    for (const actor of actors) {
      expect({ actor, next: [...nextOrderStatuses(from, actor)].sort() }).toEqual({
        actor,
        next: [...(moves[actor] ?? [])].sort(),
      });
      for (const to of ORDER_STATUSES) {
        const allowed = (moves[actor] ?? []).includes(to);
        const refusal = transitionRefusal(from, to, actor);
        expect({ actor, to, allowed: refusal === null }).toEqual({ actor, to, allowed });
        if (!allowed) expect(refusal!.length).toBeGreaterThan(10);
      }
    }
  });

  it.each([
    ['SHIPPING_LABEL_PRINTED', 'SHIPPING_LABEL_PRINTED', 'seller', 'Order is already SHIPPING_LABEL_PRINTED'],
    ['SHIPPING_DELIVERED', 'cancelled', 'admin', 'Order has been delivered'],
    ['PAYMENT_FAILED', 'PAYMENT_FAILED', 'buyer', 'Order is already PAYMENT_FAILED'],
    ['PAYMENT_CONFIRMED', 'PAYMENT_CONFIRMED', 'buyer', 'Order is already PAYMENT_CONFIRMED'],
    ['PAYMENT_FAILED', 'PAYMENT_CONFIRMED', 'payment', 'Order cannot move from PAYMENT_FAILED to PAYMENT_CONFIRMED'],
    ['cancelled', 'SHIPPING_LABEL_PRINTED', 'seller', 'Order is cancelled'],
    [
      'PAYMENT_FAILED',
      'SHIPPING_LABEL_PRINTED',
      'seller',
      'Order cannot move from PAYMENT_FAILED to SHIPPING_LABEL_PRINTED',
    ],
    [
      'PAYMENT_CONFIRMED',
      'SHIPPING_DELIVERED',
      'carrier',
      'Order cannot move from PAYMENT_CONFIRMED to SHIPPING_DELIVERED',
    ],
  ] as const)('%s → %s by the %s: %s', (from, to, actor, message) => {
    expect(transitionRefusal(from, to, actor)).toBe(message);
  });

  it('ends at delivered, cancelled and return_to_sender only', () => {
    expect(ORDER_STATUSES.filter(isTerminalOrderStatus).sort()).toEqual(
      ['SHIPPING_DELIVERED', 'cancelled', 'return_to_sender'].sort(),
    );
  });

  it('reaches delivered from a paid order through the shipping manager sections', () => {
    const path: [OrderStatus, OrderStatus, OrderActor][] = [
      ['PAYMENT_CONFIRMED', 'SHIPPING_LABEL_PRINTED', 'seller'],
      ['SHIPPING_LABEL_PRINTED', 'SHIPPING_MARKED_SHIPPED', 'seller'],
      ['SHIPPING_MARKED_SHIPPED', 'package_accepted', 'carrier'],
      ['package_accepted', 'out_for_delivery', 'carrier'],
      ['out_for_delivery', 'SHIPPING_DELIVERED', 'carrier'],
    ];
    for (const [from, to, actor] of path) expect(transitionRefusal(from, to, actor)).toBeNull();
  });

  it('starts every kind of new order Pending, and nothing else', () => {
    for (const kind of ORDER_KINDS) {
      expect({ kind, initial: initialOrderStatuses(kind) }).toEqual({ kind, initial: ['Pending'] });
      for (const status of ORDER_STATUSES) {
        expect({ kind, status, allowed: creationRefusal(status, kind) === null }).toEqual({
          kind,
          status,
          allowed: status === 'Pending',
        });
      }
    }
    expect(creationRefusal('PAYMENT_CONFIRMED', 'giveaway')).toBe(
      'A new giveaway order cannot start as PAYMENT_CONFIRMED',
    );
  });

  it("settles a new order's payment through the sale, a failed one only through its buyer", () => {
    for (const kind of ORDER_KINDS) {
      for (const initial of initialOrderStatuses(kind)) {
        expect([...nextOrderStatuses(initial, 'payment')].sort()).toEqual(['PAYMENT_CONFIRMED', 'PAYMENT_FAILED']);
        expect(nextOrderStatuses(initial, 'buyer')).toEqual([]);
      }
    }
    expect(transitionRefusal('Pending', 'PAYMENT_FAILED', 'payment')).toBeNull();
    expect(transitionRefusal('PAYMENT_FAILED', 'PAYMENT_CONFIRMED', 'buyer')).toBeNull();
    expect(transitionRefusal('Pending', 'PAYMENT_CONFIRMED', 'buyer')).toBe(
      'Order cannot move from Pending to PAYMENT_CONFIRMED',
    );
    expect(transitionRefusal('cancelled', 'PAYMENT_CONFIRMED', 'buyer')).toBe('Order is cancelled');
  });
});
