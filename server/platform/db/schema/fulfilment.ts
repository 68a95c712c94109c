// Bulk shipping documents: a seller's labels and packing slips of several orders as one PDF
// (migration 0008).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, bytea, columnCheck, createdAt, fkey, updatedAt, uniqueKey, uuidId } from './columns.js';
import { orders } from './orders.js';
import { users } from './users.js';

const FILE_STATUSES = ['Pending', 'Generating', 'Generated', 'Failed'] as const;
const fileStatusCheck = sql`file_status IN ('Pending', 'Generating', 'Generated', 'Failed')`;

export const shippingDocuments = pgTable(
  'shipping_documents',
  {
    id: uuidId(),
    sellerId: text('seller_id').notNull(),
    labelSize: text('label_size', { enum: ['8.5x11', '4x6'] }).notNull(),
    fileStatus: text('file_status', { enum: FILE_STATUSES }).notNull().default('Pending'),
    failureReason: text('failure_reason'),
    document: bytea('document'),
    pageCount: integer('page_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    generatedAt: at('generated_at'),
  },
  (t) => [
    fkey('shipping_documents', t.sellerId, users.id),
    columnCheck('shipping_documents', 'label_size', sql`label_size IN ('8.5x11', '4x6')`),
    columnCheck('shipping_documents', 'file_status', fileStatusCheck),
    // A document exists exactly when the job says Generated; a Failed job always says why.
    check('shipping_documents_check', sql`(file_status = 'Generated') = (document IS NOT NULL)`),
    check('shipping_documents_check1', sql`file_status <> 'Failed' OR failure_reason IS NOT NULL`),
    index('shipping_documents_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index('shipping_documents_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`file_status IN ('Pending', 'Generating')`),
  ],
);

/** The orders of a job, in the seller's order, each with its own outcome and first page. */
export const shippingDocumentOrders = pgTable(
  'shipping_document_orders',
  {
    documentId: text('document_id').notNull(),
    orderId: text('order_id').notNull(),
    position: integer('position').notNull(),
    fileStatus: text('file_status', { enum: FILE_STATUSES }).notNull().default('Pending'),
    failureReason: text('failure_reason'),
    firstPage: integer('first_page'),
  },
  (t) => [
    primaryKey({ name: 'shipping_document_orders_pkey', columns: [t.documentId, t.orderId] }),
    uniqueKey('shipping_document_orders', t.documentId, t.position),
    fkey('shipping_document_orders', t.documentId, shippingDocuments.id),
    fkey('shipping_document_orders', t.orderId, orders.id),
    columnCheck('shipping_document_orders', 'file_status', fileStatusCheck),
    index('shipping_document_orders_order_idx').on(t.orderId),
  ],
);

export type ShippingDocumentRecord = typeof shippingDocuments.$inferSelect;
export type ShippingDocumentOrderRecord = typeof shippingDocumentOrders.$inferSelect;
