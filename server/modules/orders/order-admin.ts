// Orders as the back-office reads them (sold listings with their transactions), searched and
// paged, and an order's soft delete. The refund and cancel services build on `loadSoldListing`.
import { sql, type SQL } from 'drizzle-orm';
import type { OrderPayout, SoldListing, Transaction } from '../../../shared/contract/entities.js';
import { ORDER_STATUSES, REFUND_REASONS } from '../../../shared/contract/enums.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { listPage, withChildren, type AdminList, type SortColumn } from '../../platform/db/admin-list.js';
import { inList } from '../../platform/db/list-sql.js';
import { holdOf, isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { type PayoutFacts, payoutView } from '../../../shared/rules/payout-release.js';
import { notFound } from '../../platform/http/errors.js';
import { payoutStatusOf } from './rules/payout-status.js';
import { listings, orders, sellerLevelEffects, transactions, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { z } from 'zod';

/**
 * The payout hold days of a seller level (seller-standing's `seller_level_effects`, migration
 * 0113; "Seller standing"): read at each release and each view, so an owner's change in Settings
 * moves every pending payout of that level at once, as its preview said. Where the seller's row
 * is already joined, its level is given: no second look-up of the seller per row.
 */
const holdDaysOfLevel = (sellerLevel: SQL) =>
  sql`coalesce((SELECT e.payout_hold_days FROM seller_level_effects e WHERE e.level = ${sellerLevel}), 0)`;

/** The payout hold days of the seller's current level, by the seller's id. */
export const levelHoldDaysOf = (sellerId: SQL) =>
  holdDaysOfLevel(sql`(SELECT hu.seller_level FROM users hu WHERE hu.id = ${sellerId})`);

/** What an order's payout is read from (payout-release.ts's facts, with the ledger beside). */
export const PAYOUT_COLUMNS = sqlRow(
  orders,
  'payout_cents',
  'payout_released_at',
  'payout_held_at',
  'payout_hold_reason',
  'payout_hold_admin_uid',
  'payout_hold_admin_email',
  'shipped_at',
  'delivered_at',
).extend({ hold_days: sqlColumn(sellerLevelEffects, 'payout_hold_days') });
export type PayoutColumns = z.output<typeof PAYOUT_COLUMNS> & { status: string };

const ORDER_ROW = sqlRow(orders, 'id', 'created_at', 'price_cents', 'shipping_price_cents', 'tracking_code')
  .extend(PAYOUT_COLUMNS.shape)
  .extend(sqlRow(listings, 'listing_type').shape)
  .extend({
    /** orders.status is text with no CHECK; the order flow writes only OrderStatus values. */
    status: z.enum(ORDER_STATUSES),
    listing_id: sqlColumn(listings, 'id'),
    listing_title: sqlColumn(listings, 'title'),
    listing_description: sqlColumn(listings, 'description'),
    listing_video: sqlColumn(listings, 'video'),
    listing_created_at: sqlColumn(listings, 'created_at'),
    seller_id: sqlColumn(users, 'id'),
    seller_user_name: sqlColumn(users, 'user_name'),
    seller_email: sqlColumn(users, 'email'),
    buyer_id: sqlColumn(users, 'id'),
    buyer_user_name: sqlColumn(users, 'user_name'),
    buyer_email: sqlColumn(users, 'email'),
  });
type OrderRow = z.output<typeof ORDER_ROW>;

const TRANSACTION_ROW = sqlRow(
  transactions,
  'id',
  'order_id',
  'type',
  'status',
  'amount_cents',
  'refund_date',
  'external_id',
  'created_at',
).extend({
  /** Text with no CHECK; the refund routes write only RefundReason values. */
  refund_reason: z.enum(REFUND_REASONS).nullable(),
});
export type TransactionRow = z.output<typeof TRANSACTION_ROW>;

const SORT_KEYS: Record<ListQuery<'soldListings'>['sortBy'] & string, SortColumn> = {
  price: { column: sql`o.price_cents` },
  shippingPrice: { column: sql`o.shipping_price_cents` },
  createdAt: { column: sql`o.created_at` },
  status: { column: sql`o.status` },
};

function selectOrders(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT o.id, o.created_at, o.price_cents, o.shipping_price_cents, o.status, o.tracking_code,
           l.id AS listing_id, l.title AS listing_title, l.description AS listing_description,
           l.listing_type, l.video AS listing_video, l.created_at AS listing_created_at,
           s.id AS seller_id, s.user_name AS seller_user_name, s.email AS seller_email,
           b.id AS buyer_id, b.user_name AS buyer_user_name, b.email AS buyer_email,
           o.payout_cents, o.payout_released_at, o.payout_held_at, o.payout_hold_reason, o.payout_hold_admin_uid,
           o.payout_hold_admin_email, o.shipped_at, o.delivered_at, ${holdDaysOfLevel(sql`s.seller_level`)} AS hold_days
    FROM orders o
    JOIN listings l ON l.id = o.listing_id
    JOIN users s ON s.id = o.seller_id
    JOIN users b ON b.id = o.buyer_id
    ${where} ${tail}`;
}

function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: usdOf(row.amount_cents),
    refundReason: row.refund_reason,
    refundDate: isoOrNull(row.refund_date),
  };
}

export async function transactionsOf(executor: Executor, orderIds: string[]): Promise<Map<string, TransactionRow[]>> {
  const byOrder = new Map<string, TransactionRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await readRows(
    executor,
    TRANSACTION_ROW,
    sql`SELECT id, order_id, type, status, amount_cents, refund_reason, refund_date, external_id, created_at
        FROM transactions WHERE order_id IN ${inList(orderIds)} ORDER BY created_at, id`,
  );
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

const msOrNull = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** The payout rule's facts of an order (payout-release.ts): its payout columns and its ledger. */
export function payoutFactsOf(row: PayoutColumns, transactions: TransactionRow[]): PayoutFacts {
  return {
    payoutCents: row.payout_cents === null ? null : Number(row.payout_cents),
    releasedAtMs: msOrNull(row.payout_released_at),
    heldAtMs: msOrNull(row.payout_held_at),
    shippedAtMs: msOrNull(row.shipped_at),
    deliveredAtMs: msOrNull(row.delivered_at),
    cancelled: row.status === 'cancelled',
    holdDays: row.hold_days,
    ledger: transactions.map((t) => ({
      type: t.type,
      status: t.status,
      amountCents: Number(t.amount_cents),
      createdAtMs: new Date(t.created_at).getTime(),
    })),
  };
}

function payoutOf(row: OrderRow, transactions: TransactionRow[]): OrderPayout | null {
  const view = payoutView(payoutFactsOf(row, transactions));
  if (view === null) return null;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    status: view.status,
    amount: centsToUsd(view.amountCents),
    releasedAt: iso(view.releasedAtMs),
    releasesAt: iso(view.releasesAtMs),
  };
}

function toSoldListing(row: OrderRow, transactions: TransactionRow[]): SoldListing {
  return {
    id: row.id,
    listing: {
      id: row.listing_id,
      title: row.listing_title,
      description: row.listing_description,
      listingType: row.listing_type,
      video: row.listing_video,
      createdAt: isoOf(row.listing_created_at),
    },
    seller: { id: row.seller_id, userName: row.seller_user_name, email: row.seller_email },
    user: { id: row.buyer_id, userName: row.buyer_user_name, email: row.buyer_email },
    createdAt: isoOf(row.created_at),
    price: usdOf(row.price_cents),
    shippingPrice: usdOf(row.shipping_price_cents),
    status: row.status,
    trackingCode: row.tracking_code,
    payoutStatus: payoutStatusOf(transactions),
    transactions: transactions.map(toTransaction),
    payout: payoutOf(row, transactions),
    payoutHold: holdOf(
      row.payout_held_at,
      row.payout_hold_reason,
      row.payout_hold_admin_uid,
      row.payout_hold_admin_email,
    ),
    chargeId:
      transactions.find((entry) => entry.type === 'order_payment' && entry.status !== 'failed')?.external_id ?? null,
  };
}

export async function loadSoldListing(executor: Executor, orderId: string): Promise<SoldListing> {
  const [row] = await readRows(
    executor,
    ORDER_ROW,
    selectOrders(sql`WHERE o.id = ${orderId} AND o.deleted_at IS NULL`, sql``),
  );
  if (!row) throw notFound('Order');
  const transactions = await transactionsOf(executor, [orderId]);
  return toSoldListing(row, transactions.get(orderId) ?? []);
}

/** The back-office's sold listings: every order not deleted, searched, sorted and paged. */
export async function listSoldListings(
  db: Executor,
  query: ListQuery<'soldListings'>,
): Promise<{ count: number; items: SoldListing[] }> {
  return listPage(db, soldListingsSource, query);
}

/** The sold listings table: every order not deleted, searched and sorted (paged or exported). */
export const soldListingsSource: AdminList<Omit<ListQuery<'soldListings'>, 'page' | 'limit'>, OrderRow, SoldListing> = {
  table: 'orders',
  alias: 'o',
  condition: sql`o.deleted_at IS NULL`,
  // Sellers before buyers: a seller has several orders and most buyers none, so a common name
  // shows it is over the count's cap in a quarter of the probes (searchedCount stops at the first).
  // The listing's title and both users' names are also the order's own `search_names` (kept by the
  // triggers of migration 0075), which a term of three letters searches instead of the joins.
  search: {
    by: 'union',
    places: [{ listingTitle: 'listing_id' }, { text: 'tracking_code' }, { user: 'seller_id' }, { user: 'buyer_id' }],
    kept: 'search_names',
  },
  sortKeys: SORT_KEYS,
  defaultSort: 'createdAt',
  total: 'soldListings',
  select: selectOrders,
  row: ORDER_ROW,
  items: withChildren(transactionsOf, toSoldListing),
};

/** Soft-deletes an order; the admin log keeps what it was. */
export async function deleteOrder(db: Db, orderId: string, admin: VerifiedIdentity): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await loadSoldListing(tx, orderId);
    await tx.execute(sql`UPDATE orders SET deleted_at = now(), updated_at = now() WHERE id = ${orderId}`);
    await recordAdminAction(tx, {
      admin,
      action: 'deleteOrder',
      recordType: 'order',
      recordId: orderId,
      before,
      after: null,
    });
  });
}
