// The settings a market starts with, before an admin changes them (catalogue's app settings), and
// the package weight and mass unit a shipping quote assumes when a listing gives none.

export const DEFAULT_PACKAGE_WEIGHT_OZ = 12;
export const DEFAULT_MIN_PACKAGE_WEIGHT_OZ = 12;
export const DEFAULT_CURRENCY = 'USD' as const;
export const DEFAULT_IN_STOCK = 1;
export const DEFAULT_MASS_UNIT = 'oz' as const;
export const DEFAULT_SHIPPING_TYPE = 'seller_pays' as const;
export const DEFAULT_CUSTOM_AUCTION_END_TIME = { hour: 9, minute: 0, format: 'PM' } as const;
