// Price guidance for a seller pricing a listing (`GET /listing/listing-prices`): what listings of
// the same subcategory and type actually sold for in the last N days.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { subcategories } from '../../platform/db/schema/index.js';
import { numericValue, readRows, sqlRow } from '../../platform/db/sql-row.js';
import { usdOrNull } from '../../platform/db/values.js';
import type { PriceGuidance } from '../../../shared/contract/market/listings.js';
import { notFound } from '../../platform/http/errors.js';
import { soldPriceSummary } from './rules/sold-price-stats.js';

export const DEFAULT_PRICE_GUIDANCE_DAYS = 90;
export const MAX_PRICE_GUIDANCE_DAYS = 365;
/** The most recent sales read; beyond it the guidance is of the latest ones. */
export const MAX_PRICE_GUIDANCE_SALES = 10_000;

export interface PriceGuidanceQuery {
  subCategoryId: string;
  listingType: 'default' | 'auction';
  days: number;
}

/**
 * A sale is a paid order (not Pending, PAYMENT_FAILED or cancelled) of a listing that is not
 * deleted. Its price: an auction's hammer price (the order's price); a buy-now listing's unit
 * price (the listing's price, since an order of several units records only the total).
 */
export async function priceGuidance(db: Executor, query: PriceGuidanceQuery, now: number): Promise<PriceGuidance> {
  const [subCategory] = await readRows(
    db,
    sqlRow(subcategories, 'id'),
    sql`SELECT id FROM subcategories WHERE id = ${query.subCategoryId}`,
  );
  if (!subCategory) throw notFound('Subcategory');
  const since = new Date(now - query.days * 24 * 60 * 60_000);
  const unitPrice = query.listingType === 'auction' ? sql`o.price_cents` : sql`l.price_cents`;
  const rows = await readRows(
    db,
    z.object({ cents: numericValue }),
    sql`SELECT ${unitPrice} AS cents
          FROM orders o JOIN listings l ON l.id = o.listing_id
         WHERE l.subcategory_id = ${query.subCategoryId} AND l.listing_type = ${query.listingType}
           AND l.deleted_at IS NULL AND o.deleted_at IS NULL
           AND o.status NOT IN ('Pending', 'PAYMENT_FAILED', 'cancelled')
           AND o.created_at >= ${since} AND ${unitPrice} IS NOT NULL
         ORDER BY o.created_at DESC
         LIMIT ${MAX_PRICE_GUIDANCE_SALES}`,
  );
  const summary = soldPriceSummary(rows.map((row) => Number(row.cents)));
  return {
    subCategoryId: query.subCategoryId,
    listingType: query.listingType,
    days: query.days,
    since: since.toISOString(),
    count: summary.count,
    min: usdOrNull(summary.minCents),
    median: usdOrNull(summary.medianCents),
    max: usdOrNull(summary.maxCents),
  };
}
