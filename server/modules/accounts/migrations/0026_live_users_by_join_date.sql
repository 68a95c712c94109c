-- A deep page of the users list (page 5000 skips 49,990 users) visited every skipped user's row
-- to check `deleted_at`: about 51,000 buffers at a million users. The list's order index now holds
-- only the live users, like the other lists' (migration 0016), so the skipped users are index
-- entries, read without visiting the table once VACUUM has marked its pages all-visible.
DROP INDEX users_created_at_idx;
CREATE INDEX users_created_at_idx ON users (created_at, id) WHERE deleted_at IS NULL;
