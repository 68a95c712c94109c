-- One trigger function for the two tables whose own row names the seller and the day (orders and
-- ratings): migration 0101 declared seller_standing_order_changed() and
-- seller_standing_rating_changed() with the same body. The triggers now share this one; the old
-- functions go (a shipped migration's text is never edited).
CREATE FUNCTION seller_standing_row_changed() RETURNS trigger
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

DROP TRIGGER seller_standing_orders ON orders;
DROP TRIGGER seller_standing_orders_update ON orders;
CREATE TRIGGER seller_standing_orders AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION seller_standing_row_changed();
CREATE TRIGGER seller_standing_orders_update
  AFTER UPDATE OF status, shipped_at, deleted_at, seller_id, created_at ON orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shipped_at IS DISTINCT FROM NEW.shipped_at
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION seller_standing_row_changed();

DROP TRIGGER seller_standing_ratings ON ratings;
DROP TRIGGER seller_standing_ratings_update ON ratings;
CREATE TRIGGER seller_standing_ratings AFTER INSERT OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION seller_standing_row_changed();
CREATE TRIGGER seller_standing_ratings_update AFTER UPDATE OF rate, deleted_at, seller_id, created_at ON ratings
  FOR EACH ROW
  WHEN (OLD.rate IS DISTINCT FROM NEW.rate OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
        OR OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION seller_standing_row_changed();

DROP FUNCTION seller_standing_order_changed();
DROP FUNCTION seller_standing_rating_changed();
