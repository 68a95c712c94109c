-- Listing versions (ARCHITECTURE.md, "Listing versions"): every change to a listing's title,
-- description, price, starting bid or video keeps the values before and after, who made it and
-- when. A trigger writes it in the change's own transaction, so no path that edits a listing (the
-- seller's edit, the admin's, a video attached) can forget it. Who: the transaction's
-- `market.listing_editor` setting (the seller's user id, set by the seller's edit paths with
-- set_config(…, true)); unset (an admin or the system), the version names nobody.
-- Money is kept as cents; the read turns it into USD.
CREATE TABLE listing_versions (
  listing_id text NOT NULL REFERENCES listings(id),
  version integer NOT NULL,
  editor_id text REFERENCES users(id),
  changes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, version)
);

CREATE FUNCTION record_listing_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb := '[]'::jsonb;
  editor text := nullif(current_setting('market.listing_editor', true), '');
BEGIN
  IF OLD.title IS DISTINCT FROM NEW.title THEN
    changes := changes || jsonb_build_array(jsonb_build_object('field', 'title', 'before', OLD.title, 'after', NEW.title));
  END IF;
  IF OLD.description IS DISTINCT FROM NEW.description THEN
    changes := changes || jsonb_build_array(
      jsonb_build_object('field', 'description', 'before', OLD.description, 'after', NEW.description));
  END IF;
  IF OLD.price_cents IS DISTINCT FROM NEW.price_cents THEN
    changes := changes || jsonb_build_array(
      jsonb_build_object('field', 'price', 'before', OLD.price_cents, 'after', NEW.price_cents));
  END IF;
  IF OLD.starting_bid_cents IS DISTINCT FROM NEW.starting_bid_cents THEN
    changes := changes || jsonb_build_array(
      jsonb_build_object('field', 'startingBid', 'before', OLD.starting_bid_cents, 'after', NEW.starting_bid_cents));
  END IF;
  IF OLD.video IS DISTINCT FROM NEW.video THEN
    changes := changes || jsonb_build_array(jsonb_build_object('field', 'video', 'before', OLD.video, 'after', NEW.video));
  END IF;
  IF jsonb_array_length(changes) = 0 THEN
    RETURN NULL;
  END IF;
  -- The listing's row is locked by this very update, so two changes never draw the same number.
  INSERT INTO listing_versions (listing_id, version, editor_id, changes)
  VALUES (NEW.id,
          coalesce((SELECT max(version) FROM listing_versions WHERE listing_id = NEW.id), 0) + 1,
          editor, changes);
  RETURN NULL;
END;
$$;
CREATE TRIGGER listings_versions AFTER UPDATE OF title, description, price_cents, starting_bid_cents, video
  ON listings FOR EACH ROW EXECUTE FUNCTION record_listing_version();
