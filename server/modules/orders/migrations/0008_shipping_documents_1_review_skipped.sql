-- Split from 0008_shipping_documents.sql (the orders' part): a database that ran that file has this part already.
-- Order history, reviews and bulk shipping documents (the routes /order/skip-reviews,
-- /bulk-shipping). Added columns are nullable, so earlier code is unaffected.

-- The buyer chose not to review a delivered order: it leaves their pending reviews. A rating
-- stays possible afterwards (POST /rate does not look at this column).
ALTER TABLE orders ADD COLUMN review_skipped_at timestamptz;
