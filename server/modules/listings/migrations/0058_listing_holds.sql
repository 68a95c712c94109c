-- Holds on listings (ARCHITECTURE.md, "Holds and payouts"): an admin's hold stops bids,
-- purchases, offers and giveaway entries and keeps the closer off the listing. Released, the
-- listing's end moves on by the time it was held. Nullable columns only: adding them rewrites
-- nothing, however many listings there are.
ALTER TABLE listings ADD COLUMN held_at timestamptz;
ALTER TABLE listings ADD COLUMN hold_reason text;
ALTER TABLE listings ADD COLUMN hold_admin_uid text;
ALTER TABLE listings ADD COLUMN hold_admin_email text;
