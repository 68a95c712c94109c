import { describe, expect, it } from 'vitest';
import { cancelFailureMessage, humanize, payoutBadgeOf } from './order-display.js';

describe('order display', () => {
  it.each([
    ['succeeded', 'Succeeded'],
    ['failed', 'Failed'],
    [null, null],
  ] as const)('payout %s shows %s', (status, badge) => {
    expect(payoutBadgeOf({ payoutStatus: status })).toBe(badge);
  });

  it('humanizes wire values', () => {
    expect(humanize('damaged_in_shipping')).toBe('Damaged in shipping');
    expect(humanize('order_payout')).toBe('Order payout');
  });

  it('uses the server message for a failed cancel, else the fallback', () => {
    expect(cancelFailureMessage({ status: 409, message: 'Order already shipped', code: 'Conflict' })).toBe(
      'Order already shipped',
    );
    expect(cancelFailureMessage({ status: 0, message: '', code: 'network' })).toBe('Failed to cancel order');
    expect(cancelFailureMessage(undefined)).toBe('Failed to cancel order');
  });
});
