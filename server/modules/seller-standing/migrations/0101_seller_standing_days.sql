-- Seller standing's kept metrics (ARCHITECTURE.md, "Seller standing"): per seller and per UTC day,
-- the counts the standing window sums, kept by triggers in the transaction of each write that
-- changes them, so a seller's standing reads at most 366 small rows, never a year of orders.
--
-- Why per-day buckets and not running totals: the window slides (the last 90 days, or 365), so a
-- kept total would have to forget old orders by itself; a day's bucket never changes with time,
-- and the window is the sum of its whole days (the two partial days at its edges, today and the
-- days whose unshipped orders are falling late are read order by order, standing.ts).
--
-- Why each trigger recounts the whole bucket rather than adding a delta: an order's contribution
-- hangs on four tables (its status and shipment, its first succeeded payment, an upheld order
-- issue, its deletion); recounting the seller's orders of that one day (an index range of a day)
-- is the same definition whatever changed, so no transition can be forgotten.
--
-- What a bucket counts (seller_standing_day_recount() is the definition; the property test
-- compares the kept rows with it):
--   orders          the seller's paid orders (a succeeded order_payment) created that day, not deleted
--   defects         of those, the cancelled ones and those with an order issue resolved otherwise
--                   than `dismissed` (disputes lost: 0 until the disputes area lands; it adds its
--                   clause to seller_standing_defect() and a trigger that recounts the order's day)
--   shipped_late    of those not cancelled, the ones shipped at or after seller_shipping_late_from()
--   unshipped       of those not cancelled, the ones not shipped yet; unshipped_late_from_min/max
--                   say when the first and the last of them fall late (the read needs no order of
--                   a day whose unshipped orders are all late, or none, at the instant it judges)
--   rating_sum/count the seller's ratings created that day, not deleted, with a rate
CREATE TABLE seller_standing_days (
  seller_id text NOT NULL,
  day date NOT NULL,
  orders integer NOT NULL DEFAULT 0,
  defects integer NOT NULL DEFAULT 0,
  shipped_late integer NOT NULL DEFAULT 0,
  unshipped integer NOT NULL DEFAULT 0,
  unshipped_late_from_min timestamptz,
  unshipped_late_from_max timestamptz,
  rating_sum integer NOT NULL DEFAULT 0,
  rating_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, day)
);

-- The sellers whose level must be settled again (seller-standing/seller-levels.ts takes them):
-- every bucket recount puts its seller here, and the daily sweep puts every seller with a bucket
-- in the last year (the window slides and unshipped orders fall late with no write).
CREATE TABLE seller_standing_due (
  seller_id text PRIMARY KEY,
  since timestamptz NOT NULL DEFAULT now()
);

-- The seller's orders of one day, by their creation time: what each bucket recount reads.
CREATE INDEX orders_seller_created_idx ON orders (seller_id, created_at) WHERE deleted_at IS NULL;
CREATE INDEX ratings_seller_created_idx ON ratings (seller_id, created_at) WHERE deleted_at IS NULL;

-- The first instant an order paid at `paid_at` is late: the start of the day after its shipping
-- deadline, the third business day (Monday to Friday, UTC) after the day of payment. The same
-- rule as shared/rules/shipping-deadline.ts (shippingDeadline + 1 ms); the property test holds
-- them together.
CREATE FUNCTION seller_shipping_late_from(paid_at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((paid_day + CASE extract(isodow FROM paid_day)::int
                        WHEN 1 THEN 3 WHEN 2 THEN 3 WHEN 3 THEN 5 WHEN 4 THEN 5
                        WHEN 5 THEN 5 WHEN 6 THEN 4 ELSE 3 END + 1)::timestamp AT TIME ZONE 'UTC')
    FROM (SELECT (paid_at AT TIME ZONE 'UTC')::date AS paid_day) d
$$;

-- Whether an order is a seller defect: cancelled, or an order issue upheld.
CREATE FUNCTION seller_standing_defect(order_id text, order_status text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT order_status = 'cancelled'
      OR EXISTS (SELECT 1 FROM review_cases c
                  WHERE c.source = 'orderIssue' AND c.subject_type = 'order' AND c.subject_id = order_id
                    AND c.status = 'resolved' AND c.outcome IS DISTINCT FROM 'dismissed')
$$;

-- One seller's bucket of one day, recounted from the base tables (no row when it counts nothing).
CREATE FUNCTION seller_standing_day_recount(seller text, on_day date)
RETURNS TABLE (orders integer, defects integer, shipped_late integer, unshipped integer,
               unshipped_late_from_min timestamptz, unshipped_late_from_max timestamptz,
               rating_sum integer, rating_count integer)
LANGUAGE sql STABLE AS $$
  WITH paid AS (
    SELECT o.status, o.shipped_at, seller_standing_defect(o.id, o.status) AS defect,
           seller_shipping_late_from(p.paid_at) AS late_from
      FROM orders o
      JOIN LATERAL (SELECT min(t.created_at) AS paid_at FROM transactions t
                     WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded') p
        ON p.paid_at IS NOT NULL
     WHERE o.seller_id = seller AND o.deleted_at IS NULL
       AND o.created_at >= (on_day::timestamp AT TIME ZONE 'UTC')
       AND o.created_at < ((on_day + 1)::timestamp AT TIME ZONE 'UTC')
  ), rated AS (
    SELECT coalesce(sum(r.rate), 0)::int AS rating_sum, count(*)::int AS rating_count
      FROM ratings r
     WHERE r.seller_id = seller AND r.deleted_at IS NULL AND r.rate IS NOT NULL
       AND r.created_at >= (on_day::timestamp AT TIME ZONE 'UTC')
       AND r.created_at < ((on_day + 1)::timestamp AT TIME ZONE 'UTC')
  ), counted AS (
    SELECT count(*)::int AS orders,
           count(*) FILTER (WHERE defect)::int AS defects,
           count(*) FILTER (WHERE status <> 'cancelled' AND shipped_at >= late_from)::int AS shipped_late,
           count(*) FILTER (WHERE status <> 'cancelled' AND shipped_at IS NULL)::int AS unshipped,
           min(late_from) FILTER (WHERE status <> 'cancelled' AND shipped_at IS NULL) AS unshipped_late_from_min,
           max(late_from) FILTER (WHERE status <> 'cancelled' AND shipped_at IS NULL) AS unshipped_late_from_max
      FROM paid
  )
  SELECT c.orders, c.defects, c.shipped_late, c.unshipped, c.unshipped_late_from_min, c.unshipped_late_from_max,
         r.rating_sum, r.rating_count
    FROM counted c, rated r
   WHERE c.orders > 0 OR r.rating_count > 0
$$;

-- Recounts one bucket into seller_standing_days (removes it when it counts nothing).
CREATE FUNCTION refresh_seller_standing_day(seller text, at_time timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  on_day date := (at_time AT TIME ZONE 'UTC')::date;
BEGIN
  IF seller IS NULL OR at_time IS NULL THEN RETURN; END IF;
  -- One recount of a bucket at a time: two transactions writing one seller's day (two closer
  -- nodes ending two of their auctions) would otherwise each count without the other's
  -- uncommitted row and collide on the key. The second waits for the first's commit, then counts
  -- with a snapshot that sees it (each statement below takes a new one, READ COMMITTED).
  PERFORM pg_advisory_xact_lock(hashtextextended('seller_standing_days:' || seller || ':' || on_day::text, 0));
  DELETE FROM seller_standing_days WHERE seller_id = seller AND day = on_day;
  INSERT INTO seller_standing_days (seller_id, day, orders, defects, shipped_late, unshipped,
                                    unshipped_late_from_min, unshipped_late_from_max, rating_sum, rating_count)
  SELECT seller, on_day, r.* FROM seller_standing_day_recount(seller, on_day) r;
  INSERT INTO seller_standing_due (seller_id) VALUES (seller) ON CONFLICT DO NOTHING;
END
$$;

-- Every bucket again from the base tables (the seeder's bulk load sets the triggers aside and
-- calls this once; the property test calls it to compare).
CREATE FUNCTION recount_seller_standing_days() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM seller_standing_days;
  INSERT INTO seller_standing_days (seller_id, day, orders, defects, shipped_late, unshipped,
                                    unshipped_late_from_min, unshipped_late_from_max, rating_sum, rating_count)
  SELECT d.seller_id, d.day, r.*
    FROM (SELECT seller_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM orders WHERE deleted_at IS NULL
          UNION
          SELECT seller_id, (created_at AT TIME ZONE 'UTC')::date FROM ratings
           WHERE deleted_at IS NULL AND seller_id IS NOT NULL) d
    CROSS JOIN LATERAL seller_standing_day_recount(d.seller_id, d.day) r;
END
$$;

-- The triggers: each write that may change a bucket recounts the bucket it leaves and the one it
-- enters (the same one, mostly).
CREATE FUNCTION seller_standing_order_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refresh_seller_standing_day(OLD.seller_id, OLD.created_at); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT')
     AND (TG_OP = 'INSERT' OR NEW.seller_id IS DISTINCT FROM OLD.seller_id
          OR (NEW.created_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (OLD.created_at AT TIME ZONE 'UTC')::date) THEN
    PERFORM refresh_seller_standing_day(NEW.seller_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER seller_standing_orders AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION seller_standing_order_changed();
CREATE TRIGGER seller_standing_orders_update
  AFTER UPDATE OF status, shipped_at, deleted_at, seller_id, created_at ON orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shipped_at IS DISTINCT FROM NEW.shipped_at
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION seller_standing_order_changed();

-- A payment decides whether (and from when) an order counts.
CREATE FUNCTION seller_standing_payment_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'order_payment' THEN
    FOR o IN SELECT seller_id, created_at FROM orders WHERE id = OLD.order_id LOOP
      PERFORM refresh_seller_standing_day(o.seller_id, o.created_at);
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.type = 'order_payment'
     AND (TG_OP = 'INSERT' OR NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    FOR o IN SELECT seller_id, created_at FROM orders WHERE id = NEW.order_id LOOP
      PERFORM refresh_seller_standing_day(o.seller_id, o.created_at);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER seller_standing_payments AFTER INSERT OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION seller_standing_payment_changed();
CREATE TRIGGER seller_standing_payments_update AFTER UPDATE OF status, type, order_id, created_at ON transactions
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION seller_standing_payment_changed();

-- An order issue's outcome makes its order a defect or not.
CREATE FUNCTION seller_standing_case_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.source = 'orderIssue' AND OLD.subject_type = 'order' THEN
    FOR o IN SELECT seller_id, created_at FROM orders WHERE id = OLD.subject_id LOOP
      PERFORM refresh_seller_standing_day(o.seller_id, o.created_at);
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.source = 'orderIssue' AND NEW.subject_type = 'order'
     AND (TG_OP = 'INSERT' OR NEW.subject_id IS DISTINCT FROM OLD.subject_id) THEN
    FOR o IN SELECT seller_id, created_at FROM orders WHERE id = NEW.subject_id LOOP
      PERFORM refresh_seller_standing_day(o.seller_id, o.created_at);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER seller_standing_cases AFTER INSERT OR DELETE ON review_cases
  FOR EACH ROW EXECUTE FUNCTION seller_standing_case_changed();
CREATE TRIGGER seller_standing_cases_update AFTER UPDATE OF status, outcome, source, subject_type, subject_id ON review_cases
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.outcome IS DISTINCT FROM NEW.outcome
        OR OLD.source IS DISTINCT FROM NEW.source OR OLD.subject_type IS DISTINCT FROM NEW.subject_type
        OR OLD.subject_id IS DISTINCT FROM NEW.subject_id)
  EXECUTE FUNCTION seller_standing_case_changed();

CREATE FUNCTION seller_standing_rating_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refresh_seller_standing_day(OLD.seller_id, OLD.created_at); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT')
     AND (TG_OP = 'INSERT' OR NEW.seller_id IS DISTINCT FROM OLD.seller_id
          OR (NEW.created_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (OLD.created_at AT TIME ZONE 'UTC')::date) THEN
    PERFORM refresh_seller_standing_day(NEW.seller_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER seller_standing_ratings AFTER INSERT OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION seller_standing_rating_changed();
CREATE TRIGGER seller_standing_ratings_update AFTER UPDATE OF rate, deleted_at, seller_id, created_at ON ratings
  FOR EACH ROW
  WHEN (OLD.rate IS DISTINCT FROM NEW.rate OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
        OR OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION seller_standing_rating_changed();

SELECT recount_seller_standing_days();
