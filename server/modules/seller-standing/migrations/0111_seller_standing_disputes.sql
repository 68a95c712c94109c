-- Lost disputes count as seller defects (ARCHITECTURE.md, "Seller standing"): the clause the seam
-- of migration 0101 left open. An order is one defect whatever went wrong with it (cancelled, an
-- order issue upheld, a dispute lost), counted in the bucket of the order's day like the others,
-- so the window's defects stay a subset of its orders.
--
-- The parameter is named `order_id` (0101, and a replaced function keeps its parameters' names),
-- which is also a column of `disputes`: inside the query the column would win, so the argument is
-- named by its function.
CREATE OR REPLACE FUNCTION seller_standing_defect(order_id text, order_status text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT order_status = 'cancelled'
      OR EXISTS (SELECT 1 FROM review_cases c
                  WHERE c.source = 'orderIssue' AND c.subject_type = 'order'
                    AND c.subject_id = seller_standing_defect.order_id
                    AND c.status = 'resolved' AND c.outcome IS DISTINCT FROM 'dismissed')
      OR EXISTS (SELECT 1 FROM disputes d
                  WHERE d.order_id = seller_standing_defect.order_id AND d.status = 'lost')
$$;

-- A dispute's outcome makes its order a defect or not: recount the order's day (the one it
-- leaves too, should a row ever change order).
CREATE FUNCTION seller_standing_dispute_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOR o IN SELECT seller_id, created_at FROM orders WHERE id = OLD.order_id LOOP
      PERFORM refresh_seller_standing_day(o.seller_id, o.created_at);
    END LOOP;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    FOR o IN SELECT seller_id, created_at FROM orders WHERE id = NEW.order_id LOOP
      PERFORM refresh_seller_standing_day(o.seller_id, o.created_at);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER seller_standing_disputes AFTER INSERT OR DELETE ON disputes
  FOR EACH ROW EXECUTE FUNCTION seller_standing_dispute_changed();
CREATE TRIGGER seller_standing_disputes_update AFTER UPDATE OF status, order_id ON disputes
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION seller_standing_dispute_changed();

-- The disputes lost before this migration.
SELECT recount_seller_standing_days();
