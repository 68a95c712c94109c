-- The enforcements a review case's resolution made (its outcome's and its macro's), so an appeal
-- granted later against one of them is known to overturn the case: a rule's precision counts it
-- (ARCHITECTURE.md, "Policy"). Enforcements made before this table are found the way they were
-- written: in the resolving transaction (the same now()), on the case's user, with the reason the
-- resolution gives them ("Review case (<source>): <reason>", then the note; 500 characters at most).
CREATE TABLE review_case_enforcements (
  case_id text NOT NULL REFERENCES review_cases (id),
  enforcement_id text NOT NULL REFERENCES user_enforcements (id),
  PRIMARY KEY (case_id, enforcement_id)
);
INSERT INTO review_case_enforcements (case_id, enforcement_id)
  SELECT rc.id, e.id
  FROM review_cases rc
  JOIN user_enforcements e
    ON e.user_id = rc.subject_user_id AND e.created_at = rc.resolved_at AND e.action <> 'lift'
   AND starts_with(e.reason, left('Review case (' || rc.source || '): ' || regexp_replace(rc.reason, '\s+', ' ', 'g'), 500))
  WHERE rc.status = 'resolved';
