-- Every Stripe webhook event applied, by Stripe's event id: a redelivered event (Stripe retries
-- until it gets a 2xx, and may deliver one twice) finds its id here and changes nothing.
CREATE TABLE stripe_webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  -- What applying it did ('identityRecorded', 'ignored', …), for whoever reads the log.
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
