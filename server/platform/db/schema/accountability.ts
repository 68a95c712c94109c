// Accountability: enforcement history, internal notes, the order's status history and the
// listing's edits (migration 0024; the users columns `suspended_until` and
// `selling_suspended_until` are in users.ts).
import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { listings } from './listings.js';
import { at, columnCheck, createdAt, fkey, uuidId } from './columns.js';
import { orders } from './orders.js';
import { users } from './users.js';

export const userEnforcements = pgTable(
  'user_enforcements',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    action: text('action', { enum: ['warn', 'suspendSelling', 'suspend', 'ban', 'lift'] }).notNull(),
    reason: text('reason').notNull(),
    message: text('message'),
    until: at('until'),
    adminUid: text('admin_uid').notNull(),
    adminEmail: text('admin_email'),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('user_enforcements', t.userId, users.id),
    columnCheck('user_enforcements', 'action', sql`action IN ('warn', 'suspendSelling', 'suspend', 'ban', 'lift')`),
    index('user_enforcements_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const adminNotes = pgTable(
  'admin_notes',
  {
    id: uuidId(),
    recordType: text('record_type', { enum: ['user', 'listing', 'order'] }).notNull(),
    recordId: text('record_id').notNull(),
    text: text('text').notNull(),
    adminUid: text('admin_uid').notNull(),
    adminEmail: text('admin_email'),
    createdAt: createdAt(),
  },
  (t) => [
    columnCheck('admin_notes', 'record_type', sql`record_type IN ('user', 'listing', 'order')`),
    index('admin_notes_record_idx').on(t.recordType, t.recordId, t.createdAt),
  ],
);

/** Written by the `orders_status_changes` trigger (migration 0024), never by code. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: uuidId(),
    orderId: text('order_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('order_status_changes', t.orderId, orders.id),
    index('order_status_changes_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Written by the `listings_changes` trigger (migration 0024), never by code. */
export const listingChanges = pgTable(
  'listing_changes',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    changed: text('changed').array().notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('listing_changes', t.listingId, listings.id),
    index('listing_changes_listing_idx').on(t.listingId, t.createdAt),
  ],
);
