-- The first statement of a refresh's transaction: names its own projection_refreshes row (its
-- parameter, the id start.sql returned) for current_refresh. recompute.sql clears it at the end of
-- the same transaction.
INSERT INTO projection_claim (slot, refresh_id) VALUES (1, ?);
