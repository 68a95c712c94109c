-- The planner reads how common a search term is in a column from that column's statistics: for
-- `LIKE '%mia.novak%'` it tries the pattern on the histogram's sample values. With the default 100
-- a name in one row of 150 is in none of them as often as not, and the planner then expects a few
-- hundred matches where there are 40,000: it gathers them all through the trigram index to count
-- to the cap (auction messages at three million users: 78-115 ms, reading 1,600 index pages),
-- where reading the rows in turn reaches the cap in 15,000 rows. A thousand sample values show a
-- term of that share about six times, and the planner's guess follows the term.
ALTER TABLE orders ALTER COLUMN search_names SET STATISTICS 1000;
ALTER TABLE orders ALTER COLUMN tracking_code SET STATISTICS 1000;
ALTER TABLE ratings ALTER COLUMN search_names SET STATISTICS 1000;
ALTER TABLE ratings ALTER COLUMN experience SET STATISTICS 1000;
ALTER TABLE auction_messages ALTER COLUMN search_names SET STATISTICS 1000;
ALTER TABLE auction_messages ALTER COLUMN text SET STATISTICS 1000;
ALTER TABLE chats ALTER COLUMN search_names SET STATISTICS 1000;
ALTER TABLE chat_messages ALTER COLUMN message SET STATISTICS 1000;
ALTER TABLE listings ALTER COLUMN title SET STATISTICS 1000;
ALTER TABLE listings ALTER COLUMN description SET STATISTICS 1000;
ALTER TABLE users ALTER COLUMN user_name SET STATISTICS 1000;
ALTER TABLE users ALTER COLUMN email SET STATISTICS 1000;
ANALYZE orders (search_names, tracking_code);
ANALYZE ratings (search_names, experience);
ANALYZE auction_messages (search_names, text);
ANALYZE chats (search_names);
ANALYZE chat_messages (message);
ANALYZE listings (title, description);
ANALYZE users (user_name, email);
