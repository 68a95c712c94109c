// An admin's hold on a listing (DECISIONS "Rings and remedies"): while held, the listing takes no
// bids, purchases, offers or giveaway entries (each write path asks `refuseIfOnHold` under the
// listing's lock, so a write either committed before the hold or sees it) and the closer skips it.
// Released, its end moves on by the time it was held, so the bidders lose none of the auction.
import { sql } from 'drizzle-orm';
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db } from '../../platform/db/database.js';
import { listings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { AdminEvents } from '../../platform/events/admin-events.js';
import { conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { loadAdminListing } from './listing-admin.js';

export const LISTING_ON_HOLD_MESSAGE = 'This listing is on hold';

/** The 409 every write on a held listing answers. */
export function listingOnHold(): HttpError {
  return new HttpError(409, LISTING_ON_HOLD_MESSAGE, 'listingOnHold');
}

/** Throws `listingOnHold` when the (locked) listing row is held. */
export function refuseIfOnHold(row: { held_at: Date | string | null }): void {
  if (row.held_at !== null) throw listingOnHold();
}

const HOLD_ROW = sqlRow(listings, 'id', 'status', 'held_at');

async function lockHeldState(tx: Db, id: string) {
  const [row] = await readRows(
    tx,
    HOLD_ROW,
    sql`SELECT id, status, held_at FROM listings WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row) throw notFound('Listing');
  return row;
}

/** `POST /admin/listings/active/{id}/hold`: holds an active listing; 409 when it is not active or already held. */
export async function holdListing(db: Db, id: string, reason: string, admin: VerifiedIdentity): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const row = await lockHeldState(tx, id);
    if (row.status !== 'active') throw conflict('Only an active listing can be held');
    if (row.held_at !== null) throw conflict('This listing is already on hold');
    const before = await loadAdminListing(tx, id);
    await tx.execute(
      sql`UPDATE listings SET held_at = now(), hold_reason = ${reason}, hold_admin_uid = ${admin.uid},
                              hold_admin_email = ${admin.email ?? ''}, updated_at = now()
          WHERE id = ${id}`,
    );
    const after = await loadAdminListing(tx, id);
    await recordAdminAction(tx, { admin, action: 'holdListing', recordType: 'listing', recordId: id, before, after });
    return after;
  });
}

/**
 * `DELETE /admin/listings/active/{id}/hold`: releases the hold. An auction's or giveaway's end
 * moves on by the time it was held (its bidders are told, `listingEndTimeIncremented`) and the
 * ending-soon notice may go out again for the new end.
 */
export async function releaseListingHold(
  deps: { db: Db; events: AdminEvents },
  id: string,
  admin: VerifiedIdentity,
): Promise<AdminListing> {
  const after = await deps.db.transaction(async (tx) => {
    const row = await lockHeldState(tx, id);
    if (row.held_at === null) throw conflict('This listing is not on hold');
    const before = await loadAdminListing(tx, id);
    await tx.execute(
      sql`UPDATE listings SET end_time = end_time + (now() - held_at), ending_soon_notified_at = NULL,
                              held_at = NULL, hold_reason = NULL, hold_admin_uid = NULL, hold_admin_email = NULL,
                              updated_at = now()
          WHERE id = ${id}`,
    );
    const after = await loadAdminListing(tx, id);
    await recordAdminAction(tx, {
      admin,
      action: 'releaseListingHold',
      recordType: 'listing',
      recordId: id,
      before,
      after,
    });
    return after;
  });
  if (after.endTime !== null) deps.events.emit('listingHoldReleased', { listingId: id, endTime: after.endTime });
  return after;
}
