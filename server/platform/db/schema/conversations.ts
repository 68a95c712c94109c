// Chats, their messages and the auction feed (migrations 0001, 0013, 0077).
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, cents, columnCheck, createdAt, fkey, updatedAt, uuidId } from './columns.js';
import { listings } from './listings.js';
import { users } from './users.js';

export const chats = pgTable(
  'chats',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    otherUserId: text('other_user_id').notNull(),
    blockedUserId: text('blocked_user_id'),
    lastMessage: text('last_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    /** Who set the block (0013): only they may lift it. */
    blockedById: text('blocked_by_id'),
    // 0077: both participants' names, kept by triggers for the search.
    searchNames: text('search_names'),
  },
  (t) => [
    fkey('chats', t.userId, users.id),
    fkey('chats', t.otherUserId, users.id),
    fkey('chats', t.blockedUserId, users.id),
    fkey('chats', t.blockedById, users.id),
    check('chats_block_has_blocker', sql`(blocked_user_id IS NULL) = (blocked_by_id IS NULL)`),
    index('chats_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('chats_created_idx').on(t.createdAt, t.id),
    // 0071: the admin list's deep pages skip live chats, index only.
    index('chats_live_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('chats_taken_down_idx')
      .on(t.id)
      .where(sql`deleted_at IS NOT NULL`),
    index('chats_user_idx').on(t.userId),
    index('chats_other_user_idx').on(t.otherUserId),
    index('chats_search_names_trgm').using('gin', t.searchNames.op('gin_trgm_ops')),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuidId(),
    chatId: text('chat_id').notNull(),
    userId: text('user_id').notNull(),
    message: text('message').notNull(),
    isSeen: boolean('is_seen').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    fkey('chat_messages', t.chatId, chats.id),
    fkey('chat_messages', t.userId, users.id),
    index('chat_messages_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    // 0071: the admin list's deep pages skip messages of live chats, index only.
    index('chat_messages_live_created_chat_idx')
      .on(t.createdAt, t.id, t.chatId)
      .where(sql`deleted_at IS NULL`),
    index('chat_messages_chat_idx').on(t.chatId, t.createdAt),
    index('chat_messages_message_trgm').using('gin', t.message.op('gin_trgm_ops')),
    index('chat_messages_message_short').using('gin', sql`(short_grams(message) COLLATE "C")`),
  ],
);

/** An auction's live feed: bids, text messages and giveaway events. */
export const auctionMessages = pgTable(
  'auction_messages',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    type: text('type', { enum: ['bid', 'text', 'giveawayEntry', 'giveawayWinner'] }).notNull(),
    amountCents: cents('amount_cents'),
    text: text('text'),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
    // 0077: the author's name and the listing's title, kept by triggers for the search.
    searchNames: text('search_names'),
  },
  (t) => [
    fkey('auction_messages', t.listingId, listings.id),
    fkey('auction_messages', t.userId, users.id),
    columnCheck('auction_messages', 'type', sql`type IN ('bid', 'text', 'giveawayEntry', 'giveawayWinner')`),
    index('auction_messages_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('auction_messages_listing_idx').on(t.listingId, t.createdAt),
    index('auction_messages_user_idx').on(t.userId),
    index('auction_messages_text_trgm').using('gin', t.text.op('gin_trgm_ops')),
    index('auction_messages_text_short').using('gin', sql`(short_grams(text) COLLATE "C")`),
    index('auction_messages_search_names_trgm').using('gin', t.searchNames.op('gin_trgm_ops')),
  ],
);

export type ChatRecord = typeof chats.$inferSelect;
export type ChatMessageRecord = typeof chatMessages.$inferSelect;
export type AuctionMessageRecord = typeof auctionMessages.$inferSelect;
