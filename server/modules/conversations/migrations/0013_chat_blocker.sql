-- Who set a chat's block: only they may lift it. Without it the blocked participant could send
-- `block: false` and write again. Existing blocks were set by the participant who is not blocked.
ALTER TABLE chats ADD COLUMN blocked_by_id text REFERENCES users (id);
UPDATE chats SET blocked_by_id = CASE WHEN blocked_user_id = user_id THEN other_user_id ELSE user_id END
 WHERE blocked_user_id IS NOT NULL;
ALTER TABLE chats ADD CONSTRAINT chats_block_has_blocker CHECK ((blocked_user_id IS NULL) = (blocked_by_id IS NULL));
