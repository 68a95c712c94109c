// The auction's state on its listing row (price, leader, bids, end, status), written for the
// auctions module: the listings module owns `listings`, the auctions module decides the values.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';

/**
 * The state after a bid, as a statement for the bid path to run inside its own single statement
 * (one round trip under the auction's lock); also the state voiding bids recomputed.
 */
export const auctionStateUpdate = (state: {
  listingId: string;
  /** null when no bid counts (all were voided): the auction is back at its starting bid. */
  priceCents: number | null;
  leaderId: string | null;
  leaderMaxCents: number | null;
  bidCount: number;
  endTime: Date | null;
  at: Date;
}): SQL => sql`UPDATE listings SET bid_cents = ${state.priceCents}, leader_id = ${state.leaderId},
             leader_max_cents = ${state.leaderMaxCents}, bid_count = ${state.bidCount},
             end_time = ${state.endTime}, updated_at = ${state.at}
      WHERE id = ${state.listingId}`;

/** Closes an auction or giveaway: ended unsold, or sold (its one unit gone). */
export async function endListing(tx: Executor, listingId: string, outcome: 'auction_ended' | 'sold'): Promise<void> {
  await tx.execute(
    outcome === 'sold'
      ? sql`UPDATE listings SET status = 'sold', in_stock = 0, updated_at = now() WHERE id = ${listingId}`
      : sql`UPDATE listings SET status = 'auction_ended', updated_at = now() WHERE id = ${listingId}`,
  );
}

/** Its bidders were told it ends soon (the closer's notice is sent once per end time). */
export async function markEndingSoonNotified(tx: Executor, listingId: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE listings SET ending_soon_notified_at = ${at} WHERE id = ${listingId}`);
}
