-- Chargebacks (ARCHITECTURE.md, "Disputes"): one row per Stripe dispute, kept current by its
-- charge.dispute.* events, with the evidence we sent and when. Owned by the disputes area.
CREATE TABLE disputes (
  -- Stripe's dispute id (dp_…): a redelivered or reordered event finds its row.
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  seller_id text NOT NULL REFERENCES users (id),
  -- The charge and payment intent Stripe named, as the events carried them.
  charge_id text NOT NULL,
  payment_intent_id text,
  status text NOT NULL CHECK (status IN ('warning_needs_response', 'warning_under_review', 'warning_closed',
                                         'needs_response', 'under_review', 'won', 'lost')),
  reason text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  evidence_due_by timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Set when Stripe closes it (won, lost, warning_closed): a lost one is the seller's defect then.
  closed_at timestamptz,
  -- The evidence as sent (the packet and the note), who sent it and the provider's answer.
  submitted_at timestamptz,
  submitted_by_uid text,
  submitted_by_email text,
  submission_note text,
  submitted_evidence jsonb
);
-- The admin route reads an order's dispute; standing counts a seller's lost ones in a window.
CREATE INDEX disputes_order_idx ON disputes (order_id);
CREATE INDEX disputes_seller_lost_idx ON disputes (seller_id, closed_at) WHERE status = 'lost';
