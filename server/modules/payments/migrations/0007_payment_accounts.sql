-- Payment accounts (the /payments/* routes): identity verifications as we know them, and the
-- state of the local ledger provider, the default when STRIPE_SECRET_KEY is absent. With Stripe,
-- Stripe holds customers, cards and connected accounts, and the ledger_* tables stay empty.

-- Each identity verification a user started, with the provider's session id. Their
-- stripeIdentityStatus is Verified once any session is, else their newest session's status.
CREATE TABLE identity_verifications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Failed', 'Verified')),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_verifications_user_idx ON identity_verifications (user_id, created_at DESC);

-- The ledger provider: one customer per user (the id goes to users.stripe_customer_id).
CREATE TABLE ledger_customers (
  id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES users (id),
  email text NOT NULL,
  default_payment_method_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Its saved cards, shaped like the provider's card object; a removed card is detached, not deleted.
CREATE TABLE ledger_payment_methods (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES ledger_customers (id),
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  funding text NOT NULL CHECK (funding IN ('credit', 'debit', 'prepaid', 'unknown')),
  billing_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  detached_at timestamptz
);
CREATE INDEX ledger_payment_methods_customer_idx ON ledger_payment_methods (customer_id, created_at)
  WHERE detached_at IS NULL;

-- Its identity verification sessions, in Stripe Identity's statuses.
CREATE TABLE ledger_verification_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'requires_input'
    CHECK (status IN ('requires_input', 'processing', 'verified', 'canceled')),
  last_error_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Its connected (payout) accounts; the id goes to users.stripe_user_id.
CREATE TABLE ledger_connected_accounts (
  id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES users (id),
  email text NOT NULL,
  details_submitted boolean NOT NULL DEFAULT false,
  charges_enabled boolean NOT NULL DEFAULT false,
  payouts_enabled boolean NOT NULL DEFAULT false,
  -- Stripe's requirements.currently_due: the information still missing, as a JSON array of names.
  requirements_due jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
