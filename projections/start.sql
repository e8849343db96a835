-- Records that a refresh started (its parameter: the mode, 'full' or 'incremental'). Its own
-- statement, committed before the transactional work, so a refresh killed mid-run still shows as
-- 'running' with no finished_at. Returns the id the work then claims (claim.sql).
INSERT INTO projection_refreshes (mode, started_at, outcome)
VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'running')
RETURNING refresh_id, started_at;
