-- A deadline a case's source sets itself (a chargeback's: a day before Stripe's evidence due
-- date): when present, the case is due then, whatever its priority (case-items.ts, DUE_AT).
ALTER TABLE review_cases ADD COLUMN due_by timestamptz;
