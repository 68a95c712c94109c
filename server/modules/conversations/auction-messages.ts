// The auction feed's lines that other areas cause: a giveaway entry, a giveaway's winner, a bid
// (and its withdrawal when an admin voids it).
// The conversations module owns `auction_messages`; the auctions module writes these through it.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { inList } from '../../platform/db/list-sql.js';
import { auctionMessages } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

const AUCTION_MESSAGE_ID = sqlRow(auctionMessages, 'id');

/** A giveaway entry or winner in the listing's feed; answers its id. */
export async function addGiveawayMessage(
  tx: Executor,
  message: { listingId: string; userId: string; type: 'giveawayEntry' | 'giveawayWinner' },
): Promise<string> {
  const text = message.type === 'giveawayWinner' ? 'Giveaway winner' : null;
  const [row] = await readRows(
    tx,
    AUCTION_MESSAGE_ID,
    sql`INSERT INTO auction_messages (listing_id, user_id, type, text)
        VALUES (${message.listingId}, ${message.userId}, ${message.type}, ${text}) RETURNING id`,
  );
  return row!.id;
}

/**
 * A bid's line in the feed, as a statement for the bid path to run inside its own single
 * statement (one round trip under the auction's lock); writes nothing when `id` is null (a hidden
 * maximum raise shows no line).
 */
export const bidMessageInsert = (message: {
  id: string | null;
  listingId: string;
  userId: string;
  amountCents: number | null;
  createdAt: Date;
}): SQL => sql`INSERT INTO auction_messages (id, listing_id, user_id, type, amount_cents, created_at)
        SELECT ${message.id}, ${message.listingId}, ${message.userId}, 'bid', ${message.amountCents}, ${message.createdAt}
        WHERE ${message.id}::text IS NOT NULL`;

/**
 * Takes the feed lines of these bidders' bids on a listing off the feed (an admin voided their
 * bids: they leave every public read of bids); answers the lines' ids.
 */
export async function withdrawBidMessages(
  tx: Executor,
  listingId: string,
  userIds: readonly string[],
  at: Date,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await readRows(
    tx,
    AUCTION_MESSAGE_ID,
    sql`UPDATE auction_messages SET deleted_at = ${at}
        WHERE listing_id = ${listingId} AND type = 'bid' AND user_id IN ${inList(userIds)} AND deleted_at IS NULL
        RETURNING id`,
  );
  return rows.map((row) => row.id);
}
