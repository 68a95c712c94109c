-- Split from 0045_review_queue_team.sql (the trust-safety part): a database that ran that file has this part already.
-- The review queue at team scale (ARCHITECTURE.md, "The review queue at team scale").
-- A case about an auction remembers that auction: its due date is at most an hour before the
-- auction's end, read from the listing each time, so when the end moves (an anti-sniping
-- extension, a hold released) the due date follows without anyone rewriting the case.
ALTER TABLE review_cases ADD COLUMN auction_listing_id text;
ALTER TABLE review_cases ADD COLUMN escalated boolean NOT NULL DEFAULT false;
UPDATE review_cases rc SET auction_listing_id = CASE
    WHEN rc.subject_type = 'listing' THEN rc.subject_id
    ELSE (SELECT am.listing_id FROM auction_messages am WHERE am.id = rc.subject_id) END
  WHERE rc.subject_type IN ('listing', 'auctionMessage');

-- An appeal is a case of its own per enforcement: two appeals by one user never join.
DROP INDEX review_cases_unresolved_subject_key;
CREATE UNIQUE INDEX review_cases_unresolved_subject_key ON review_cases (source, subject_type, subject_id)
  WHERE status <> 'resolved' AND source <> 'appeal';

-- Admin-defined macros: an outcome, a note, a message to the user and an enforcement in one step.
CREATE TABLE review_macros (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  title text NOT NULL,
  outcome text NOT NULL,
  note text NOT NULL DEFAULT '',
  user_message text,
  enforcement_action text,
  enforcement_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Appeals: one per enforcement (the unique key is what answers a second one 409).
CREATE TABLE appeals (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  enforcement_id text NOT NULL UNIQUE REFERENCES user_enforcements (id),
  text text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'granted', 'denied')),
  case_id text REFERENCES review_cases (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX appeals_user_idx ON appeals (user_id, created_at);

-- The team's review-queue settings: one row.
CREATE TABLE review_queue_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  auto_assign boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO review_queue_settings (id) VALUES (1);
