// What buyers and sellers read of listings: one listing (as its seller sees it, or as a buyer may),
// and the listings pages, one declaration paged by the market's pager. Writes are listings.ts's.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SHIPPING_TYPES, type SortOrder } from '../../../shared/contract/enums.js';
import type { MarketListing, MarketListings } from '../../../shared/contract/market/listings.js';
import type { Executor } from '../../platform/db/database.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { epochMsText, isoOf, usdOf, usdOrNull } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';
import { listings, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow, type SqlRow } from '../../platform/db/sql-row.js';

/** A listing with its seller's name and avatar, as `SELECT_LISTING` reads it. */
const LISTING_ROW = sqlRow(
  listings,
  'id',
  'user_id',
  'title',
  'description',
  'listing_type',
  'status',
  'in_stock',
  'price_cents',
  'starting_bid_cents',
  'bid_cents',
  'bid_count',
  'end_time',
  'video',
  'mass_unit',
  'weight',
  'width',
  'height',
  'length',
  'shipping_price_cents',
  'featured',
  'created_at',
).extend({
  user_name: sqlColumn(users, 'user_name'),
  avatar: sqlColumn(users, 'avatar'),
  /** A text column with no CHECK; the listing routes only ever write these two values. */
  shipping_type: z.enum(SHIPPING_TYPES),
});
type ListingRow = z.output<typeof LISTING_ROW>;

/** The parcel columns of a listing row: the weight's unit and the package's dimensions. */
export type ParcelColumns = SqlRow<typeof listings, 'mass_unit' | 'weight' | 'width' | 'height' | 'length'>;

/** A listing's parcel as the market and admin APIs both show it. */
export const parcelOf = (row: ParcelColumns) => ({
  massUnit: row.mass_unit,
  weight: row.weight,
  width: row.width,
  height: row.height,
  length: row.length,
});

export function listingOf(row: ListingRow): MarketListing {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    listingType: row.listing_type,
    status: row.status,
    currency: 'USD',
    price: usdOrNull(row.price_cents),
    inStock: row.in_stock,
    startingBid: usdOrNull(row.starting_bid_cents),
    bid: usdOrNull(row.bid_cents),
    bidCount: row.bid_count,
    endTime: epochMsText(row.end_time),
    video: row.video,
    ...parcelOf(row),
    shippingType: row.shipping_type,
    shippingCost: usdOf(row.shipping_price_cents),
    featured: row.featured,
    createdAt: isoOf(row.created_at),
    user: { id: row.user_id, userName: row.user_name, avatar: row.avatar },
  };
}

const SELECT_LISTING = sql`SELECT l.id, l.user_id, u.user_name, u.avatar, l.title, l.description, l.listing_type,
       l.status, l.in_stock, l.price_cents, l.starting_bid_cents, l.bid_cents, l.bid_count, l.end_time, l.video,
       l.mass_unit, l.weight, l.width, l.height, l.length, l.shipping_type, l.shipping_price_cents, l.featured,
       l.created_at
  FROM listings l JOIN users u ON u.id = l.user_id`;

/**
 * What anybody but its seller may see of a listing `l`: not a draft, not deleted, from a seller
 * neither deleted nor suspended or banned (while it lasts: compared with now()). Every public read
 * (and buyer's action naming one) goes through it, so a draft or a deleted listing answers as an
 * unknown id does: 404. The seller reads their drafts through `/draft-listing`.
 */
export const PUBLIC_LISTING = sql`(l.status <> 'draft' AND l.deleted_at IS NULL
  AND EXISTS (SELECT 1 FROM users seller WHERE seller.id = l.user_id AND seller.deleted_at IS NULL
              AND (seller.suspended_until IS NULL OR seller.suspended_until <= now())))`;

/** The listing as its seller (and the admin tools) see it: drafts too; only deleted listings are 404. */
export async function getListing(db: Executor, id: string): Promise<MarketListing> {
  const [row] = await readRows(db, LISTING_ROW, sql`${SELECT_LISTING} WHERE l.id = ${id} AND l.deleted_at IS NULL`);
  if (!row) throw notFound('Listing');
  return listingOf(row);
}

/** `GET /listing/{id}`: the listing as anybody may see it (`PUBLIC_LISTING`), else 404. */
export async function getPublicListing(db: Executor, id: string): Promise<MarketListing> {
  const [row] = await readRows(db, LISTING_ROW, sql`${SELECT_LISTING} WHERE l.id = ${id} AND ${PUBLIC_LISTING}`);
  if (!row) throw notFound('Listing');
  return listingOf(row);
}

/**
 * The seller and status of a listing anybody may see (`PUBLIC_LISTING`), else 404: the check of
 * every public read and write that names a listing by id (feed, bids, share, reports, saving).
 */
export async function publicListing(db: Executor, id: string): Promise<SqlRow<typeof listings, 'user_id' | 'status'>> {
  const [row] = await readRows(
    db,
    sqlRow(listings, 'user_id', 'status'),
    sql`SELECT l.user_id, l.status FROM listings l WHERE l.id = ${id} AND ${PUBLIC_LISTING}`,
  );
  if (!row) throw notFound('Listing');
  return row;
}

/**
 * `PUBLIC_LISTING` for a listing row already read (and locked) by a buyer's action (bid, purchase,
 * offer, giveaway entry): a draft or a deleted listing is not there for them.
 */
export const hiddenFromBuyers = (row: { status: string; deleted_at: Date | string | null }): boolean =>
  row.status === 'draft' || row.deleted_at !== null;

export interface ListingFilter {
  listingType?: 'default' | 'auction' | 'giveaway' | undefined;
  sellerId?: string | undefined;
  status?: string | undefined;
  /** The seller reading their own listings (`/listing/seller`): their drafts too. Else a public read. */
  ownList?: boolean | undefined;
  page: number;
  limit: number;
}

/**
 * A listings page's order: by `by` (newest first unless `direction` is ASC), then by `then`,
 * written out (`l.id DESC`), which ends with the id so that pages never overlap.
 */
export interface ListingsOrder {
  by: SQL;
  direction?: SortOrder;
  then: SQL;
}

/** Newest first: the listing lists' usual order. */
export const NEWEST_LISTINGS: ListingsOrder = { by: sql`l.created_at`, then: sql`l.id DESC` };

/** `GET /listing` and the sellers' lists: newest first; public unless it is the seller's own list. */
export async function listListings(db: Executor, filter: ListingFilter): Promise<MarketListings> {
  const conditions = [filter.ownList ? sql`true` : PUBLIC_LISTING];
  if (filter.status) conditions.push(sql`l.status = ${filter.status}`);
  if (filter.listingType) conditions.push(sql`l.listing_type = ${filter.listingType}`);
  if (filter.sellerId) conditions.push(sql`l.user_id = ${filter.sellerId}`);
  return listListingsWhere(db, sql.join(conditions, sql` AND `), NEWEST_LISTINGS, filter.page, filter.limit);
}

/**
 * The listings `where` (a condition on `l`, the listing, and `u`, its seller) picks, in `order`,
 * with this file's SELECT and mapper. Deleted listings and listings of deleted sellers are never
 * listed; drafts are, for the seller's own lists (drafts, bulk answers): public reads go through
 * `listPublicListings`. The page is read as ordered (`tieBreak`): every order ends with the id.
 */
function listingsWhere(where: SQL, order: ListingsOrder): AdminList<ListQueryBase, ListingRow, MarketListing> {
  return {
    table: 'listings',
    alias: 'l',
    from: () => sql`listings l JOIN users u ON u.id = l.user_id`,
    condition: sql`l.deleted_at IS NULL AND u.deleted_at IS NULL AND (${where})`,
    sortKeys: { listed: { column: order.by } },
    defaultSort: 'listed',
    tieBreak: order.then,
    total: 'exact',
    select: (rows, tail) => sql`${SELECT_LISTING} ${rows} ${tail}`,
    row: LISTING_ROW,
    items: (_db, rows) => rows.map(listingOf),
  };
}

/** One page of `listingsWhere(where, order)` and the count of every listing it picks. */
export async function listListingsWhere(
  db: Executor,
  where: SQL,
  order: ListingsOrder,
  page: number,
  limit: number,
): Promise<MarketListings> {
  return marketListPage(db, listingsWhere(where, order), { order: order.direction, page, limit });
}

/** One page of the listings chosen by `where` that anybody may see (`PUBLIC_LISTING`). */
export function listPublicListings(
  db: Executor,
  where: SQL,
  order: ListingsOrder,
  page: number,
  limit: number,
): Promise<MarketListings> {
  return listListingsWhere(db, sql`${PUBLIC_LISTING} AND (${where})`, order, page, limit);
}
