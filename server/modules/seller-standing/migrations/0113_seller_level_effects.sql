-- What each seller level does (DECISIONS "Sellers over time"; ARCHITECTURE.md, "Seller standing"):
-- the payout hold days (counted after delivery, on top of the release rule) and the active-listing
-- cap, one row per level, owner-editable in Settings. Owned by seller-standing (its admin route
-- writes it); the payout release (orders) and a new listing (listings) read the seller's row.
CREATE TABLE seller_level_effects (
  level text PRIMARY KEY CHECK (level IN ('new', 'belowStandard', 'standard', 'top')),
  payout_hold_days integer NOT NULL CHECK (payout_hold_days BETWEEN 0 AND 60),
  -- NULL: no cap.
  active_listing_cap integer CHECK (active_listing_cap BETWEEN 1 AND 100000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The contract's defaults (shared/rules/seller-level.ts, DEFAULT_LEVEL_EFFECTS).
INSERT INTO seller_level_effects (level, payout_hold_days, active_listing_cap) VALUES
  ('new', 3, 50), ('belowStandard', 7, 20), ('standard', 0, NULL), ('top', 0, NULL);

