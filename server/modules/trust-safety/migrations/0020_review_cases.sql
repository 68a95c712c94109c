-- The review queue: one row per thing a moderator must look at. While a case is unresolved, a new
-- signal for the same source and subject joins it (signal_count + 1): the partial unique index is
-- what makes two signals racing join one case instead of opening two.
CREATE TABLE review_cases (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  source text NOT NULL,
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  priority text NOT NULL,
  reason text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  matches jsonb NOT NULL DEFAULT '[]'::jsonb,
  signal_count integer NOT NULL DEFAULT 1,
  reporter_id text REFERENCES users (id),
  subject_user_id text REFERENCES users (id),
  assignee_uid text,
  assignee_email text,
  outcome text,
  note text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE UNIQUE INDEX review_cases_unresolved_subject_key ON review_cases (source, subject_type, subject_id)
  WHERE status <> 'resolved';
CREATE INDEX review_cases_status_idx ON review_cases (status, created_at);
