// Sellers' listings: create (with the payload's defaults), publish a draft, edit, end. What buyers
// read is listing-reads.ts's.
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateListingBody, EditListingBody, MarketListing } from '../../../shared/contract/market/listings.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { usdToCents } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { badRequest, callersOr404, conflict, HttpError } from '../../platform/http/errors.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork, type Outbox } from '../../platform/events/unit-of-work.js';
import { listingTextShown } from './hooks.js';
import { type ListingTerms, listingProblems, problemsText } from './rules/listing-completeness.js';
import { assertMaySell, sellingRefusal } from '../accounts/index.js';
import { refuseOverListingCap } from './listing-cap.js';
import { listings, subcategories } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { getListing } from './listing-reads.js';
import { bidEditLockRefusal, type EditableListing } from './rules/bid-edit-lock.js';
import { markListingEditor } from './listing-versions.js';

/** Auctions and giveaways without an end time run for 7 days. */
export const DEFAULT_AUCTION_DURATION_MS = 7 * 24 * 60 * 60_000;

function endTimeOf(value: string | number | undefined, now: number): Date {
  const ms = value === undefined ? now + DEFAULT_AUCTION_DURATION_MS : Number(value);
  if (ms <= now) throw badRequest('endTime must be in the future');
  return new Date(ms);
}

/** A 400 for a subcategory nobody made (its foreign key would refuse the insert with a 500). */
export async function subCategoryExists(db: Executor, subCategoryId: string | undefined): Promise<void> {
  if (subCategoryId === undefined) return;
  const [found] = await readRows(
    db,
    sqlRow(subcategories, 'id'),
    sql`SELECT id FROM subcategories WHERE id = ${subCategoryId}`,
  );
  if (!found) throw badRequest('body/subCategoryId: no such subcategory');
}

export async function createListing(
  deps: ServiceDeps,
  sellerId: string,
  body: CreateListingBody,
): Promise<MarketListing> {
  const problems = body.draft ? [] : listingProblems(termsOf(body));
  if (problems.length > 0) throw badRequest(problemsText('body/', problems));
  await subCategoryExists(deps.db, body.subCategoryId);
  // A live listing is selling (assertMaySell); saving a draft is not.
  const id = body.draft
    ? await insertListing(deps.db, sellerId, body, nowOf(deps))
    : await inUnitOfWork(deps, async (tx, outbox) => {
        await assertMaySell(tx, sellerId);
        await refuseOverListingCap(tx, sellerId);
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
  await refuseOverListingCap(tx, sellerId);
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

const EDITABLE_ROW = sqlRow(
  listings,
  'title',
  'description',
  'price_cents',
  'starting_bid_cents',
  'in_stock',
  'video',
  'weight',
  'mass_unit',
  'width',
  'height',
  'length',
  'end_time',
  'shipping_type',
  'shipping_price_cents',
);

/** The locked listing's fields as the bid lock compares a seller's edit with them. */
async function editableListing(tx: Executor, id: string, owned: OwnedRow): Promise<EditableListing> {
  const [row] = await readRows(
    tx,
    EDITABLE_ROW,
    sql`SELECT title, description, price_cents, starting_bid_cents, in_stock, video, weight, mass_unit, width, height,
               length, end_time, shipping_type, shipping_price_cents
          FROM listings WHERE id = ${id}`,
  );
  const cents = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    hasBids: owned.bid_count > 0 || owned.bid_cents !== null,
    title: row!.title,
    description: row!.description,
    priceCents: cents(row!.price_cents),
    startingBidCents: cents(row!.starting_bid_cents),
    inStock: row!.in_stock,
    video: row!.video,
    weight: row!.weight,
    massUnit: row!.mass_unit,
    width: row!.width,
    height: row!.height,
    length: row!.length,
    endTime: row!.end_time === null ? null : new Date(row!.end_time).getTime(),
    shippingType: row!.shipping_type,
    shippingPriceCents: Number(row!.shipping_price_cents),
  };
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
    const refusal = bidEditLockRefusal(await editableListing(tx, id, row), body);
    if (refusal) throw new HttpError(409, refusal, 'editLockedByBids');
    await markListingEditor(tx, sellerId);
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
