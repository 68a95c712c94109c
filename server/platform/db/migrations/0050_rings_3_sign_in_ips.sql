-- Split from 0050_rings.sql (the platform's part: sign-in IPs): a database that ran that file has this part already.
-- The IP each sign-up and sign-in came from: a weak signal shown beside the links, never a link
-- by itself. Public addresses only (loopback and private ones are never written), kept 90 days.
CREATE TABLE sign_in_ips (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  ip text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('signUp', 'signIn')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_ips_user_idx ON sign_in_ips (user_id, created_at);
CREATE INDEX sign_in_ips_created_idx ON sign_in_ips (created_at);
