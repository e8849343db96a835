-- Two edits the change tracking of 0003 missed, so an incremental refresh left them stale:
-- a source's platform (the manifest's by_platform counts) and a topic's label (each creator's
-- top topics carry the label).
DROP TRIGGER sources_changes_update;

CREATE TRIGGER sources_changes_update
AFTER UPDATE OF publication_state, creator_id, published_at, platform ON sources BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id)
  VALUES ('creator', old.creator_id), ('creator', new.creator_id), ('manifest', 'current');
  INSERT OR IGNORE INTO projection_changes (kind, id)
  SELECT 'topic', topic_id FROM source_topics WHERE source_id = new.source_id;
END;

CREATE TRIGGER topics_changes_update AFTER UPDATE OF label ON topics BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', new.topic_id);
  INSERT OR IGNORE INTO projection_changes (kind, id)
  SELECT DISTINCT 'creator', s.creator_id
  FROM source_topics st JOIN sources s ON s.source_id = st.source_id
  WHERE st.topic_id = new.topic_id;
END;
