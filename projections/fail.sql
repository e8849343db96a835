-- After a refresh's transaction failed (and rolled back whole): marks its row failed (parameters:
-- the error, then the refresh id). Only a row still 'running': a transaction that committed before
-- its caller lost track of it stays 'succeeded'.
UPDATE projection_refreshes
SET outcome = 'failed', finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), error = ?
WHERE refresh_id = ? AND outcome = 'running';
