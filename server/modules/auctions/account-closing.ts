// A closing account leaves the giveaways it entered that are still running (the accounts module's
// `accountClosing`, in the closing transaction); each giveaway's count goes out again. Sellers
// cannot enter their own giveaways, so the entries are all on other sellers' listings, whatever
// the listings module did first with the user's own.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { giveawayEntries } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlRow } from '../../platform/db/sql-row.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { accountClosing } from '../accounts/index.js';

accountClosing.subscribe(async (tx, outbox, { userId }) => {
  const leftGiveaways = await readRows(
    tx,
    sqlRow(giveawayEntries, 'listing_id'),
    sql`DELETE FROM giveaway_entries e USING listings l
         WHERE e.listing_id = l.id AND e.user_id = ${userId} AND l.user_id <> ${userId}
           AND l.listing_type = 'giveaway' AND l.status = 'active' AND l.deleted_at IS NULL
     RETURNING e.listing_id`,
  );
  for (const { listing_id: listingId } of leftGiveaways) {
    const [count] = await readRows(
      tx,
      z.object({ entries: countValue }),
      sql`SELECT count(*) AS entries FROM giveaway_entries WHERE listing_id = ${listingId}`,
    );
    outbox.add(
      marketEvent('giveawayEntriesUpdated', [listingRoom(listingId)], {
        listingId,
        entries: Number(count?.entries ?? 0),
      }),
    );
  }
});
