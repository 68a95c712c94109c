// Sellers' listings: create (with the payload's defaults), publish a draft, edit, end; what buyers read.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SHIPPING_TYPES, type SortOrder } from '../../../shared/contract/enums.js';
import type {
  CreateListingBody,
  EditListingBody,
  MarketListing,
  MarketListings,
} from '../../../shared/contract/market/listings.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { usdToCents } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { epochMsText, isoOf, usdOf, usdOrNull } from '../../platform/db/values.js';
import { badRequest, callersOr404, conflict, notFound } from '../../platform/http/errors.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork, type Outbox } from '../../platform/events/unit-of-work.js';
import { listingTextShown } from './hooks.js';
import { type ListingTerms, listingProblems, problemsText } from './rules/listing-completeness.js';
import { assertMaySell, sellingRefusal } from '../accounts/index.js';
import { listings, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow, type SqlRow } from '../../platform/db/sql-row.js';

/** Auctions and giveaways without an end time run for 7 days. */
export const DEFAULT_AUCTION_DURATION_MS = 7 * 24 * 60 * 60_000;

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

function endTimeOf(value: string | number | undefined, now: number): Date {
  const ms = value === undefined ? now + DEFAULT_AUCTION_DURATION_MS : Number(value);
  if (ms <= now) throw badRequest('endTime must be in the future');
  return new Date(ms);
}

export async function createListing(
  deps: ServiceDeps,
  sellerId: string,
  body: CreateListingBody,
): Promise<MarketListing> {
  const problems = body.draft ? [] : listingProblems(termsOf(body));
  if (problems.length > 0) throw badRequest(problemsText('body/', problems));
  // A live listing is selling (assertMaySell); saving a draft is not.
  const id = body.draft
    ? await insertListing(deps.db, sellerId, body, nowOf(deps))
    : await inUnitOfWork(deps, async (tx, outbox) => {
        await assertMaySell(tx, sellerId);
        const created = await insertListing(tx, sellerId, body, nowOf(deps));
        await screenListing(tx, outbox, created);
        return created;
      });
  return getListing(deps.db, id);
}

/** The terms `listingProblems` checks, from a create-listing payload. */
export function termsOf(body: CreateListingBody): ListingTerms {
  return {
    title: body.title,
    listingType: body.listingType,
    priceCents: body.price === undefined ? null : usdToCents(body.price),
    startingBidCents: body.startingBid === undefined ? null : usdToCents(body.startingBid),
  };
}

/**
 * Inserts a listing (a draft when `body.draft`) as given: the caller checked `listingProblems`
 * unless it is a draft. Takes an executor so bulk creation inserts many in one transaction.
 */
export async function insertListing(
  executor: Executor,
  sellerId: string,
  body: CreateListingBody,
  now: number,
): Promise<string> {
  // A draft without a chosen end time gets one when it is published, not a week from its creation.
  const chosen = body.endTime !== undefined || !body.draft;
  const endTime = body.listingType !== 'default' && chosen ? endTimeOf(body.endTime, now) : null;
  const [row] = await readRows(
    executor,
    sqlRow(listings, 'id'),
    sql`INSERT INTO listings (user_id, subcategory_id, title, description, listing_type, status, in_stock, price_cents,
                              starting_bid_cents, end_time, video, trimmed_video, shipping_type, shipping_price_cents,
                              mass_unit, weight, width, height, length, timezone, auction_end_date, auction_end_time,
                              packaging_type)
        VALUES (${sellerId}, ${body.subCategoryId ?? null}, ${body.title}, ${body.description}, ${body.listingType},
                ${body.draft ? 'draft' : 'active'}, ${body.listingType === 'default' ? body.inStock : 1},
                ${body.price === undefined ? null : usdToCents(body.price)},
                ${body.startingBid === undefined ? null : usdToCents(body.startingBid)},
                ${endTime}, ${body.video ?? null}, ${body.trimmedVideo ?? null},
                ${body.shippingType}, ${usdToCents(body.shippingCost)}, ${body.massUnit}, ${body.weight}, ${body.width},
                ${body.height}, ${body.length}, ${body.timezone ?? null}, ${body.auctionEndDate ?? null},
                ${body.auctionEndTime ?? null}, ${body.packagingType ?? null})
        RETURNING id`,
  );
  return row!.id;
}

const OWNED_ROW = sqlRow(listings, 'user_id', 'status', 'listing_type', 'bid_count', 'bid_cents', 'end_time');
type OwnedRow = z.output<typeof OWNED_ROW>;

/** The seller's own listing (drafts too), locked; another seller's answers as an unknown id (404). */
export async function lockOwned(tx: Executor, id: string, sellerId: string): Promise<OwnedRow> {
  const [row] = await readRows(
    tx,
    OWNED_ROW,
    sql`SELECT user_id, status, listing_type, bid_count, bid_cents, end_time FROM listings
        WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
  );
  return callersOr404(row, (listing) => listing.user_id === sellerId, 'Listing');
}

/** Runs the off-platform detector on a listing buyers can read (drafts wait until they are published). */
export async function screenListing(tx: Executor, outbox: Outbox, id: string): Promise<void> {
  const [row] = await readRows(
    tx,
    sqlRow(listings, 'user_id', 'title', 'description', 'status'),
    sql`SELECT user_id, title, description, status FROM listings WHERE id = ${id}`,
  );
  if (!row || row.status === 'draft') return;
  await listingTextShown.fire(tx, outbox, {
    id,
    sellerId: row.user_id,
    title: row.title,
    description: row.description,
  });
}

/** What every window showing the listing's feed re-reads after a change by its seller. */
const listingUpdated = (id: string) => marketEvent('feedListingUpdated', [listingRoom(id)], { listingId: id });

export async function publishListing(deps: ServiceDeps, id: string, sellerId: string): Promise<MarketListing> {
  await inUnitOfWork(deps, async (tx, outbox) => {
    // Publishing is selling: the seller's row first; another's draft still answers 404.
    const refusal = await sellingRefusal(tx, sellerId);
    await lockOwned(tx, id, sellerId);
    if (refusal) throw refusal;
    await publishDraft(tx, id, sellerId, nowOf(deps));
    await screenListing(tx, outbox, id);
    outbox.add(listingUpdated(id));
  });
  return getListing(deps.db, id);
}

/**
 * Puts the seller's draft on sale inside the caller's transaction: 409 when it is not a draft,
 * 400 with what it still lacks (`listingProblems`). A timed listing without a future end time
 * gets the default duration. The caller checked `sellingRefusal` first, in the same transaction.
 */
export async function publishDraft(tx: Executor, id: string, sellerId: string, now: number): Promise<void> {
  const row = await lockOwned(tx, id, sellerId);
  if (row.status !== 'draft') throw conflict('Only a draft can be published');
  const [terms] = await readRows(
    tx,
    sqlRow(listings, 'title', 'price_cents', 'starting_bid_cents'),
    sql`SELECT title, price_cents, starting_bid_cents FROM listings WHERE id = ${id}`,
  );
  const problems = listingProblems({
    title: terms!.title,
    listingType: row.listing_type,
    priceCents: terms!.price_cents === null ? null : Number(terms!.price_cents),
    startingBidCents: terms!.starting_bid_cents === null ? null : Number(terms!.starting_bid_cents),
  });
  if (problems.length > 0) throw badRequest(`This draft cannot be published yet: ${problemsText('', problems)}`);
  if (row.listing_type !== 'default' && (row.end_time === null || new Date(row.end_time).getTime() <= now)) {
    await tx.execute(
      sql`UPDATE listings SET end_time = ${new Date(now + DEFAULT_AUCTION_DURATION_MS)} WHERE id = ${id}`,
    );
  }
  await tx.execute(sql`UPDATE listings SET status = 'active', updated_at = now() WHERE id = ${id}`);
}

type SizeField = 'weight' | 'width' | 'height' | 'length';

/** The columns a seller's edit and the admin's edit both write as given (the admin log, the rules around them differ). */
export function listingFieldChanges(
  body: Pick<EditListingBody, 'title' | 'description' | 'inStock' | 'video' | 'massUnit' | SizeField>,
): SQL[] {
  const sets: SQL[] = [];
  if (body.title !== undefined) sets.push(sql`title = ${body.title}`);
  if (body.description !== undefined) sets.push(sql`description = ${body.description}`);
  if (body.inStock !== undefined) sets.push(sql`in_stock = ${body.inStock}`);
  if (body.video !== undefined) sets.push(sql`video = ${body.video}`);
  if (body.weight !== undefined) sets.push(sql`weight = ${body.weight}`);
  if (body.massUnit !== undefined) sets.push(sql`mass_unit = ${body.massUnit}`);
  if (body.width !== undefined) sets.push(sql`width = ${body.width}`);
  if (body.height !== undefined) sets.push(sql`height = ${body.height}`);
  if (body.length !== undefined) sets.push(sql`length = ${body.length}`);
  return sets;
}

/** Deletes a listing the caller has locked or checked: the row stays with deleted_at and leaves every list. */
export async function softDeleteListing(tx: Executor, id: string): Promise<void> {
  await tx.execute(sql`UPDATE listings SET deleted_at = now(), updated_at = now() WHERE id = ${id}`);
}

export async function editListing(
  deps: ServiceDeps,
  id: string,
  sellerId: string,
  body: EditListingBody,
): Promise<MarketListing> {
  await inUnitOfWork(deps, async (tx, outbox) => {
    const row = await lockOwned(tx, id, sellerId);
    if (row.status === 'sold' || row.status === 'auction_ended') throw conflict('An ended listing cannot be edited');
    const hasBids = row.bid_count > 0 || row.bid_cents !== null;
    if (hasBids && (body.startingBid !== undefined || body.endTime !== undefined)) {
      throw conflict('The starting bid and end time of an auction with bids cannot change');
    }
    const sets = [sql`updated_at = now()`, ...listingFieldChanges(body)];
    if (body.price !== undefined) sets.push(sql`price_cents = ${usdToCents(body.price)}`);
    if (body.startingBid !== undefined) sets.push(sql`starting_bid_cents = ${usdToCents(body.startingBid)}`);
    if (body.endTime !== undefined) sets.push(sql`end_time = ${endTimeOf(body.endTime, nowOf(deps))}`);
    if (body.shippingType !== undefined) sets.push(sql`shipping_type = ${body.shippingType}`);
    if (body.shippingCost !== undefined) sets.push(sql`shipping_price_cents = ${usdToCents(body.shippingCost)}`);
    await tx.execute(sql`UPDATE listings SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    await screenListing(tx, outbox, id);
    outbox.add(listingUpdated(id));
  });
  return getListing(deps.db, id);
}

/**
 * Ends a listing early. A buy-now listing or a draft stops selling at once (auction_ended);
 * an auction or giveaway gets end time now, and the closer ends it (winner, order, events)
 * exactly as it would have at its scheduled end.
 */
export async function endListing(deps: ServiceDeps, id: string, sellerId: string): Promise<MarketListing> {
  await inUnitOfWork(deps, async (tx, outbox) => {
    const row = await lockOwned(tx, id, sellerId);
    if (row.status === 'sold' || row.status === 'auction_ended') throw conflict('This listing has already ended');
    if (row.listing_type === 'default' || row.status === 'draft') {
      await tx.execute(sql`UPDATE listings SET status = 'auction_ended', updated_at = now() WHERE id = ${id}`);
    } else {
      await tx.execute(
        sql`UPDATE listings SET end_time = ${new Date(nowOf(deps))}, updated_at = now() WHERE id = ${id}`,
      );
    }
    outbox.add(listingUpdated(id));
  });
  return getListing(deps.db, id);
}
