-- Order fulfilment (issue 4): the shipping label a seller prints (size, document, why it failed)
-- and when the parcel left and arrived. Nullable, so earlier code is unaffected.
ALTER TABLE orders
  ADD COLUMN label_size text CHECK (label_size IN ('8.5x11', '4x6')),
  ADD COLUMN label_url text,
  ADD COLUMN label_failure_reason text,
  ADD COLUMN label_created_at timestamptz,
  ADD COLUMN shipped_at timestamptz,
  ADD COLUMN delivered_at timestamptz;
-- Carrier tracking updates find the order by its tracking code. Not partial: a partial index
-- (IS NOT NULL) is one the planner picks for the admin search's ILIKE over the trigram index.
CREATE INDEX orders_tracking_code_idx ON orders (tracking_code);
