-- A seller's level as last settled (ARCHITECTURE.md, "Seller standing"): kept on the user so the
-- Users list filters and sorts by it through an index (DECISIONS "Sellers over time"). Written
-- only by accounts' writeSellerLevel, which seller standing calls when it settles a level; `new`
-- until a seller's standing is first settled (a constant default: no table rewrite). The levels'
-- names sort in their order (belowStandard, new, standard, top), so the index is the sort.
ALTER TABLE users ADD COLUMN seller_level text NOT NULL DEFAULT 'new';
ALTER TABLE users ADD COLUMN seller_level_changed_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_seller_level_check
  CHECK (seller_level IN ('new', 'belowStandard', 'standard', 'top'));
CREATE INDEX users_seller_level_idx ON users (seller_level, id);
