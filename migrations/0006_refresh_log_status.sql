-- An honest refresh log. A refresh records itself in two steps: projections/start.sql writes its
-- 'running' row on its own, committed before the transactional work; that work marks the row
-- 'succeeded' inside its transaction, and projections/fail.sql marks it 'failed' if the work fails.
-- A refresh killed in between stays 'running' with no finished_at: started, never finished.
--
-- The work can no longer take the newest row for its own (another refresh may have started since),
-- so its first statement (projections/claim.sql) names its row here, inside its transaction, and its
-- last statement clears it: empty between refreshes, like projection_work. Projection rows are
-- stamped through current_refresh, so they only ever carry the id and start time of a refresh whose
-- transaction committed, which is one that succeeded.
CREATE TABLE projection_claim (
  slot       INTEGER PRIMARY KEY CHECK (slot = 1),
  refresh_id INTEGER NOT NULL REFERENCES projection_refreshes (refresh_id),
  claimed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- When the refresh's transaction began (its claim), set as it succeeds: finished_at minus this is
-- the work's own time in the database; started_at may be earlier by a round trip or a wrangler start.
ALTER TABLE projection_refreshes ADD COLUMN work_started_at TEXT;

-- With no claim it is the newest row, as before: a Worker version from before this migration (still
-- serving while `npm run deploy` migrates, or rolled back to) inserts its own row inside its
-- transaction and claims nothing, and must not stamp its projection with nothing.
DROP VIEW current_refresh;

CREATE VIEW current_refresh AS
SELECT r.refresh_id, r.started_at
FROM projection_refreshes r
WHERE r.refresh_id = COALESCE(
  (SELECT refresh_id FROM projection_claim),
  (SELECT MAX(refresh_id) FROM projection_refreshes)
);
