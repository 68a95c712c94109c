// Ratings, follows, notifications and customer-support requests (migrations 0001, 0002, 0076).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, columnCheck, createdAt, fkey, uuidId } from './columns.js';
import { orders } from './orders.js';
import { users } from './users.js';

export const ratings = pgTable(
  'ratings',
  {
    id: uuidId(),
    orderId: text('order_id'),
    buyerId: text('buyer_id'),
    sellerId: text('seller_id'),
    rate: integer('rate'),
    experience: text('experience'),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
    // 0076: the seller's and buyer's names, kept by triggers for the search.
    searchNames: text('search_names'),
  },
  (t) => [
    fkey('ratings', t.orderId, orders.id),
    fkey('ratings', t.buyerId, users.id),
    fkey('ratings', t.sellerId, users.id),
    columnCheck('ratings', 'rate', sql`rate BETWEEN 1 AND 5`),
    index('ratings_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    // 0016: each sort key with the id; the nullable keys get a DESC NULLS LAST index too.
    index('ratings_rate_idx').on(t.rate, t.id),
    index('ratings_rate_desc_idx').on(t.rate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('ratings_experience_idx').on(t.experience, t.id),
    index('ratings_experience_desc_idx').on(t.experience.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('ratings_order_idx').on(t.orderId, t.id),
    index('ratings_order_desc_idx').on(t.orderId.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('ratings_buyer_idx').on(t.buyerId),
    index('ratings_seller_idx').on(t.sellerId),
    // 0101: a seller's ratings of one day, what seller standing's bucket recount reads.
    index('ratings_seller_created_idx')
      .on(t.sellerId, t.createdAt)
      .where(sql`deleted_at IS NULL`),
    index('ratings_experience_trgm').using('gin', t.experience.op('gin_trgm_ops')),
    index('ratings_experience_short').using('gin', sql`(short_grams(experience) COLLATE "C")`),
    index('ratings_search_names_trgm').using('gin', t.searchNames.op('gin_trgm_ops')),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id').notNull(),
    followingId: text('following_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'follows_pkey', columns: [t.followerId, t.followingId] }),
    fkey('follows', t.followerId, users.id),
    fkey('follows', t.followingId, users.id),
    index('follows_following_idx').on(t.followingId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    data: jsonb('data'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('notifications', t.userId, users.id),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL`),
  ],
);

export const customerSupportRequests = pgTable(
  'customer_support_requests',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    orderId: text('order_id'),
    issue: text('issue'),
    message: text('message').notNull(),
    status: text('status', { enum: ['PENDING', 'RESOLVED'] })
      .notNull()
      .default('PENDING'),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('customer_support_requests', t.userId, users.id),
    fkey('customer_support_requests', t.orderId, orders.id),
    columnCheck('customer_support_requests', 'status', sql`status IN ('PENDING', 'RESOLVED')`),
    index('customer_support_requests_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export type RatingRecord = typeof ratings.$inferSelect;
export type FollowRecord = typeof follows.$inferSelect;
export type NotificationRecord = typeof notifications.$inferSelect;
export type CustomerSupportRequestRecord = typeof customerSupportRequests.$inferSelect;
