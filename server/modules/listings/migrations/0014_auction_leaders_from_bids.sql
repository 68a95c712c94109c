-- Auctions bid on before the proxy columns (0002) existed have bids but no leader: the bid path
-- used to read their leader from the bids on every bid. Written once here instead: the leader is
-- the highest maximum, the earliest of equal maximums, and the count is every bid the auction has.
UPDATE listings l
   SET leader_id = top.user_id, leader_max_cents = top.max_bid_cents, bid_count = top.count
  FROM (SELECT DISTINCT ON (listing_id) listing_id, user_id, max_bid_cents,
               count(*) OVER (PARTITION BY listing_id)::integer AS count
          FROM bids
         ORDER BY listing_id, max_bid_cents DESC, created_at ASC, id ASC) top
 WHERE l.id = top.listing_id AND l.leader_id IS NULL AND l.bid_cents IS NOT NULL;
