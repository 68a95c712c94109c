// Giveaway entries: one per user and giveaway (the unique constraint decides under races).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EnteredGiveaways, GiveawayEntry } from '../../../shared/contract/market/auctions.js';
import type { ListingStatus } from '../../../shared/contract/enums.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { queryRows } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { addGiveawayMessage, auctionMessageItem } from '../conversations/index.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { adminEvent, marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { pageOf } from '../../platform/db/list-sql.js';
import { TOTAL_COUNT, totalOf } from '../../platform/db/list-total.js';
import { PUBLIC_LISTING, refuseIfOnHold } from '../listings/index.js';

export async function enterGiveaway(
  deps: ServiceDeps,
  listingId: string,
  userId: string,
): Promise<z.output<typeof GiveawayEntry>> {
  return inUnitOfWork(deps, async (tx, outbox) => {
    // A shared lock: entries run in parallel, but never alongside the closer's draw.
    const [listing] = await queryRows<{
      user_id: string;
      listing_type: string;
      status: string;
      end_time: Date | string | null;
      held_at: Date | string | null;
    }>(
      tx,
      sql`SELECT l.user_id, l.listing_type, l.status, l.end_time, l.held_at FROM listings l
          WHERE l.id = ${listingId} AND ${PUBLIC_LISTING} FOR SHARE OF l`,
    );
    if (!listing) throw notFound('Listing');
    if (listing.listing_type !== 'giveaway') throw conflict('This listing is not a giveaway');
    // An admin's hold (the shared lock waits for it): held, its end does not count yet.
    refuseIfOnHold(listing);
    const ended = listing.end_time !== null && new Date(listing.end_time).getTime() <= nowOf(deps);
    if (listing.status !== 'active' || ended) throw conflict('This giveaway has ended');
    if (listing.user_id === userId) throw conflict('Sellers cannot enter their own giveaway');
    const [entry] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO giveaway_entries (listing_id, user_id) VALUES (${listingId}, ${userId})
          ON CONFLICT (listing_id, user_id) DO NOTHING RETURNING id`,
    );
    if (!entry) throw conflict('You have already entered this giveaway');
    const messageId = await addGiveawayMessage(tx, { listingId, userId, type: 'giveawayEntry' });
    const [counted] = await queryRows<{ count: string | number }>(
      tx,
      sql`SELECT count(*) AS count FROM giveaway_entries WHERE listing_id = ${listingId}`,
    );
    const entries = Number(counted?.count ?? 0);
    outbox.add(
      marketEvent('giveawayEntriesUpdated', [listingRoom(listingId)], { listingId, entries }),
      adminEvent('giveawayEntriesUpdated', await auctionMessageItem(tx, messageId)),
    );
    return { id: entry.id, listingId, entries };
  });
}

/** The giveaways a user entered, newest first. */
export async function enteredGiveaways(
  deps: ServiceDeps,
  userId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof EnteredGiveaways>> {
  const from = sql`FROM giveaway_entries e JOIN listings l ON l.id = e.listing_id WHERE e.user_id = ${userId}`;
  const rows = await queryRows<{
    id: string;
    title: string;
    status: ListingStatus;
    end_time: Date | string | null;
    entered_at: Date | string;
    total_count: string | number;
  }>(
    deps.db,
    sql`SELECT l.id, l.title, l.status, l.end_time, e.created_at AS entered_at, ${TOTAL_COUNT}
        ${from} ORDER BY e.created_at DESC, e.id DESC ${pageOf(page, limit)}`,
  );
  return {
    count: await totalOf(deps.db, rows, page, sql`SELECT count(*) AS count ${from}`),
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      endTime: row.end_time === null ? null : String(new Date(row.end_time).getTime()),
      enteredAt: new Date(row.entered_at).toISOString(),
    })),
  };
}
