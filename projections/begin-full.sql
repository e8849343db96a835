-- Full rebuild: every creator, every topic and the manifest are recomputed, and rows of creators
-- or topics that no longer exist (or are no longer public) are dropped. One transaction: claim.sql,
-- this file, then recompute.sql, so readers see the whole old projection or the whole new one.
DELETE FROM projection_changes;
DELETE FROM projection_work;

INSERT INTO projection_work (kind, id) SELECT 'creator', creator_id FROM creators;
INSERT INTO projection_work (kind, id) SELECT 'topic', topic_id FROM topics;
INSERT INTO projection_work (kind, id) VALUES ('manifest', 'current');

DELETE FROM creator_projection;
DELETE FROM topic_projection;
DELETE FROM topic_signal_projection;

-- The crowded words are counted again whatever they were counted from (migrations/0025).
UPDATE search_term_counted SET basis = NULL;
