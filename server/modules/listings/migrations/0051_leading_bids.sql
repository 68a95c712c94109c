-- The auctions a user leads, by user: the enforcement impact's `leadingBids` (one user's, or
-- summed over a ring's members) read every active listing without it (40,000 buffers at a
-- million users, per member). Only running listings are kept in it.
CREATE INDEX listings_active_leader_idx ON listings (leader_id) WHERE status = 'active' AND deleted_at IS NULL;
