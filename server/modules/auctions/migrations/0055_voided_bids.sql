-- Voiding bids (ARCHITECTURE.md, "Voiding bids"): an admin voids a bidder's bids on a running
-- auction. The bids are kept as evidence, marked here; every public read of bids and the auction's
-- standing (recomputed by replaying the proxy rule) leave them out. Additive: both columns are null
-- for every bid until one is voided.
ALTER TABLE bids ADD COLUMN voided_at timestamptz;
ALTER TABLE bids ADD COLUMN void_reason text;
