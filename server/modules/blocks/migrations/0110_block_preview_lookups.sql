-- The block preview's two look-ups that had no index (preview.ts): a domain block matched every
-- email by suffix (`LIKE '%@domain'`), and a range block cast every sign-in IP; both read the whole
-- table (16x the user lookup at 20,000 users, worse with each account). The domain is kept
-- reversed, so "the domain or any subdomain of it" is an equality or a prefix (text_pattern_ops
-- compares byte-wise, as LIKE's prefix needs); the sign-in IPs are searched by containment in a
-- GiST index over their inet value.
-- Not partial: the planner takes an expression's statistics only from a whole-table index, and
-- without them it guessed 5,000 accounts for any domain and chose a parallel plan whose workers'
-- start cost more than the look-up (5x the user lookup at a million users; 0.04 ms with them).
CREATE INDEX users_email_domain_reversed_idx ON users (reverse(lower(split_part(email, '@', -1))) text_pattern_ops);
CREATE INDEX sign_in_ips_inet_idx ON sign_in_ips USING gist ((ip::inet) inet_ops);
-- The new expression's statistics now, not at the next autovacuum.
ANALYZE users;
