-- A record's timeline lists the review cases about it: by the user a case is against, and by
-- the case's subject (a listing or an order), newest first.
CREATE INDEX review_cases_subject_user_idx ON review_cases (subject_user_id, created_at);
CREATE INDEX review_cases_subject_idx ON review_cases (subject_type, subject_id, created_at);
