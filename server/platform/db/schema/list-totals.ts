// The kept totals of the admin lists and the statistics cards, and every bidder's first bid
// (migration 0017). Triggers write both in the transaction that changes the counted rows.
import { index, pgTable, primaryKey, smallint, text, bigint } from 'drizzle-orm/pg-core';
import { at, fkey } from './columns.js';
import { users } from './users.js';

/** One shard of a list's total; the total is the sum of its shards. */
export const listTotals = pgTable(
  'list_totals',
  {
    list: text('list').notNull(),
    shard: smallint('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'list_totals_pkey', columns: [t.list, t.shard] })],
);

export const bidders = pgTable(
  'bidders',
  {
    userId: text('user_id').primaryKey(),
    firstBidAt: at('first_bid_at').notNull(),
    /** The bidder's `users.created_at` (never changes): the new bidders are listed in join order (migration 0025). */
    userCreatedAt: at('user_created_at').notNull(),
  },
  (t) => [
    fkey('bidders', t.userId, users.id),
    index('bidders_first_bid_idx').on(t.firstBidAt),
    index('bidders_joined_idx').on(t.userCreatedAt, t.userId, t.firstBidAt),
  ],
);
