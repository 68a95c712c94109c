-- The short-gram indexes (0040) keyed byte by byte. A GIN index sorts its keys as it builds, and
-- under the database's collation every comparison of two grams goes through the locale's rules
-- (libc's or ICU's): the users' emails at a million users built in 45 s, keyed COLLATE "C" in
-- 35 s, and the eight of them are a large part of a bulk seed's put-back (seed-put-back.ts). A
-- gram is only ever looked for by equality (`@>`), and equality is the same bytes under every
-- deterministic collation: the same rows are found. The searches' gram test names the same
-- collation (search-forms.ts `textMatches`), or the planner would not match it to the index;
-- the indexes keep their names, which short-term-stats.ts reads their statistics by.
DROP INDEX users_user_name_short;
CREATE INDEX users_user_name_short ON users USING gin ((short_grams(user_name) COLLATE "C"));
DROP INDEX users_email_short;
CREATE INDEX users_email_short ON users USING gin ((short_grams(email) COLLATE "C"));
DROP INDEX listings_title_short;
CREATE INDEX listings_title_short ON listings USING gin ((short_grams(title) COLLATE "C"));
DROP INDEX listings_description_short;
CREATE INDEX listings_description_short ON listings USING gin ((short_grams(description) COLLATE "C"));
DROP INDEX orders_tracking_code_short;
CREATE INDEX orders_tracking_code_short ON orders USING gin ((short_grams(tracking_code) COLLATE "C"));
DROP INDEX ratings_experience_short;
CREATE INDEX ratings_experience_short ON ratings USING gin ((short_grams(experience) COLLATE "C"));
DROP INDEX auction_messages_text_short;
CREATE INDEX auction_messages_text_short ON auction_messages USING gin ((short_grams(text) COLLATE "C"));
DROP INDEX chat_messages_message_short;
CREATE INDEX chat_messages_message_short ON chat_messages USING gin ((short_grams(message) COLLATE "C"));
ANALYZE users;
ANALYZE listings;
ANALYZE orders;
ANALYZE ratings;
ANALYZE auction_messages;
ANALYZE chat_messages;
