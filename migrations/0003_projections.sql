-- Projection tables: counts and samples materialised from the public tables by projections/*.sql
-- (the cron and the operator run the same files). Each row says which refresh wrote it and when.

CREATE TABLE projection_refreshes (
  refresh_id          INTEGER PRIMARY KEY AUTOINCREMENT,
  mode                TEXT NOT NULL CHECK (mode IN ('full', 'incremental')),
  started_at          TEXT NOT NULL,
  finished_at         TEXT,
  outcome             TEXT NOT NULL CHECK (outcome IN ('running', 'succeeded', 'failed')),
  creators_recomputed INTEGER NOT NULL DEFAULT 0,
  topics_recomputed   INTEGER NOT NULL DEFAULT 0,
  rows_written        INTEGER NOT NULL DEFAULT 0,
  error               TEXT
);

-- A creator appears here only while at least one of their sources is published.
CREATE TABLE creator_projection (
  creator_id           TEXT PRIMARY KEY,
  public_source_count  INTEGER NOT NULL,
  topic_count          INTEGER NOT NULL,
  top_topics_json      TEXT NOT NULL,      -- [{topic_id, label, source_count}], most covered first, at most 10
  sample_source_ids    TEXT NOT NULL,      -- JSON array, latest public sources first, at most 5
  refresh_id           INTEGER NOT NULL,
  computed_at          TEXT NOT NULL
) WITHOUT ROWID;

-- Every topic of the taxonomy has a row, with zeros when nothing public covers it.
CREATE TABLE topic_projection (
  topic_id               TEXT PRIMARY KEY,
  public_source_count    INTEGER NOT NULL,
  creator_count          INTEGER NOT NULL,
  applied_insight_count  INTEGER NOT NULL,
  sample_source_ids      TEXT NOT NULL,    -- JSON array, latest first, at most 5
  sample_creators_json   TEXT NOT NULL,    -- [{creator_id, source_count}], most sources first, at most 5
  sample_card_ids        TEXT NOT NULL,    -- JSON array, latest reviewed first, at most 3
  refresh_id             INTEGER NOT NULL,
  computed_at            TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE topic_signal_projection (
  topic_id                   TEXT PRIMARY KEY,
  public_source_count        INTEGER NOT NULL,
  creator_count              INTEGER NOT NULL,
  applied_insight_count      INTEGER NOT NULL,
  sources_threshold          INTEGER NOT NULL,
  creators_threshold         INTEGER NOT NULL,
  applied_insights_threshold INTEGER NOT NULL,
  signal                     TEXT NOT NULL CHECK (signal IN ('strong', 'not_strong')),
  failed_gates_json          TEXT NOT NULL, -- JSON array of gate names below their threshold
  refresh_id                 INTEGER NOT NULL,
  computed_at                TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE manifest_projection (
  manifest_key         TEXT PRIMARY KEY CHECK (manifest_key = 'current'),
  public_sources       INTEGER NOT NULL,
  creators             INTEGER NOT NULL,
  topics               INTEGER NOT NULL,
  public_passages      INTEGER NOT NULL,
  applied_insights     INTEGER NOT NULL,
  by_platform_json     TEXT NOT NULL,
  refresh_id           INTEGER NOT NULL,
  computed_at          TEXT NOT NULL
) WITHOUT ROWID;

-- What changed in the public tables since the last refresh: the incremental refresh recomputes
-- only these creators and topics. Filled by the triggers below, emptied by each refresh.
CREATE TABLE projection_changes (
  kind TEXT NOT NULL CHECK (kind IN ('creator', 'topic', 'manifest')),
  id   TEXT NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

-- The set one refresh works on, inside its own transaction (empty between refreshes).
CREATE TABLE projection_work (
  kind TEXT NOT NULL,
  id   TEXT NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

-- The refresh in progress: a refresh runs as one transaction, so the newest row is its own.
CREATE VIEW current_refresh AS
SELECT refresh_id, started_at FROM projection_refreshes ORDER BY refresh_id DESC LIMIT 1;

CREATE TRIGGER sources_changes_insert AFTER INSERT ON sources BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('creator', new.creator_id), ('manifest', 'current');
END;

CREATE TRIGGER sources_changes_update AFTER UPDATE OF publication_state, creator_id, published_at ON sources BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id)
  VALUES ('creator', old.creator_id), ('creator', new.creator_id), ('manifest', 'current');
  INSERT OR IGNORE INTO projection_changes (kind, id)
  SELECT 'topic', topic_id FROM source_topics WHERE source_id = new.source_id;
END;

CREATE TRIGGER sources_changes_delete AFTER DELETE ON sources BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('creator', old.creator_id), ('manifest', 'current');
  INSERT OR IGNORE INTO projection_changes (kind, id)
  SELECT 'topic', topic_id FROM source_topics WHERE source_id = old.source_id;
END;

CREATE TRIGGER source_topics_changes_insert AFTER INSERT ON source_topics BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', new.topic_id);
  INSERT OR IGNORE INTO projection_changes (kind, id)
  SELECT 'creator', creator_id FROM sources WHERE source_id = new.source_id;
END;

CREATE TRIGGER source_topics_changes_delete AFTER DELETE ON source_topics BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', old.topic_id);
  INSERT OR IGNORE INTO projection_changes (kind, id)
  SELECT 'creator', creator_id FROM sources WHERE source_id = old.source_id;
END;

CREATE TRIGGER evidence_cards_changes_insert AFTER INSERT ON evidence_cards BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', new.topic_id), ('manifest', 'current');
END;

CREATE TRIGGER evidence_cards_changes_update
AFTER UPDATE OF review_state, topic_id, source_id, reviewed_at ON evidence_cards BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id)
  VALUES ('topic', old.topic_id), ('topic', new.topic_id), ('manifest', 'current');
END;

CREATE TRIGGER evidence_cards_changes_delete AFTER DELETE ON evidence_cards BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', old.topic_id), ('manifest', 'current');
END;

CREATE TRIGGER passages_changes_insert AFTER INSERT ON passages BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('manifest', 'current');
END;

CREATE TRIGGER passages_changes_delete AFTER DELETE ON passages BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('manifest', 'current');
END;

CREATE TRIGGER topics_changes_insert AFTER INSERT ON topics BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', new.topic_id), ('manifest', 'current');
END;

CREATE TRIGGER topics_changes_delete AFTER DELETE ON topics BEGIN
  INSERT OR IGNORE INTO projection_changes (kind, id) VALUES ('topic', old.topic_id), ('manifest', 'current');
END;
