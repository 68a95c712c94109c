import { describe, expect, it } from 'vitest';
import { ADMIN_TOAST_MS, EMPTY_CREDENTIALS_TOAST_MS } from '../../app/toast-durations.js';
import { DASHBOARD_HOME_ROWS_PER_PAGE } from '../../screens/home/home-tables.js';
import { SEARCH_DEBOUNCE_MS } from '../search-debounce.js';
import { ADMIN_TABLE_ROWS_PER_PAGE, tableHeightPx } from './table-size.js';

describe('the app’s sizes and timings', () => {
  it('tables show 10 rows, the home tables 5', () => {
    expect(ADMIN_TABLE_ROWS_PER_PAGE).toBe(10);
    expect(DASHBOARD_HOME_ROWS_PER_PAGE).toBe(5);
  });
  it('a table is 75 × (rows per page + 1) high', () => {
    expect(tableHeightPx(10)).toBe(825);
    expect(tableHeightPx(5)).toBe(450);
  });
  it('a search waits for a 500 ms pause; toasts stay 3 s, the empty credentials one 5 s', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect([ADMIN_TOAST_MS, EMPTY_CREDENTIALS_TOAST_MS]).toEqual([3000, 5000]);
  });
});
