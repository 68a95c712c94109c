import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../../shared/contract/enums.js';
import { cancellationRefusal } from './order-cancellation.js';

describe('cancellationRefusal', () => {
  it.each([
    ['Pending', null],
    ['PAYMENT_CONFIRMED', null],
    ['PAYMENT_FAILED', null],
    ['SHIPPING_LABEL_PRINTED', null],
    ['SHIPPING_LABEL_FAILED', null],
    ['cancelled', 'Order is already cancelled'],
    ['SHIPPING_DELIVERED', 'Order cannot be cancelled: it has been delivered'],
    ['Shipped', 'Order cannot be cancelled: it has already shipped (status Shipped)'],
    ['out_for_delivery', 'Order cannot be cancelled: it has already shipped (status out_for_delivery)'],
    ['package_lost', 'Order cannot be cancelled: it has already shipped (status package_lost)'],
  ] as const)('%s → %s', (status, refusal) => {
    expect(cancellationRefusal(status)).toBe(refusal);
  });

  it('refuses with a message for every status it does not allow', () => {
    for (const status of ORDER_STATUSES) {
      const refusal = cancellationRefusal(status);
      expect(refusal === null || refusal.length > 10).toBe(true);
    }
  });
});
