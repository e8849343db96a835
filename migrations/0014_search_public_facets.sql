-- The search index holds the public collection only, with each source's filters as index tokens, and
-- the tables behind ranking a crowded match by merit.
--
-- Public only: a source is indexed while it is published, so the index's statistics (BM25's IDF and
-- lengths), its vocabulary and every count a search takes of it are counts of public sources, and no
-- text that is not public is ever in it. A takedown or an unpublish removes the row; a restore
-- indexes it again.
--
-- Facets: a column of tokens naming the source's creator, platform and topics, weighted 0 (it never
-- moves a score). A filtered search is then one FTS5 expression, `… AND facets : "<token>"`, which
-- FTS5 answers by intersecting doclists instead of the search reading every match of a common word
-- to test it against the filter. A token is '0', a letter (c creator handle key, p platform, t topic
-- id), the value's UTF-8 bytes in lower-case hex and a closing '0': one unicode61 token that the
-- Porter stemmer leaves alone (it ends in a digit) and that no word of a transcript spells.
DROP TRIGGER IF EXISTS search_sources_insert;
DROP TRIGGER IF EXISTS search_sources_update;
DROP TRIGGER IF EXISTS search_passages_insert;
DROP TRIGGER IF EXISTS search_passages_delete;
DROP TRIGGER IF EXISTS search_passages_update;
DROP TRIGGER IF EXISTS search_source_topics_insert;
DROP TRIGGER IF EXISTS search_source_topics_delete;
DROP TRIGGER IF EXISTS search_topics_update;
DROP TABLE IF EXISTS search_vocab;
DROP TABLE IF EXISTS search_index;

DROP VIEW IF EXISTS search_document_text;
CREATE VIEW search_document_text AS
SELECT d.doc_id, d.source_id, s.title, s.summary,
       COALESCE((SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id
                 WHERE st.source_id = s.source_id), '') AS topics,
       COALESCE((SELECT group_concat(text, ' ') FROM (SELECT p.text FROM passages p WHERE p.source_id = s.source_id
                 ORDER BY p.ordinal)), '') AS body,
       '0c' || lower(hex(c.handle_key)) || '0 0p' || lower(hex(s.platform)) || '0'
         || COALESCE((SELECT group_concat(' 0t' || lower(hex(st.topic_id)) || '0', '') FROM source_topics st
                      WHERE st.source_id = s.source_id), '') AS facets
FROM search_documents d
JOIN sources s ON s.source_id = d.source_id
JOIN creators c ON c.creator_id = s.creator_id
WHERE s.publication_state = 'published';

CREATE VIRTUAL TABLE search_index USING fts5 (
  title,
  summary,
  topics,
  body,
  facets,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Title and topic labels weigh most, then the summary, then the transcript (test/quality/); facets 0.
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0, 0.0)');

INSERT INTO search_index (rowid, title, summary, topics, body, facets)
SELECT doc_id, title, summary, topics, body, facets FROM search_document_text;

CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_index, 'row');

-- Every trigger re-indexes the sources a write touched: their old row out (it held exactly what was
-- indexed, migrations/0012), their row as the view now gives it in (none when no longer public).
CREATE TRIGGER search_sources_insert AFTER INSERT ON sources BEGIN
  INSERT OR IGNORE INTO search_documents (source_id) VALUES (new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_sources_update
AFTER UPDATE OF title, summary, publication_state, platform, creator_id ON sources BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_creators_update AFTER UPDATE OF handle_key ON creators BEGIN
  DELETE FROM search_index WHERE rowid IN (
    SELECT d.doc_id FROM sources s JOIN search_documents d ON d.source_id = s.source_id WHERE s.creator_id = new.creator_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT v.doc_id, v.title, v.summary, v.topics, v.body, v.facets FROM search_document_text v
  JOIN sources s ON s.source_id = v.source_id WHERE s.creator_id = new.creator_id;
END;

CREATE TRIGGER search_passages_insert AFTER INSERT ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_passages_delete AFTER DELETE ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id = old.source_id;
END;

CREATE TRIGGER search_passages_update AFTER UPDATE OF text, source_id, ordinal ON passages BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id IN (old.source_id, new.source_id));
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id IN (old.source_id, new.source_id);
END;

CREATE TRIGGER search_source_topics_insert AFTER INSERT ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = new.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id = new.source_id;
END;

CREATE TRIGGER search_source_topics_delete AFTER DELETE ON source_topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id = old.source_id;
END;

CREATE TRIGGER search_topics_update AFTER UPDATE OF label ON topics BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id IN (SELECT source_id FROM source_topics WHERE topic_id = new.topic_id));
  INSERT INTO search_index (rowid, title, summary, topics, body, facets)
  SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE source_id IN (SELECT source_id FROM source_topics WHERE topic_id = new.topic_id);
END;

-- A match held by more than `pool` public sources is crowded: it is ranked among the `pool` sources
-- where one of its words weighs most, chosen ahead of time by the projection refresh
-- (projections/recompute.sql) and read by every search (src/data/search.ts). One row, one place.
CREATE TABLE search_settings (
  pool INTEGER NOT NULL CHECK (pool > 0)
);
INSERT INTO search_settings (pool) VALUES (2000);

-- The words held by more than `pool` public sources or by more than half of them, with their counts;
-- `most` marks the latter (BM25 gives such a word no weight). Replaces 0013's table.
DROP TABLE IF EXISTS search_term_projection;
CREATE TABLE search_term_projection (
  term        TEXT PRIMARY KEY,
  docs        INTEGER NOT NULL,
  most        INTEGER NOT NULL,
  refresh_id  INTEGER NOT NULL,
  computed_at TEXT NOT NULL
) WITHOUT ROWID;

-- For each crowded word, its `pool` best public sources by merit: the word's own BM25 over the index
-- (its field-weighted term frequency, title and topic labels first, times an IDF that is the same for
-- every source of the word), best first (position 1), ties by source_id so that import order never
-- decides. A refresh recomputes the pools of the words whose pools are oldest (recompute.sql).
CREATE TABLE search_pool_projection (
  term        TEXT NOT NULL,
  position    INTEGER NOT NULL,
  doc_id      INTEGER NOT NULL,
  merit       REAL NOT NULL,
  refresh_id  INTEGER NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (term, position)
) WITHOUT ROWID;

-- The words a refresh recomputes pools for: written and emptied inside the refresh's transaction.
CREATE TABLE search_pool_work (
  term TEXT PRIMARY KEY
) WITHOUT ROWID;
