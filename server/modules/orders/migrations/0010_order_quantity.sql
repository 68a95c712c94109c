-- How many units an order bought. A declined purchase takes no stock, so paying it again later
-- (`/payments/retry`) must take that many units then, under the listing's lock.
ALTER TABLE orders ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0);
