-- The block preview's two look-ups that had no index (preview.ts): a domain block matched every
-- email by suffix (`LIKE '%@domain'`), and a range block cast every sign-in IP; both read the whole
-- table (16x the user lookup at 20,000 users, worse with each account). The domain is kept
-- reversed, so "the domain or any subdomain of it" is an equality or a prefix (text_pattern_ops
-- compares byte-wise, as LIKE's prefix needs); the sign-in IPs are searched by containment in a
-- GiST index over their inet value.
CREATE INDEX users_email_domain_reversed_idx ON users (reverse(lower(split_part(email, '@', -1))) text_pattern_ops)
  WHERE deleted_at IS NULL;
CREATE INDEX sign_in_ips_inet_idx ON sign_in_ips USING gist ((ip::inet) inet_ops);
