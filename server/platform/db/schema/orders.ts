// Offers, orders and their money movements (migrations 0001, 0002, 0004, 0008, 0010, 0059, 0075).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, cents, columnCheck, createdAt, fkey, updatedAt, uuidId } from './columns.js';
import { listings } from './listings.js';
import { users } from './users.js';

export const offers = pgTable(
  'offers',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
    createdAt: createdAt(),
    // 0002: an offer lapses after 48 hours.
    expiresAt: at('expires_at')
      .notNull()
      .default(sql`now() + interval '48 hours'`),
    updatedAt: updatedAt(),
  },
  (t) => [
    fkey('offers', t.listingId, listings.id),
    fkey('offers', t.buyerId, users.id),
    columnCheck('offers', 'status', sql`status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED')`),
    index('offers_listing_idx').on(t.listingId),
    index('offers_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'PENDING'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuidId(),
    listingId: text('listing_id').notNull(),
    sellerId: text('seller_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    priceCents: cents('price_cents').notNull(),
    shippingPriceCents: cents('shipping_price_cents').notNull().default(0),
    status: text('status').notNull().default('Pending'),
    trackingCode: text('tracking_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    // 0004: the shipping label and the parcel's departure and arrival.
    labelSize: text('label_size', { enum: ['8.5x11', '4x6'] }),
    labelUrl: text('label_url'),
    labelFailureReason: text('label_failure_reason'),
    labelCreatedAt: at('label_created_at'),
    shippedAt: at('shipped_at'),
    deliveredAt: at('delivered_at'),
    // 0008: the buyer chose not to review it.
    reviewSkippedAt: at('review_skipped_at'),
    // 0010: how many units the order bought.
    quantity: integer('quantity').notNull().default(1),
    // 0059: the seller's payout, pending until delivery or 7 days after shipping; an admin's hold on it.
    payoutCents: cents('payout_cents'),
    payoutReleasedAt: at('payout_released_at'),
    payoutHeldAt: at('payout_held_at'),
    payoutHoldReason: text('payout_hold_reason'),
    payoutHoldAdminUid: text('payout_hold_admin_uid'),
    payoutHoldAdminEmail: text('payout_hold_admin_email'),
    // 0075: the listing's title and the seller's and buyer's names, kept by triggers for the search.
    searchNames: text('search_names'),
  },
  (t) => [
    fkey('orders', t.listingId, listings.id),
    fkey('orders', t.sellerId, users.id),
    fkey('orders', t.buyerId, users.id),
    columnCheck('orders', 'price_cents', sql`price_cents >= 0`),
    columnCheck('orders', 'shipping_price_cents', sql`shipping_price_cents >= 0`),
    columnCheck('orders', 'label_size', sql`label_size IN ('8.5x11', '4x6')`),
    columnCheck('orders', 'quantity', sql`quantity > 0`),
    columnCheck('orders', 'payout_cents', sql`payout_cents >= 0`),
    index('orders_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('orders_price_idx').on(t.priceCents, t.id),
    index('orders_shipping_price_idx').on(t.shippingPriceCents, t.id),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_listing_idx').on(t.listingId),
    index('orders_buyer_idx').on(t.buyerId),
    index('orders_seller_idx').on(t.sellerId),
    // 0101: a seller's orders of one day, what seller standing's bucket recount reads.
    index('orders_seller_created_idx')
      .on(t.sellerId, t.createdAt)
      .where(sql`deleted_at IS NULL`),
    index('orders_tracking_code_trgm').using('gin', t.trackingCode.op('gin_trgm_ops')),
    index('orders_tracking_code_short').using('gin', sql`(short_grams(tracking_code) COLLATE "C")`),
    index('orders_search_names_trgm').using('gin', t.searchNames.op('gin_trgm_ops')),
    // Not partial: the planner would pick a partial one for the admin search's ILIKE.
    index('orders_tracking_code_idx').on(t.trackingCode),
    // 0059: what the payout release job scans, only the payouts still pending.
    index('orders_payout_pending_idx')
      .on(t.shippedAt)
      .where(sql`payout_cents IS NOT NULL AND payout_released_at IS NULL`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuidId(),
    orderId: text('order_id').notNull(),
    type: text('type', {
      enum: ['order_payment', 'admin_refund', 'bundled_shipping_refund', 'order_payout', 'dispute_loss'],
    }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed', 'refunded'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    refundReason: text('refund_reason'),
    refundDate: at('refund_date'),
    externalId: text('external_id'),
    idempotencyKey: text('idempotency_key'),
    adminUid: text('admin_uid'),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('transactions', t.orderId, orders.id),
    columnCheck(
      'transactions',
      'type',
      sql`type IN ('order_payment', 'admin_refund', 'bundled_shipping_refund', 'order_payout', 'dispute_loss')`,
    ),
    columnCheck('transactions', 'status', sql`status IN ('succeeded', 'failed', 'refunded')`),
    columnCheck('transactions', 'amount_cents', sql`amount_cents >= 0`),
    index('transactions_order_idx').on(t.orderId, t.createdAt),
    // 0105: an order found by its payment's provider id (a dispute event's charge).
    index('transactions_payment_external_idx')
      .on(t.externalId)
      .where(sql`type = 'order_payment'`),
    uniqueIndex('transactions_idempotency_key')
      .on(t.orderId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

export type OfferRecord = typeof offers.$inferSelect;
export type OrderRecord = typeof orders.$inferSelect;
export type TransactionRecord = typeof transactions.$inferSelect;
