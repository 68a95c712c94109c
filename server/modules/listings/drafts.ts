// A seller's drafts (`/draft-listing`): listings in status `draft`, saved from the listing form
// as they are, incomplete or not. Each answer says what publishing still needs (`missing`);
// publishing (`PATCH /listing/{id}/publish`, `/listing/publish-bulk`) refuses until it is empty.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Draft, DraftListingBody, MarketListing } from '../../../shared/contract/market/listings.js';
import { usdToCents } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { badRequest, callersOr404, conflict } from '../../platform/http/errors.js';
import { chosenEndTime } from './rules/auction-end-time.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { listingProblems } from './rules/listing-completeness.js';
import { insertListing, lockOwned, softDeleteListing, subCategoryExists } from './listings.js';
import { getListing, listListingsWhere } from './listing-reads.js';
import { listings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

/** A draft as the draft routes answer it (the contract's `Draft`). */
export type MarketDraft = Draft;

const DRAFT_EXTRAS_ROW = sqlRow(
  listings,
  'id',
  'subcategory_id',
  'timezone',
  'auction_end_date',
  'auction_end_time',
  'packaging_type',
  'trimmed_video',
);
type DraftExtrasRow = z.output<typeof DRAFT_EXTRAS_ROW>;

/** A listing as the draft form needs it: the listing, the form's own fields, and what publishing lacks. */
function draftOf(listing: MarketListing, extras: DraftExtrasRow | undefined): Draft {
  const missing = listingProblems({
    title: listing.title,
    listingType: listing.listingType,
    priceCents: listing.price === null ? null : usdToCents(listing.price),
    startingBidCents: listing.startingBid === null ? null : usdToCents(listing.startingBid),
  });
  return {
    ...listing,
    subCategoryId: extras?.subcategory_id ?? null,
    timezone: extras?.timezone ?? null,
    auctionEndDate: extras?.auction_end_date ?? null,
    auctionEndTime: extras?.auction_end_time ?? null,
    packagingType: extras?.packaging_type ?? null,
    trimmedVideo: extras?.trimmed_video ?? null,
    missing: missing.map((problem) => `${problem.field}: ${problem.message}`),
  };
}

async function extrasOf(db: Executor, ids: readonly string[]): Promise<Map<string, DraftExtrasRow>> {
  if (ids.length === 0) return new Map();
  const rows = await readRows(
    db,
    DRAFT_EXTRAS_ROW,
    sql`SELECT id, subcategory_id, timezone, auction_end_date, auction_end_time, packaging_type, trimmed_video
          FROM listings WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** A chosen end time of a draft must already be one the auction could be published with. */
function checkEndTime(body: DraftListingBody, now: number): void {
  if (body.listingType === 'default' || body.endTime === undefined) return;
  const decision = chosenEndTime(Number(body.endTime), now);
  if (!decision.ok) throw badRequest(`body/endTime: ${decision.message}`);
}

export async function getDraft(db: Executor, sellerId: string, id: string): Promise<MarketDraft> {
  const [row] = await readRows(
    db,
    sqlRow(listings, 'user_id', 'status'),
    sql`SELECT user_id, status FROM listings WHERE id = ${id} AND deleted_at IS NULL`,
  );
  const own = callersOr404(row, (listing) => listing.user_id === sellerId, 'Draft');
  if (own.status !== 'draft') throw conflict('This listing is no longer a draft');
  const listing = await getListing(db, id);
  return draftOf(listing, (await extrasOf(db, [id])).get(id));
}

export async function createDraft(deps: ServiceDeps, sellerId: string, body: DraftListingBody): Promise<MarketDraft> {
  const now = nowOf(deps);
  checkEndTime(body, now);
  await subCategoryExists(deps.db, body.subCategoryId);
  const id = await insertListing(deps.db, sellerId, { ...body, draft: true }, now);
  return getDraft(deps.db, sellerId, id);
}

/** The caller's drafts, latest change first. */
export async function listDrafts(db: Executor, sellerId: string, page: number, limit: number) {
  const listed = await listListingsWhere(
    db,
    sql`l.user_id = ${sellerId} AND l.status = 'draft'`,
    { by: sql`l.updated_at`, then: sql`l.id DESC` },
    page,
    limit,
  );
  const extras = await extrasOf(
    db,
    listed.items.map((item) => item.id),
  );
  return { count: listed.count, items: listed.items.map((item) => draftOf(item, extras.get(item.id))) };
}

/** Saves the whole form over the draft (PUT: fields left out take the create-listing defaults). */
export async function replaceDraft(
  deps: ServiceDeps,
  sellerId: string,
  id: string,
  body: DraftListingBody,
): Promise<MarketDraft> {
  const now = nowOf(deps);
  checkEndTime(body, now);
  await subCategoryExists(deps.db, body.subCategoryId);
  const timed = body.listingType !== 'default';
  await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, id, sellerId);
    if (row.status !== 'draft') throw conflict('This listing is no longer a draft');
    await tx.execute(
      sql`UPDATE listings
             SET subcategory_id = ${body.subCategoryId ?? null}, title = ${body.title},
                 description = ${body.description}, listing_type = ${body.listingType},
                 in_stock = ${timed ? 1 : body.inStock},
                 price_cents = ${body.price === undefined ? null : usdToCents(body.price)},
                 starting_bid_cents = ${body.startingBid === undefined ? null : usdToCents(body.startingBid)},
                 end_time = ${timed && body.endTime !== undefined ? new Date(Number(body.endTime)) : null},
                 video = ${body.video ?? null}, trimmed_video = ${body.trimmedVideo ?? null},
                 shipping_type = ${body.shippingType}, shipping_price_cents = ${usdToCents(body.shippingCost)},
                 mass_unit = ${body.massUnit}, weight = ${body.weight}, width = ${body.width},
                 height = ${body.height}, length = ${body.length}, timezone = ${body.timezone ?? null},
                 auction_end_date = ${body.auctionEndDate ?? null}, auction_end_time = ${body.auctionEndTime ?? null},
                 packaging_type = ${body.packagingType ?? null}, updated_at = now()
           WHERE id = ${id}`,
    );
  });
  return getDraft(deps.db, sellerId, id);
}

/** Deletes a draft (kept with deleted_at, like every deleted listing). */
export async function deleteDraft(deps: ServiceDeps, sellerId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, id, sellerId);
    if (row.status !== 'draft') throw conflict('Only a draft can be deleted here; end a listing on sale instead');
    await softDeleteListing(tx, id);
  });
}
