-- Every reporter whose report joined a review case, once each: a report that joins an open case
-- only counted (signal_count + 1) and was forgotten, so resolving with notifyReporter thanked the
-- first reporter alone. The cases' first reporters are carried over.
CREATE TABLE review_case_reporters (
  case_id text NOT NULL REFERENCES review_cases (id),
  reporter_id text NOT NULL REFERENCES users (id),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (case_id, reporter_id)
);
INSERT INTO review_case_reporters (case_id, reporter_id, joined_at)
  SELECT id, reporter_id, created_at FROM review_cases WHERE reporter_id IS NOT NULL;
