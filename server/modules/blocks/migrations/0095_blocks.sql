-- Blocks (ARCHITECTURE.md, "Blocks"): an identifier a banned actor must not come back with. A lifted
-- block keeps its row (lifted_at) so every node sees the change in its version stamp and the
-- audit log's record stays readable.
CREATE TABLE blocks (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  kind text NOT NULL CHECK (kind IN ('emailDomain', 'canonicalEmail', 'ipRange', 'deviceToken', 'cardFingerprint', 'payoutAccount', 'phone')),
  value text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('review', 'signUp', 'trade', 'noAccess')),
  reason text NOT NULL,
  expires_at timestamptz,
  created_by_uid text NOT NULL,
  created_by_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  lifted_at timestamptz
);
-- One live block per identifier: a second is a 409, not a silent duplicate.
CREATE UNIQUE INDEX blocks_live_value_key ON blocks (kind, value) WHERE lifted_at IS NULL;
CREATE INDEX blocks_created_idx ON blocks (created_at);
