// Drizzle's view of what migrations/0002_market.sql adds. The market services query these
// columns with SQL; the definitions keep the schema's names in one typed place.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders, users } from './schema.js';

export const customerSupportRequests = pgTable('customer_support_requests', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  orderId: text('order_id').references(() => orders.id),
  issue: text('issue'),
  message: text('message').notNull(),
  status: text('status', { enum: ['PENDING', 'RESOLVED'] })
    .notNull()
    .default('PENDING'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The proxy-bidding columns 0002 adds to `listings` (leader, leader's hidden maximum, bid count). */
export const AUCTION_STATE_COLUMNS = {
  leaderId: 'leader_id',
  leaderMaxCents: 'leader_max_cents',
  bidCount: 'bid_count',
} as const;
