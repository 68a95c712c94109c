-- Policy (ARCHITECTURE.md, "Policy"): rules in CEL over one kind of market event, every version of
-- each kept (matches and actions name the version they came from), the named lists rules read,
-- the matches and the backtests. A deleted rule or list keeps its row (deleted_at) so its matches
-- and audit entries stay readable and every node sees the change in the version stamp.
CREATE TABLE policy_rules (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  event text NOT NULL CHECK (event IN ('bid', 'message', 'listing', 'signUp', 'order')),
  expression text NOT NULL,
  action text NOT NULL CHECK (action IN ('openCase', 'holdListing', 'holdPayout', 'block')),
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('high', 'normal', 'low')),
  public_message text,
  mode text NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'shadow', 'on')),
  version integer NOT NULL DEFAULT 1,
  created_by_uid text NOT NULL,
  created_by_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX policy_rules_live_name_key ON policy_rules (lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE policy_rule_versions (
  rule_id text NOT NULL REFERENCES policy_rules (id),
  version integer NOT NULL,
  event text NOT NULL,
  expression text NOT NULL,
  action text NOT NULL,
  mode text NOT NULL,
  created_by_uid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, version)
);

CREATE TABLE policy_lists (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('words', 'domains')),
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX policy_lists_live_name_key ON policy_lists (name) WHERE deleted_at IS NULL;

CREATE TABLE policy_matches (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  rule_id text NOT NULL REFERENCES policy_rules (id),
  version integer NOT NULL,
  mode text NOT NULL CHECK (mode IN ('off', 'shadow', 'on')),
  subject_id text NOT NULL,
  actor_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('openCase', 'holdListing', 'holdPayout', 'block')),
  done boolean NOT NULL DEFAULT false,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX policy_matches_rule_at_idx ON policy_matches (rule_id, at DESC, id DESC);

CREATE TABLE policy_backtests (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  rule_id text NOT NULL REFERENCES policy_rules (id),
  version integer NOT NULL,
  days integer NOT NULL,
  evaluated integer NOT NULL,
  matches integer NOT NULL,
  by_outcome jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX policy_backtests_rule_idx ON policy_backtests (rule_id, version);
