-- Every admin list pages `ORDER BY key, id`: an index on the key alone leaves PostgreSQL to read
-- and sort every row with that key value to find a page (the newest ten chat messages read half
-- a million rows at a million users). Each sort index now ends with the id tie-breaker, so a page
-- is a few index reads in either direction. An index with the same predicate and one column fewer
-- is only a prefix of its replacement, so it is dropped rather than kept beside it.
--
-- A NOT NULL key is ordered without NULLS LAST (the same rows either way), so one index serves
-- both directions by scanning it backwards. A nullable key keeps NULLS LAST in both directions,
-- which a backward scan cannot give: it gets a second, DESC NULLS LAST, index.
--
-- A listing's description (up to 5,000 characters) cannot be a btree key (at most ~2,700 bytes);
-- sorting active listings by description still sorts.

DROP INDEX users_created_at_idx;
DROP INDEX users_user_name_sort_idx;
DROP INDEX users_email_sort_idx;
CREATE INDEX users_created_at_idx ON users (created_at, id);
CREATE INDEX users_user_name_sort_idx ON users (user_name, id);
CREATE INDEX users_email_sort_idx ON users (email, id);

DROP INDEX listings_active_created_idx;
DROP INDEX listings_title_idx;
DROP INDEX listings_type_idx;
DROP INDEX listings_in_stock_idx;
CREATE INDEX listings_active_created_idx ON listings (created_at, id) WHERE deleted_at IS NULL AND status = 'active';
CREATE INDEX listings_title_idx ON listings (title, id);
CREATE INDEX listings_type_idx ON listings (listing_type, id);
CREATE INDEX listings_in_stock_idx ON listings (in_stock, id);
-- The admin's "starting bid" is the price of a buy-now listing: one key over both columns.
CREATE INDEX listings_active_starting_bid_idx ON listings ((coalesce(starting_bid_cents, price_cents)), id)
  WHERE deleted_at IS NULL AND status = 'active';
CREATE INDEX listings_active_starting_bid_desc_idx
  ON listings ((coalesce(starting_bid_cents, price_cents)) DESC NULLS LAST, id DESC)
  WHERE deleted_at IS NULL AND status = 'active';

DROP INDEX orders_created_idx;
DROP INDEX orders_price_idx;
DROP INDEX orders_shipping_price_idx;
DROP INDEX orders_status_idx;
CREATE INDEX orders_created_idx ON orders (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX orders_price_idx ON orders (price_cents, id);
CREATE INDEX orders_shipping_price_idx ON orders (shipping_price_cents, id);
CREATE INDEX orders_status_idx ON orders (status, id);

DROP INDEX ratings_created_idx;
DROP INDEX ratings_rate_idx;
DROP INDEX ratings_experience_idx;
DROP INDEX ratings_order_idx;
CREATE INDEX ratings_created_idx ON ratings (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX ratings_rate_idx ON ratings (rate, id);
CREATE INDEX ratings_rate_desc_idx ON ratings (rate DESC NULLS LAST, id DESC);
CREATE INDEX ratings_experience_idx ON ratings (experience, id);
CREATE INDEX ratings_experience_desc_idx ON ratings (experience DESC NULLS LAST, id DESC);
CREATE INDEX ratings_order_idx ON ratings (order_id, id);
CREATE INDEX ratings_order_desc_idx ON ratings (order_id DESC NULLS LAST, id DESC);

DROP INDEX auction_messages_created_idx;
CREATE INDEX auction_messages_created_idx ON auction_messages (created_at, id) WHERE deleted_at IS NULL;

DROP INDEX chats_updated_idx;
DROP INDEX chats_created_idx;
CREATE INDEX chats_updated_idx ON chats (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX chats_created_idx ON chats (created_at, id);

DROP INDEX chat_messages_created_idx;
CREATE INDEX chat_messages_created_idx ON chat_messages (created_at, id) WHERE deleted_at IS NULL;

-- The ratings list is searched by buyer and seller name: without these each search read every
-- rating to find those of the matching users.
CREATE INDEX ratings_buyer_idx ON ratings (buyer_id);
CREATE INDEX ratings_seller_idx ON ratings (seller_id);
