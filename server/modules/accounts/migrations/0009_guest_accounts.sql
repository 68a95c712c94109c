-- Guest accounts (guest users are created and deleted through the API): a browsing
-- app's anonymous sign-in gets an account on its first call like any token; the app marks it a
-- guest (POST /user/guest) until the user registers, which clears the mark.
ALTER TABLE users ADD COLUMN is_guest boolean NOT NULL DEFAULT false;
