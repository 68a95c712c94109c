-- A seller's listing tools: the create-listing payload's fields a draft keeps until it
-- is published, the video's trimmed rendition, buyers' saved listings and listing reports.
-- Added columns are nullable, so earlier code is unaffected.
ALTER TABLE listings
  ADD COLUMN trimmed_video text,
  ADD COLUMN timezone text,
  ADD COLUMN auction_end_date text,
  ADD COLUMN auction_end_time text,
  ADD COLUMN packaging_type text;
-- A seller's drafts, latest change first.
CREATE INDEX listings_drafts_idx ON listings (user_id, updated_at DESC) WHERE status = 'draft' AND deleted_at IS NULL;
-- Price guidance reads a subcategory's listings.
CREATE INDEX listings_subcategory_idx ON listings (subcategory_id);

-- A buyer's watch list: saving twice is one row.
CREATE TABLE saved_listings (
  user_id text NOT NULL REFERENCES users (id),
  listing_id text NOT NULL REFERENCES listings (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, listing_id)
);
CREATE INDEX saved_listings_user_idx ON saved_listings (user_id, created_at DESC);

-- A report stays open until a moderator resolves it; a user has at most one open report per listing.
CREATE TABLE listing_reports (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings (id),
  user_id text NOT NULL REFERENCES users (id),
  report_type text NOT NULL CHECK (report_type IN ('nudity', 'harmful', 'scam', 'other')),
  text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE UNIQUE INDEX listing_reports_open_key ON listing_reports (listing_id, user_id) WHERE resolved_at IS NULL;
CREATE INDEX listing_reports_open_idx ON listing_reports (created_at) WHERE resolved_at IS NULL;
