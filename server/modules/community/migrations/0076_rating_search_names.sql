-- Ratings keep the names a moderator searches them by: the seller's and buyer's user names and
-- emails, in one column of the rating itself (as orders do, migration 0075: a common name no
-- longer means reading thousands of users before the first rating). A read model the community
-- area keeps: only these triggers write it. The parts are joined by U+001F, which no search
-- term holds, so `search_names ILIKE '%term%'` is true exactly when one part contains the term.
-- A rating keeps the names of a user whose account was closed, as the joined search found them.
ALTER TABLE ratings ADD COLUMN search_names text;

CREATE FUNCTION rating_search_names(seller text, buyer text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\x1F', s.user_name, s.email, b.user_name, b.email)
    FROM (SELECT) AS one
    LEFT JOIN users s ON s.id = seller
    LEFT JOIN users b ON b.id = buyer
$$;

CREATE FUNCTION keep_rating_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_names := rating_search_names(NEW.seller_id, NEW.buyer_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER ratings_search_names BEFORE INSERT OR UPDATE OF seller_id, buyer_id ON ratings
  FOR EACH ROW EXECUTE FUNCTION keep_rating_search_names();

CREATE FUNCTION rename_in_rating_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ratings SET search_names = rating_search_names(seller_id, buyer_id)
   WHERE seller_id = NEW.id OR buyer_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_rating_search_names AFTER UPDATE OF user_name, email ON users FOR EACH ROW
  WHEN (OLD.user_name IS DISTINCT FROM NEW.user_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION rename_in_rating_search_names();

-- Every rating's names at once (a bulk seed, and this migration), the same text as
-- rating_search_names: outer joins, a rating may name no buyer or seller.
CREATE FUNCTION fill_rating_search_names() RETURNS void
LANGUAGE sql SET work_mem = '256MB' AS $$
  UPDATE ratings r SET search_names = named.names
    FROM (SELECT n.id, concat_ws(E'\x1F', s.user_name, s.email, b.user_name, b.email) AS names
            FROM ratings n LEFT JOIN users s ON s.id = n.seller_id LEFT JOIN users b ON b.id = n.buyer_id) AS named
   WHERE named.id = r.id AND r.search_names IS DISTINCT FROM named.names
$$;
SELECT fill_rating_search_names();

CREATE INDEX ratings_search_names_trgm ON ratings USING gin (search_names gin_trgm_ops);
ANALYZE ratings;
