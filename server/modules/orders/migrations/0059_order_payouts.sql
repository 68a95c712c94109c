-- Seller payouts released on delivery, or 7 days after shipping, not at purchase
-- (ARCHITECTURE.md, "Holds and payouts"). `payout_cents` is what the payment confirmed for the
-- seller (the total less the seller fee), set when the order is paid; `payout_released_at` when
-- the order_payout transaction was written. Orders paid before this migration have a NULL
-- `payout_cents`: their payout was released at purchase, as it was then.
ALTER TABLE orders ADD COLUMN payout_cents bigint;
ALTER TABLE orders ADD COLUMN payout_released_at timestamptz;
-- An admin's hold on the payout: not released until it is lifted.
ALTER TABLE orders ADD COLUMN payout_held_at timestamptz;
ALTER TABLE orders ADD COLUMN payout_hold_reason text;
ALTER TABLE orders ADD COLUMN payout_hold_admin_uid text;
ALTER TABLE orders ADD COLUMN payout_hold_admin_email text;
ALTER TABLE orders ADD CONSTRAINT orders_payout_cents_check CHECK (payout_cents >= 0);
-- What the release job scans: only payouts still pending are in it.
CREATE INDEX orders_payout_pending_idx ON orders (shipped_at)
  WHERE payout_cents IS NOT NULL AND payout_released_at IS NULL;
