-- Search, rebuilt (issue 13): one index row per source instead of one per passage, and English
-- word forms.
--
-- * Word forms: FTS5's porter stemmer over unicode61 with diacritics removed, so "internal link" and
--   "internal links", "crawl" and "crawling" are the same words. FTS5 stems a MATCH expression with
--   the same tokenizer, so queries need no change; src/data/tokens.ts mirrors the tokenizer for what
--   the index cannot answer (which query words a passage holds). A double-quoted part of a query is
--   one phrase: its words adjacent and in order, each stemmed like every other word (the index keeps
--   no unstemmed copy of the text).
-- * One row per source (title, summary, topic labels, the whole public transcript): a common word
--   matched up to eight rows per source before (each passage row carried the title and summary), and
--   BM25 costs the same per matching row, so ranking a common word cost several times more than
--   ranking the sources it matches (see src/data/search.ts). search_documents gives each source the
--   stable integer key the index needs (sources' own rowid may change on VACUUM).
-- Contentless: the text lives only in the public tables, so the index can always be rebuilt from them
-- by running this file's statements again. Triggers keep a source's row current when its passages,
-- title, summary or topics change, or a topic is renamed.
DROP TRIGGER IF EXISTS passages_index_insert;
DROP TRIGGER IF EXISTS passages_index_delete;
DROP TRIGGER IF EXISTS passages_index_update;
DROP TRIGGER IF EXISTS sources_index_update;
DROP TABLE IF EXISTS search_index;

CREATE TABLE IF NOT EXISTS search_documents (
  doc_id    INTEGER PRIMARY KEY,
  source_id TEXT NOT NULL UNIQUE REFERENCES sources (source_id)
);

CREATE VIRTUAL TABLE search_index USING fts5 (
  title,
  summary,
  topics,
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Title and topic labels weigh most, then the summary, then the transcript (measured on the labelled
-- query set, test/quality/).
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0)');

INSERT OR IGNORE INTO search_documents (source_id) SELECT source_id FROM sources ORDER BY rowid;

-- The one definition of a source's row, as a view: every trigger and the rebuild insert from it.
DROP VIEW IF EXISTS search_document_text;
CREATE VIEW search_document_text AS
SELECT d.doc_id, d.source_id, s.title, s.summary,
       COALESCE((SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id
                 WHERE st.source_id = s.source_id), '') AS topics,
       COALESCE((SELECT group_concat(text, ' ') FROM (SELECT p.text FROM passages p WHERE p.source_id = s.source_id
                 ORDER BY p.ordinal)), '') AS body
FROM search_documents d JOIN sources s ON s.source_id = d.source_id;

INSERT INTO search_index (rowid, title, summary, topics, body)
SELECT doc_id, title, summary, topics, body FROM search_document_text;

CREATE TRIGGER search_sources_insert AFTER INSERT ON sources BEGIN
  INSERT OR IGNORE INTO search_documents (source_id) VALUES (new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_sources_update AFTER UPDATE OF title, summary ON sources BEGIN
  DELETE FROM search_index WHERE rowid = (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_passages_insert AFTER INSERT ON passages BEGIN
  DELETE FROM search_index WHERE rowid = (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_passages_delete AFTER DELETE ON passages BEGIN
  DELETE FROM search_index WHERE rowid = (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = old.source_id;
END;

CREATE TRIGGER search_passages_update AFTER UPDATE OF text, source_id, ordinal ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id IN (old.source_id, new.source_id));
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id IN (old.source_id, new.source_id);
END;

CREATE TRIGGER search_source_topics_insert AFTER INSERT ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid = (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_source_topics_delete AFTER DELETE ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid = (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE source_id = old.source_id;
END;

CREATE TRIGGER search_topics_update AFTER UPDATE OF label ON topics BEGIN
  DELETE FROM search_index WHERE rowid IN (
    SELECT d.doc_id FROM source_topics st JOIN search_documents d ON d.source_id = st.source_id WHERE st.topic_id = new.topic_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT x.doc_id, x.title, x.summary, x.topics, x.body FROM search_document_text x
  WHERE x.source_id IN (SELECT source_id FROM source_topics WHERE topic_id = new.topic_id);
END;
