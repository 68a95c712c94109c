-- Orders (the sold listings list) keep the names a moderator searches them by: the listing's
-- title and the seller's and buyer's user names and emails, in one column of the order itself.
-- Searched through joins, a common name ("sto", in one user of eleven) meant reading thousands of
-- users or listings before the first order, then a lookup of each order's users and listing. On
-- the order's own row, a term the trigram index finds is one more text column of the order (its
-- trigram index for a rare term, a walk of the sort index testing the column for a common one),
-- and a shorter term's walk tests the column instead of looking each row's users up
-- (admin-list.ts, `kept`). There is no short-gram index on it: at ~100 characters a row, building
-- one over the orders took minutes; a short term still finds its rare users and listings first
-- through theirs (search-owners.ts).
--
-- A read model the orders area keeps: only these triggers write the column. The parts are joined
-- by U+001F, which no search term holds (list-sql.ts refuses control characters), so
-- `search_names ILIKE '%term%'` is true exactly when one of the parts contains the term, as the
-- joins found it; a missing part (a user without a user name) is left out.
ALTER TABLE orders ADD COLUMN search_names text;

CREATE FUNCTION order_search_names(listing text, seller text, buyer text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\x1F', l.title, s.user_name, s.email, b.user_name, b.email)
    FROM (SELECT) AS one
    LEFT JOIN listings l ON l.id = listing
    LEFT JOIN users s ON s.id = seller
    LEFT JOIN users b ON b.id = buyer
$$;

-- A new order, or one moved to another listing, seller or buyer: its names as they are now.
CREATE FUNCTION keep_order_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_names := order_search_names(NEW.listing_id, NEW.seller_id, NEW.buyer_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_search_names BEFORE INSERT OR UPDATE OF listing_id, seller_id, buyer_id ON orders
  FOR EACH ROW EXECUTE FUNCTION keep_order_search_names();

-- A user renamed (or their email changed), a listing retitled: the orders naming them, found
-- through the orders' foreign-key indexes.
CREATE FUNCTION rename_in_order_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE orders SET search_names = order_search_names(listing_id, seller_id, buyer_id)
     WHERE seller_id = NEW.id OR buyer_id = NEW.id;
  ELSE
    UPDATE orders SET search_names = order_search_names(listing_id, seller_id, buyer_id)
     WHERE listing_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_order_search_names AFTER UPDATE OF user_name, email ON users FOR EACH ROW
  WHEN (OLD.user_name IS DISTINCT FROM NEW.user_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION rename_in_order_search_names();
CREATE TRIGGER listings_order_search_names AFTER UPDATE OF title ON listings FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION rename_in_order_search_names();

-- Every order's names at once, by joins (a bulk seed loads orders with its triggers set aside,
-- then calls this; so does this migration for the orders already there). The same text as
-- order_search_names: the foreign keys are NOT NULL, so the inner joins leave no order out.
CREATE FUNCTION fill_order_search_names() RETURNS void
LANGUAGE sql SET work_mem = '256MB' AS $$
  UPDATE orders o SET search_names = concat_ws(E'\x1F', l.title, s.user_name, s.email, b.user_name, b.email)
    FROM listings l, users s, users b
   WHERE l.id = o.listing_id AND s.id = o.seller_id AND b.id = o.buyer_id
     AND o.search_names IS DISTINCT FROM concat_ws(E'\x1F', l.title, s.user_name, s.email, b.user_name, b.email)
$$;
SELECT fill_order_search_names();

-- Built after the fill, so the UPDATE does not maintain it row by row; the statistics tell the
-- planner how common a term is in the column (a walk for a common one, the index for a rare one).
CREATE INDEX orders_search_names_trgm ON orders USING gin (search_names gin_trgm_ops);
ANALYZE orders;
