-- Incremental refresh: only the creators and topics the public tables' triggers marked as changed
-- since the previous refresh. Followed by recompute.sql in the same transaction; a change committed
-- while this runs stays marked for the next refresh.
INSERT INTO projection_refreshes (mode, started_at, outcome)
VALUES ('incremental', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'running');

DELETE FROM projection_work;
INSERT INTO projection_work (kind, id) SELECT kind, id FROM projection_changes;
DELETE FROM projection_changes;
