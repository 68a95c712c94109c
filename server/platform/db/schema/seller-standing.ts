// Seller standing's kept metrics (migration 0101): one row per seller and UTC day, recounted by
// triggers in the transaction of every order, payment, order-issue case, dispute and rating write;
// and what each level does (migration 0113).
import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, columnCheck, updatedAt } from './columns.js';

const counter = (name: string) => integer(name).notNull().default(0);

export const sellerStandingDays = pgTable(
  'seller_standing_days',
  {
    sellerId: text('seller_id').notNull(),
    day: date('day').notNull(),
    orders: counter('orders'),
    defects: counter('defects'),
    shippedLate: counter('shipped_late'),
    unshipped: counter('unshipped'),
    unshippedLateFromMin: at('unshipped_late_from_min'),
    unshippedLateFromMax: at('unshipped_late_from_max'),
    ratingSum: counter('rating_sum'),
    ratingCount: counter('rating_count'),
  },
  (t) => [primaryKey({ name: 'seller_standing_days_pkey', columns: [t.sellerId, t.day] })],
);

/** The sellers whose level must be settled again: put by every bucket recount and the daily sweep. */
export const sellerStandingDue = pgTable('seller_standing_due', {
  sellerId: text('seller_id').primaryKey(),
  since: at('since').notNull().defaultNow(),
});

/** What each level does (migration 0113): payout hold days and the active-listing cap, owner-edited. */
export const sellerLevelEffects = pgTable(
  'seller_level_effects',
  {
    level: text('level', { enum: ['new', 'belowStandard', 'standard', 'top'] }).primaryKey(),
    payoutHoldDays: integer('payout_hold_days').notNull(),
    activeListingCap: integer('active_listing_cap'),
    updatedAt: updatedAt(),
  },
  () => [
    columnCheck('seller_level_effects', 'level', sql`level IN ('new', 'belowStandard', 'standard', 'top')`),
    columnCheck('seller_level_effects', 'payout_hold_days', sql`payout_hold_days BETWEEN 0 AND 60`),
    columnCheck('seller_level_effects', 'active_listing_cap', sql`active_listing_cap BETWEEN 1 AND 100000`),
  ],
);
