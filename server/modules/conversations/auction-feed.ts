// A listing's auction feed: the text messages users post on it (`userMessage`), read with the
// bids, giveaway entries and winners the auction itself writes there.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuctionMessage } from '../../../shared/contract/entities.js';
import type { AuctionFeed } from '../../../shared/contract/market/conversations.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import type { Executor } from '../../platform/db/database.js';
import { auctionMessages } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { adminEvent, marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { publicListing } from '../listings/index.js';
import { auctionMessageItem } from './admin-items.js';
import {
  AUCTION_MESSAGE_ROW,
  AUCTION_MESSAGE_SELECT,
  auctionMessageOf,
  type AuctionMessageRow,
} from './moderation-items.js';
import { auctionTextPosted } from './hooks.js';

/**
 * A user's text message on a listing's auction feed (`userMessage`): only a listing anybody may
 * see takes one (a draft is 404, as for reports), so nothing reaches a feed nobody can read.
 */
export async function postAuctionText(
  deps: ServiceDeps,
  userId: string,
  listingId: string,
  text: string,
): Promise<AuctionMessage> {
  return inUnitOfWork(deps, async (tx, outbox) => {
    await publicListing(tx, listingId);
    const [row] = await readRows(
      tx,
      sqlRow(auctionMessages, 'id'),
      sql`INSERT INTO auction_messages (listing_id, user_id, type, text) VALUES (${listingId}, ${userId}, 'text', ${text})
          RETURNING id`,
    );
    const item = await auctionMessageItem(tx, row!.id);
    outbox.add(marketEvent('userMessage', [listingRoom(listingId)], item), adminEvent('userMessage', item));
    await auctionTextPosted.fire(tx, outbox, { id: row!.id, authorId: userId, text });
    return item;
  });
}

/** A listing's auction feed: bids, texts, giveaway entries and winners, newest first. */
const feedOfListing: AdminList<ListQueryBase & { listingId: string }, AuctionMessageRow, AuctionMessage> = {
  table: 'auction_messages',
  alias: 'm',
  condition: sql`m.deleted_at IS NULL`,
  filters: ({ listingId }) => [sql`m.listing_id = ${listingId}`],
  sortKeys: { createdAt: { column: sql`m.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) => sql`${AUCTION_MESSAGE_SELECT} ${rows} ${tail}`,
  row: AUCTION_MESSAGE_ROW,
  items: (_db, rows) => rows.map(auctionMessageOf),
};

/** A listing's auction feed (`feedOfListing`); 404 for a draft. */
export async function auctionFeed(
  db: Executor,
  listingId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof AuctionFeed>> {
  await publicListing(db, listingId);
  return marketListPage(db, feedOfListing, { listingId, page, limit });
}
