-- Full-text index for search_sources: one row per passage, keyed by passages.passage_id, carrying its
-- source's title and summary so a query can match words spread over title and passage.
-- Contentless: the text lives only in the public tables, so the index can always be rebuilt from them
-- (D1 cannot export virtual tables; scripts/sql/rebuild-search-index.sql rebuilds it).
CREATE VIRTUAL TABLE search_index USING fts5 (
  title,
  summary,
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Title matches weigh most, then the summary, then the passage itself.
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 1.0)');

CREATE TRIGGER passages_index_insert AFTER INSERT ON passages BEGIN
  INSERT INTO search_index (rowid, title, summary, body)
  SELECT new.passage_id, s.title, s.summary, new.text FROM sources s WHERE s.source_id = new.source_id;
END;

CREATE TRIGGER passages_index_delete AFTER DELETE ON passages BEGIN
  DELETE FROM search_index WHERE rowid = old.passage_id;
END;

CREATE TRIGGER passages_index_update AFTER UPDATE OF text, source_id ON passages BEGIN
  DELETE FROM search_index WHERE rowid = old.passage_id;
  INSERT INTO search_index (rowid, title, summary, body)
  SELECT new.passage_id, s.title, s.summary, new.text FROM sources s WHERE s.source_id = new.source_id;
END;

CREATE TRIGGER sources_index_update AFTER UPDATE OF title, summary ON sources BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT passage_id FROM passages WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, body)
  SELECT p.passage_id, new.title, new.summary, p.text FROM passages p WHERE p.source_id = new.source_id;
END;
