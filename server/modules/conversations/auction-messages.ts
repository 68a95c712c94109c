// The auction feed's lines that other areas cause: a giveaway entry, a giveaway's winner, a bid.
// The conversations module owns `auction_messages`; the auctions module writes these through it.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db/database.js';

/** A giveaway entry or winner in the listing's feed; answers its id. */
export async function addGiveawayMessage(
  tx: Executor,
  message: { listingId: string; userId: string; type: 'giveawayEntry' | 'giveawayWinner' },
): Promise<string> {
  const text = message.type === 'giveawayWinner' ? 'Giveaway winner' : null;
  const [row] = await queryRows<{ id: string }>(
    tx,
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
