-- A sign-in is recorded once, whichever node serves its first request: the token's `auth_time`
-- (epoch seconds) is kept with the row, and a second node's insert of the same sign-in finds the
-- key taken (ON CONFLICT DO NOTHING, platform/auth/sign-in-ips.ts). Sign-ups, and rows written
-- before this, have none (NULLs never conflict).
ALTER TABLE sign_in_ips ADD COLUMN auth_time bigint;
CREATE UNIQUE INDEX sign_in_ips_sign_in_key ON sign_in_ips (user_id, auth_time);
