// Order history: the caller's own orders as buyer or seller (`GET /order`), one order as its
// seller sees it (`GET /order/seller/{id}`), and another user's public purchase and sale history
// (`GET /order/purchased-orders/{userId}`, `GET /order/sold-orders/{userId}`), which shows what a
// profile screen shows and nothing private (no address, no price paid, no buyer); and the short
// lists of what the caller bought or sold (`GET /order/purchased`, `GET /order/sold`).
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderStatus } from '../../../shared/contract/enums.js';
import type {
  OrderHistory,
  OrderSummaries,
  PublicOrders,
  SellerOrder,
} from '../../../shared/contract/market/orders.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { buyerStatusLabel, sellerStatusLabel } from '../../../shared/rules/order-status.js';
import { type OrderStatusFamily, statusesOfFamily } from '../../../shared/rules/order-status-family.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf, usdOrNull } from '../../platform/db/values.js';
import { countedPage, inList, pageOf } from '../../platform/db/list-sql.js';
import { TOTAL_COUNT, totalOf } from '../../platform/db/list-total.js';
import { callersOr404, notFound } from '../../platform/http/errors.js';
import { type OrderRow, SELECT_ORDER, sellerOrderOf } from './seller-order.js';
import type { listings, orders, users } from '../../platform/db/schema/index.js';
import type { SqlColumn, SqlRow } from '../../platform/db/sql-row.js';

export type OrderRole = 'buyer' | 'seller';

export interface OrderHistoryFilter {
  /** Only the orders the caller bought (`buyer`) or sold (`seller`); both when absent. */
  role?: OrderRole | undefined;
  statusFamily?: OrderStatusFamily | undefined;
  page: number;
  limit: number;
}

type HistoryRow = OrderRow & { seller_user_name: SqlColumn<typeof users, 'user_name'> };

/**
 * An order of the caller's history. The seller gets the shipping manager's shape (fulfilment's
 * mapper) with the seller-facing label; the buyer the same order without the seller's label
 * details, with the buyer-facing label and who sold it.
 */
function historyItemOf(row: HistoryRow, callerId: string) {
  const order = sellerOrderOf(row);
  const seller = { id: row.seller_id, userName: row.seller_user_name };
  if (row.seller_id === callerId) return { role: 'seller' as const, ...order, seller };
  return {
    role: 'buyer' as const,
    id: order.id,
    listing: order.listing,
    seller,
    price: order.price,
    shippingPrice: order.shippingPrice,
    status: order.status,
    statusLabel: buyerStatusLabel(row.status),
    trackingCode: order.trackingCode,
    shippedAt: order.shippedAt,
    deliveredAt: order.deliveredAt,
    createdAt: order.createdAt,
  };
}

/** The caller's orders, newest first, with the total that matches the filter. */
export async function orderHistory(
  db: Executor,
  callerId: string,
  filter: OrderHistoryFilter,
): Promise<z.output<typeof OrderHistory>> {
  const conditions: SQL[] = [sql`o.deleted_at IS NULL`];
  if (filter.role === 'buyer') conditions.push(sql`o.buyer_id = ${callerId}`);
  else if (filter.role === 'seller') conditions.push(sql`o.seller_id = ${callerId}`);
  else conditions.push(sql`(o.buyer_id = ${callerId} OR o.seller_id = ${callerId})`);
  if (filter.statusFamily) conditions.push(sql`o.status IN ${inList(statusesOfFamily(filter.statusFamily))}`);
  const where = sql.join(conditions, sql` AND `);
  const { count, rows } = await countedPage<HistoryRow>(
    db,
    sql`orders o`,
    sql`WHERE ${where}`,
    sql`SELECT h.*, s.user_name AS seller_user_name
        FROM (${SELECT_ORDER} WHERE ${where}) h JOIN users s ON s.id = h.seller_id
        ORDER BY h.created_at DESC, h.id DESC ${pageOf(filter.page, filter.limit)}`,
  );
  return { count, items: rows.map((row) => historyItemOf(row, callerId)) };
}

/** One order as its seller sees it (with the seller-facing label); nobody else may read it here. */
export async function sellerOrder(
  db: Executor,
  orderId: string,
  callerId: string,
): Promise<z.output<typeof SellerOrder>> {
  const [row] = await queryRows<OrderRow>(db, sql`${SELECT_ORDER} WHERE o.id = ${orderId} AND o.deleted_at IS NULL`);
  return sellerOrderOf(callersOr404(row, (order) => order.seller_id === callerId, 'Order'));
}

type PublicOrderRow = SqlRow<typeof orders, 'id' | 'created_at'> &
  SqlRow<typeof listings, 'title' | 'listing_type' | 'video' | 'price_cents' | 'bid_cents'> & {
    listing_id: SqlColumn<typeof listings, 'id'>;
    seller_id: SqlColumn<typeof users, 'id'>;
    seller_user_name: SqlColumn<typeof users, 'user_name'>;
    seller_avatar: SqlColumn<typeof users, 'avatar'>;
  };

/**
 * What anyone may know of a sale: the listing as it was on show, with its public price (the
 * buy-now price, or an auction's final bid, which the bid history shows anyway; a giveaway has
 * none), when it sold, and who sold it. Never the buyer, the amount paid (an accepted offer is
 * private), the status or any address.
 */
const publicOrderOf = (row: PublicOrderRow) => ({
  id: row.id,
  soldAt: isoOf(row.created_at),
  listing: {
    id: row.listing_id,
    title: row.title,
    listingType: row.listing_type,
    video: row.video,
    price: row.listing_type === 'auction' ? usdOrNull(row.bid_cents) : usdOrNull(row.price_cents),
  },
  seller: { id: row.seller_id, userName: row.seller_user_name, avatar: row.seller_avatar },
});

/**
 * A user's public purchases or sales, newest first: paid orders only (not awaiting payment nor
 * cancelled), hiding deleted orders, deleted listings and, on purchases, deleted sellers.
 */
export async function publicOrderHistory(
  db: Executor,
  userId: string,
  side: 'purchased' | 'sold',
  page: number,
  limit: number,
): Promise<z.output<typeof PublicOrders>> {
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if (!user) throw notFound('User');
  const where = sql`o.deleted_at IS NULL AND l.deleted_at IS NULL AND s.deleted_at IS NULL
    AND o.status NOT IN ('Pending', 'PAYMENT_FAILED', 'cancelled')
    AND ${side === 'purchased' ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`}`;
  const tables = sql`orders o JOIN listings l ON l.id = o.listing_id JOIN users s ON s.id = o.seller_id`;
  const { count, rows } = await countedPage<PublicOrderRow>(
    db,
    tables,
    sql`WHERE ${where}`,
    sql`SELECT o.id, o.created_at, l.id AS listing_id, l.title, l.listing_type, l.video, l.price_cents, l.bid_cents,
               s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
        FROM ${tables} WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC ${pageOf(page, limit)}`,
  );
  return { count, items: rows.map(publicOrderOf) };
}

/** Orders the user bought (`purchased`) or sold. */
export async function listOrders(
  db: Executor,
  userId: string,
  side: 'purchased' | 'sold',
  page: number,
  limit: number,
): Promise<z.output<typeof OrderSummaries>> {
  const from = sql`FROM orders o JOIN listings l ON l.id = o.listing_id
        WHERE o.deleted_at IS NULL AND ${side === 'purchased' ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`}`;
  const rows = await queryRows<{
    id: string;
    listing_id: string;
    title: string;
    seller_id: string;
    buyer_id: string;
    price_cents: string | number;
    shipping_price_cents: string | number;
    status: OrderStatus;
    tracking_code: string | null;
    created_at: Date | string;
    total_count: string | number;
  }>(
    db,
    sql`SELECT o.id, o.listing_id, l.title, o.seller_id, o.buyer_id, o.price_cents, o.shipping_price_cents, o.status,
               o.tracking_code, o.created_at, ${TOTAL_COUNT}
        ${from}
        ORDER BY o.created_at DESC, o.id DESC ${pageOf(page, limit)}`,
  );
  return {
    count: await totalOf(db, rows, page, sql`SELECT count(*) AS count ${from}`),
    items: rows.map((row) => ({
      id: row.id,
      listing: { id: row.listing_id, title: row.title },
      sellerId: row.seller_id,
      buyerId: row.buyer_id,
      price: centsToUsd(Number(row.price_cents)),
      shippingPrice: centsToUsd(Number(row.shipping_price_cents)),
      status: row.status,
      // The buyer and the seller read the same status differently (shared/rules/order-status.ts).
      statusLabel: side === 'purchased' ? buyerStatusLabel(row.status) : sellerStatusLabel(row.status),
      trackingCode: row.tracking_code,
      createdAt: isoOf(row.created_at),
    })),
  };
}
