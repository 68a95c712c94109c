// Many listings at once: create (`POST /listing/bulk`) and publish drafts
// (`POST /listing/publish-bulk`). All or nothing: one transaction, and a refusal names every
// item that failed (by index, or by id) instead of the first.
import { sql } from 'drizzle-orm';
import type { BulkRefusedItem, CreateListingBody, MarketListings } from '../../../shared/contract/market/listings.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { subcategories } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { HttpError } from '../../platform/http/errors.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { listingProblems, problemsText } from './rules/listing-completeness.js';
import { insertListing, lockOwned, publishDraft, screenListing, termsOf } from './listings.js';
import { listListingsWhere } from './listing-reads.js';
import { assertMaySell, sellingRefusal } from '../accounts/index.js';
import { refuseOverListingCap } from './listing-cap.js';

/** A bulk request refused as a whole; the route answers `{statusCode, error, message, errors}`. */
export class BulkRefusedError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly errors: BulkRefusedItem[],
  ) {
    super(statusCode, message);
    this.name = 'BulkRefusedError';
  }
}

/** One status for the whole answer: the items' own when they agree, else 400. */
const statusOf = (errors: readonly BulkRefusedItem[]) =>
  errors.every((error) => error.statusCode === errors[0]!.statusCode) ? errors[0]!.statusCode : 400;

async function pageOf(deps: ServiceDeps, ids: readonly string[]): Promise<MarketListings> {
  const listed = await listListingsWhere(
    deps.db,
    sql`l.id IN (${sql.join(
      ids.map((listingId) => sql`${listingId}`),
      sql`, `,
    )})`,
    { by: sql`l.created_at`, direction: 'ASC', then: sql`l.id` },
    1,
    ids.length,
  );
  // In the request's order, whatever order the rows came back in.
  const byId = new Map(listed.items.map((item) => [item.id, item]));
  return { count: ids.length, items: ids.map((listingId) => byId.get(listingId)!) };
}

export async function createListingsInBulk(
  deps: ServiceDeps,
  sellerId: string,
  listings: readonly CreateListingBody[],
): Promise<MarketListings> {
  const now = nowOf(deps);
  const subCategoryIds = [...new Set(listings.flatMap((listing) => listing.subCategoryId ?? []))];
  const known = new Set(
    subCategoryIds.length === 0
      ? []
      : (
          await readRows(
            deps.db,
            sqlRow(subcategories, 'id'),
            sql`SELECT id FROM subcategories WHERE id IN (${sql.join(
              subCategoryIds.map((subCategoryId) => sql`${subCategoryId}`),
              sql`, `,
            )})`,
          )
        ).map((row) => row.id),
  );
  const errors: BulkRefusedItem[] = [];
  listings.forEach((listing, index) => {
    const prefix = `body/listings/${index}/`;
    const messages: string[] = [];
    const problems = listing.draft ? [] : listingProblems(termsOf(listing));
    if (problems.length > 0) messages.push(problemsText(prefix, problems));
    if (listing.listingType !== 'default' && listing.endTime !== undefined && Number(listing.endTime) <= now) {
      messages.push(`${prefix}endTime: must be in the future`);
    }
    if (listing.subCategoryId !== undefined && !known.has(listing.subCategoryId)) {
      messages.push(`${prefix}subCategoryId: no such subcategory`);
    }
    if (messages.length > 0) errors.push({ index, statusCode: 400, message: messages.join('; ') });
  });
  if (errors.length > 0) {
    throw new BulkRefusedError(
      400,
      `${errors.length} of ${listings.length} listings are invalid; none was created`,
      errors,
    );
  }
  const ids = await inUnitOfWork(deps, async (tx, outbox) => {
    // Live listings are selling (assertMaySell); a batch of drafts only is not.
    if (listings.some((listing) => !listing.draft)) await assertMaySell(tx, sellerId);
    const created: string[] = [];
    for (const listing of listings) {
      // Each live one against the level's cap, counting those this batch listed before it.
      if (!listing.draft) await refuseOverListingCap(tx, sellerId);
      const id = await insertListing(tx, sellerId, listing, now);
      // The off-platform detector on what buyers will read (drafts wait until published).
      await screenListing(tx, outbox, id);
      created.push(id);
    }
    return created;
  });
  return pageOf(deps, ids);
}

export async function publishDraftsInBulk(
  deps: ServiceDeps,
  sellerId: string,
  ids: readonly string[],
): Promise<MarketListings> {
  const now = nowOf(deps);
  await inUnitOfWork(deps, async (tx, outbox) => {
    // Publishing is selling: the seller's row first. One who may not sell only learns which ids
    // are not theirs (404, as for anybody), then the whole batch is refused (sellingSuspended).
    const refusal = await sellingRefusal(tx, sellerId);
    const errors: BulkRefusedItem[] = [];
    // Locked in id order, so two bulk publishes that share drafts cannot deadlock.
    for (const listingId of [...ids].sort()) {
      try {
        if (refusal) await lockOwned(tx, listingId, sellerId);
        else await publishDraft(tx, listingId, sellerId, now);
      } catch (error) {
        // Only the checks' own refusals are collected; a database failure aborts as it should.
        if (!(error instanceof HttpError)) throw error;
        errors.push({ id: listingId, statusCode: error.statusCode, message: error.message });
      }
    }
    if (errors.length > 0) {
      errors.sort((a, b) => ids.indexOf(a.id!) - ids.indexOf(b.id!));
      throw new BulkRefusedError(
        statusOf(errors),
        `${errors.length} of ${ids.length} drafts cannot be published; none was`,
        errors,
      );
    }
    if (refusal) throw refusal;
    for (const listingId of ids) await screenListing(tx, outbox, listingId);
    outbox.add(...ids.map((listingId) => marketEvent('feedListingUpdated', [listingRoom(listingId)], { listingId })));
  });
  return pageOf(deps, ids);
}
