-- Word forms: the search index is rebuilt with English stemming (FTS5's porter over unicode61 with
-- diacritics removed), so "internal link" and "internal links", "crawl" and "crawling" are the same
-- words. FTS5 stems the words of a MATCH expression with the same tokenizer, so queries need no
-- change; src/data/tokens.ts mirrors the tokenizer for what the index cannot answer (which query
-- words a passage holds). A double-quoted part of a query is one phrase: its words adjacent and in
-- order, each stemmed like every other word (the index keeps no unstemmed copy of the text).
--
-- Same shape as migrations/0002_search_index.sql (one row per passage, carrying its source's title
-- and summary, contentless), rebuilt from the public tables; the triggers are recreated unchanged.
DROP TRIGGER IF EXISTS passages_index_insert;
DROP TRIGGER IF EXISTS passages_index_delete;
DROP TRIGGER IF EXISTS passages_index_update;
DROP TRIGGER IF EXISTS sources_index_update;
DROP TABLE IF EXISTS search_index;

CREATE VIRTUAL TABLE search_index USING fts5 (
  title,
  summary,
  topics,
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Title matches weigh most, then the summary, then the passage itself.
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0)');

INSERT INTO search_index (rowid, title, summary, topics, body)
SELECT p.passage_id, s.title, s.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id), p.text
FROM passages p JOIN sources s ON s.source_id = p.source_id;

CREATE TRIGGER passages_index_insert AFTER INSERT ON passages BEGIN
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT new.passage_id, s.title, s.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id), new.text
  FROM sources s WHERE s.source_id = new.source_id;
END;

CREATE TRIGGER passages_index_delete AFTER DELETE ON passages BEGIN
  DELETE FROM search_index WHERE rowid = old.passage_id;
END;

CREATE TRIGGER passages_index_update AFTER UPDATE OF text, source_id ON passages BEGIN
  DELETE FROM search_index WHERE rowid = old.passage_id;
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT new.passage_id, s.title, s.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id), new.text
  FROM sources s WHERE s.source_id = new.source_id;
END;

CREATE TRIGGER sources_index_update AFTER UPDATE OF title, summary ON sources BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT passage_id FROM passages WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT p.passage_id, new.title, new.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = new.source_id), p.text
  FROM passages p WHERE p.source_id = new.source_id;
END;

-- A source's topic labels travel with its passages too: linking or unlinking a topic, or renaming
-- one, re-indexes the passages concerned.
CREATE TRIGGER source_topics_index_insert AFTER INSERT ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT passage_id FROM passages WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT p.passage_id, s.title, s.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id), p.text
  FROM passages p JOIN sources s ON s.source_id = p.source_id WHERE p.source_id = new.source_id;
END;

CREATE TRIGGER source_topics_index_delete AFTER DELETE ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT passage_id FROM passages WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT p.passage_id, s.title, s.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id), p.text
  FROM passages p JOIN sources s ON s.source_id = p.source_id WHERE p.source_id = old.source_id;
END;

CREATE TRIGGER topics_index_update AFTER UPDATE OF label ON topics BEGIN
  DELETE FROM search_index WHERE rowid IN (
    SELECT p.passage_id FROM source_topics st JOIN passages p ON p.source_id = st.source_id WHERE st.topic_id = new.topic_id);
  INSERT INTO search_index (rowid, title, summary, topics, body)
  SELECT p.passage_id, s.title, s.summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id), p.text
  FROM source_topics x JOIN sources s ON s.source_id = x.source_id JOIN passages p ON p.source_id = s.source_id
  WHERE x.topic_id = new.topic_id;
END;
