// A buy-now listing's stock: the listing's row lock taken for a sale, the rule that says who
// may buy how many, and the decrement with its events. The purchase, an accepted offer and a
// retried payment take stock the same way, so a unit is never sold twice.
import { sql } from 'drizzle-orm';
import { listingRoom, userRoom } from '../../../shared/contract/realtime-events.js';
import type { Executor } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { marketEvent, type PendingEvent } from '../../platform/events/pending-events.js';
import { PUBLIC_LISTING } from './listing-reads.js';
import { refuseIfOnHold } from './listing-holds.js';
import { listings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow, type SqlRow } from '../../platform/db/sql-row.js';

export type StockRow = SqlRow<
  typeof listings,
  | 'id'
  | 'user_id'
  | 'listing_type'
  | 'status'
  | 'in_stock'
  | 'price_cents'
  | 'shipping_type'
  | 'shipping_price_cents'
  | 'held_at'
>;

/** The columns a sale reads of the listing it locks: the sale rule's and the admin's hold. */
const SALE_LISTING_ROW = sqlRow(
  listings,
  'id',
  'user_id',
  'listing_type',
  'status',
  'in_stock',
  'price_cents',
  'shipping_type',
  'shipping_price_cents',
  'held_at',
);

/**
 * A retried payment's listing, locked as a sale locks it but found whatever its state now: the
 * retry decides with `saleRefusal` and the hold, like a first purchase.
 */
export async function lockListingForRetry(tx: Executor, listingId: string): Promise<StockRow | undefined> {
  const [row] = await readRows(
    tx,
    SALE_LISTING_ROW,
    sql`SELECT id, user_id, listing_type, status, in_stock, price_cents, shipping_type, shipping_price_cents, held_at
        FROM listings WHERE id = ${listingId} FOR UPDATE`,
  );
  return row;
}

export async function lockForSale(
  tx: Executor,
  listingId: string,
  buyerId: string,
  quantity: number,
): Promise<StockRow> {
  const [row] = await readRows(
    tx,
    SALE_LISTING_ROW,
    sql`SELECT l.id, l.user_id, l.listing_type, l.status, l.in_stock, l.price_cents, l.shipping_type,
               l.shipping_price_cents, l.held_at
        FROM listings l WHERE l.id = ${listingId} AND ${PUBLIC_LISTING} FOR UPDATE OF l`,
  );
  if (!row) throw notFound('Listing');
  // Purchases, offers and their acceptance wait for an admin's hold to be released.
  refuseIfOnHold(row);
  const refusal = saleRefusal(row, buyerId, quantity);
  if (refusal) throw conflict(refusal);
  return row;
}

/**
 * Why `buyerId` may not buy `quantity` of this listing now, or null when they may: the purchase
 * (under the listing's lock) and the pre-payment stock check (`/payments/stock`) ask the same.
 */
export function saleRefusal(
  row: Pick<StockRow, 'user_id' | 'listing_type' | 'status' | 'in_stock'>,
  buyerId: string,
  quantity: number,
): string | null {
  if (row.listing_type !== 'default') return 'Only buy-now listings can be bought directly';
  if (row.status !== 'active') return 'This listing is not for sale';
  if (row.user_id === buyerId) return 'Sellers cannot buy their own listing';
  if (row.in_stock < quantity)
    return row.in_stock === 0 ? 'This item is out of stock' : `Only ${row.in_stock} left in stock`;
  return null;
}

/** Takes `quantity` units off the stock; answers the stock events. */
export async function decrementStock(tx: Executor, row: StockRow, quantity: number): Promise<PendingEvent[]> {
  const inStock = row.in_stock - quantity;
  await tx.execute(
    sql`UPDATE listings SET in_stock = ${inStock}, status = ${inStock === 0 ? 'sold' : 'active'}, updated_at = now()
        WHERE id = ${row.id}`,
  );
  const rooms = [listingRoom(row.id)];
  const events = [marketEvent('stockDecremented', rooms, { listingId: row.id, inStock })];
  if (inStock === 0) {
    events.push(
      marketEvent('itemOutOfStock', rooms, { listingId: row.id, inStock }),
      marketEvent('listingStockEmpty', [listingRoom(row.id), userRoom(row.user_id)], { listingId: row.id, inStock }),
    );
  }
  return events;
}
