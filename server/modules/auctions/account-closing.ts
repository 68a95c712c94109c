// A closing account leaves the giveaways it entered that are still running (the accounts module's
// `accountClosing`, in the closing transaction); each giveaway's count goes out again. Sellers
// cannot enter their own giveaways, so the entries are all on other sellers' listings, whatever
// the listings module did first with the user's own.
import { sql } from 'drizzle-orm';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { queryRows } from '../../platform/db/database.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { accountClosing } from '../accounts/index.js';

accountClosing.subscribe(async (tx, outbox, { userId }) => {
  const leftGiveaways = await queryRows<{ listing_id: string }>(
    tx,
    sql`DELETE FROM giveaway_entries e USING listings l
         WHERE e.listing_id = l.id AND e.user_id = ${userId} AND l.user_id <> ${userId}
           AND l.listing_type = 'giveaway' AND l.status = 'active' AND l.deleted_at IS NULL
     RETURNING e.listing_id`,
  );
  for (const { listing_id: listingId } of leftGiveaways) {
    const [count] = await queryRows<{ entries: string | number }>(
      tx,
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
