// A user's notifications: listing them, marking one or all as read, the badges per type
// (`/notifications/count-by-types`, `/notifications/mark-as-read-by-types`) and the chat's
// new-message notification a participant asks for (`/notifications/send-new-message-notification`).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  NewMessageNotification,
  Notifications,
  NotificationsMarkedByTypes,
  NotificationsMarkedRead,
  UnreadCountsByType,
} from '../../../shared/contract/market/community.js';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/contract/enums.js';
import type { Executor } from '../../platform/db/database.js';
import { pageOf } from '../../platform/db/list-sql.js';
import { chatMessages, chats, notifications, users } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { callersOr404, conflict } from '../../platform/http/errors.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';

const NOTIFICATION_ROW = sqlRow(notifications, 'id', 'type', 'title', 'body', 'data', 'read_at', 'created_at');
const NOTIFICATION_ID = sqlRow(notifications, 'id');
const NOTIFICATION_WRITTEN = sqlRow(notifications, 'id', 'created_at');
const UNREAD_OF_TYPE = sqlRow(notifications, 'type').extend({ count: countValue });
const CHAT_PARTIES = sqlRow(chats, 'user_id', 'other_user_id', 'blocked_user_id');
const UNSEEN_MESSAGE = sqlRow(chatMessages, 'id', 'message').extend({ user_name: sqlColumn(users, 'user_name') });

export async function notificationsOf(
  db: Executor,
  userId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof Notifications>> {
  const rows = await readRows(
    db,
    NOTIFICATION_ROW,
    sql`SELECT id, type, title, body, data, read_at, created_at FROM notifications WHERE user_id = ${userId}
        ORDER BY created_at DESC, id DESC ${pageOf(page, limit)}`,
  );
  const [counts] = await readRows(
    db,
    z.object({ count: countValue, unread: countValue }),
    sql`SELECT count(*) AS count, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM notifications WHERE user_id = ${userId}`,
  );
  return {
    count: Number(counts?.count ?? 0),
    unread: Number(counts?.unread ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      body: row.body,
      data: row.data,
      isRead: row.read_at !== null,
      readAt: isoOrNull(row.read_at),
      createdAt: isoOf(row.created_at),
    })),
  };
}

/** Marks one notification (or, with `id` null, all of them) as read. */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  id: string | null,
): Promise<z.output<typeof NotificationsMarkedRead>> {
  const rows = await readRows(
    db,
    NOTIFICATION_ID,
    sql`UPDATE notifications SET read_at = now()
        WHERE user_id = ${userId} AND read_at IS NULL ${id === null ? sql`` : sql`AND id = ${id}`} RETURNING id`,
  );
  return { marked: rows.length };
}

/** The caller's unread notifications per type of NOTIFICATION_TYPES (every type, 0 included). */
export async function unreadCountsByType(db: Executor, userId: string): Promise<z.output<typeof UnreadCountsByType>> {
  const rows = await readRows(
    db,
    UNREAD_OF_TYPE,
    sql`SELECT type, count(*) AS count FROM notifications WHERE user_id = ${userId} AND read_at IS NULL
        GROUP BY type`,
  );
  const byType = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, 0])) as Record<NotificationType, number>;
  for (const row of rows) {
    // A type outside NOTIFICATION_TYPES (none is written today) is not a badge the app knows.
    if ((NOTIFICATION_TYPES as readonly string[]).includes(row.type))
      byType[row.type as NotificationType] = Number(row.count);
  }
  const total = Object.values(byType).reduce((sum, count) => sum + count, 0);
  return { total, byType };
}

/** Marks the caller's unread notifications of `types` as read; answers how many, and the new counts. */
export async function markReadByTypes(
  db: Executor,
  userId: string,
  types: readonly NotificationType[],
): Promise<z.output<typeof NotificationsMarkedByTypes>> {
  const marked = await readRows(
    db,
    NOTIFICATION_ID,
    sql`UPDATE notifications SET read_at = now()
        WHERE user_id = ${userId} AND read_at IS NULL AND type IN (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})
        RETURNING id`,
  );
  return { marked: marked.length, ...(await unreadCountsByType(db, userId)) };
}

/** The longest message preview a notification carries. */
export const MESSAGE_PREVIEW_LENGTH = 140;

const previewOf = (message: string) =>
  message.length <= MESSAGE_PREVIEW_LENGTH ? message : `${message.slice(0, MESSAGE_PREVIEW_LENGTH - 1)}…`;

/**
 * The recipient's one unread `newMessage` notification of a chat, written or refreshed with the
 * latest message: a busy chat is one badge, not one per message (`POST /message` and
 * `/notifications/send-new-message-notification` both write through here).
 */
export async function upsertNewMessageNotification(
  tx: Executor,
  message: {
    recipientId: string;
    chatId: string;
    senderId: string;
    senderName: string | null;
    messageId: string;
    message: string;
  },
) {
  const { recipientId, chatId, senderId, messageId } = message;
  const title = `New message from ${message.senderName ?? 'a user'}`;
  const body = previewOf(message.message);
  const data = JSON.stringify({ chatId, senderId, messageId });
  const [existing] = await readRows(
    tx,
    NOTIFICATION_ID,
    sql`SELECT id FROM notifications
        WHERE user_id = ${recipientId} AND type = 'newMessage' AND read_at IS NULL AND data->>'chatId' = ${chatId}
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const [row] = existing
    ? await readRows(
        tx,
        NOTIFICATION_WRITTEN,
        sql`UPDATE notifications SET title = ${title}, body = ${body}, data = ${data}::jsonb, created_at = now()
            WHERE id = ${existing.id} RETURNING id, created_at`,
      )
    : await readRows(
        tx,
        NOTIFICATION_WRITTEN,
        sql`INSERT INTO notifications (user_id, type, title, body, data)
            VALUES (${recipientId}, 'newMessage', ${title}, ${body}, ${data}::jsonb) RETURNING id, created_at`,
      );
  return { created: !existing, row: row!, title, body };
}

/**
 * A participant asks to notify the other one of their new message. There must be one: a message
 * of the caller's the other has not seen yet, so the route cannot send notifications at will.
 * The recipient keeps at most one unread `newMessage` notification per chat: a second request
 * (or the one `POST /message` already wrote) is refreshed with the latest message instead of
 * stacking up. Refused in a blocked chat, as the message itself is.
 */
export async function sendNewMessageNotification(
  deps: ServiceDeps,
  senderId: string,
  chatId: string,
): Promise<{ created: boolean; notification: z.output<typeof NewMessageNotification> }> {
  return deps.db.transaction(async (tx) => {
    // The chat's row lock serializes two requests for the same chat, so they never both insert.
    const [chat] = await readRows(
      tx,
      CHAT_PARTIES,
      sql`SELECT user_id, other_user_id, blocked_user_id FROM chats
          WHERE id = ${chatId} AND deleted_at IS NULL FOR UPDATE`,
    );
    const own = callersOr404(chat, (row) => row.user_id === senderId || row.other_user_id === senderId, 'Chat');
    if (own.blocked_user_id !== null) throw conflict('This chat is blocked');
    const recipientId = own.user_id === senderId ? own.other_user_id : own.user_id;
    const [message] = await readRows(
      tx,
      UNSEEN_MESSAGE,
      sql`SELECT m.id, m.message, u.user_name FROM chat_messages m JOIN users u ON u.id = m.user_id
          WHERE m.chat_id = ${chatId} AND m.user_id = ${senderId} AND m.is_seen = false AND m.deleted_at IS NULL
          ORDER BY m.created_at DESC, m.id DESC LIMIT 1`,
    );
    if (!message) throw conflict('There is no unread message of yours in this chat to notify of');
    const { created, row, title, body } = await upsertNewMessageNotification(tx, {
      recipientId,
      chatId,
      senderId,
      senderName: message.user_name,
      messageId: message.id,
      message: message.message,
    });
    return {
      created,
      notification: {
        id: row.id,
        userId: recipientId,
        type: 'newMessage' as const,
        title,
        body,
        data: { chatId, senderId, messageId: message.id },
        isRead: false,
        createdAt: isoOf(row.created_at),
      },
    };
  });
}
