-- A chargeback the seller lost (ARCHITECTURE.md, "Disputes") is a ledger entry of its own,
-- `dispute_loss`: the buyer's bank took the money back, so it lowers the payout like a refund.
ALTER TABLE transactions DROP CONSTRAINT transactions_type_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_type_check
  CHECK (type IN ('order_payment', 'admin_refund', 'bundled_shipping_refund', 'order_payout', 'dispute_loss'));
-- Stripe's dispute events name the charge (and its payment intent): the order is found by its
-- payment's provider id, an index lookup at any size.
CREATE INDEX transactions_payment_external_idx ON transactions (external_id) WHERE type = 'order_payment';
