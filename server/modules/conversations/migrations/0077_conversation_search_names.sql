-- Auction messages and chats keep the names a moderator searches them by, in one column of their
-- own row (as orders do, migration 0075): an auction message its author's user name and email and
-- its listing's title, a chat both participants' user names and emails. A common name no longer
-- means reading thousands of users before the first message. A read model the conversations area
-- keeps: only these triggers write it. The parts are joined by U+001F, which no search term
-- holds, so `search_names ILIKE '%term%'` is true exactly when one part contains the term.
ALTER TABLE auction_messages ADD COLUMN search_names text;
ALTER TABLE chats ADD COLUMN search_names text;

CREATE FUNCTION auction_message_search_names(author text, listing text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\x1F', u.user_name, u.email, l.title)
    FROM (SELECT) AS one
    LEFT JOIN users u ON u.id = author
    LEFT JOIN listings l ON l.id = listing
$$;

CREATE FUNCTION chat_search_names(one_user text, other_user text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\x1F', u.user_name, u.email, o.user_name, o.email)
    FROM (SELECT) AS one
    LEFT JOIN users u ON u.id = one_user
    LEFT JOIN users o ON o.id = other_user
$$;

CREATE FUNCTION keep_conversation_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'auction_messages' THEN
    NEW.search_names := auction_message_search_names(NEW.user_id, NEW.listing_id);
  ELSE
    NEW.search_names := chat_search_names(NEW.user_id, NEW.other_user_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER auction_messages_search_names BEFORE INSERT OR UPDATE OF user_id, listing_id ON auction_messages
  FOR EACH ROW EXECUTE FUNCTION keep_conversation_search_names();
CREATE TRIGGER chats_search_names BEFORE INSERT OR UPDATE OF user_id, other_user_id ON chats
  FOR EACH ROW EXECUTE FUNCTION keep_conversation_search_names();

-- A user renamed (or their email changed), a listing retitled: the messages and chats naming
-- them, through their foreign-key indexes.
CREATE FUNCTION rename_in_conversation_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE auction_messages SET search_names = auction_message_search_names(user_id, listing_id)
     WHERE user_id = NEW.id;
    UPDATE chats SET search_names = chat_search_names(user_id, other_user_id)
     WHERE user_id = NEW.id OR other_user_id = NEW.id;
  ELSE
    UPDATE auction_messages SET search_names = auction_message_search_names(user_id, listing_id)
     WHERE listing_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_conversation_search_names AFTER UPDATE OF user_name, email ON users FOR EACH ROW
  WHEN (OLD.user_name IS DISTINCT FROM NEW.user_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION rename_in_conversation_search_names();
CREATE TRIGGER listings_conversation_search_names AFTER UPDATE OF title ON listings FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION rename_in_conversation_search_names();

-- Every message's and chat's names at once (a bulk seed, and this migration), the same text as
-- the functions above: the foreign keys are NOT NULL, so the inner joins leave no row out.
CREATE FUNCTION fill_conversation_search_names() RETURNS void
LANGUAGE sql SET work_mem = '256MB' AS $$
  UPDATE auction_messages m SET search_names = concat_ws(E'\x1F', u.user_name, u.email, l.title)
    FROM users u, listings l
   WHERE u.id = m.user_id AND l.id = m.listing_id
     AND m.search_names IS DISTINCT FROM concat_ws(E'\x1F', u.user_name, u.email, l.title);
  UPDATE chats c SET search_names = concat_ws(E'\x1F', u.user_name, u.email, o.user_name, o.email)
    FROM users u, users o
   WHERE u.id = c.user_id AND o.id = c.other_user_id
     AND c.search_names IS DISTINCT FROM concat_ws(E'\x1F', u.user_name, u.email, o.user_name, o.email);
$$;
SELECT fill_conversation_search_names();

CREATE INDEX auction_messages_search_names_trgm ON auction_messages USING gin (search_names gin_trgm_ops);
CREATE INDEX chats_search_names_trgm ON chats USING gin (search_names gin_trgm_ops);
ANALYZE auction_messages;
ANALYZE chats;
