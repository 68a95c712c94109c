-- The unfiltered totals of the admin lists and the statistics cards, kept by triggers in the same
-- transaction as the change, so they are exact and read in O(1) instead of counting a million
-- rows per request.
--
-- A total is the sum of up to 16 shards, each written by the backends whose pid falls on it:
-- with one row per list every insert (a bid, a chat message) would wait on the same row lock
-- until the other transaction commits.
CREATE TABLE list_totals (
  list text NOT NULL,
  shard smallint NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (list, shard)
);

-- Every user who ever bid, with their first bid: the unique bidders card is its size and the
-- past day's new bidders are its newest rows (bids are never deleted).
CREATE TABLE bidders (
  user_id text PRIMARY KEY REFERENCES users (id),
  first_bid_at timestamptz NOT NULL
);
CREATE INDEX bidders_first_bid_idx ON bidders (first_bid_at);

CREATE FUNCTION add_to_list_total(list_name text, delta bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO list_totals AS t (list, shard, total) VALUES (list_name, (pg_backend_pid() % 16)::smallint, delta)
  ON CONFLICT (list, shard) DO UPDATE SET total = t.total + excluded.total
$$;

-- Statement triggers on INSERT and DELETE: a COPY or a multi-row INSERT of a million rows adds
-- one count, not a million. TG_ARGV: the list's name, then the condition a row must meet.
CREATE FUNCTION count_list_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT count(*) FROM new_rows WHERE %s', TG_ARGV[1]) INTO n;
  ELSE
    EXECUTE format('SELECT -count(*) FROM old_rows WHERE %s', TG_ARGV[1]) INTO n;
  END IF;
  IF n <> 0 THEN PERFORM add_to_list_total(TG_ARGV[0], n); END IF;
  RETURN NULL;
END
$$;

-- Row triggers on UPDATE, fired only (WHEN) when a row enters or leaves the list: the bid path
-- updates its listing on every bid and should not pay for a count each time.
CREATE FUNCTION move_list_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was boolean;
  now_in boolean;
BEGIN
  EXECUTE format('SELECT %s FROM (SELECT ($1).*) r', TG_ARGV[1]) INTO was USING OLD;
  EXECUTE format('SELECT %s FROM (SELECT ($1).*) r', TG_ARGV[1]) INTO now_in USING NEW;
  IF was IS DISTINCT FROM now_in THEN
    PERFORM add_to_list_total(TG_ARGV[0], CASE WHEN coalesce(now_in, false) THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION forget_list_total() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_totals WHERE list = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER users_total_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('users', 'deleted_at IS NULL');
CREATE TRIGGER users_total_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('users', 'deleted_at IS NULL');
CREATE TRIGGER users_total_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL))
  EXECUTE FUNCTION move_list_row('users', 'deleted_at IS NULL');
CREATE TRIGGER users_total_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('users');

CREATE TRIGGER listings_total_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('activeListings', 'deleted_at IS NULL AND status = ''active''');
CREATE TRIGGER listings_total_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('activeListings', 'deleted_at IS NULL AND status = ''active''');
CREATE TRIGGER listings_total_update AFTER UPDATE ON listings FOR EACH ROW
  WHEN ((old.deleted_at IS NULL AND old.status = 'active') IS DISTINCT FROM (new.deleted_at IS NULL AND new.status = 'active'))
  EXECUTE FUNCTION move_list_row('activeListings', 'deleted_at IS NULL AND status = ''active''');
CREATE TRIGGER listings_total_truncate AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('activeListings');

CREATE TRIGGER orders_total_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('soldListings', 'deleted_at IS NULL');
CREATE TRIGGER orders_total_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('soldListings', 'deleted_at IS NULL');
CREATE TRIGGER orders_total_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL))
  EXECUTE FUNCTION move_list_row('soldListings', 'deleted_at IS NULL');
CREATE TRIGGER orders_total_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('soldListings');

CREATE TRIGGER ratings_total_insert AFTER INSERT ON ratings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('ratings', 'deleted_at IS NULL');
CREATE TRIGGER ratings_total_delete AFTER DELETE ON ratings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('ratings', 'deleted_at IS NULL');
CREATE TRIGGER ratings_total_update AFTER UPDATE ON ratings FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL))
  EXECUTE FUNCTION move_list_row('ratings', 'deleted_at IS NULL');
CREATE TRIGGER ratings_total_truncate AFTER TRUNCATE ON ratings
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('ratings');

CREATE TRIGGER auction_messages_total_insert AFTER INSERT ON auction_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('auctionMessages', 'deleted_at IS NULL');
CREATE TRIGGER auction_messages_total_delete AFTER DELETE ON auction_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('auctionMessages', 'deleted_at IS NULL');
CREATE TRIGGER auction_messages_total_update AFTER UPDATE ON auction_messages FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL))
  EXECUTE FUNCTION move_list_row('auctionMessages', 'deleted_at IS NULL');
CREATE TRIGGER auction_messages_total_truncate AFTER TRUNCATE ON auction_messages
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('auctionMessages');

CREATE TRIGGER chats_total_insert AFTER INSERT ON chats REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('chats', 'deleted_at IS NULL');
CREATE TRIGGER chats_total_delete AFTER DELETE ON chats REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('chats', 'deleted_at IS NULL');
CREATE TRIGGER chats_total_update AFTER UPDATE ON chats FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL))
  EXECUTE FUNCTION move_list_row('chats', 'deleted_at IS NULL');
CREATE TRIGGER chats_total_truncate AFTER TRUNCATE ON chats
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('chats');

-- The chat messages list shows a message while neither it nor its chat is taken down.
CREATE TRIGGER chat_messages_total_insert AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('chatMessages',
    'deleted_at IS NULL AND EXISTS (SELECT 1 FROM chats c WHERE c.id = chat_id AND c.deleted_at IS NULL)');
CREATE TRIGGER chat_messages_total_delete AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('chatMessages',
    'deleted_at IS NULL AND EXISTS (SELECT 1 FROM chats c WHERE c.id = chat_id AND c.deleted_at IS NULL)');
CREATE TRIGGER chat_messages_total_update AFTER UPDATE ON chat_messages FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL) OR old.chat_id IS DISTINCT FROM new.chat_id)
  EXECUTE FUNCTION move_list_row('chatMessages',
    'deleted_at IS NULL AND EXISTS (SELECT 1 FROM chats c WHERE c.id = chat_id AND c.deleted_at IS NULL)');
CREATE TRIGGER chat_messages_total_truncate AFTER TRUNCATE ON chat_messages
  FOR EACH STATEMENT EXECUTE FUNCTION forget_list_total('chatMessages');

-- A chat taken down (or put back) takes its messages still up with it.
CREATE FUNCTION move_chat_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM chat_messages WHERE chat_id = NEW.id AND deleted_at IS NULL;
  IF n <> 0 THEN
    PERFORM add_to_list_total('chatMessages', CASE WHEN NEW.deleted_at IS NULL THEN n ELSE -n END);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER chats_messages_total_update AFTER UPDATE ON chats FOR EACH ROW
  WHEN ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL))
  EXECUTE FUNCTION move_chat_messages();

-- A bid's bidder joins `bidders` (the count grows only for a first bid); a bid older than the
-- recorded first one (a backfill) moves the first bid back.
CREATE FUNCTION record_bidders() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  WITH firsts AS (
    SELECT user_id, min(created_at) AS first_bid_at FROM new_rows GROUP BY user_id
  ), inserted AS (
    INSERT INTO bidders (user_id, first_bid_at) SELECT user_id, first_bid_at FROM firsts
    ON CONFLICT (user_id) DO NOTHING RETURNING 1
  )
  SELECT count(*) INTO added FROM inserted;
  UPDATE bidders b SET first_bid_at = f.first_bid_at
    FROM (SELECT user_id, min(created_at) AS first_bid_at FROM new_rows GROUP BY user_id) f
   WHERE b.user_id = f.user_id AND f.first_bid_at < b.first_bid_at;
  IF added <> 0 THEN PERFORM add_to_list_total('bidders', added); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER bids_bidders_insert AFTER INSERT ON bids REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_bidders();

-- Every kept total and `bidders` counted afresh: the totals of what is already there, and what a
-- bulk load that ran with the triggers disabled (the seeder's) calls when it is done.
CREATE FUNCTION recount_list_totals() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM list_totals;
  DELETE FROM bidders;
  INSERT INTO bidders (user_id, first_bid_at) SELECT user_id, min(created_at) FROM bids GROUP BY user_id;
  INSERT INTO list_totals (list, shard, total)
  SELECT 'users', 0, count(*) FROM users WHERE deleted_at IS NULL
  UNION ALL SELECT 'activeListings', 0, count(*) FROM listings WHERE deleted_at IS NULL AND status = 'active'
  UNION ALL SELECT 'soldListings', 0, count(*) FROM orders WHERE deleted_at IS NULL
  UNION ALL SELECT 'ratings', 0, count(*) FROM ratings WHERE deleted_at IS NULL
  UNION ALL SELECT 'auctionMessages', 0, count(*) FROM auction_messages WHERE deleted_at IS NULL
  UNION ALL SELECT 'chats', 0, count(*) FROM chats WHERE deleted_at IS NULL
  UNION ALL SELECT 'chatMessages', 0, count(*) FROM chat_messages m JOIN chats c ON c.id = m.chat_id
                                     WHERE m.deleted_at IS NULL AND c.deleted_at IS NULL
  UNION ALL SELECT 'bidders', 0, count(*) FROM bidders;
$$;
SELECT recount_list_totals();
