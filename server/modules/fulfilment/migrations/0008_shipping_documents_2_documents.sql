-- Split from 0008_shipping_documents.sql (the fulfilment part): a database that ran that file has this part already.
-- A seller's request for the labels and packing slips of several orders as one document. The
-- job moves Pending → Generating → Generated (with the document) or Failed (with the reason),
-- the "File status" enumeration (FILE_STATUSES). The PDF is kept here, not on a disk of one node, so any
-- node serves it (a few kilobytes per order: text in the standard PDF fonts).
CREATE TABLE shipping_documents (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  seller_id text NOT NULL REFERENCES users (id),
  label_size text NOT NULL CHECK (label_size IN ('8.5x11', '4x6')),
  file_status text NOT NULL DEFAULT 'Pending'
    CHECK (file_status IN ('Pending', 'Generating', 'Generated', 'Failed')),
  failure_reason text,
  document bytea,
  page_count integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  generated_at timestamptz,
  -- A document exists exactly when the job says Generated; a Failed job always says why.
  CHECK ((file_status = 'Generated') = (document IS NOT NULL)),
  CHECK (file_status <> 'Failed' OR failure_reason IS NOT NULL)
);
CREATE INDEX shipping_documents_seller_idx ON shipping_documents (seller_id, created_at DESC);
-- What a worker picks up after a restart: jobs not finished.
CREATE INDEX shipping_documents_unfinished_idx ON shipping_documents (updated_at)
  WHERE file_status IN ('Pending', 'Generating');

-- The orders of a job, in the seller's order, each with its own outcome and its pages.
CREATE TABLE shipping_document_orders (
  document_id text NOT NULL REFERENCES shipping_documents (id),
  order_id text NOT NULL REFERENCES orders (id),
  position integer NOT NULL,
  file_status text NOT NULL DEFAULT 'Pending'
    CHECK (file_status IN ('Pending', 'Generating', 'Generated', 'Failed')),
  failure_reason text,
  -- The order's first page in the document (1-based): its label, then its packing slip.
  first_page integer,
  PRIMARY KEY (document_id, order_id),
  UNIQUE (document_id, position)
);
CREATE INDEX shipping_document_orders_order_idx ON shipping_document_orders (order_id);
