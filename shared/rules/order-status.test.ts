import { describe, expect, it } from 'vitest';
import {
  CARRIER_TRACKING_STATUSES,
  EXCEPTION_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../contract/enums.js';
import { buyerStatusLabel, sellerStatusLabel, shippingManagerSection, trackingLabel } from './order-status.js';

const exceptionsOnly = EXCEPTION_ORDER_STATUSES.filter((s) => s !== 'return_to_sender');

// The seller-facing labels, one row per line (families expanded).
const sellerRows: [OrderStatus, string][] = [
  ['PAYMENT_FAILED', 'Action needed! Payment failed!'],
  ['PAYMENT_CONFIRMED', 'Awaiting Shipping'],
  ['SHIPPING_LABEL_PRINTED', 'Label Printed'],
  ['SHIPPING_MARKED_SHIPPED', 'Marked Shipped'],
  ['Shipped', 'Shipped'],
  ...CARRIER_TRACKING_STATUSES.map((s): [OrderStatus, string] => [s, 'In Transit']),
  ['SHIPPING_DELIVERED', 'Delivered'],
  ['cancelled', 'Cancelled'],
  ['SHIPPING_LABEL_FAILED', 'Shipping label generation failed'],
  ['return_to_sender', 'Returned to sender'],
  ...exceptionsOnly.map((s): [OrderStatus, string] => [s, 'Issue: Contact USPS']),
];

describe('seller-facing order status label', () => {
  it.each(sellerRows)('%s → %s', (status, label) => expect(sellerStatusLabel(status)).toBe(label));
  it('labels every order status (Pending, which the table leaves out, reads as itself)', () => {
    for (const status of ORDER_STATUSES) expect(sellerStatusLabel(status)).not.toBe('');
    expect(sellerStatusLabel('Pending')).toBe('Pending');
  });
});

describe('buyer-facing order status label', () => {
  const buyerRows: [OrderStatus, string][] = sellerRows.map(([status, label]) => {
    if (status === 'PAYMENT_FAILED') return [status, 'Awaiting buyer payment'];
    if ((exceptionsOnly as readonly string[]).includes(status)) return [status, 'Shipped'];
    return [status, label];
  });
  it.each(buyerRows)('%s → %s', (status, label) => expect(buyerStatusLabel(status)).toBe(label));
});

describe('tracking screen label', () => {
  const rows: [OrderStatus, string][] = [
    ['PAYMENT_FAILED', ''],
    ['PAYMENT_CONFIRMED', 'Preparing'],
    ['SHIPPING_LABEL_PRINTED', 'Preparing'],
    ['SHIPPING_MARKED_SHIPPED', 'Shipped'],
    ['return_to_sender', 'Issue'],
    ...exceptionsOnly.map((s): [OrderStatus, string] => [s, 'Issue']),
  ];
  it.each(rows)('%s → %j', (status, label) => expect(trackingLabel(status)).toBe(label));
});

describe('shipping manager grouping', () => {
  const rows: [OrderStatus, string | null][] = [
    ['PAYMENT_CONFIRMED', 'createLabel'],
    ['SHIPPING_LABEL_FAILED', 'createLabel'],
    ['SHIPPING_LABEL_PRINTED', 'markShipped'],
    ['Shipped', 'shipped'],
    ['SHIPPING_MARKED_SHIPPED', 'shipped'],
    ...CARRIER_TRACKING_STATUSES.map((s): [OrderStatus, string] => [s, 'shipped']),
    ...EXCEPTION_ORDER_STATUSES.map((s): [OrderStatus, string] => [s, 'shipped']),
    ['SHIPPING_DELIVERED', 'delivered'],
    ['Pending', null],
    ['PAYMENT_FAILED', null],
    ['cancelled', null],
  ];
  it.each(rows)('%s → %s', (status, section) => expect(shippingManagerSection(status)).toBe(section));
  it('covers every order status exactly once', () =>
    expect(rows.map(([s]) => s).sort()).toEqual([...ORDER_STATUSES].sort()));
});
