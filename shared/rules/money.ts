// USD amounts travel as numbers with at most 2 decimals and are computed as integer cents.
// Conversions go through the decimal string, never through `x * 100`, so 0.29 is 29 cents
// and not 28.999999999999996.

const USD_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** The largest amount whose cents are still an exact (safe) integer: what `usdToCents` converts. */
export const MAX_USD_AMOUNT = Number.MAX_SAFE_INTEGER / 100;

/** True when `amount` is a finite, non-negative number with at most two decimals that converts to cents. */
export function isUsdAmount(amount: number): boolean {
  return Number.isFinite(amount) && amount >= 0 && amount <= MAX_USD_AMOUNT && USD_TEXT.test(plainDecimal(amount));
}

/** Integer cents of a USD amount; throws when it has more than two decimals. */
export function usdToCents(amount: number): number {
  const text = plainDecimal(amount);
  const match = USD_TEXT.exec(text);
  if (!match || amount < 0) throw new RangeError(`Not a USD amount with at most 2 decimals: ${text}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`USD amount too large: ${text}`);
  return cents;
}

/** The USD number for integer cents (1250 → 12.5). */
export function centsToUsd(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return Number(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

// Building a NumberFormat costs far more than formatting with one (it was 5% of the CPU of a
// hot auction's bid refusals), so there is one.
const USD_FORMAT = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50' — how the back-office shows money. */
export function formatUsd(amount: number): string {
  return USD_FORMAT.format(amount);
}

/** Seller payout in cents: the price less the seller fee (whole percent), fee rounded half up. */
export function payoutCents(priceCents: number, sellerFeePercent: number): number {
  const feeCents = Math.floor((priceCents * sellerFeePercent + 50) / 100);
  return priceCents - feeCents;
}

// Number#toString switches to exponent notation below 1e-6; amounts that small are not
// USD anyway, but they must fail the pattern rather than be misread.
function plainDecimal(amount: number): string {
  return Number.isFinite(amount) ? String(amount) : 'NaN';
}
