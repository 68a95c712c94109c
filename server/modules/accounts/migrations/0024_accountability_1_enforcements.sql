-- Split from 0024_accountability.sql (the accounts' part): a database that ran that file has this part already.
-- Accountability: enforcement that takes effect, internal notes, the order's status history and
-- the audit log's reads.

-- While `suspended_until` is in the future the account is suspended (a ban is 'infinity'); while
-- `selling_suspended_until` is, the user may not sell. Checks compare with now(), so a
-- suspension ends by itself at its date.
ALTER TABLE users ADD COLUMN selling_suspended_until timestamptz;
ALTER TABLE users ADD COLUMN suspended_until timestamptz;

-- Every enforcement an admin applied to a user, lifts and warnings included: the user's history.
CREATE TABLE user_enforcements (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users(id),
  action text NOT NULL CHECK (action IN ('warn', 'suspendSelling', 'suspend', 'ban', 'lift')),
  reason text NOT NULL,
  message text,
  until timestamptz,
  admin_uid text NOT NULL,
  admin_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_enforcements_user_idx ON user_enforcements (user_id, created_at, id);
