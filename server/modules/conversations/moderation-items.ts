// The moderation tables' admin item shapes (auction message, chat, chat message): one SELECT
// and one row mapper each. The admin lists page through them and the `/admin` events fetch
// one row by id, so a moderator's table can insert an event exactly as a listed row.
import { sql } from 'drizzle-orm';
import type { AuctionMessage, Chat, ChatMessage } from '../../../shared/contract/entities.js';
import { isoOf, optionalProfileOf, profileOf, usdOrNull } from '../../platform/db/values.js';
import { auctionMessages, chatMessages, chats, listings, users } from '../../platform/db/schema/index.js';
import { leftJoined, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { z } from 'zod';

export const AUCTION_MESSAGE_ROW = sqlRow(auctionMessages, 'id', 'type', 'amount_cents', 'text', 'created_at').extend({
  user_id: sqlColumn(users, 'id'),
  user_name: sqlColumn(users, 'user_name'),
  user_avatar: sqlColumn(users, 'avatar'),
  listing_id: sqlColumn(listings, 'id'),
  listing_title: sqlColumn(listings, 'title'),
  seller_id: sqlColumn(users, 'id'),
  seller_user_name: sqlColumn(users, 'user_name'),
  seller_avatar: sqlColumn(users, 'avatar'),
});
export type AuctionMessageRow = z.output<typeof AUCTION_MESSAGE_ROW>;

/** Auction messages as `m`, with their author `u`, listing `l` and seller `s`. */
export const AUCTION_MESSAGE_SELECT = sql`SELECT m.id, m.type, m.amount_cents, m.text, m.created_at,
           u.id AS user_id, u.user_name, u.avatar AS user_avatar,
           l.id AS listing_id, l.title AS listing_title,
           s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
    FROM auction_messages m
    JOIN users u ON u.id = m.user_id
    JOIN listings l ON l.id = m.listing_id
    JOIN users s ON s.id = l.user_id`;

export const auctionMessageOf = (row: AuctionMessageRow): AuctionMessage => ({
  id: row.id,
  type: row.type,
  amount: usdOrNull(row.amount_cents),
  text: row.text,
  createdAt: isoOf(row.created_at),
  user: profileOf(row.user_id, row.user_name, row.user_avatar),
  listing: {
    id: row.listing_id,
    title: row.listing_title,
    user: profileOf(row.seller_id, row.seller_user_name, row.seller_avatar),
  },
});

/** A chat's two people, `u` and `o` (for a message: its sender and the chat's other participant). */
const PARTICIPANTS = z.object({
  user_id: sqlColumn(users, 'id'),
  user_name: sqlColumn(users, 'user_name'),
  user_avatar: sqlColumn(users, 'avatar'),
  other_id: sqlColumn(users, 'id'),
  other_user_name: sqlColumn(users, 'user_name'),
  other_avatar: sqlColumn(users, 'avatar'),
});
type ParticipantColumns = z.output<typeof PARTICIPANTS>;

const PARTICIPANT_COLUMNS = sql`u.id AS user_id, u.user_name, u.avatar AS user_avatar,
           o.id AS other_id, o.user_name AS other_user_name, o.avatar AS other_avatar`;

const participantsOf = (row: ParticipantColumns) => ({
  user: profileOf(row.user_id, row.user_name, row.user_avatar),
  otherUser: profileOf(row.other_id, row.other_user_name, row.other_avatar),
});

export const CHAT_ROW = sqlRow(chats, 'id', 'updated_at', 'last_message')
  .extend(PARTICIPANTS.shape)
  .extend(
    leftJoined({
      blocked_id: sqlColumn(users, 'id'),
      blocked_user_name: sqlColumn(users, 'user_name'),
      blocked_avatar: sqlColumn(users, 'avatar'),
    }).shape,
  );
export type ChatRow = z.output<typeof CHAT_ROW>;

/** Chats as `c`, with both participants `u`, `o` and the blocked user `k`, if any. */
export const CHAT_SELECT = sql`SELECT c.id, c.updated_at, c.last_message,
           ${PARTICIPANT_COLUMNS},
           k.id AS blocked_id, k.user_name AS blocked_user_name, k.avatar AS blocked_avatar
    FROM chats c
    JOIN users u ON u.id = c.user_id
    JOIN users o ON o.id = c.other_user_id
    LEFT JOIN users k ON k.id = c.blocked_user_id`;

export const chatOf = (row: ChatRow): Chat => ({
  id: row.id,
  ...participantsOf(row),
  updatedAt: isoOf(row.updated_at),
  lastMessage: row.last_message,
  blockedUser: optionalProfileOf(row.blocked_id, row.blocked_user_name, row.blocked_avatar),
});

export const CHAT_MESSAGE_ROW = sqlRow(chatMessages, 'id', 'chat_id', 'created_at', 'message', 'is_seen').extend(
  PARTICIPANTS.shape,
);
export type ChatMessageRow = z.output<typeof CHAT_MESSAGE_ROW>;

/** Chat messages as `m` in chat `c`: the sender `u` and the chat's other participant `o`. */
export const CHAT_MESSAGE_SELECT = sql`SELECT m.id, m.chat_id, m.created_at, m.message, m.is_seen,
           ${PARTICIPANT_COLUMNS}
    FROM chat_messages m
    JOIN chats c ON c.id = m.chat_id
    JOIN users u ON u.id = m.user_id
    JOIN users o ON o.id = CASE WHEN c.user_id = m.user_id THEN c.other_user_id ELSE c.user_id END`;

export const chatMessageOf = (row: ChatMessageRow): ChatMessage => ({
  id: row.id,
  ...participantsOf(row),
  createdAt: isoOf(row.created_at),
  message: row.message,
  isSeen: row.is_seen,
});
