-- The search index, with BM25 statistics that equal a fresh build's after any sequence of writes.
--
-- Migration 0007 made search_index `contentless_delete = 1`. In that table kind a DELETE leaves a
-- tombstone and never decrements FTS5's averages record (row count and token totals per column), and
-- the triggers re-index a source on every passage, topic link or rename, so every write added a
-- phantom row to the statistics: at 100,000 sources the index counted 1,060,595 rows, and a word in
-- most sources weighed like a rare one. Here the index keeps its own copy of the text it indexed
-- (FTS5's default content table), so a DELETE removes exactly the tokens that were indexed and
-- decrements the statistics, whatever changed in the public tables in between (another trigger, an
-- operator's console, a write in any order). The price is a second copy of each source's text inside
-- the index; nothing lives only there (it is rebuilt from the public tables by this file).
-- test/workers/search/index-statistics.test.ts compares the averages and a page of rankings with a
-- freshly built index after imports, corrections, takedowns and topic renames.
DROP TRIGGER IF EXISTS search_sources_insert;
DROP TRIGGER IF EXISTS search_sources_update;
DROP TRIGGER IF EXISTS search_passages_insert;
DROP TRIGGER IF EXISTS search_passages_delete;
DROP TRIGGER IF EXISTS search_passages_update;
DROP TRIGGER IF EXISTS search_source_topics_insert;
DROP TRIGGER IF EXISTS search_source_topics_delete;
DROP TRIGGER IF EXISTS search_topics_update;
DROP TABLE IF EXISTS search_index;

CREATE VIRTUAL TABLE search_index USING fts5 (
  title,
  summary,
  topics,
  body,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Title and topic labels weigh most, then the summary, then the transcript (test/quality/).
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0)');

INSERT OR IGNORE INTO search_documents (source_id) SELECT source_id FROM sources ORDER BY rowid;

INSERT INTO search_index (rowid, title, summary, topics, body)
SELECT doc_id, title, summary, topics, body FROM search_document_text;

CREATE TRIGGER search_sources_insert AFTER INSERT ON sources BEGIN
  INSERT OR IGNORE INTO search_documents (source_id) VALUES (new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_sources_update AFTER UPDATE OF title, summary ON sources BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_passages_insert AFTER INSERT ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_passages_delete AFTER DELETE ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = old.source_id;
END;

CREATE TRIGGER search_passages_update AFTER UPDATE OF text, source_id, ordinal ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id IN (old.source_id, new.source_id));
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id IN (old.source_id, new.source_id);
END;

CREATE TRIGGER search_source_topics_insert AFTER INSERT ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_source_topics_delete AFTER DELETE ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = old.source_id;
END;

CREATE TRIGGER search_topics_update AFTER UPDATE OF label ON topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id IN (SELECT source_id FROM source_topics WHERE topic_id = new.topic_id));
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id IN (SELECT source_id FROM source_topics WHERE topic_id = new.topic_id);
END;
