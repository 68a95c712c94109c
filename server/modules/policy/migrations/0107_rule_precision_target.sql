-- A rule's precision target (ARCHITECTURE.md, "Policy"): the share of its cases the owner expects
-- moderators and appeals to uphold; the app warns when the rule's precision falls below it. Null:
-- no target set. Between 0 and 1, checked by the routes' schema.
ALTER TABLE policy_rules ADD COLUMN precision_target double precision;
