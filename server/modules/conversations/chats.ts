// Chats between two users, their messages (seen/unread) and blocking. Every change reaches both
// participants' user rooms and, in the admin list item shape, every moderator.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Chat } from '../../../shared/contract/entities.js';
import type {
  ChatMessages,
  Chats,
  MessagesMarkedRead,
  SentMessage,
  UnreadCount,
} from '../../../shared/contract/market/conversations.js';
import { userRoom } from '../../../shared/contract/realtime-events.js';
import type { Executor } from '../../platform/db/database.js';
import { callersOr404, conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { chatItem, chatMessageItem, withoutChatId } from './admin-items.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import {
  CHAT_MESSAGE_ROW,
  CHAT_MESSAGE_SELECT,
  CHAT_ROW,
  CHAT_SELECT,
  chatMessageOf,
  chatOf as chatItemOf,
  type ChatMessageRow,
  type ChatRow as ChatItemRow,
} from './moderation-items.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { adminEvent, marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { upsertNewMessageNotification } from '../notifications/index.js';
import { chatMessageSent } from './hooks.js';
import type { PendingEvent } from '../../platform/events/pending-events.js';
import { chatMessages as chatMessagesTable, chats, users } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlRow } from '../../platform/db/sql-row.js';

/** blocked_by_id: who set the block, the only participant who may lift it. */
const CHAT_ROW_OF_PARTICIPANTS = sqlRow(chats, 'id', 'user_id', 'other_user_id', 'blocked_user_id', 'blocked_by_id');
type ChatRow = z.output<typeof CHAT_ROW_OF_PARTICIPANTS>;
const COUNT = z.object({ count: countValue });

const roomsOf = (chat: ChatRow) => [userRoom(chat.user_id), userRoom(chat.other_user_id)];

async function chatBetween(db: Executor, a: string, b: string): Promise<ChatRow | undefined> {
  const [row] = await readRows(
    db,
    CHAT_ROW_OF_PARTICIPANTS,
    sql`SELECT id, user_id, other_user_id, blocked_user_id, blocked_by_id FROM chats
        WHERE deleted_at IS NULL AND ((user_id = ${a} AND other_user_id = ${b}) OR (user_id = ${b} AND other_user_id = ${a}))
        ORDER BY created_at LIMIT 1`,
  );
  return row;
}

async function participantChat(db: Executor, chatId: string, userId: string, lock = false): Promise<ChatRow> {
  const [row] = await readRows(
    db,
    CHAT_ROW_OF_PARTICIPANTS,
    sql`SELECT id, user_id, other_user_id, blocked_user_id, blocked_by_id FROM chats
        WHERE id = ${chatId} AND deleted_at IS NULL ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return callersOr404(row, (chat) => chat.user_id === userId || chat.other_user_id === userId, 'Chat');
}

/** The chat between the caller and `otherUserId`, created on first use. */
export async function openChat(deps: ServiceDeps, userId: string, otherUserId: string): Promise<Chat> {
  if (userId === otherUserId) throw conflict('A chat needs two different users');
  return inUnitOfWork(deps, async (tx, outbox) => {
    const [other] = await readRows(
      tx,
      sqlRow(users, 'id'),
      sql`SELECT id FROM users WHERE id = ${otherUserId} AND deleted_at IS NULL`,
    );
    if (!other) throw notFound('User');
    // Two first messages racing must not open two chats: serialize on the pair.
    const pair = [userId, otherUserId].sort().join(':');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${pair}))`);
    const existing = await chatBetween(tx, userId, otherUserId);
    if (existing) return chatItem(tx, existing.id);
    const [row] = await readRows(
      tx,
      sqlRow(chats, 'id'),
      sql`INSERT INTO chats (user_id, other_user_id) VALUES (${userId}, ${otherUserId}) RETURNING id`,
    );
    const chat = await chatItem(tx, row!.id);
    outbox.add(marketEvent('newChat', [userRoom(userId), userRoom(otherUserId)], chat), adminEvent('newChat', chat));
    return chat;
  });
}

export async function postMessage(
  deps: ServiceDeps,
  userId: string,
  chatId: string,
  message: string,
): Promise<z.output<typeof SentMessage>> {
  // The detector's case (if any) is published with the message's own events, after the commit.
  const screened: PendingEvent[] = [];
  const { item, chat, recipient } = await deps.db.transaction(async (tx) => {
    const row = await participantChat(tx, chatId, userId, true);
    if (row.blocked_user_id !== null) throw conflict('This chat is blocked');
    const [created] = await readRows(
      tx,
      sqlRow(chatMessagesTable, 'id'),
      sql`INSERT INTO chat_messages (chat_id, user_id, message) VALUES (${chatId}, ${userId}, ${message}) RETURNING id`,
    );
    await tx.execute(sql`UPDATE chats SET last_message = ${message}, updated_at = now() WHERE id = ${chatId}`);
    const recipient = row.user_id === userId ? row.other_user_id : row.user_id;
    const item = await chatMessageItem(tx, created!.id);
    await upsertNewMessageNotification(tx, {
      recipientId: recipient,
      chatId,
      senderId: userId,
      senderName: item.user.userName,
      messageId: created!.id,
      message,
    });
    // Flagged content is still delivered: only a review case opens.
    await chatMessageSent.fire(
      tx,
      { add: (...events) => screened.push(...events) },
      {
        id: created!.id,
        chatId,
        senderId: userId,
        text: message,
      },
    );
    return { item, chat: await chatItem(tx, chatId), recipient, row };
  });
  const [unread] = await readRows(
    deps.db,
    COUNT,
    sql`SELECT count(*) AS count FROM chat_messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.is_seen = false AND m.deleted_at IS NULL AND m.user_id <> ${recipient}
          AND (c.user_id = ${recipient} OR c.other_user_id = ${recipient}) AND c.deleted_at IS NULL`,
  );
  const rooms = [userRoom(userId), userRoom(recipient)];
  deps.events.publish([
    marketEvent('newMessage', rooms, item),
    marketEvent('updateChat', rooms, chat),
    marketEvent('updateUnreadCount', [userRoom(recipient)], { count: Number(unread?.count ?? 0) }),
    adminEvent('newMessage', withoutChatId(item)),
    adminEvent('updateChat', chat),
    ...screened,
  ]);
  return item;
}

/** Marks as seen every message `senderId` sent to `readerId` (route `/message/mark-as-read/{a}/{b}`). */
export async function markAsRead(
  deps: ServiceDeps,
  callerId: string,
  readerId: string,
  senderId: string,
): Promise<z.output<typeof MessagesMarkedRead>> {
  if (callerId !== readerId) throw new HttpError(403, 'Only the reader may mark messages as read');
  const chat = await chatBetween(deps.db, readerId, senderId);
  if (!chat) throw notFound('Chat');
  const rows = await readRows(
    deps.db,
    sqlRow(chatMessagesTable, 'id'),
    sql`UPDATE chat_messages SET is_seen = true
        WHERE chat_id = ${chat.id} AND user_id = ${senderId} AND is_seen = false RETURNING id`,
  );
  return { chatId: chat.id, marked: rows.length };
}

/**
 * Blocks (or unblocks) the other participant: a blocked chat takes no new messages. A block is
 * its blocker's: only they may lift it (403 for the blocked participant, who could otherwise
 * unblock themself and write again), and blocking back leaves it as it is (overwriting it would
 * let the blocked participant become the blocker, then lift it).
 */
export async function blockChat(deps: ServiceDeps, userId: string, chatId: string, block: boolean): Promise<Chat> {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const row = await participantChat(tx, chatId, userId, true);
    const blockedByOther = row.blocked_by_id !== null && row.blocked_by_id !== userId;
    if (blockedByOther && !block) throw new HttpError(403, 'Only the participant who blocked this chat may unblock it');
    if (!blockedByOther) {
      const blocked = block ? (row.user_id === userId ? row.other_user_id : row.user_id) : null;
      await tx.execute(
        sql`UPDATE chats SET blocked_user_id = ${blocked}, blocked_by_id = ${block ? userId : null}, updated_at = now()
             WHERE id = ${chatId}`,
      );
    }
    const chat = await chatItem(tx, chatId);
    if (!blockedByOther) outbox.add(marketEvent('blockChat', roomsOf(row), chat), adminEvent('blockChat', chat));
    return chat;
  });
}

/** A user's chats, the one updated last first: the admin chat item, for either participant. */
const chatsOfUser: AdminList<ListQueryBase & { userId: string }, ChatItemRow, Chat> = {
  table: 'chats',
  alias: 'c',
  condition: sql`c.deleted_at IS NULL`,
  filters: ({ userId }) => [sql`(c.user_id = ${userId} OR c.other_user_id = ${userId})`],
  sortKeys: { updatedAt: { column: sql`c.updated_at` } },
  defaultSort: 'updatedAt',
  total: 'exact',
  select: (rows, tail) => sql`${CHAT_SELECT} ${rows} ${tail}`,
  row: CHAT_ROW,
  items: (_db, rows) => rows.map(chatItemOf),
};

/** The user's chats, the one updated last first. */
export async function userChats(
  db: Executor,
  userId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof Chats>> {
  return marketListPage(db, chatsOfUser, { userId, page, limit });
}

/** A chat's messages, newest first, each with its chat's id (the market's message item). */
const messagesOfChat: AdminList<
  ListQueryBase & { chatId: string },
  ChatMessageRow,
  z.output<typeof ChatMessages>['items'][number]
> = {
  table: 'chat_messages',
  alias: 'm',
  condition: sql`m.deleted_at IS NULL`,
  filters: ({ chatId }) => [sql`m.chat_id = ${chatId}`],
  sortKeys: { createdAt: { column: sql`m.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) => sql`${CHAT_MESSAGE_SELECT} ${rows} ${tail}`,
  row: CHAT_MESSAGE_ROW,
  items: (_db, rows) => rows.map((row) => ({ ...chatMessageOf(row), chatId: row.chat_id })),
};

export async function chatMessages(
  db: Executor,
  userId: string,
  chatId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof ChatMessages>> {
  await participantChat(db, chatId, userId);
  return marketListPage(db, messagesOfChat, { chatId, page, limit });
}

/** Unread messages others sent to the user, across their chats. */
export async function unreadCount(db: Executor, userId: string): Promise<z.output<typeof UnreadCount>> {
  const [row] = await readRows(
    db,
    COUNT,
    sql`SELECT count(*) AS count FROM chat_messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.is_seen = false AND m.deleted_at IS NULL AND m.user_id <> ${userId} AND c.deleted_at IS NULL
          AND (c.user_id = ${userId} OR c.other_user_id = ${userId})`,
  );
  return { count: Number(row?.count ?? 0) };
}

/** The chat between two users, for one of them. */
export async function chatOf(db: Executor, callerId: string, a: string, b: string): Promise<Chat> {
  if (callerId !== a && callerId !== b) throw new HttpError(403, 'Not a participant of this chat');
  const chat = await chatBetween(db, a, b);
  if (!chat) throw notFound('Chat');
  return chatItem(db, chat.id);
}
