// Rows in the admin list item shape (shared/contract/entities.ts), for `/admin` events and the
// market API's pages of ids: the same SELECT and mapper as the admin tables, so a moderator's
// table inserts the event as is. Each reads a batch of ids in one statement, in the ids' order.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuctionMessage, Chat, ChatMessage } from '../../../shared/contract/entities.js';
import type { Executor } from '../../platform/db/database.js';
import { inList } from '../../platform/db/list-sql.js';
import { readRows } from '../../platform/db/sql-row.js';
import { notFound } from '../../platform/http/errors.js';
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
} from './moderation-items.js';

/** The rows of `ids` (`select` + `WHERE idColumn IN (…)`), in the order of `ids`; every one must exist. */
async function rowsInOrder<S extends z.ZodType<{ id: string }>>(
  db: Executor,
  noun: string,
  select: SQL,
  idColumn: SQL,
  row: S,
  ids: readonly string[],
): Promise<z.output<S>[]> {
  if (ids.length === 0) return [];
  const rows = await readRows(db, row, sql`${select} WHERE ${idColumn} IN ${inList(ids)}`);
  const byId = new Map(rows.map((found) => [found.id, found]));
  return ids.map((id) => {
    const found = byId.get(id);
    // A 404 by its type: evidence readers take a record gone since as no evidence (case-queue.ts).
    if (!found) throw notFound(noun);
    return found;
  });
}

export async function auctionMessageItems(db: Executor, ids: readonly string[]): Promise<AuctionMessage[]> {
  const rows = await rowsInOrder(db, 'Auction message', AUCTION_MESSAGE_SELECT, sql`m.id`, AUCTION_MESSAGE_ROW, ids);
  return rows.map(auctionMessageOf);
}

export async function auctionMessageItem(db: Executor, id: string): Promise<AuctionMessage> {
  const [item] = await auctionMessageItems(db, [id]);
  return item!;
}

export async function chatItems(db: Executor, ids: readonly string[]): Promise<Chat[]> {
  return (await rowsInOrder(db, 'chat', CHAT_SELECT, sql`c.id`, CHAT_ROW, ids)).map(chatOf);
}

export async function chatItem(db: Executor, id: string): Promise<Chat> {
  const [item] = await chatItems(db, [id]);
  return item!;
}

export async function chatMessageItems(
  db: Executor,
  ids: readonly string[],
): Promise<(ChatMessage & { chatId: string })[]> {
  const rows = await rowsInOrder(db, 'Chat message', CHAT_MESSAGE_SELECT, sql`m.id`, CHAT_MESSAGE_ROW, ids);
  return rows.map((row) => ({ ...chatMessageOf(row), chatId: row.chat_id }));
}

export async function chatMessageItem(db: Executor, id: string): Promise<ChatMessage & { chatId: string }> {
  const [item] = await chatMessageItems(db, [id]);
  return item!;
}

/** The admin chat-message item without the market-only `chatId`. */
export function withoutChatId(item: ChatMessage & { chatId: string }): ChatMessage {
  const { chatId: _chatId, ...rest } = item;
  return rest;
}
