// One row in the admin list item shape (shared/contract/entities.ts), for `/admin` events:
// the same SELECT and mapper as the admin tables, so a moderator's table inserts the event as is.
import { sql } from 'drizzle-orm';
import type { AuctionMessage, Chat, ChatMessage } from '../../../shared/contract/entities.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
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

export async function auctionMessageItem(db: Executor, id: string): Promise<AuctionMessage> {
  const [row] = await queryRows<AuctionMessageRow>(db, sql`${AUCTION_MESSAGE_SELECT} WHERE m.id = ${id}`);
  if (!row) throw new Error(`auction message ${id} not found`);
  return auctionMessageOf(row);
}

export async function chatItem(db: Executor, id: string): Promise<Chat> {
  const [row] = await queryRows<ChatRow>(db, sql`${CHAT_SELECT} WHERE c.id = ${id}`);
  if (!row) throw new Error(`chat ${id} not found`);
  return chatOf(row);
}

export async function chatMessageItem(db: Executor, id: string): Promise<ChatMessage & { chatId: string }> {
  const [row] = await queryRows<ChatMessageRow>(db, sql`${CHAT_MESSAGE_SELECT} WHERE m.id = ${id}`);
  if (!row) throw new Error(`chat message ${id} not found`);
  return { ...chatMessageOf(row), chatId: row.chat_id };
}

/** The admin chat-message item without the market-only `chatId`. */
export function withoutChatId(item: ChatMessage & { chatId: string }): ChatMessage {
  const { chatId: _chatId, ...rest } = item;
  return rest;
}
