// The back office's active listings: the list, one listing as the admin reads it, the admin's
// edit (more fields than a seller's: type, featured, the end time of any listing) and the
// deletion, each change recorded in the admin log. The columns a seller may also change are
// written by the seller's rule (`listingFieldChanges`); deleting is the seller's soft delete.
import { sql, type SQL } from 'drizzle-orm';
import type { ListingPatchBody } from '../../../shared/contract/admin-api.js';
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import { usdToCents } from '../../../shared/rules/money.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, type AdminList, type SortColumn } from '../../platform/db/admin-list.js';
import { epochMsText, holdOf, isoOf, usdOrNull } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { listingFieldChanges, softDeleteListing } from './listings.js';
import { parcelOf } from './listing-reads.js';
import { listings, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import type { z } from 'zod';

const LISTING_ROW = sqlRow(
  listings,
  'id',
  'title',
  'description',
  'listing_type',
  'in_stock',
  'starting_bid_cents', // coalesce(starting_bid_cents, price_cents): the same cents, still null when both are
  'bid_cents',
  'featured',
  'created_at',
  'end_time',
  'video',
  'mass_unit',
  'weight',
  'width',
  'height',
  'length',
  'held_at',
  'hold_reason',
  'hold_admin_uid',
  'hold_admin_email',
).extend({
  seller_id: sqlColumn(users, 'id'),
  seller_user_name: sqlColumn(users, 'user_name'),
  seller_email: sqlColumn(users, 'email'),
});
type ListingRow = z.output<typeof LISTING_ROW>;

const SORT_KEYS: Record<ListQuery<'activeListings'>['sortBy'] & string, SortColumn> = {
  title: { column: sql`l.title` },
  description: { column: sql`l.description` },
  createdAt: { column: sql`l.created_at` },
  listingType: { column: sql`l.listing_type` },
  inStock: { column: sql`l.in_stock` },
  // Price and starting bid share one key (spec): a buy-now listing's price sorts with bids.
  startingBid: { column: sql`coalesce(l.starting_bid_cents, l.price_cents)`, nullable: true },
};

function selectListings(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT l.id, l.title, l.description, l.listing_type, l.in_stock, coalesce(l.starting_bid_cents, l.price_cents) AS starting_bid_cents,
           l.bid_cents, l.featured, l.created_at, l.end_time, l.video, l.mass_unit, l.weight, l.width,
           l.height, l.length, l.held_at, l.hold_reason, l.hold_admin_uid, l.hold_admin_email,
           s.id AS seller_id, s.user_name AS seller_user_name, s.email AS seller_email
    FROM listings l JOIN users s ON s.id = l.user_id
    ${where} ${tail}`;
}

function toAdminListing(row: ListingRow): AdminListing {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    listingType: row.listing_type,
    inStock: row.in_stock,
    startingBid: usdOrNull(row.starting_bid_cents),
    bid: usdOrNull(row.bid_cents),
    featured: row.featured,
    createdAt: isoOf(row.created_at),
    endTime: epochMsText(row.end_time),
    video: row.video,
    ...parcelOf(row),
    user: { id: row.seller_id, userName: row.seller_user_name, email: row.seller_email },
    hold: holdOf(row.held_at, row.hold_reason, row.hold_admin_uid, row.hold_admin_email),
  };
}

export async function loadAdminListing(executor: Executor, id: string): Promise<AdminListing> {
  const [row] = await readRows(
    executor,
    LISTING_ROW,
    selectListings(sql`WHERE l.id = ${id} AND l.deleted_at IS NULL`, sql``),
  );
  if (!row) throw notFound('Listing');
  return toAdminListing(row);
}

const FEATURE_ONLY_AUCTIONS = 'Only auctions can be featured';

/** Epoch milliseconds (text) → ISO time; digits beyond what a Date can hold are a 400, not a 500. */
function endTimeOf(endTime: string | null): string | null {
  if (endTime === null) return null;
  const date = new Date(Number(endTime));
  if (!Number.isFinite(date.getTime())) throw badRequest('body/endTime: is not a valid time');
  return date.toISOString();
}

function listingChanges(body: ListingPatchBody, listingType: AdminListing['listingType']): SQL[] {
  const sets: SQL[] = listingFieldChanges(body);
  if (body.listingType !== undefined) sets.push(sql`listing_type = ${body.listingType}`);
  if (body.startingBid !== undefined) {
    const cents = body.startingBid === null ? null : usdToCents(body.startingBid);
    // The admin's one "starting bid" field is the price of a buy-now listing.
    sets.push(listingType === 'auction' ? sql`starting_bid_cents = ${cents}` : sql`price_cents = ${cents}`);
  }
  if (body.featured !== undefined) sets.push(sql`featured = ${body.featured}`);
  if (body.endTime !== undefined) sets.push(sql`end_time = ${endTimeOf(body.endTime)}::timestamptz`);
  sets.push(sql`updated_at = now()`);
  return sets;
}

type AdminIdentity = Parameters<typeof recordAdminAction>[1]['admin'];

/** The active listings table: listings on sale, searched by title or description (paged or exported). */
export const activeListingsSource: AdminList<
  Omit<ListQuery<'activeListings'>, 'page' | 'limit'>,
  ListingRow,
  AdminListing
> = {
  table: 'listings',
  alias: 'l',
  condition: sql`l.deleted_at IS NULL AND l.status = 'active'`,
  search: { by: 'or', places: [{ text: 'title' }, { text: 'description' }] },
  sortKeys: SORT_KEYS,
  defaultSort: 'createdAt',
  total: 'activeListings',
  select: selectListings,
  row: LISTING_ROW,
  items: (_db, rows) => rows.map(toAdminListing),
};

/** `GET /admin/listings/active`: listings on sale, searched by title or description. */
export async function listActiveListings(db: Executor, query: ListQuery<'activeListings'>) {
  return listPage(db, activeListingsSource, query);
}

/** The admin's edit (or feature toggle) of a listing that is not deleted, logged as `action`. */
export async function changeListing(
  db: Db,
  id: string,
  body: ListingPatchBody,
  admin: AdminIdentity,
  action: string,
): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const locked = await readRows(
      tx,
      sqlRow(listings, 'id'),
      sql`SELECT id FROM listings WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!locked[0]) throw notFound('Listing');
    const before = await loadAdminListing(tx, id);
    const featured = body.featured ?? before.featured;
    const listingType = body.listingType ?? before.listingType;
    if (featured && listingType !== 'auction') throw conflict(FEATURE_ONLY_AUCTIONS);
    await tx.execute(sql`UPDATE listings SET ${sql.join(listingChanges(body, listingType), sql`, `)} WHERE id = ${id}`);
    const after = await loadAdminListing(tx, id);
    await recordAdminAction(tx, { admin, action, recordType: 'listing', recordId: id, before, after });
    return after;
  });
}

/** The admin's deletion: the listing is kept with deleted_at (as a seller's), and logged. */
export async function deleteListing(db: Db, id: string, admin: AdminIdentity): Promise<void> {
  await db.transaction((tx) => deleteListingIn(tx, id, admin));
}

/** Inside the caller's transaction (a review case's outcome): 404 when the listing is gone. */
export async function deleteListingIn(tx: Executor, id: string, admin: AdminIdentity): Promise<void> {
  const before = await loadAdminListing(tx, id);
  await softDeleteListing(tx, id);
  await recordAdminAction(tx, {
    admin,
    action: 'deleteListing',
    recordType: 'listing',
    recordId: id,
    before,
    after: null,
  });
}
