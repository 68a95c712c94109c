-- Walks of an admin list that read only an index (issue 26: common terms and deep pages within
-- 3x of a user lookup at a million users).
--
-- The users list walked for a common term ("sto" in 9% of the users, "ruby" in 7%): counting a
-- thousand matches tests some 11,000 rows. `user_name ILIKE p OR email ILIKE p` lowers both
-- columns and the pattern again for each row (25-40 ms for those rows); the same test on text
-- lowered once, here in the index next to the default order, is a LIKE of a few bytes (2-3 ms),
-- and the walk reads this index only, never the users' heap pages. The expression is the one
-- the list's declaration tests (user-admin.ts `SEARCHED_TEXT`); user_name and email are keys too,
-- because the planner allows an index-only scan only when every column the query names is in the
-- index, even one it reads only through the expression.
CREATE INDEX users_live_searched_text_idx ON users
  (created_at, id, user_name, email, lower(coalesce(user_name, '') || E'\n' || email))
  WHERE deleted_at IS NULL;

-- Deep pages (page 1,000 = 10,000 rows skipped): the chats list skips only live chats, and the
-- chat messages list only messages of chats not taken down. With the condition's columns in a
-- partial index, the skipped rows are index entries (about 60 a page), not heap rows read one by
-- one (10,000 random reads, 110-130 ms on a cold cache).
CREATE INDEX chats_live_created_idx ON chats (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX chat_messages_live_created_chat_idx ON chat_messages (created_at, id, chat_id)
  WHERE deleted_at IS NULL;
