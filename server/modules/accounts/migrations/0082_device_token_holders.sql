-- Every account a device token was registered by, with when it was first and last seen there.
-- `device_tokens` keeps one row per token, its current holder (push goes to them alone): signing
-- in with another account on a device moves the token, which left nothing for the device-token
-- link to find. This history is what the link reads (accounts/linked-accounts.ts): a token two
-- accounts used links them, whoever holds it now. Kept when a token is unregistered (evidence),
-- deleted with the account when it closes.
CREATE TABLE device_token_holders (
  token text NOT NULL,
  user_id text NOT NULL REFERENCES users (id),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT device_token_holders_pkey PRIMARY KEY (token, user_id)
);
-- A ring's hop starts from the accounts: their tokens by user, then the token's other holders by
-- the primary key.
CREATE INDEX device_token_holders_user_idx ON device_token_holders (user_id, token);

INSERT INTO device_token_holders (token, user_id, first_seen_at, last_seen_at)
SELECT token, user_id, created_at, updated_at FROM device_tokens;
