-- A moderator's search box sends one and two letters before the name ("a", "an", "anna"). A
-- trigram index cannot find a term shorter than three characters (`ILIKE '%an%'` holds no
-- trigram, so it reads every row), and a rare short term then costs a scan of the whole table:
-- "an" matched no user of a million and took 3 s. Each searched text column gets a second GIN
-- index over its "short grams", the distinct one- and two-character substrings of its lowercased
-- text: `short_grams(col) @> ARRAY['an']` finds the rows holding "an" through the index, and the
-- ILIKE beside it stays the exact test (list-sql.ts, `containsCondition`).
--
-- A row holds at most a few hundred distinct short grams, whatever its length. ANALYZE keeps the
-- most common grams of each index, so the planner knows a common letter from a rare pair and
-- walks the list's sort index for the first (its first page is a few rows away) and this index
-- for the second.
--
-- The grams come from two regular expressions, not a loop (a SQL loop cost 140 µs a row, these
-- 30 µs): the lowercased text split into characters, and the same text with every character
-- doubled, less its first, cut into pairs ("abc" → "abbcc" → "ab", "bc", "c"). The pairs are cut
-- at a U+001F separator; a search term never holds a control character, so a gram split at one
-- in stored text is never looked for. GIN drops a row's repeated keys itself.
CREATE FUNCTION short_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_split_to_array(lower(value), '')
    || string_to_array(regexp_replace(substr(regexp_replace(lower(value), '(.)', '\1\1', 'g'), 2), '(..)', E'\\1\x1F', 'g'), E'\x1F')
$$;

CREATE INDEX users_user_name_short ON users USING gin (short_grams(user_name));
CREATE INDEX users_email_short ON users USING gin (short_grams(email));
CREATE INDEX listings_title_short ON listings USING gin (short_grams(title));
CREATE INDEX listings_description_short ON listings USING gin (short_grams(description));
CREATE INDEX orders_tracking_code_short ON orders USING gin (short_grams(tracking_code));
CREATE INDEX ratings_experience_short ON ratings USING gin (short_grams(experience));
CREATE INDEX auction_messages_text_short ON auction_messages USING gin (short_grams(text));
CREATE INDEX chat_messages_message_short ON chat_messages USING gin (short_grams(message));

-- The chat messages list leaves out the messages of chats taken down. Tested by a join per row,
-- page 1,000 probed 10,000 chats; tested against this index's few ids (a hashed NOT IN), it
-- walks the messages' own sort index alone.
CREATE INDEX chats_taken_down_idx ON chats (id) WHERE deleted_at IS NOT NULL;
