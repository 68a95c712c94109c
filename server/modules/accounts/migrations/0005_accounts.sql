-- The signed-in user's own account (/user/*, /user-requests, /setting/contact-us):
-- the profile fields of the User shape that 0001 did not keep, phone verification, push
-- device tokens and contact-us messages. Added columns are nullable or defaulted, so earlier
-- code is unaffected.
ALTER TABLE users
  ADD COLUMN first_name text,
  ADD COLUMN last_name text,
  ADD COLUMN timezone text,
  ADD COLUMN profile_description text,
  -- When the user accepted the terms: registering (POST /user) is accepting them.
  ADD COLUMN accepted_terms_at timestamptz,
  -- Set only by a checked one-time code; phone_number alone may be seeded or admin-entered.
  ADD COLUMN phone_verified_at timestamptz,
  -- The app icon's badge counts unread notifications newer than this (POST /user/reset-badge-count).
  ADD COLUMN badge_reset_at timestamptz;
-- A verified number belongs to one live account.
CREATE UNIQUE INDEX users_verified_phone_key ON users (phone_number)
  WHERE phone_verified_at IS NOT NULL AND deleted_at IS NULL;

-- At most one seller request waits for an admin per user (the seed never made two).
CREATE UNIQUE INDEX seller_requests_one_pending_key ON seller_requests (user_id) WHERE status = 'PENDING';

-- The code last sent to a number the user is changing to; one at a time per user. Only a hash
-- of the code is kept.
CREATE TABLE phone_verifications (
  user_id text PRIMARY KEY REFERENCES users (id),
  phone_number text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sends integer NOT NULL DEFAULT 1,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Push tokens of the user's devices. A token is one device: signing in with another account on
-- it moves the token to that account.
CREATE TABLE device_tokens (
  token text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  platform text NOT NULL CHECK (platform IN ('ios', 'android', 'web')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_tokens_user_idx ON device_tokens (user_id);

-- Messages sent from the app's "Contact us" screen, signed in or not.
CREATE TABLE contact_messages (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text REFERENCES users (id),
  name text NOT NULL,
  email text NOT NULL,
  subject text,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at);
