// What moderators do to conversations: list the auction messages, chats and chat messages still
// up (searched, sorted, paged as the admin API's list rules say) and take one down (soft delete,
// logged, and announced to every open admin window).
import { sql } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { listPage, type AdminList, type SortColumn } from '../../platform/db/admin-list.js';
import type { AuctionMessage, Chat, ChatMessage } from '../../../shared/contract/entities.js';
import { softDeleteIn } from '../../platform/db/soft-delete.js';
import type { AdminEvents } from '../../platform/events/admin-events.js';
import { inAdminUnitOfWork, type AdminOutbox } from '../../platform/events/admin-unit-of-work.js';
import {
  AUCTION_MESSAGE_ROW,
  AUCTION_MESSAGE_SELECT,
  auctionMessageOf,
  CHAT_MESSAGE_ROW,
  CHAT_MESSAGE_SELECT,
  CHAT_ROW,
  CHAT_SELECT,
  chatMessageOf,
  chatOf,
  type AuctionMessageRow,
  type ChatMessageRow,
  type ChatRow,
} from './moderation-items.js';

const CHAT_SORT: Record<ListQuery<'chats'>['sortBy'] & string, SortColumn> = {
  updatedAt: { column: sql`c.updated_at` },
  createdAt: { column: sql`c.created_at` },
};

/** Newest or oldest first: the lists without a choice of sort key. */
const BY_CREATION = (alias: string): Record<'createdAt', SortColumn> => ({
  createdAt: { column: sql.raw(`${alias}.created_at`) },
});

/** Auction messages not taken down, found by text, author or listing title, newest or oldest first. */
export async function moderatedAuctionMessages(db: Db, query: ListQuery<'auctionMessages'>) {
  return listPage(db, auctionMessagesSource, query);
}

export const auctionMessagesSource: AdminList<
  Omit<ListQuery<'auctionMessages'>, 'page' | 'limit'>,
  AuctionMessageRow,
  AuctionMessage
> = {
  table: 'auction_messages',
  alias: 'm',
  condition: sql`m.deleted_at IS NULL`,
  // The author's names and the listing's title are also the message's own `search_names` (0077).
  search: {
    by: 'union',
    places: [{ text: 'text' }, { user: 'user_id' }, { listingTitle: 'listing_id' }],
    kept: 'search_names',
  },
  sortKeys: BY_CREATION('m'),
  defaultSort: 'createdAt',
  total: 'auctionMessages',
  select: (rows, tail) => sql`${AUCTION_MESSAGE_SELECT} ${rows} ${tail}`,
  row: AUCTION_MESSAGE_ROW,
  items: (_db, rows) => rows.map(auctionMessageOf),
};

/** Chats not taken down, found by either participant. */
export async function moderatedChats(db: Db, query: ListQuery<'chats'>) {
  return listPage(db, chatsSource, query);
}

export const chatsSource: AdminList<Omit<ListQuery<'chats'>, 'page' | 'limit'>, ChatRow, Chat> = {
  table: 'chats',
  alias: 'c',
  condition: sql`c.deleted_at IS NULL`,
  // Both participants' names are also the chat's own `search_names` (migration 0077).
  search: { by: 'union', places: [{ user: 'user_id' }, { user: 'other_user_id' }], kept: 'search_names' },
  sortKeys: CHAT_SORT,
  defaultSort: 'createdAt',
  total: 'chats',
  select: (rows, tail) => sql`${CHAT_SELECT} ${rows} ${tail}`,
  row: CHAT_ROW,
  items: (_db, rows) => rows.map(chatOf),
};

/** Chat messages not taken down, of chats not taken down, found by their text. */
export async function moderatedChatMessages(db: Db, query: ListQuery<'chatMessages'>) {
  return listPage(db, chatMessagesSource, query);
}

export const chatMessagesSource: AdminList<
  Omit<ListQuery<'chatMessages'>, 'page' | 'limit'>,
  ChatMessageRow,
  ChatMessage
> = {
  table: 'chat_messages',
  alias: 'm',
  // Not a join on the chat: each row would probe its chat, 10,000 probes for page 1,000. The few
  // chats taken down are one hashed set (their own index, migration 0040) each row is looked up in.
  condition: sql`m.deleted_at IS NULL AND m.chat_id NOT IN (SELECT id FROM chats WHERE deleted_at IS NOT NULL)`,
  search: { by: 'or', places: [{ text: 'message' }] },
  sortKeys: BY_CREATION('m'),
  defaultSort: 'createdAt',
  total: 'chatMessages',
  select: (rows, tail) => sql`${CHAT_MESSAGE_SELECT} ${rows} ${tail}`,
  row: CHAT_MESSAGE_ROW,
  items: (_db, rows) => rows.map(chatMessageOf),
};

interface Moderator {
  db: Db;
  events: AdminEvents;
  admin: VerifiedIdentity;
}

/** Takes an auction message down (404 when there is none up with that id). */
export async function removeAuctionMessage(moderator: Moderator, id: string): Promise<void> {
  await inAdminUnitOfWork(moderator, (tx, outbox) => removeAuctionMessageIn(tx, outbox, moderator.admin, id));
}

/** The same, inside the caller's unit of work (a review case's outcome). */
export async function removeAuctionMessageIn(
  tx: Executor,
  outbox: AdminOutbox,
  admin: VerifiedIdentity,
  id: string,
): Promise<void> {
  await softDeleteIn(tx, 'auction_message', id, admin);
  outbox.emit('auctionMessageDeleted', { id });
}

export async function removeChat(moderator: Moderator, id: string): Promise<void> {
  await inAdminUnitOfWork(moderator, async (tx, outbox) => {
    await softDeleteIn(tx, 'chat', id, moderator.admin);
    outbox.emit('chatDeleted', { id });
  });
}

export async function removeChatMessage(moderator: Moderator, id: string): Promise<void> {
  await inAdminUnitOfWork(moderator, (tx, outbox) => removeChatMessageIn(tx, outbox, moderator.admin, id));
}

/** The same, inside the caller's unit of work (a review case's outcome). */
export async function removeChatMessageIn(
  tx: Executor,
  outbox: AdminOutbox,
  admin: VerifiedIdentity,
  id: string,
): Promise<void> {
  await softDeleteIn(tx, 'chat_message', id, admin);
  outbox.emit('messageDeleted', { id });
}
