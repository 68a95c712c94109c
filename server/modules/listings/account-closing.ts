// A closing account's listings leave the market: its active listings and drafts are soft-deleted
// in the closing transaction (the accounts module's `accountClosing`), and every window showing an
// active one re-reads it.
import { sql } from 'drizzle-orm';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { listings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { accountClosing } from '../accounts/index.js';

accountClosing.subscribe(async (tx, outbox, { userId }) => {
  const closedListings = await readRows(
    tx,
    sqlRow(listings, 'id', 'status'),
    sql`UPDATE listings SET deleted_at = now(), updated_at = now()
         WHERE user_id = ${userId} AND deleted_at IS NULL AND status IN ('active', 'draft')
     RETURNING id, status`,
  );
  for (const listing of closedListings.filter((row) => row.status === 'active')) {
    outbox.add(marketEvent('feedListingUpdated', [listingRoom(listing.id)], { listingId: listing.id }));
  }
});
