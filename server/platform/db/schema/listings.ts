// Listings with their auction state, saved listings and listing reports (migrations 0001, 0002,
// 0003, 0006, 0058, 0100).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { subcategories } from './catalogue.js';
import { at, cents, columnCheck, createdAt, fkey, updatedAt, uuidId } from './columns.js';
import { users } from './users.js';

export const listings = pgTable(
  'listings',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    subcategoryId: text('subcategory_id'),
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
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    // 0002: the proxy-bidding state (leader, leader's hidden maximum, bid count).
    leaderId: text('leader_id'),
    leaderMaxCents: cents('leader_max_cents'),
    bidCount: integer('bid_count').notNull().default(0),
    // 0003: when the bidders were told the auction ends soon (once per auction).
    endingSoonNotifiedAt: at('ending_soon_notified_at'),
    // 0006: what a draft keeps until it is published, and the video's trimmed rendition.
    trimmedVideo: text('trimmed_video'),
    timezone: text('timezone'),
    auctionEndDate: text('auction_end_date'),
    auctionEndTime: text('auction_end_time'),
    packagingType: text('packaging_type'),
    // 0058: an admin's hold (bids, purchases, offers and entries refused; the closer skips it).
    heldAt: at('held_at'),
    holdReason: text('hold_reason'),
    holdAdminUid: text('hold_admin_uid'),
    holdAdminEmail: text('hold_admin_email'),
  },
  (t) => [
    fkey('listings', t.userId, users.id),
    fkey('listings', t.subcategoryId, subcategories.id),
    fkey('listings', t.leaderId, users.id),
    columnCheck('listings', 'listing_type', sql`listing_type IN ('default', 'auction', 'giveaway')`),
    columnCheck('listings', 'status', sql`status IN ('active', 'draft', 'auction_ended', 'sold')`),
    columnCheck('listings', 'in_stock', sql`in_stock >= 0`),
    columnCheck('listings', 'mass_unit', sql`mass_unit IN ('lbs', 'oz')`),
    index('listings_active_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL AND status = 'active'`),
    index('listings_title_idx').on(t.title, t.id),
    index('listings_search_title').on(t.id, t.title),
    index('listings_type_idx').on(t.listingType, t.id),
    index('listings_in_stock_idx').on(t.inStock, t.id),
    // 0016: the admin's starting-bid sort, one index per direction (the key is nullable).
    index('listings_active_starting_bid_idx')
      .on(sql`(coalesce(starting_bid_cents, price_cents))`, t.id)
      .where(sql`deleted_at IS NULL AND status = 'active'`),
    index('listings_active_starting_bid_desc_idx')
      .on(sql`(coalesce(starting_bid_cents, price_cents)) DESC NULLS LAST`, t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL AND status = 'active'`),
    index('listings_starting_bid_idx').on(t.startingBidCents),
    index('listings_user_idx').on(t.userId),
    // 0051: the auctions a user leads (the enforcement impact, a ring's).
    index('listings_active_leader_idx')
      .on(t.leaderId)
      .where(sql`status = 'active' AND deleted_at IS NULL`),
    index('listings_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('listings_description_trgm').using('gin', t.description.op('gin_trgm_ops')),
    index('listings_title_short').using('gin', sql`(short_grams(title) COLLATE "C")`),
    index('listings_description_short').using('gin', sql`(short_grams(description) COLLATE "C")`),
    // What the auction closer scans: active auctions and giveaways by end time.
    index('listings_due_idx')
      .on(t.endTime)
      .where(sql`status = 'active' AND deleted_at IS NULL AND listing_type IN ('auction', 'giveaway')`),
    index('listings_drafts_idx')
      .on(t.userId, t.updatedAt.desc().nullsFirst())
      .where(sql`status = 'draft' AND deleted_at IS NULL`),
    index('listings_subcategory_idx').on(t.subcategoryId),
  ],
);

/** A buyer's watch list: saving twice is one row. */
export const savedListings = pgTable(
  'saved_listings',
  {
    userId: text('user_id').notNull(),
    listingId: text('listing_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'saved_listings_pkey', columns: [t.userId, t.listingId] }),
    fkey('saved_listings', t.userId, users.id),
    fkey('saved_listings', t.listingId, listings.id),
    index('saved_listings_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Open until a moderator resolves it; one open report per user and listing. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    reportType: text('report_type', { enum: ['nudity', 'harmful', 'scam', 'other'] }).notNull(),
    text: text('text'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    fkey('listing_reports', t.listingId, listings.id),
    fkey('listing_reports', t.userId, users.id),
    columnCheck('listing_reports', 'report_type', sql`report_type IN ('nudity', 'harmful', 'scam', 'other')`),
    uniqueIndex('listing_reports_open_key')
      .on(t.listingId, t.userId)
      .where(sql`resolved_at IS NULL`),
    index('listing_reports_open_idx')
      .on(t.createdAt)
      .where(sql`resolved_at IS NULL`),
  ],
);

/**
 * A listing's versions: each change to its title, description, price, starting bid or video, written
 * by the `listings_versions` trigger (migration 0100), never by code. `changes` is
 * `[{field, before, after}]`, money in cents.
 */
export const listingVersions = pgTable(
  'listing_versions',
  {
    listingId: text('listing_id').notNull(),
    version: integer('version').notNull(),
    editorId: text('editor_id'),
    changes: jsonb('changes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'listing_versions_pkey', columns: [t.listingId, t.version] }),
    fkey('listing_versions', t.listingId, listings.id),
    fkey('listing_versions', t.editorId, users.id),
  ],
);

export type ListingRecord = typeof listings.$inferSelect;
export type SavedListingRecord = typeof savedListings.$inferSelect;
export type ListingReportRecord = typeof listingReports.$inferSelect;
