// Drizzle's view of the tables that migrations/*.sql create. The SQL files are the source of
// truth for DDL (indexes, checks); this file must name the same columns.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const uuidId = () =>
  text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);
const cents = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();

export const users = pgTable('users', {
  id: uuidId(),
  firebaseId: text('firebase_id').unique(),
  userName: text('user_name'),
  email: text('email').notNull(),
  avatar: text('avatar'),
  countryCode: text('country_code'),
  phoneNumber: text('phone_number'),
  sellerEnabled: boolean('seller_enabled').notNull().default(false),
  sellerFee: integer('seller_fee').notNull().default(7),
  featured: boolean('featured').notNull().default(false),
  paymentFailedStrikes: integer('payment_failed_strikes').notNull().default(0),
  stripeCustomerId: text('stripe_customer_id'),
  stripeUserId: text('stripe_user_id'),
  amountSpentCents: cents('amount_spent_cents').notNull().default(0),
  amountSoldCents: cents('amount_sold_cents').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

export const addresses = pgTable('addresses', {
  id: uuidId(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  addressLineOne: text('address_line_one').notNull(),
  addressLineTwo: text('address_line_two'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  country: text('country').notNull(),
  countryCode: text('country_code'),
  phoneNumber: text('phone_number'),
  type: text('type', { enum: ['DEFAULT', 'RETURN_ADDRESS'] }).notNull(),
  createdAt: createdAt(),
});

export const sellerRequests = pgTable('seller_requests', {
  id: uuidId(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  description: text('description').notNull(),
  instagramLink: text('instagram_link'),
  tikTokLink: text('tik_tok_link'),
  otherProfileLink: text('other_profile_link'),
  status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
    .notNull()
    .default('PENDING'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: uuidId(),
  title: text('title').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  image: text('image'),
  createdAt: createdAt(),
});

export const subcategories = pgTable('subcategories', {
  id: uuidId(),
  categoryId: text('category_id')
    .notNull()
    .references(() => categories.id),
  title: text('title').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  image: text('image'),
  minPackageWeightInOz: doublePrecision('min_package_weight_in_oz').notNull().default(12),
  createdAt: createdAt(),
});

export const listings = pgTable('listings', {
  id: uuidId(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  subcategoryId: text('subcategory_id').references(() => subcategories.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  listingType: text('listing_type', { enum: ['default', 'auction', 'giveaway'] }).notNull(),
  status: text('status', { enum: ['active', 'draft', 'auction_ended', 'sold'] })
    .notNull()
    .default('active'),
  inStock: integer('in_stock').notNull().default(1),
  priceCents: cents('price_cents'),
  startingBidCents: cents('starting_bid_cents'),
  bidCents: cents('bid_cents'),
  featured: boolean('featured').notNull().default(false),
  endTime: at('end_time'),
  video: text('video'),
  shippingType: text('shipping_type').notNull().default('seller_pays'),
  shippingPriceCents: cents('shipping_price_cents').notNull().default(0),
  massUnit: text('mass_unit', { enum: ['lbs', 'oz'] })
    .notNull()
    .default('oz'),
  weight: integer('weight').notNull().default(12),
  width: integer('width').notNull().default(0),
  height: integer('height').notNull().default(0),
  length: integer('length').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

export const bids = pgTable('bids', {
  id: uuidId(),
  listingId: text('listing_id')
    .notNull()
    .references(() => listings.id),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  amountCents: cents('amount_cents').notNull(),
  maxBidCents: cents('max_bid_cents').notNull(),
  createdAt: createdAt(),
});

export const giveawayEntries = pgTable('giveaway_entries', {
  id: uuidId(),
  listingId: text('listing_id')
    .notNull()
    .references(() => listings.id),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

export const auctionMessages = pgTable('auction_messages', {
  id: uuidId(),
  listingId: text('listing_id')
    .notNull()
    .references(() => listings.id),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  type: text('type', { enum: ['bid', 'text', 'giveawayEntry', 'giveawayWinner'] }).notNull(),
  amountCents: cents('amount_cents'),
  text: text('text'),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
});

export const offers = pgTable('offers', {
  id: uuidId(),
  listingId: text('listing_id')
    .notNull()
    .references(() => listings.id),
  buyerId: text('buyer_id')
    .notNull()
    .references(() => users.id),
  amountCents: cents('amount_cents').notNull(),
  status: text('status', { enum: ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] })
    .notNull()
    .default('PENDING'),
  createdAt: createdAt(),
});

export const orders = pgTable('orders', {
  id: uuidId(),
  listingId: text('listing_id')
    .notNull()
    .references(() => listings.id),
  sellerId: text('seller_id')
    .notNull()
    .references(() => users.id),
  buyerId: text('buyer_id')
    .notNull()
    .references(() => users.id),
  priceCents: cents('price_cents').notNull(),
  shippingPriceCents: cents('shipping_price_cents').notNull().default(0),
  status: text('status').notNull().default('Pending'),
  trackingCode: text('tracking_code'),
  // Migration 0004: the shipping label and the parcel's departure and arrival.
  labelSize: text('label_size', { enum: ['8.5x11', '4x6'] }),
  labelUrl: text('label_url'),
  labelFailureReason: text('label_failure_reason'),
  labelCreatedAt: at('label_created_at'),
  shippedAt: at('shipped_at'),
  deliveredAt: at('delivered_at'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

export const transactions = pgTable('transactions', {
  id: uuidId(),
  orderId: text('order_id')
    .notNull()
    .references(() => orders.id),
  type: text('type', {
    enum: ['order_payment', 'admin_refund', 'bundled_shipping_refund', 'order_payout'],
  }).notNull(),
  status: text('status', { enum: ['succeeded', 'failed', 'refunded'] }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  refundReason: text('refund_reason'),
  refundDate: at('refund_date'),
  externalId: text('external_id'),
  idempotencyKey: text('idempotency_key'),
  adminUid: text('admin_uid'),
  createdAt: createdAt(),
});

export const ratings = pgTable('ratings', {
  id: uuidId(),
  orderId: text('order_id').references(() => orders.id),
  buyerId: text('buyer_id').references(() => users.id),
  sellerId: text('seller_id').references(() => users.id),
  rate: integer('rate'),
  experience: text('experience'),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
});

export const chats = pgTable('chats', {
  id: uuidId(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  otherUserId: text('other_user_id')
    .notNull()
    .references(() => users.id),
  blockedUserId: text('blocked_user_id').references(() => users.id),
  /** Who set the block (migration 0013): only they may lift it. */
  blockedById: text('blocked_by_id').references(() => users.id),
  lastMessage: text('last_message'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

export const chatMessages = pgTable('chat_messages', {
  id: uuidId(),
  chatId: text('chat_id')
    .notNull()
    .references(() => chats.id),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  message: text('message').notNull(),
  isSeen: boolean('is_seen').notNull().default(false),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
});

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id),
    followingId: text('following_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.followerId, table.followingId] })],
);

export const notifications = pgTable('notifications', {
  id: uuidId(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  type: text('type').notNull(),
  title: text('title').notNull(),
  body: text('body'),
  data: jsonb('data'),
  readAt: at('read_at'),
  createdAt: createdAt(),
});

export const adminActions = pgTable('admin_actions', {
  id: uuidId(),
  adminUid: text('admin_uid').notNull(),
  adminEmail: text('admin_email'),
  action: text('action').notNull(),
  recordType: text('record_type').notNull(),
  recordId: text('record_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
});
