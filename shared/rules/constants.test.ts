import { describe, expect, it } from 'vitest';
import * as c from './constants.js';

// The product's constants and limits, value by value.
describe('business constants', () => {
  it.each([
    ['DEFAULT_SELLER_FEE', 7],
    ['DEFAULT_PACKAGE_WEIGHT_OZ', 12],
    ['DEFAULT_MIN_PACKAGE_WEIGHT_OZ', 12],
    ['DEFAULT_CURRENCY', 'USD'],
    ['DEFAULT_IN_STOCK', 1],
    ['DEFAULT_MASS_UNIT', 'oz'],
    ['DEFAULT_SHIPPING_TYPE', 'seller_pays'],
    ['ADMIN_API_TIMEOUT_MS', 60000],
    ['ACCESS_TOKEN_REFRESH_MS', 3540000],
    ['ACCESS_TOKEN_KEY', 'accessToken'],
    ['ADMIN_TABLE_ROWS_PER_PAGE', 10],
    ['DASHBOARD_HOME_ROWS_PER_PAGE', 5],
    ['SEARCH_DEBOUNCE_MS', 500],
    ['DESCRIPTION_TRUNCATE_AT', 50],
    ['SIDEBAR_WIDTH_PX', 250],
    ['EMPTY_CREDENTIALS_TOAST_MS', 5000],
    ['ADMIN_TOAST_MS', 3000],
    ['REFUND_MAX_DECIMALS', 2],
    ['REFUND_MIN_AMOUNT', 0.01],
    ['DEFAULT_COLOR_MODE', 'dark'],
  ] as const)('%s = %j', (name, value) => expect(c[name]).toBe(value));
  it('default custom auction end time is 09:00 PM', () =>
    expect(c.DEFAULT_CUSTOM_AUCTION_END_TIME).toEqual({ hour: 9, minute: 0, format: 'PM' }));
  it('seller fee choices are the whole percents 0 to 25', () =>
    expect(c.SELLER_FEE_CHOICES).toEqual(Array.from({ length: 26 }, (_, i) => i)));
  it('table height is 75 × (rows per page + 1)', () => {
    expect(c.tableHeightPx(10)).toBe(825);
    expect(c.tableHeightPx(5)).toBe(450);
  });
});
