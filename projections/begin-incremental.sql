-- Incremental refresh: only the creators and topics the public tables' triggers marked as changed
-- since the previous refresh. One transaction: claim.sql, this file, then recompute.sql; a change
-- committed while this runs stays marked for the next refresh.
DELETE FROM projection_work;
INSERT INTO projection_work (kind, id) SELECT kind, id FROM projection_changes;
DELETE FROM projection_changes;
