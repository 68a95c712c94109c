-- A list searched by a user's or a listing's name (sold listings, ratings, auction messages,
-- chats) walks its rows in order for a common term and tests each row's user or listing by its
-- primary key (list-sql.ts, `userMatches`, `listingTitleMatches`): up to three lookups per row
-- walked, a few thousand rows to count a thousand matches. Through the primary key each lookup
-- also reads the row's heap page, and the users table (45,000 pages at a million users, wider
-- than shared_buffers with everything else) is read from cold pages. These indexes hold just
-- what the test reads, so each lookup is an index-only scan of a small, hot index; they also let
-- the search find a term's first matching users or listings (search-owners.ts) by a short scan.
-- The columns are keys, not INCLUDE columns: the Drizzle schema must describe every index
-- (schema-matches-migrations.test.ts) and its index builder has no INCLUDE; an index-only scan
-- by id reads the same entries either way.
CREATE INDEX users_search_names ON users (id, user_name, email);
CREATE INDEX listings_search_title ON listings (id, title);
