// Bids and giveaway entries (migrations 0001, 0002, 0055).
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, fkey, uniqueKey, uuidId } from './columns.js';
import { listings } from './listings.js';
import { users } from './users.js';

export const bids = pgTable(
  'bids',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    maxBidCents: cents('max_bid_cents').notNull(),
    createdAt: createdAt(),
    /** The bid's place in its auction (1, 2, …), even when two bids share a millisecond (0002). */
    seq: integer('seq'),
    /** When an admin voided the bid (0055): kept as evidence, left out of every public read. */
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
  },
  (t) => [
    fkey('bids', t.listingId, listings.id),
    fkey('bids', t.userId, users.id),
    index('bids_listing_idx').on(t.listingId, t.amountCents.desc().nullsFirst()),
    index('bids_user_created_idx').on(t.userId, t.createdAt),
    index('bids_created_idx').on(t.createdAt),
    index('bids_listing_seq_idx').on(t.listingId, t.seq),
  ],
);

export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('giveaway_entries', t.listingId, listings.id),
    fkey('giveaway_entries', t.userId, users.id),
    uniqueKey('giveaway_entries', t.listingId, t.userId),
    index('giveaway_entries_user_idx').on(t.userId),
  ],
);

export type BidRecord = typeof bids.$inferSelect;
export type GiveawayEntryRecord = typeof giveawayEntries.$inferSelect;
