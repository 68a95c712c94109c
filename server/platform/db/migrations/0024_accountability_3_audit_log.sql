-- Split from 0024_accountability.sql (the platform's part: the admin log): a database that ran that file has this part already.
-- The audit log screen reads newest first, filtered by admin or action.
CREATE INDEX admin_actions_created_idx ON admin_actions (created_at);
CREATE INDEX admin_actions_admin_idx ON admin_actions (admin_uid, created_at);
CREATE INDEX admin_actions_action_idx ON admin_actions (action, created_at);
