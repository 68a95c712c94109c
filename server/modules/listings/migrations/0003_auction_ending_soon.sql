-- The auctionEndingSoon notification (issue 4): when an auction's bidders were told it ends
-- soon, so the closer tells them once per auction. Nullable, so earlier code is unaffected.
ALTER TABLE listings ADD COLUMN ending_soon_notified_at timestamptz;
