// Bulk shipping documents as the seller reads them (`/bulk-shipping`): the jobs, their orders, the
// PDF once Generated, and the orders a new document can take. Asking for a document and running
// it is shipping-document-jobs.ts.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BulkShippable,
  ShippingDocumentJob,
  ShippingDocumentJobs,
} from '../../../shared/contract/market/fulfilment.js';
import { type OrderStatus } from '../../../shared/contract/enums.js';
import { shippingManagerSection } from '../../../shared/rules/order-status.js';
import type { Executor } from '../../platform/db/database.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { callersOr404, conflict } from '../../platform/http/errors.js';
import { SELECT_ORDER, SELLER_ORDER_ROW, type SellerOrder, sellerOrderOf } from '../orders/index.js';
import { listings, shippingDocumentOrders, shippingDocuments } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

export { BULK_SHIPPING_MAX_ORDERS } from '../../../shared/contract/market/fulfilment.js';
export type { ShippingDocumentJob };

/** Where the app downloads a document (under the API prefix the market routes are mounted at). */
export const shippingDocumentUrl = (id: string) => `/v1/bulk-shipping/${id}/document`;

/** A `shipping_documents` row as SELECT_DOCUMENT (and the jobs' RETURNING) read it. */
export const DOCUMENT_ROW = sqlRow(
  shippingDocuments,
  'id',
  'seller_id',
  'label_size',
  'file_status',
  'failure_reason',
  'page_count',
  'created_at',
  'updated_at',
  'generated_at',
);
export type DocumentRow = z.output<typeof DOCUMENT_ROW>;

const DOCUMENT_ORDER_ROW = sqlRow(
  shippingDocumentOrders,
  'order_id',
  'file_status',
  'failure_reason',
  'first_page',
).extend(sqlRow(listings, 'title').shape);
type DocumentOrderRow = z.output<typeof DOCUMENT_ORDER_ROW>;

const DOCUMENT_FILE = sqlRow(shippingDocuments, 'document');

const SELECT_DOCUMENT = sql`SELECT d.id, d.seller_id, d.label_size, d.file_status, d.failure_reason, d.page_count,
       d.created_at, d.updated_at, d.generated_at FROM shipping_documents d`;

export async function documentOrders(db: Executor, documentId: string): Promise<DocumentOrderRow[]> {
  return readRows(
    db,
    DOCUMENT_ORDER_ROW,
    sql`SELECT d.order_id, l.title, d.file_status, d.failure_reason, d.first_page
        FROM shipping_document_orders d JOIN orders o ON o.id = d.order_id JOIN listings l ON l.id = o.listing_id
        WHERE d.document_id = ${documentId} ORDER BY d.position`,
  );
}

export function jobOf(row: DocumentRow, orders: DocumentOrderRow[]): ShippingDocumentJob {
  const url = row.file_status === 'Generated' ? shippingDocumentUrl(row.id) : null;
  return {
    id: row.id,
    fileStatus: row.file_status,
    labelSize: row.label_size,
    url,
    pageCount: row.page_count,
    failureReason: row.failure_reason,
    orders: orders.map((order) => ({
      orderId: order.order_id,
      title: order.title,
      fileStatus: order.file_status,
      failureReason: order.failure_reason,
      // The order's pages open at its label (PDF open parameters: #page=N).
      url: url && order.first_page !== null ? `${url}#page=${order.first_page}` : null,
    })),
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    generatedAt: isoOrNull(row.generated_at),
  };
}

/** Orders a bulk document can take: those waiting for a label, and those whose label is printed (reprinted). */
export function isBulkShippable(status: OrderStatus): boolean {
  const section = shippingManagerSection(status);
  return section === 'createLabel' || section === 'markShipped';
}

/** The seller's jobs, newest first, each with its orders. */
const documentsOfSeller: AdminList<ListQueryBase & { sellerId: string }, DocumentRow, ShippingDocumentJob> = {
  table: 'shipping_documents',
  alias: 'd',
  filters: ({ sellerId }) => [sql`d.seller_id = ${sellerId}`],
  sortKeys: { createdAt: { column: sql`d.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) => sql`${SELECT_DOCUMENT} ${rows} ${tail}`,
  row: DOCUMENT_ROW,
  items: async (db, rows) => {
    const items = [];
    for (const row of rows) items.push(jobOf(row, await documentOrders(db, row.id)));
    return items;
  },
};

export async function shippingDocumentsOf(
  db: Executor,
  sellerId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof ShippingDocumentJobs>> {
  return marketListPage(db, documentsOfSeller, { sellerId, page, limit });
}

async function ownDocument(db: Executor, documentId: string, sellerId: string): Promise<DocumentRow> {
  const [row] = await readRows(db, DOCUMENT_ROW, sql`${SELECT_DOCUMENT} WHERE d.id = ${documentId}`);
  return callersOr404(row, (document) => document.seller_id === sellerId, 'Shipping document');
}

export async function shippingDocument(db: Executor, documentId: string, sellerId: string) {
  const row = await ownDocument(db, documentId, sellerId);
  return jobOf(row, await documentOrders(db, row.id));
}

/** The PDF's bytes, once Generated. */
export async function shippingDocumentFile(db: Executor, documentId: string, sellerId: string): Promise<Buffer> {
  const row = await ownDocument(db, documentId, sellerId);
  if (row.file_status !== 'Generated')
    throw conflict(
      row.file_status === 'Failed'
        ? `This document failed: ${row.failure_reason}`
        : `This document is not ready yet (${row.file_status})`,
    );
  const [file] = await readRows(
    db,
    DOCUMENT_FILE,
    sql`SELECT document FROM shipping_documents WHERE id = ${documentId}`,
  );
  // A Generated document always has its bytes (the table's CHECK).
  return Buffer.from(file!.document!);
}

/**
 * The seller's orders a bulk document can take, grouped by buyer (orders to one buyer can go in
 * one parcel), the buyer with most orders first; each order in the shipping manager's shape.
 */
export async function bulkShippableBySeller(db: Executor, sellerId: string): Promise<z.output<typeof BulkShippable>> {
  const rows = await readRows(
    db,
    SELLER_ORDER_ROW,
    sql`${SELECT_ORDER} WHERE o.seller_id = ${sellerId} AND o.deleted_at IS NULL
        AND o.status IN ('PAYMENT_CONFIRMED', 'SHIPPING_LABEL_FAILED', 'SHIPPING_LABEL_PRINTED')
        ORDER BY o.created_at, o.id LIMIT 500`,
  );
  const groups = new Map<string, { buyer: { id: string; userName: string | null }; orders: SellerOrder[] }>();
  for (const row of rows) {
    const group = groups.get(row.buyer_id) ?? {
      buyer: { id: row.buyer_id, userName: row.buyer_user_name },
      orders: [],
    };
    group.orders.push(sellerOrderOf(row));
    groups.set(row.buyer_id, group);
  }
  const items = [...groups.values()]
    .map((group) => ({ ...group, count: group.orders.length }))
    .sort((a, b) => b.count - a.count || a.buyer.id.localeCompare(b.buyer.id));
  return { count: items.length, orders: rows.length, items };
}
