// Business constants and limits of the product, named once.

export const DEFAULT_SELLER_FEE = 7;
export const SELLER_FEE_MIN = 0;
export const SELLER_FEE_MAX = 25;
/** The whole percents an admin can choose a seller fee from: 0, 1, … 25. */
export const SELLER_FEE_CHOICES: readonly number[] = Array.from(
  { length: SELLER_FEE_MAX - SELLER_FEE_MIN + 1 },
  (_, i) => SELLER_FEE_MIN + i,
);

export const DEFAULT_PACKAGE_WEIGHT_OZ = 12;
export const DEFAULT_MIN_PACKAGE_WEIGHT_OZ = 12;
export const DEFAULT_CURRENCY = 'USD' as const;
export const DEFAULT_IN_STOCK = 1;
export const DEFAULT_MASS_UNIT = 'oz' as const;
export const DEFAULT_SHIPPING_TYPE = 'seller_pays' as const;
export const DEFAULT_CUSTOM_AUCTION_END_TIME = { hour: 9, minute: 0, format: 'PM' } as const;

export const ADMIN_API_TIMEOUT_MS = 60_000;
export const ACCESS_TOKEN_REFRESH_MS = 3_540_000;
/** Where the fresh ID token is saved. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export const ADMIN_TABLE_ROWS_PER_PAGE = 10;
export const DASHBOARD_HOME_ROWS_PER_PAGE = 5;
export const SEARCH_DEBOUNCE_MS = 500;
export const DESCRIPTION_TRUNCATE_AT = 50;
export const TABLE_ROW_HEIGHT_PX = 75;
export const SIDEBAR_WIDTH_PX = 250;

export const EMPTY_CREDENTIALS_TOAST_MS = 5000;
export const ADMIN_TOAST_MS = 3000;

export const REFUND_MAX_DECIMALS = 2;
export const REFUND_MIN_AMOUNT = 0.01;

export const DEFAULT_COLOR_MODE = 'dark';

/** Height of a data table: 75 × (rows per page + 1), the extra row being the header. */
export function tableHeightPx(rowsPerPage: number): number {
  return TABLE_ROW_HEIGHT_PX * (rowsPerPage + 1);
}
