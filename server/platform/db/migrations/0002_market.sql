-- The market engine (issue 4): the proxy-bidding state each auction carries, offer expiry, and
-- customer-support requests. Added columns are nullable or defaulted, so 0001's code is unaffected.
ALTER TABLE listings
  ADD COLUMN leader_id text REFERENCES users (id),
  ADD COLUMN leader_max_cents bigint,
  ADD COLUMN bid_count integer NOT NULL DEFAULT 0;
-- A bid's place in its auction's order (1, 2, …): bids apply one at a time under the listing's
-- lock, and this is that order, even when two bids share a millisecond.
ALTER TABLE bids ADD COLUMN seq integer;
CREATE INDEX bids_listing_seq_idx ON bids (listing_id, seq);
-- What the auction closer scans: active auctions and giveaways by end time.
CREATE INDEX listings_due_idx ON listings (end_time)
  WHERE status = 'active' AND deleted_at IS NULL AND listing_type IN ('auction', 'giveaway');

ALTER TABLE offers
  ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '48 hours',
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX offers_pending_expiry_idx ON offers (expires_at) WHERE status = 'PENDING';

CREATE INDEX giveaway_entries_user_idx ON giveaway_entries (user_id);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX follows_following_idx ON follows (following_id);

CREATE TABLE customer_support_requests (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  order_id text REFERENCES orders (id),
  issue text,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RESOLVED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_support_requests_user_idx ON customer_support_requests (user_id, created_at DESC);
