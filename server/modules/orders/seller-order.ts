// An order as its seller sees it (the shipping manager, the bulk shipping documents, one order of
// the order history), and the shipping steps' writes: the orders module owns `orders`, so the
// fulfilment module moves an order through its shipping statuses with `writeShippingStatus`.
import type { PayoutTransfers } from '../payments/index.js';
import { releasePayoutIfDue } from './payouts.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SellerOrder as SellerOrderSchema } from '../../../shared/contract/market/orders.js';
import { ORDER_STATUSES, type LabelSize, type OrderStatus } from '../../../shared/contract/enums.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { sellerStatusLabel, shippingManagerSection } from '../../../shared/rules/order-status.js';
import type { Executor } from '../../platform/db/database.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { listings, orders, users } from '../../platform/db/schema/index.js';
import { sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

/** The row of `SELECT_ORDER`, checked by `readRows`. */
export const SELLER_ORDER_ROW = sqlRow(
  orders,
  'id',
  'listing_id',
  'seller_id',
  'buyer_id',
  'price_cents',
  'shipping_price_cents',
  'tracking_code',
  'label_size',
  'label_url',
  'label_failure_reason',
  'shipped_at',
  'delivered_at',
  'created_at',
)
  .extend(sqlRow(listings, 'title', 'weight', 'mass_unit').shape)
  .extend({
    buyer_user_name: sqlColumn(users, 'user_name'),
    /** orders.status is text with no CHECK; the order flow writes only OrderStatus values. */
    status: z.enum(ORDER_STATUSES),
  });
export type OrderRow = z.output<typeof SELLER_ORDER_ROW>;

export const SELECT_ORDER = sql`SELECT o.id, o.listing_id, l.title, o.seller_id, o.buyer_id, b.user_name AS buyer_user_name,
       o.price_cents, o.shipping_price_cents, o.status, o.tracking_code, o.label_size, o.label_url,
       o.label_failure_reason, o.shipped_at, o.delivered_at, l.weight, l.mass_unit, o.created_at
  FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users b ON b.id = o.buyer_id`;

/** An order as its seller sees it in the shipping manager. */
export type SellerOrder = z.output<typeof SellerOrderSchema>;

export function sellerOrderOf(row: OrderRow): SellerOrder {
  return {
    id: row.id,
    listing: { id: row.listing_id, title: row.title },
    buyer: { id: row.buyer_id, userName: row.buyer_user_name },
    price: centsToUsd(Number(row.price_cents)),
    shippingPrice: centsToUsd(Number(row.shipping_price_cents)),
    status: row.status,
    statusLabel: sellerStatusLabel(row.status),
    section: shippingManagerSection(row.status),
    trackingCode: row.tracking_code,
    labelSize: row.label_size,
    labelUrl: row.label_url,
    labelFailureReason: row.label_failure_reason,
    shippedAt: isoOrNull(row.shipped_at),
    deliveredAt: isoOrNull(row.delivered_at),
    createdAt: isoOf(row.created_at),
  };
}

/** What a shipping step records beside the new status. */
export interface ShippingChange {
  /** A label was bought: its tracking code, size and file (a failure before is forgotten). */
  label?: { trackingCode: string; size: LabelSize; url: string };
  /** Buying the label failed, and why. */
  labelFailure?: string;
  /** Marked shipped now, or (the carrier's scans) now unless it already was. */
  shipped?: 'now' | 'unlessShipped';
  /** Delivered now: the seller's payout is released with it, transferred through the payments port. */
  delivered?: { transfers: PayoutTransfers };
}

export async function writeShippingStatus(
  tx: Executor,
  orderId: string,
  to: OrderStatus,
  change: ShippingChange,
): Promise<void> {
  const { label } = change;
  const sets = [
    label
      ? sql`, tracking_code = ${label.trackingCode}, label_size = ${label.size}, label_url = ${label.url},
            label_created_at = now(), label_failure_reason = NULL`
      : sql``,
    change.labelFailure === undefined ? sql`` : sql`, label_failure_reason = ${change.labelFailure}`,
    change.shipped === 'now' ? sql`, shipped_at = now()` : sql``,
    change.shipped === 'unlessShipped' ? sql`, shipped_at = coalesce(shipped_at, now())` : sql``,
    change.delivered ? sql`, delivered_at = now()` : sql``,
  ];
  await tx.execute(
    sql`UPDATE orders SET status = ${to}, updated_at = now() ${sql.join(sets, sql``)} WHERE id = ${orderId}`,
  );
  // Delivered: the seller's payout is released with it, unless an admin holds it (payouts.ts).
  if (change.delivered) await releasePayoutIfDue(tx, orderId, Date.now(), change.delivered.transfers);
}
