// A listing's auction feed: the text messages users post on it (`userMessage`), read with the
// bids, giveaway entries and winners the auction itself writes there.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuctionMessage } from '../../../shared/contract/entities.js';
import type { AuctionFeed } from '../../../shared/contract/market/conversations.js';
import { listingRoom } from '../../../shared/contract/realtime-events.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { itemsPage } from '../../platform/db/list-total.js';
import { adminEvent, marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { publicListing } from '../listings/index.js';
import { auctionMessageItem, auctionMessageItems } from './admin-items.js';
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
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO auction_messages (listing_id, user_id, type, text) VALUES (${listingId}, ${userId}, 'text', ${text})
          RETURNING id`,
    );
    const item = await auctionMessageItem(tx, row!.id);
    outbox.add(marketEvent('userMessage', [listingRoom(listingId)], item), adminEvent('userMessage', item));
    await auctionTextPosted.fire(tx, outbox, { id: row!.id, authorId: userId, text });
    return item;
  });
}

/** A listing's auction feed: bids, texts, giveaway entries and winners, newest first; 404 for a draft. */
export async function auctionFeed(
  db: Executor,
  listingId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof AuctionFeed>> {
  await publicListing(db, listingId);
  const from = sql`FROM auction_messages WHERE listing_id = ${listingId} AND deleted_at IS NULL`;
  return itemsPage(db, from, sql`created_at DESC, id DESC`, page, limit, auctionMessageItems);
}
