// Orders as the back-office reads them (sold listings with their transactions), searched and
// paged, and an order's soft delete. The refund and cancel services build on `loadSoldListing`.
import { sql, type SQL } from 'drizzle-orm';
import type { SoldListing, Transaction } from '../../../shared/contract/entities.js';
import type { OrderStatus, RefundReason } from '../../../shared/contract/enums.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import { type Db, queryRows, type Executor } from '../../platform/db/database.js';
import {
  inList,
  matchingUserIds,
  whereSearched,
  listPage,
  type ListSource,
  searchPattern,
  listingTitleMatches,
  userMatches,
} from '../../platform/db/list-sql.js';
import { isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';
import type { listings, orders, transactions, users } from '../../platform/db/schema/index.js';
import type { SqlColumn, SqlRow } from '../../platform/db/sql-row.js';

type OrderRow = SqlRow<typeof orders, 'id' | 'created_at' | 'price_cents' | 'shipping_price_cents' | 'tracking_code'> &
  SqlRow<typeof listings, 'listing_type'> & {
    /** orders.status is text with no CHECK; the order flow writes only OrderStatus values. */
    status: OrderStatus;
    listing_id: SqlColumn<typeof listings, 'id'>;
    listing_title: SqlColumn<typeof listings, 'title'>;
    listing_description: SqlColumn<typeof listings, 'description'>;
    listing_video: SqlColumn<typeof listings, 'video'>;
    listing_created_at: SqlColumn<typeof listings, 'created_at'>;
    seller_id: SqlColumn<typeof users, 'id'>;
    seller_user_name: SqlColumn<typeof users, 'user_name'>;
    seller_email: SqlColumn<typeof users, 'email'>;
    buyer_id: SqlColumn<typeof users, 'id'>;
    buyer_user_name: SqlColumn<typeof users, 'user_name'>;
    buyer_email: SqlColumn<typeof users, 'email'>;
    /** The latest payout's status, a scalar subquery: null when there is none. */
    payout_status: SqlColumn<typeof transactions, 'status'> | null;
  };

export type TransactionRow = SqlRow<
  typeof transactions,
  'id' | 'order_id' | 'type' | 'status' | 'amount_cents' | 'refund_date' | 'external_id'
> & {
  /** Text with no CHECK; the refund routes write only RefundReason values. */
  refund_reason: RefundReason | null;
};

const SORT_COLUMNS: Record<ListQuery<'soldListings'>['sortBy'] & string, SQL> = {
  price: sql`o.price_cents`,
  shippingPrice: sql`o.shipping_price_cents`,
  createdAt: sql`o.created_at`,
  status: sql`o.status`,
};

function selectOrders(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT o.id, o.created_at, o.price_cents, o.shipping_price_cents, o.status, o.tracking_code,
           l.id AS listing_id, l.title AS listing_title, l.description AS listing_description,
           l.listing_type, l.video AS listing_video, l.created_at AS listing_created_at,
           s.id AS seller_id, s.user_name AS seller_user_name, s.email AS seller_email,
           b.id AS buyer_id, b.user_name AS buyer_user_name, b.email AS buyer_email,
           (SELECT t.status FROM transactions t WHERE t.order_id = o.id AND t.type = 'order_payout'
            ORDER BY t.created_at DESC LIMIT 1) AS payout_status
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
  const rows = await queryRows<TransactionRow>(
    executor,
    sql`SELECT id, order_id, type, status, amount_cents, refund_reason, refund_date, external_id
        FROM transactions WHERE order_id IN ${inList(orderIds)} ORDER BY created_at, id`,
  );
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
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
    // A payout that was reversed did not reach the seller.
    payoutStatus: row.payout_status === null ? null : row.payout_status === 'succeeded' ? 'succeeded' : 'failed',
    transactions: transactions.map(toTransaction),
  };
}

export async function loadSoldListing(executor: Executor, orderId: string): Promise<SoldListing> {
  const [row] = await queryRows<OrderRow>(
    executor,
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
  return listPage(db, soldListingsSource(query), query);
}

/** The sold listings table as SQL: every order not deleted, searched and sorted. */
export function soldListingsSource(
  query: Omit<ListQuery<'soldListings'>, 'page' | 'limit'>,
): ListSource<OrderRow, SoldListing> {
  const condition = sql`o.deleted_at IS NULL`;
  // Sellers before buyers: a seller has several orders and most buyers none, so a common name
  // shows it is over the count's cap in a quarter of the probes (searchedPage stops at the first).
  const branches = (pattern: SQL) => [
    sql`SELECT id FROM orders WHERE listing_id IN (SELECT id FROM listings WHERE title ILIKE ${pattern})`,
    sql`SELECT id FROM orders WHERE tracking_code ILIKE ${pattern}`,
    sql`SELECT id FROM orders WHERE seller_id IN (${matchingUserIds(pattern)})`,
    sql`SELECT id FROM orders WHERE buyer_id IN (${matchingUserIds(pattern)})`,
  ];
  const pattern = searchPattern(query.search);
  return {
    from: sql`orders o`,
    where: whereSearched(condition, query.search, sql`o.id`, branches),
    select: selectOrders,
    sortColumn: SORT_COLUMNS[query.sortBy ?? 'createdAt'],
    idColumn: sql`o.id`,
    order: query.order,
    keptTotal: pattern ? null : 'soldListings',
    // A search's page and count are bounded by branch: a common term walks the sort index.
    searched: pattern
      ? {
          condition,
          branches: branches(pattern),
          rowMatches: sql`(${listingTitleMatches(sql`o.listing_id`, pattern)} OR o.tracking_code ILIKE ${pattern}
            OR ${userMatches(sql`o.buyer_id`, pattern)} OR ${userMatches(sql`o.seller_id`, pattern)})`,
        }
      : undefined,
    async items(db, rows) {
      const transactions = await transactionsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toSoldListing(row, transactions.get(row.id) ?? []));
    },
  };
}

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
