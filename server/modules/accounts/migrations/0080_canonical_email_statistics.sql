-- What the planner knows of canonical emails. The ring walk (trust-safety/ring.ts) reads every
-- hop in one recursive statement, so it plans a hop without knowing how many accounts the hop
-- starts from. The canonical email's index is partial, and PostgreSQL keeps no statistics of a
-- partial index's expression: the planner took the default guess, 5,000 accounts per email at a
-- million users, joined the live users by hashing all of them, and JIT-compiled the statement.
-- It ran in seconds where it takes a millisecond (bench:admin's ring). Statistics on the
-- expression tell it an email is nearly unique; ANALYZE gathers them now, autovacuum from then on.
CREATE STATISTICS users_canonical_email_stats ON (canonical_email(email)) FROM users;
ANALYZE users;
