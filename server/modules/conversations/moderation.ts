// What moderators do to conversations: list the auction messages, chats and chat messages still
// up (searched, sorted, paged as the admin API's list rules say) and take one down (soft delete,
// logged, and announced to every open admin window).
import { sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db } from '../../platform/db/database.js';
import { adminPage, searchedPage } from '../../platform/db/admin-list.js';
import {
  listingTitleMatches,
  matchingUserIds,
  searchPattern,
  searchTerm,
  pagedById,
  whereAll,
  userMatches,
  whereSearched,
} from '../../platform/db/list-sql.js';
import { softDelete } from '../../platform/db/soft-delete.js';
import type { AdminEvents } from '../../platform/events/admin-events.js';
import {
  AUCTION_MESSAGE_SELECT,
  auctionMessageOf,
  CHAT_MESSAGE_SELECT,
  CHAT_SELECT,
  chatMessageOf,
  chatOf,
  type AuctionMessageRow,
  type ChatMessageRow,
  type ChatRow,
} from './moderation-items.js';

const CHAT_SORT: Record<ListQuery<'chats'>['sortBy'] & string, SQL> = {
  updatedAt: sql`c.updated_at`,
  createdAt: sql`c.created_at`,
};

/** Auction messages not taken down, found by text, author or listing title, newest or oldest first. */
export async function moderatedAuctionMessages(db: Db, query: ListQuery<'auctionMessages'>) {
  const pattern = searchPattern(query.search);
  const condition = sql`m.deleted_at IS NULL`;
  const pageOf = (where: SQL) => {
    const page = pagedById(sql`auction_messages m`, where, sql`m.created_at`, query, sql`m.id`);
    return sql`${AUCTION_MESSAGE_SELECT} ${page.where} ${page.order}`;
  };
  const { counted, rows } = pattern
    ? await searchedPage<AuctionMessageRow>(
        db,
        {
          from: sql`auction_messages m`,
          condition,
          idColumn: sql`m.id`,
          branches: [
            sql`SELECT id FROM auction_messages WHERE text ILIKE ${pattern}`,
            sql`SELECT id FROM auction_messages WHERE user_id IN (${matchingUserIds(pattern)})`,
            sql`SELECT id FROM auction_messages WHERE listing_id IN (SELECT id FROM listings WHERE title ILIKE ${pattern})`,
          ],
          rowMatches: sql`(m.text ILIKE ${pattern} OR ${userMatches(sql`m.user_id`, pattern)}
            OR ${listingTitleMatches(sql`m.listing_id`, pattern)})`,
        },
        pageOf,
      )
    : await adminPage<AuctionMessageRow>(
        db,
        'auctionMessages',
        sql`auction_messages m`,
        sql`WHERE ${condition}`,
        pageOf(sql`WHERE ${condition}`),
      );
  return { ...counted, items: rows.map(auctionMessageOf) };
}

/** Chats not taken down, found by either participant. */
export async function moderatedChats(db: Db, query: ListQuery<'chats'>) {
  const where = whereSearched(sql`c.deleted_at IS NULL`, query.search, sql`c.id`, (pattern) => [
    sql`SELECT id FROM chats WHERE user_id IN (${matchingUserIds(pattern)})`,
    sql`SELECT id FROM chats WHERE other_user_id IN (${matchingUserIds(pattern)})`,
  ]);
  const page = pagedById(sql`chats c`, where, CHAT_SORT[query.sortBy ?? 'createdAt'], query, sql`c.id`);
  const { counted, rows } = await adminPage<ChatRow>(
    db,
    searchTerm(query.search) ? null : 'chats',
    sql`chats c`,
    where,
    sql`${CHAT_SELECT} ${page.where} ${page.order}`,
  );
  return { ...counted, items: rows.map(chatOf) };
}

/** Chat messages not taken down, of chats not taken down, found by their text. */
export async function moderatedChatMessages(db: Db, query: ListQuery<'chatMessages'>) {
  const pattern = searchPattern(query.search);
  const where = whereAll([
    sql`m.deleted_at IS NULL`,
    sql`c.deleted_at IS NULL`,
    pattern ? sql`m.message ILIKE ${pattern}` : null,
  ]);
  const page = pagedById(
    sql`chat_messages m JOIN chats c ON c.id = m.chat_id`,
    where,
    sql`m.created_at`,
    query,
    sql`m.id`,
  );
  const { counted, rows } = await adminPage<ChatMessageRow>(
    db,
    pattern ? null : 'chatMessages',
    sql`chat_messages m JOIN chats c ON c.id = m.chat_id`,
    where,
    sql`${CHAT_MESSAGE_SELECT} ${page.where} ${page.order}`,
  );
  return { ...counted, items: rows.map(chatMessageOf) };
}

interface Moderator {
  db: Db;
  events: AdminEvents;
  admin: VerifiedIdentity;
}

/** Takes an auction message down (404 when there is none up with that id). */
export async function removeAuctionMessage({ db, events, admin }: Moderator, id: string): Promise<void> {
  await softDelete(db, 'auction_message', id, admin);
  events.emit('auctionMessageDeleted', { id });
}

export async function removeChat({ db, events, admin }: Moderator, id: string): Promise<void> {
  await softDelete(db, 'chat', id, admin);
  events.emit('chatDeleted', { id });
}

export async function removeChatMessage({ db, events, admin }: Moderator, id: string): Promise<void> {
  await softDelete(db, 'chat_message', id, admin);
  events.emit('messageDeleted', { id });
}
