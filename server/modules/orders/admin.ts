// Admin sold listings (orders): list, detail with transactions, cancel, delete, and refunds.
import { sql, type SQL } from 'drizzle-orm';
import type { SoldListing, Transaction } from '../../../shared/contract/entities.js';
import type { OrderStatus, RefundReason } from '../../../shared/contract/enums.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import { centsToUsd, usdToCents } from '../../../shared/rules/money.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import {
  containsPattern,
  idMatchesAny,
  inList,
  matchingUserIds,
  orderBy,
  pageOf,
  searchTerm,
  whereAll,
} from '../../platform/db/list-sql.js';
import { isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';
import { cancellationRefusal } from './rules/order-cancellation.js';
import { refundableCents, type LedgerEntry } from './rules/refund-remaining.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { notify } from './orders.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';

interface OrderRow {
  id: string;
  created_at: Date | string;
  price_cents: string | number;
  shipping_price_cents: string | number;
  status: OrderStatus;
  tracking_code: string | null;
  listing_id: string;
  listing_title: string;
  listing_description: string;
  listing_type: SoldListing['listing']['listingType'];
  listing_video: string | null;
  listing_created_at: Date | string;
  seller_id: string;
  seller_user_name: string | null;
  seller_email: string;
  buyer_id: string;
  buyer_user_name: string | null;
  buyer_email: string;
  payout_status: string | null;
}

interface TransactionRow {
  id: string;
  order_id: string;
  type: Transaction['type'];
  status: Transaction['status'];
  amount_cents: string | number;
  refund_reason: RefundReason | null;
  refund_date: Date | string | null;
  external_id: string | null;
}

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

async function transactionsOf(executor: Executor, orderIds: string[]): Promise<Map<string, TransactionRow[]>> {
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

function ledgerOf(rows: TransactionRow[]): LedgerEntry[] {
  return rows.map((row) => ({ type: row.type, status: row.status, amountCents: Number(row.amount_cents) }));
}

interface RefundInput {
  orderId: string;
  amount: number;
  refundReason: RefundReason;
  idempotencyKey: string | null;
  admin: VerifiedIdentity;
}

export function orderHandlers({ db, payments, events }: AdminDeps) {
  /**
   * The order row is locked first, so refunds of one order run one after another and each sees
   * every earlier refund: together they can never exceed the payment.
   */
  async function refundOrder(input: RefundInput): Promise<SoldListing> {
    return db.transaction(async (tx) => {
      const locked = await queryRows(
        tx,
        sql`SELECT id FROM orders WHERE id = ${input.orderId} AND deleted_at IS NULL FOR UPDATE`,
      );
      if (!locked[0]) throw notFound('Order');
      const ledger = (await transactionsOf(tx, [input.orderId])).get(input.orderId) ?? [];
      if (input.idempotencyKey !== null) {
        const replay = await queryRows(
          tx,
          sql`SELECT id FROM transactions WHERE order_id = ${input.orderId} AND idempotency_key = ${input.idempotencyKey}`,
        );
        if (replay[0]) return loadSoldListing(tx, input.orderId);
      }
      const before = await loadSoldListing(tx, input.orderId);
      const remaining = refundableCents(ledgerOf(ledger));
      const amountCents = usdToCents(input.amount);
      if (amountCents > remaining) {
        throw conflict(`Refund of ${input.amount} exceeds the remaining refundable amount of ${centsToUsd(remaining)}`);
      }
      const payment = ledger.find((row) => row.type === 'order_payment' && row.status !== 'failed');
      const result = await payments.refund({
        orderId: input.orderId,
        amountCents,
        reason: input.refundReason,
        paymentReference: payment?.external_id ?? null,
        idempotencyKey: input.idempotencyKey,
      });
      await tx.execute(sql`
        INSERT INTO transactions (order_id, type, status, amount_cents, refund_reason, refund_date, external_id,
                                  idempotency_key, admin_uid)
        VALUES (${input.orderId}, 'admin_refund', ${result.status}, ${amountCents}, ${input.refundReason}, now(),
                ${result.externalId}, ${input.idempotencyKey}, ${input.admin.uid})`);
      const after = await loadSoldListing(tx, input.orderId);
      await recordAdminAction(tx, {
        admin: input.admin,
        action: 'refundOrder',
        recordType: 'order',
        recordId: input.orderId,
        before,
        after,
      });
      return after;
    });
  }

  return {
    'listings.sold': async ({ query }) => {
      const term = searchTerm(query.search);
      const pattern = term ? containsPattern(term) : null;
      const matches = pattern
        ? idMatchesAny(sql`o.id`, [
            sql`SELECT id FROM orders WHERE listing_id IN (SELECT id FROM listings WHERE title ILIKE ${pattern})`,
            sql`SELECT id FROM orders WHERE tracking_code ILIKE ${pattern}`,
            sql`SELECT id FROM orders WHERE buyer_id IN (${matchingUserIds(pattern)})`,
            sql`SELECT id FROM orders WHERE seller_id IN (${matchingUserIds(pattern)})`,
          ])
        : null;
      const where = whereAll([sql`o.deleted_at IS NULL`, matches]);
      const [countRow] = await queryRows<{ count: string | number }>(
        db,
        sql`SELECT count(*) AS count FROM orders o ${where}`,
      );
      const rows = await queryRows<OrderRow>(
        db,
        selectOrders(
          where,
          sql`${orderBy(SORT_COLUMNS[query.sortBy ?? 'createdAt'], query.order, sql`o.id`)} ${pageOf(query.page, query.limit)}`,
        ),
      );
      const transactions = await transactionsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        count: Number(countRow?.count ?? 0),
        items: rows.map((row) => toSoldListing(row, transactions.get(row.id) ?? [])),
      };
    },
    'listings.soldGet': async ({ params }) => loadSoldListing(db, params.id),
    'orders.get': async ({ params }) => loadSoldListing(db, params.id),
    'transactions.orderTransactions': async ({ params }) => loadSoldListing(db, params.id),
    'orders.cancel': async ({ params, admin }) => {
      const { after, cancelled } = await db.transaction(async (tx) => {
        const [order] = await queryRows<{ status: OrderStatus; buyer_id: string; seller_id: string; title: string }>(
          tx,
          sql`SELECT o.status, o.buyer_id, o.seller_id, l.title
              FROM orders o JOIN listings l ON l.id = o.listing_id
              WHERE o.id = ${params.id} AND o.deleted_at IS NULL FOR UPDATE OF o`,
        );
        if (!order) throw notFound('Order');
        const refusal = cancellationRefusal(order.status);
        if (refusal) throw conflict(refusal);
        const before = await loadSoldListing(tx, params.id);
        await tx.execute(sql`UPDATE orders SET status = 'cancelled', updated_at = now() WHERE id = ${params.id}`);
        const after = await loadSoldListing(tx, params.id);
        await recordAdminAction(tx, {
          admin,
          action: 'cancelOrder',
          recordType: 'order',
          recordId: params.id,
          before,
          after,
        });
        // Both sides of the sale learn of it (the spec's orderCancelled notification), in the
        // same transaction: a cancel nobody hears of leaves a seller shipping a cancelled order.
        const data = { orderId: params.id, listingId: after.listing.id };
        await notify(tx, order.buyer_id, 'orderCancelled', `${order.title}: your order was cancelled`, data);
        await notify(tx, order.seller_id, 'orderCancelled', `${order.title}: the order was cancelled`, data);
        return {
          after,
          cancelled: { ...data, buyerId: order.buyer_id, sellerId: order.seller_id, trackingCode: after.trackingCode },
        };
      });
      events.emit('orderCancelled', cancelled);
      return after;
    },
    'orders.delete': async ({ params, admin }) => {
      await db.transaction(async (tx) => {
        const before = await loadSoldListing(tx, params.id);
        await tx.execute(sql`UPDATE orders SET deleted_at = now(), updated_at = now() WHERE id = ${params.id}`);
        await recordAdminAction(tx, {
          admin,
          action: 'deleteOrder',
          recordType: 'order',
          recordId: params.id,
          before,
          after: null,
        });
      });
      return undefined;
    },
    'transactions.refundRemaining': async ({ params }) => {
      const exists = await queryRows(db, sql`SELECT id FROM orders WHERE id = ${params.id} AND deleted_at IS NULL`);
      if (!exists[0]) throw notFound('Order');
      const ledger = (await transactionsOf(db, [params.id])).get(params.id) ?? [];
      return centsToUsd(refundableCents(ledgerOf(ledger)));
    },
    'transactions.refund': async ({ params, body, admin, idempotencyKey }) =>
      refundOrder({ orderId: params.id, amount: body.amount, refundReason: body.refundReason, idempotencyKey, admin }),
  } satisfies Partial<AdminHandlers>;
}
