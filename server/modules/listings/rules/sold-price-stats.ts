// Price guidance from what actually sold: count, lowest, median and highest of sold prices.

export interface SoldPriceSummary {
  count: number;
  minCents: number | null;
  medianCents: number | null;
  maxCents: number | null;
}

/**
 * The summary of `pricesCents` (any order). An even count's median is the mean of the two middle
 * prices, rounded half up to a whole cent.
 */
export function soldPriceSummary(pricesCents: readonly number[]): SoldPriceSummary {
  if (pricesCents.length === 0) return { count: 0, minCents: null, medianCents: null, maxCents: null };
  const sorted = [...pricesCents].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const medianCents =
    sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  return { count: sorted.length, minCents: sorted[0]!, medianCents, maxCents: sorted.at(-1)! };
}
