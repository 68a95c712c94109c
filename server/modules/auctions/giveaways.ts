// Giveaway entries: one per user and giveaway (the unique constraint decides under races).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EnteredGiveaways, GiveawayEntry } from '../../../shared/contract/market/auctions.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { giveawayEntries, listings } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { addGiveawayMessage, auctionMessageItem } from '../conversations/index.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { adminEvent, marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { PUBLIC_LISTING, refuseIfOnHold } from '../listings/index.js';

export async function enterGiveaway(
  deps: ServiceDeps,
  listingId: string,
  userId: string,
): Promise<z.output<typeof GiveawayEntry>> {
  return inUnitOfWork(deps, async (tx, outbox) => {
    // A shared lock: entries run in parallel, but never alongside the closer's draw.
    const [listing] = await readRows(
      tx,
      sqlRow(listings, 'user_id', 'listing_type', 'status', 'end_time', 'held_at'),
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
    const [entry] = await readRows(
      tx,
      sqlRow(giveawayEntries, 'id'),
      sql`INSERT INTO giveaway_entries (listing_id, user_id) VALUES (${listingId}, ${userId})
          ON CONFLICT (listing_id, user_id) DO NOTHING RETURNING id`,
    );
    if (!entry) throw conflict('You have already entered this giveaway');
    const messageId = await addGiveawayMessage(tx, { listingId, userId, type: 'giveawayEntry' });
    const [counted] = await readRows(
      tx,
      z.object({ count: countValue }),
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

/** A giveaway entered, read with its listing. */
const ENTERED_ROW = sqlRow(listings, 'id', 'title', 'status', 'end_time').extend({
  entered_at: sqlColumn(giveawayEntries, 'created_at'),
});
type EnteredGiveaway = z.output<typeof EnteredGiveaways>['items'][number];

/** The giveaways a user entered (`e.user_id`), the latest entry first. */
const giveawaysEnteredBy: AdminList<
  ListQueryBase & { userId: string },
  z.output<typeof ENTERED_ROW>,
  EnteredGiveaway
> = {
  table: 'giveaway_entries',
  alias: 'e',
  from: () => sql`giveaway_entries e JOIN listings l ON l.id = e.listing_id`,
  filters: ({ userId }) => [sql`e.user_id = ${userId}`],
  sortKeys: { createdAt: { column: sql`e.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT l.id, l.title, l.status, l.end_time, e.created_at AS entered_at
          FROM giveaway_entries e JOIN listings l ON l.id = e.listing_id ${rows} ${tail}`,
  row: ENTERED_ROW,
  items: (_db, rows) =>
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      endTime: row.end_time === null ? null : String(new Date(row.end_time).getTime()),
      enteredAt: new Date(row.entered_at).toISOString(),
    })),
};

/** The giveaways a user entered (`giveawaysEnteredBy`). */
export async function enteredGiveaways(
  deps: ServiceDeps,
  userId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof EnteredGiveaways>> {
  return marketListPage(deps.db, giveawaysEnteredBy, { userId, page, limit });
}
