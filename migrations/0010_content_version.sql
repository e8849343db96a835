-- A counter that moves whenever a public table changes, by any path (importer, operator, console).
-- Cached source pages are keyed by it, so a takedown or correction is visible at the next request
-- while unchanged pages are served without touching the tables. One row, read by primary key.
CREATE TABLE content_version (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);

INSERT INTO content_version (id, version) VALUES (1, 1);

CREATE TRIGGER sources_version_insert AFTER INSERT ON sources BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER sources_version_update AFTER UPDATE ON sources BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER sources_version_delete AFTER DELETE ON sources BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER creators_version_insert AFTER INSERT ON creators BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER creators_version_update AFTER UPDATE ON creators BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER creators_version_delete AFTER DELETE ON creators BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER passages_version_insert AFTER INSERT ON passages BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER passages_version_update AFTER UPDATE ON passages BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER passages_version_delete AFTER DELETE ON passages BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER evidence_cards_version_insert AFTER INSERT ON evidence_cards BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER evidence_cards_version_update AFTER UPDATE ON evidence_cards BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER evidence_cards_version_delete AFTER DELETE ON evidence_cards BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER source_topics_version_insert AFTER INSERT ON source_topics BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER source_topics_version_update AFTER UPDATE ON source_topics BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER source_topics_version_delete AFTER DELETE ON source_topics BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER topics_version_insert AFTER INSERT ON topics BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER topics_version_update AFTER UPDATE ON topics BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER topics_version_delete AFTER DELETE ON topics BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER source_aliases_version_insert AFTER INSERT ON source_aliases BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER source_aliases_version_update AFTER UPDATE ON source_aliases BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER source_aliases_version_delete AFTER DELETE ON source_aliases BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
