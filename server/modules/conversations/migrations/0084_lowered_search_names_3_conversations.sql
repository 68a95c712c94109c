-- Split from 0084_lowered_search_names.sql (the conversations part): a database that ran that file has this part already.
-- The names a row keeps for its search (`search_names`, 0075–0077) are kept lowered. A search
-- tests them with `search_names LIKE lower('%term%')`, which finds exactly the rows the ILIKE
-- found: ILIKE lowers the text and the pattern, then compares (PostgreSQL's like.c). Lowering is
-- what a row's test cost: at a million users, ILIKE read 40,000 auction messages' names in 54 ms,
-- LIKE in 16 ms, and the scan alone took 11. A common term's count tests thousands of rows to
-- prove its cap ("deal": 4,200 auction messages), a mid-frequency one tens of thousands. The
-- trigram indexes answer LIKE as they answered ILIKE (they keep their trigrams lowered).
--
-- The functions that make the names (every trigger of 0075–0077 and the bulk fills call them)
-- lower them from now on; the rows already there are lowered in one rewrite of each table, which
-- keeps the rows in their order and leaves no dead half behind (an UPDATE of every row would).

CREATE OR REPLACE FUNCTION auction_message_search_names(author text, listing text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(E'\x1F', u.user_name, u.email, l.title))
    FROM (SELECT) AS one
    LEFT JOIN users u ON u.id = author
    LEFT JOIN listings l ON l.id = listing
$$;

CREATE OR REPLACE FUNCTION chat_search_names(one_user text, other_user text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(E'\x1F', u.user_name, u.email, o.user_name, o.email))
    FROM (SELECT) AS one
    LEFT JOIN users u ON u.id = one_user
    LEFT JOIN users o ON o.id = other_user
$$;

CREATE OR REPLACE FUNCTION fill_conversation_search_names() RETURNS void
LANGUAGE sql SET work_mem = '256MB' AS $$
  UPDATE auction_messages m SET search_names = lower(concat_ws(E'\x1F', u.user_name, u.email, l.title))
    FROM users u, listings l
   WHERE u.id = m.user_id AND l.id = m.listing_id
     AND m.search_names IS DISTINCT FROM lower(concat_ws(E'\x1F', u.user_name, u.email, l.title));
  UPDATE chats c SET search_names = lower(concat_ws(E'\x1F', u.user_name, u.email, o.user_name, o.email))
    FROM users u, users o
   WHERE u.id = c.user_id AND o.id = c.other_user_id
     AND c.search_names IS DISTINCT FROM lower(concat_ws(E'\x1F', u.user_name, u.email, o.user_name, o.email));
$$;

-- A rewrite, not an UPDATE: the USING expression makes PostgreSQL write each table anew and
-- rebuild its indexes, under the lock a migration holds anyway.
ALTER TABLE auction_messages ALTER COLUMN search_names TYPE text USING lower(search_names);
ALTER TABLE chats ALTER COLUMN search_names TYPE text USING lower(search_names);
ANALYZE auction_messages;
ANALYZE chats;
