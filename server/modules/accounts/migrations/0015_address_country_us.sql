-- One postal address (shared/contract/address.ts): a saved address's country is 'US', the form the
-- address check and the labels use. Rows saved before as 'United States' (the old default) or
-- another spelling of it are rewritten; a two-letter state code typed in lower case is upper-cased.
-- Anything else is left as it was stored (still readable: the answer's country is any text).
UPDATE addresses SET country = 'US'
 WHERE upper(btrim(country)) IN ('US', 'USA', 'U.S.', 'U.S.A.', 'UNITED STATES', 'UNITED STATES OF AMERICA')
   AND country <> 'US';
UPDATE addresses SET state = upper(btrim(state))
 WHERE btrim(state) ~ '^[A-Za-z]{2}$' AND state <> upper(btrim(state));
