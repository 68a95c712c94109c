-- Split from 0045_review_queue_team.sql (the workbench part): a database that ran that file has this part already.
-- Saved views of an admin table or the review queue: private to their owner, or shared.
CREATE TABLE saved_views (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  list text NOT NULL,
  name text NOT NULL,
  query jsonb NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  owner_uid text NOT NULL,
  owner_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_views_owner_idx ON saved_views (owner_uid, created_at);
