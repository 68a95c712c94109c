-- Split from 0050_rings.sql (the accounts' part: the links' function and indexes): a database that ran that file has this part already.
-- Rings of linked accounts (ARCHITECTURE.md, "Rings of linked accounts").
--
-- The canonical email one link kind compares: lower case, a `+tag` removed from the local part,
-- and the dots of a Gmail local part removed (Gmail ignores them). The accounts module's
-- `canonicalEmail` is the same rule in TypeScript, and a test holds the two to one table.
CREATE FUNCTION canonical_email(email text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN parts IS NULL THEN lower(email)
    WHEN parts[2] IN ('gmail.com', 'googlemail.com') THEN replace(parts[1], '.', '') || '@' || parts[2]
    ELSE parts[1] || '@' || parts[2] END
  FROM (SELECT regexp_match(lower(email), '^([^+@]*)(?:\+[^@]*)?@([^@]+)$') AS parts) email_parts
$$;

-- A ring is read hop by hop: from a set of accounts, every other account sharing an identifier.
-- Each link kind gets the index that makes its hop a lookup per account, not a scan, at a
-- million users (the ring read is in bench:admin beside the user lookup). The device token is
-- the primary key of device_tokens; the ledger's customer per user is its unique key.
CREATE INDEX users_canonical_email_idx ON users (canonical_email(email)) WHERE deleted_at IS NULL;
CREATE INDEX users_phone_number_idx ON users (phone_number) WHERE phone_number IS NOT NULL;
CREATE INDEX users_stripe_user_id_idx ON users (stripe_user_id) WHERE stripe_user_id IS NOT NULL;
CREATE INDEX addresses_line_zip_idx ON addresses (zip_code, lower(btrim(address_line_one)));
CREATE INDEX addresses_phone_number_idx ON addresses (phone_number) WHERE phone_number IS NOT NULL;
