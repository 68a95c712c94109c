// When a seller's auction ends: read it (`GET /listing/end-time/{id}`, public), choose it for a
// draft or an auction nobody has bid on (`PUT /listing/end-time/{id}`), or extend a running
// auction (`PATCH /listing/{id}/increment-time`). Bounds: `auction-end-time.ts`.
import { sql } from 'drizzle-orm';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { listings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { epochMsText } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { chosenEndTime, extendedEndTime } from './rules/auction-end-time.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { lockOwned } from './listings.js';
import { PUBLIC_LISTING } from './listing-reads.js';

const END_TIME_ROW = sqlRow(listings, 'id', 'listing_type', 'status', 'end_time');
type EndTimeRow = z.output<typeof END_TIME_ROW>;

const endTimeOf = (row: EndTimeRow) => ({
  listingId: row.id,
  listingType: row.listing_type,
  status: row.status,
  /** Epoch milliseconds as a string, null for buy-now listings and undecided drafts. */
  endTime: epochMsText(row.end_time),
});

/** Public: drafts are nobody's business but their seller's, so they are 404 here. */
export async function listingEndTime(db: Executor, listingId: string) {
  const [row] = await readRows(
    db,
    END_TIME_ROW,
    sql`SELECT l.id, l.listing_type, l.status, l.end_time FROM listings l WHERE l.id = ${listingId} AND ${PUBLIC_LISTING}`,
  );
  if (!row) throw notFound('Listing');
  return endTimeOf(row);
}

async function endTimeAfter(tx: Executor, listingId: string) {
  const [row] = await readRows(
    tx,
    END_TIME_ROW,
    sql`SELECT id, listing_type, status, end_time FROM listings WHERE id = ${listingId}`,
  );
  return endTimeOf(row!);
}

/**
 * Sets the end time of the seller's draft auction or giveaway, or of their running auction while
 * it has no bid (a bid was placed on the announced end).
 */
export async function setListingEndTime(deps: ServiceDeps, sellerId: string, listingId: string, endTime: number) {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const row = await lockOwned(tx, listingId, sellerId);
    // The clock is read under the listing's lock, as a bid reads it: a request that waited for
    // the lock (behind a bid) must not judge "still running" by the time it arrived.
    const now = nowOf(deps);
    if (row.listing_type === 'default') throw conflict('A buy-now listing has no end time');
    if (row.status !== 'draft') {
      const running = row.status === 'active' && row.end_time !== null && new Date(row.end_time).getTime() > now;
      if (!running) throw conflict('This listing has already ended');
      if (row.listing_type !== 'auction') throw conflict("Only a draft's end time can be set for a giveaway");
      if (row.bid_count > 0 || row.bid_cents !== null) {
        throw conflict('An auction with bids keeps its end time; extend it with increment-time instead');
      }
    }
    const decision = chosenEndTime(endTime, now);
    if (!decision.ok) throw badRequest(`body/endTime: ${decision.message}`);
    await tx.execute(
      sql`UPDATE listings SET end_time = ${new Date(decision.endTime)}, ending_soon_notified_at = NULL, updated_at = now()
           WHERE id = ${listingId}`,
    );
    if (row.status === 'active') outbox.add(marketEvent('feedListingUpdated', [listingRoom(listingId)], { listingId }));
    return endTimeAfter(tx, listingId);
  });
}

/** Pushes the seller's running auction's end back by `incrementMs` (`listingEndTimeIncremented`). */
export async function incrementAuctionEndTime(
  deps: ServiceDeps,
  sellerId: string,
  listingId: string,
  incrementMs: number,
) {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const row = await lockOwned(tx, listingId, sellerId);
    // The clock is read under the listing's lock, as bids and the closer judge the end: an
    // extension that waited for the lock while the end passed must not revive the auction after
    // bids were refused as too late (the closer skips a locked listing, so it may not have run).
    const now = nowOf(deps);
    if (row.listing_type !== 'auction') throw conflict('Only an auction can be extended');
    if (row.status === 'draft') throw conflict('A draft is not running yet; set its end time instead');
    if (row.status !== 'active' || row.end_time === null) throw conflict('This auction has already ended');
    const decision = extendedEndTime(new Date(row.end_time).getTime(), incrementMs, now);
    if (!decision.ok) {
      throw decision.message === 'This auction has already ended'
        ? conflict(decision.message)
        : badRequest(`body/minutes: ${decision.message}`);
    }
    await tx.execute(
      sql`UPDATE listings SET end_time = ${new Date(decision.endTime)}, ending_soon_notified_at = NULL, updated_at = now()
           WHERE id = ${listingId}`,
    );
    const result = await endTimeAfter(tx, listingId);
    outbox.add(
      marketEvent('listingEndTimeIncremented', [listingRoom(listingId)], { listingId, endTime: result.endTime! }),
    );
    return result;
  });
}
