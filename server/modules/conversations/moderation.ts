// What moderators do to conversations: list the auction messages, chats and chat messages still
// up (searched, sorted, paged as the admin API's list rules say) and take one down (soft delete,
// logged, and announced to every open admin window).
import { sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db } from '../../platform/db/database.js';
import {
  listPage,
  matchingUserIds,
  searchPattern,
  whereAll,
  userMatches,
  whereSearched,
  type ListSource,
  listingTitleMatches,
} from '../../platform/db/list-sql.js';
import type { AuctionMessage, Chat, ChatMessage } from '../../../shared/contract/entities.js';
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
  return listPage(db, auctionMessagesSource(query), query);
}

export function auctionMessagesSource(
  query: Omit<ListQuery<'auctionMessages'>, 'page' | 'limit'>,
): ListSource<AuctionMessageRow, AuctionMessage> {
  const condition = sql`m.deleted_at IS NULL`;
  const branches = (pattern: SQL) => [
    sql`SELECT id FROM auction_messages WHERE text ILIKE ${pattern}`,
    sql`SELECT id FROM auction_messages WHERE user_id IN (${matchingUserIds(pattern)})`,
    sql`SELECT id FROM auction_messages WHERE listing_id IN (SELECT id FROM listings WHERE title ILIKE ${pattern})`,
  ];
  const pattern = searchPattern(query.search);
  return {
    from: sql`auction_messages m`,
    where: whereSearched(condition, query.search, sql`m.id`, branches),
    select: (rows, tail) => sql`${AUCTION_MESSAGE_SELECT} ${rows} ${tail}`,
    sortColumn: sql`m.created_at`,
    idColumn: sql`m.id`,
    order: query.order,
    keptTotal: pattern ? null : 'auctionMessages',
    // A search's page and count are bounded by branch: a common term walks the sort index.
    searched: pattern
      ? {
          condition,
          branches: branches(pattern),
          rowMatches: sql`(m.text ILIKE ${pattern} OR ${userMatches(sql`m.user_id`, pattern)}
            OR ${listingTitleMatches(sql`m.listing_id`, pattern)})`,
        }
      : undefined,
    items: (_db, rows) => rows.map(auctionMessageOf),
  };
}

/** Chats not taken down, found by either participant. */
export async function moderatedChats(db: Db, query: ListQuery<'chats'>) {
  return listPage(db, chatsSource(query), query);
}

export function chatsSource(query: Omit<ListQuery<'chats'>, 'page' | 'limit'>): ListSource<ChatRow, Chat> {
  const condition = sql`c.deleted_at IS NULL`;
  const branches = (pattern: SQL) => [
    sql`SELECT id FROM chats WHERE user_id IN (${matchingUserIds(pattern)})`,
    sql`SELECT id FROM chats WHERE other_user_id IN (${matchingUserIds(pattern)})`,
  ];
  const pattern = searchPattern(query.search);
  return {
    from: sql`chats c`,
    where: whereSearched(condition, query.search, sql`c.id`, branches),
    select: (rows, tail) => sql`${CHAT_SELECT} ${rows} ${tail}`,
    sortColumn: CHAT_SORT[query.sortBy ?? 'createdAt'],
    idColumn: sql`c.id`,
    order: query.order,
    keptTotal: pattern ? null : 'chats',
    // A search's page and count are bounded by branch: a common name walks the sort index.
    searched: pattern
      ? {
          condition,
          branches: branches(pattern),
          rowMatches: sql`(${userMatches(sql`c.user_id`, pattern)} OR ${userMatches(sql`c.other_user_id`, pattern)})`,
        }
      : undefined,
    items: (_db, rows) => rows.map(chatOf),
  };
}

/** Chat messages not taken down, of chats not taken down, found by their text. */
export async function moderatedChatMessages(db: Db, query: ListQuery<'chatMessages'>) {
  return listPage(db, chatMessagesSource(query), query);
}

export function chatMessagesSource(
  query: Omit<ListQuery<'chatMessages'>, 'page' | 'limit'>,
): ListSource<ChatMessageRow, ChatMessage> {
  const pattern = searchPattern(query.search);
  const where = whereAll([
    sql`m.deleted_at IS NULL`,
    sql`c.deleted_at IS NULL`,
    pattern ? sql`m.message ILIKE ${pattern}` : null,
  ]);
  return {
    from: sql`chat_messages m JOIN chats c ON c.id = m.chat_id`,
    where,
    select: (rows, tail) => sql`${CHAT_MESSAGE_SELECT} ${rows} ${tail}`,
    sortColumn: sql`m.created_at`,
    idColumn: sql`m.id`,
    order: query.order,
    keptTotal: pattern ? null : 'chatMessages',
    items: (_db, rows) => rows.map(chatMessageOf),
  };
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
