import { describe, expect, it } from 'vitest';
import * as defaults from './market-defaults.js';
import { DEFAULT_COLOR_MODE } from './color-mode.js';
import { DESCRIPTION_TRUNCATE_AT } from './listing-display.js';
import { REFUND_MAX_DECIMALS, REFUND_MIN_AMOUNT } from './refund.js';

// The product's values, each named once where it is used.
describe('market defaults', () => {
  it.each([
    ['DEFAULT_PACKAGE_WEIGHT_OZ', 12],
    ['DEFAULT_MIN_PACKAGE_WEIGHT_OZ', 12],
    ['DEFAULT_CURRENCY', 'USD'],
    ['DEFAULT_IN_STOCK', 1],
    ['DEFAULT_MASS_UNIT', 'oz'],
    ['DEFAULT_SHIPPING_TYPE', 'seller_pays'],
  ] as const)('%s = %j', (name, value) => expect(defaults[name]).toBe(value));
  it('default custom auction end time is 09:00 PM', () =>
    expect(defaults.DEFAULT_CUSTOM_AUCTION_END_TIME).toEqual({ hour: 9, minute: 0, format: 'PM' }));
  it('the app opens dark, cuts descriptions at 50 characters, refunds whole cents', () => {
    expect(DEFAULT_COLOR_MODE).toBe('dark');
    expect(DESCRIPTION_TRUNCATE_AT).toBe(50);
    expect([REFUND_MAX_DECIMALS, REFUND_MIN_AMOUNT]).toEqual([2, 0.01]);
  });
});
