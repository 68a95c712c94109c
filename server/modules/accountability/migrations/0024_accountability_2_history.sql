-- Split from 0024_accountability.sql (the accountability part): a database that ran that file has this part already.
-- Internal notes on a record, visible to admins only.
CREATE TABLE admin_notes (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  record_type text NOT NULL CHECK (record_type IN ('user', 'listing', 'order')),
  record_id text NOT NULL,
  text text NOT NULL,
  admin_uid text NOT NULL,
  admin_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_notes_record_idx ON admin_notes (record_type, record_id, created_at);

-- Every change of an order's status, written by a trigger in the same transaction as the change,
-- so no path that moves an order (sale, payment, shipping, tracking, cancel) can forget it.
CREATE TABLE order_status_changes (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id text NOT NULL REFERENCES orders(id),
  from_status text,
  to_status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_changes_order_idx ON order_status_changes (order_id, created_at);

CREATE FUNCTION record_order_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_status_changes (order_id, from_status, to_status)
  VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status);
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_status_changes AFTER INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION record_order_status_change();

-- A listing's edits and status changes (publication of a draft, the end of an auction, sold out),
-- written by a trigger in the same transaction. Bids move other columns and are not edits.
CREATE TABLE listing_changes (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings(id),
  changed text[] NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_changes_listing_idx ON listing_changes (listing_id, created_at);

CREATE FUNCTION record_listing_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[] := ARRAY[]::text[];
BEGIN
  IF OLD.title IS DISTINCT FROM NEW.title THEN changed := array_append(changed, 'title'); END IF;
  IF OLD.description IS DISTINCT FROM NEW.description THEN changed := array_append(changed, 'description'); END IF;
  IF OLD.price_cents IS DISTINCT FROM NEW.price_cents THEN changed := array_append(changed, 'price'); END IF;
  IF OLD.starting_bid_cents IS DISTINCT FROM NEW.starting_bid_cents THEN changed := array_append(changed, 'startingBid'); END IF;
  IF OLD.shipping_price_cents IS DISTINCT FROM NEW.shipping_price_cents THEN changed := array_append(changed, 'shippingPrice'); END IF;
  IF OLD.video IS DISTINCT FROM NEW.video THEN changed := array_append(changed, 'video'); END IF;
  IF cardinality(changed) = 0 AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO listing_changes (listing_id, changed, from_status, to_status)
  VALUES (NEW.id, changed, OLD.status, NEW.status);
  RETURN NULL;
END;
$$;
CREATE TRIGGER listings_changes AFTER UPDATE OF title, description, price_cents, starting_bid_cents,
  shipping_price_cents, video, status ON listings
  FOR EACH ROW EXECUTE FUNCTION record_listing_change();
