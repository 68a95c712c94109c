// Order history: the caller's own orders as buyer or seller (`GET /order`), one order as its
// seller sees it (`GET /order/seller/{id}`), and another user's public purchase and sale history
// (`GET /order/purchased-orders/{userId}`, `GET /order/sold-orders/{userId}`), which shows what a
// profile screen shows and nothing private (no address, no price paid, no buyer); and the short
// lists of what the caller bought or sold (`GET /order/purchased`, `GET /order/sold`).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OrderHistory,
  OrderSummaries,
  PublicOrders,
  SellerOrder,
} from '../../../shared/contract/market/orders.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { buyerStatusLabel, sellerStatusLabel } from '../../../shared/rules/order-status.js';
import { type OrderStatusFamily, statusesOfFamily } from '../../../shared/rules/order-status-family.js';
import type { Executor } from '../../platform/db/database.js';
import { isoOf, usdOrNull } from '../../platform/db/values.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { inList } from '../../platform/db/list-sql.js';
import { callersOr404, notFound } from '../../platform/http/errors.js';
import { SELECT_ORDER, SELLER_ORDER_ROW, sellerOrderOf } from './seller-order.js';
import { listings, orders, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

export type OrderRole = 'buyer' | 'seller';

export interface OrderHistoryFilter {
  /** Only the orders the caller bought (`buyer`) or sold (`seller`); both when absent. */
  role?: OrderRole | undefined;
  statusFamily?: OrderStatusFamily | undefined;
  page: number;
  limit: number;
}

const HISTORY_ROW = SELLER_ORDER_ROW.extend({ seller_user_name: sqlColumn(users, 'user_name') });
type HistoryRow = z.output<typeof HISTORY_ROW>;

/**
 * An order of the caller's history. The seller gets the shipping manager's shape (fulfilment's
 * mapper) with the seller-facing label; the buyer the same order without the seller's label
 * details, with the buyer-facing label and who sold it.
 */
type HistoryItem = z.output<typeof OrderHistory>['items'][number];

function historyItemOf(row: HistoryRow, callerId: string): HistoryItem {
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

/** The caller's orders, newest first: each item is worded for its side (buyer or seller) of the caller. */
const historyOf = (
  callerId: string,
): AdminList<ListQueryBase & Omit<OrderHistoryFilter, 'page' | 'limit'>, HistoryRow, HistoryItem> => ({
  table: 'orders',
  alias: 'o',
  condition: sql`o.deleted_at IS NULL`,
  filters: ({ role, statusFamily }) => [
    role === 'buyer'
      ? sql`o.buyer_id = ${callerId}`
      : role === 'seller'
        ? sql`o.seller_id = ${callerId}`
        : sql`(o.buyer_id = ${callerId} OR o.seller_id = ${callerId})`,
    statusFamily ? sql`o.status IN ${inList(statusesOfFamily(statusFamily))}` : null,
  ],
  sortKeys: { createdAt: { column: sql`o.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  // The seller's name joins outside SELECT_ORDER, whose rows go by the name `o` again so the
  // page's ORDER BY (`o.created_at`, `o.id`) reads the same columns there.
  select: (rows, tail) =>
    sql`SELECT o.*, s.user_name AS seller_user_name
        FROM (${SELECT_ORDER} ${rows}) o JOIN users s ON s.id = o.seller_id ${tail}`,
  row: HISTORY_ROW,
  items: (_db, rows) => rows.map((row) => historyItemOf(row, callerId)),
});

/** The caller's orders, newest first, with the total that matches the filter. */
export async function orderHistory(
  db: Executor,
  callerId: string,
  filter: OrderHistoryFilter,
): Promise<z.output<typeof OrderHistory>> {
  return marketListPage(db, historyOf(callerId), filter);
}

/** One order as its seller sees it (with the seller-facing label); nobody else may read it here. */
export async function sellerOrder(
  db: Executor,
  orderId: string,
  callerId: string,
): Promise<z.output<typeof SellerOrder>> {
  const [row] = await readRows(
    db,
    SELLER_ORDER_ROW,
    sql`${SELECT_ORDER} WHERE o.id = ${orderId} AND o.deleted_at IS NULL`,
  );
  return sellerOrderOf(callersOr404(row, (order) => order.seller_id === callerId, 'Order'));
}

const PUBLIC_ORDER_TABLES = sql`orders o JOIN listings l ON l.id = o.listing_id JOIN users s ON s.id = o.seller_id`;
const PUBLIC_ORDER_ROW = sqlRow(orders, 'id', 'created_at')
  .extend(sqlRow(listings, 'title', 'listing_type', 'video', 'price_cents', 'bid_cents').shape)
  .extend({
    listing_id: sqlColumn(listings, 'id'),
    seller_id: sqlColumn(users, 'id'),
    seller_user_name: sqlColumn(users, 'user_name'),
    seller_avatar: sqlColumn(users, 'avatar'),
  });
type PublicOrderRow = z.output<typeof PUBLIC_ORDER_ROW>;

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

/** Paid orders, not deleted, of a listing and (on purchases) a seller not deleted either. */
const publicOrders: AdminList<
  ListQueryBase & { userId: string; side: 'purchased' | 'sold' },
  PublicOrderRow,
  ReturnType<typeof publicOrderOf>
> = {
  table: 'orders',
  alias: 'o',
  from: () => PUBLIC_ORDER_TABLES,
  condition: sql`o.deleted_at IS NULL AND l.deleted_at IS NULL AND s.deleted_at IS NULL
    AND o.status NOT IN ('Pending', 'PAYMENT_FAILED', 'cancelled')`,
  filters: ({ userId, side }) => [side === 'purchased' ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`],
  sortKeys: { createdAt: { column: sql`o.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT o.id, o.created_at, l.id AS listing_id, l.title, l.listing_type, l.video, l.price_cents, l.bid_cents,
               s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
        FROM ${PUBLIC_ORDER_TABLES} ${rows} ${tail}`,
  row: PUBLIC_ORDER_ROW,
  items: (_db, rows) => rows.map(publicOrderOf),
};

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
  const [user] = await readRows(
    db,
    sqlRow(users, 'id'),
    sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if (!user) throw notFound('User');
  return marketListPage(db, publicOrders, { userId, side, page, limit });
}

const ORDER_SUMMARY_ROW = SELLER_ORDER_ROW.pick({
  id: true,
  listing_id: true,
  title: true,
  seller_id: true,
  buyer_id: true,
  price_cents: true,
  shipping_price_cents: true,
  status: true,
  tracking_code: true,
  created_at: true,
});
type OrderSummaryRow = z.output<typeof ORDER_SUMMARY_ROW>;

/** Orders the user bought (`purchased`) or sold, newest first, each status worded for that side. */
const ordersOnSide = (
  side: 'purchased' | 'sold',
): AdminList<
  ListQueryBase & { userId: string },
  OrderSummaryRow,
  z.output<typeof OrderSummaries>['items'][number]
> => ({
  table: 'orders',
  alias: 'o',
  from: () => sql`orders o JOIN listings l ON l.id = o.listing_id`,
  condition: sql`o.deleted_at IS NULL`,
  filters: ({ userId }) => [side === 'purchased' ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`],
  sortKeys: { createdAt: { column: sql`o.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT o.id, o.listing_id, l.title, o.seller_id, o.buyer_id, o.price_cents, o.shipping_price_cents, o.status,
               o.tracking_code, o.created_at
        FROM orders o JOIN listings l ON l.id = o.listing_id ${rows} ${tail}`,
  row: ORDER_SUMMARY_ROW,
  items: (_db, rows) =>
    rows.map((row) => ({
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
});

export async function listOrders(
  db: Executor,
  userId: string,
  side: 'purchased' | 'sold',
  page: number,
  limit: number,
): Promise<z.output<typeof OrderSummaries>> {
  return marketListPage(db, ordersOnSide(side), { userId, page, limit });
}
