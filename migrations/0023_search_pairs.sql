-- The word-pair index (issue 40): every two words adjacent in one column of a public source's
-- indexed text, as one token (src/search/pairs/pair-tokens.ts says how a pair is written and what
-- "adjacent" means). A phrase's pairs are looked up without reading the positions of its words:
-- the statement skips a phrase whose pairs no source holds, and counts a match by its pairs when
-- they show it small (src/search/execute/sql.ts). Contentless, detail=none: it is only looked up,
-- never read back or ranked; rowid is the source's search_documents doc_id.
--
-- SQLite cannot tokenize from SQL, so no trigger can write a pair. Every trigger below queues the
-- sources whose indexed text a write may have changed, at the same events that re-index them in
-- search_index (migrations/0014), and a TypeScript step writes their pairs: the cron, after its
-- projection refresh, and the operators' `npm run search:pairs` (src/projections/pair-writer.ts).
-- Until then a queued source's pairs are replaced by one mark, '0q0' (no pair is shaped so), and
-- every pair condition a search asks is "these pairs, or the mark" (src/search/pairs/pair-conditions.ts):
-- a queued source is always a candidate, so its phrases are answered from positions, as before
-- this index, and every other source's from its pairs. `queued` tells a source queued again after
-- its text was read apart from one whose pairs are current: the writer writes and dequeues a source
-- only at the value it read.
--
-- Nothing lives only here: D1 cannot export a virtual table, so before `wrangler d1 export` it is
-- dropped, and afterwards this whole file, run again, rebuilds it (every source queued).
DROP TRIGGER IF EXISTS search_pairs_sources_insert;
DROP TRIGGER IF EXISTS search_pairs_sources_update;
DROP TRIGGER IF EXISTS search_pairs_passages_insert;
DROP TRIGGER IF EXISTS search_pairs_passages_delete;
DROP TRIGGER IF EXISTS search_pairs_passages_update;
DROP TRIGGER IF EXISTS search_pairs_source_topics_insert;
DROP TRIGGER IF EXISTS search_pairs_source_topics_delete;
DROP TRIGGER IF EXISTS search_pairs_topics_update;
DROP TRIGGER IF EXISTS search_pairs_queue_insert;
DROP VIEW IF EXISTS search_pairs_queue;
DROP TABLE IF EXISTS search_pairs;
DROP TABLE IF EXISTS search_pairs_pending;

CREATE VIRTUAL TABLE search_pairs USING fts5 (
  pairs,
  content = '',
  contentless_delete = 1,
  detail = none,
  tokenize = 'unicode61'
);

CREATE TABLE search_pairs_pending (
  doc_id INTEGER PRIMARY KEY,
  queued INTEGER NOT NULL
);
-- Each queuing reads the highest `queued`: by this index, not by a scan of the queue.
CREATE INDEX search_pairs_pending_by_queued ON search_pairs_pending (queued);

INSERT OR IGNORE INTO search_documents (source_id) SELECT source_id FROM sources ORDER BY rowid;
INSERT INTO search_pairs_pending (doc_id, queued) SELECT doc_id, 1 FROM search_documents;
INSERT INTO search_pairs (rowid, pairs) SELECT doc_id, '0q0' FROM search_documents;

-- One place queues: a row inserted into this view marks its source if it was not queued yet (one
-- queued already holds the mark), then queues it at a `queued` above any queued now. Each trigger
-- below names the sources of one write to it.
CREATE VIEW search_pairs_queue (source_id) AS SELECT source_id FROM search_documents WHERE 0;

CREATE TRIGGER search_pairs_queue_insert INSTEAD OF INSERT ON search_pairs_queue BEGIN
  DELETE FROM search_pairs WHERE rowid IN (
    SELECT doc_id FROM search_documents WHERE source_id = new.source_id
    AND NOT EXISTS (SELECT 1 FROM search_pairs_pending q WHERE q.doc_id = search_documents.doc_id));
  INSERT INTO search_pairs (rowid, pairs) SELECT doc_id, '0q0' FROM search_documents WHERE source_id = new.source_id
    AND NOT EXISTS (SELECT 1 FROM search_pairs_pending q WHERE q.doc_id = search_documents.doc_id);
  INSERT INTO search_pairs_pending (doc_id, queued)
  SELECT doc_id, (SELECT COALESCE(MAX(queued), 0) + 1 FROM search_pairs_pending) FROM search_documents
  WHERE source_id = new.source_id
  ON CONFLICT (doc_id) DO UPDATE SET queued = excluded.queued;
END;

CREATE TRIGGER search_pairs_sources_insert AFTER INSERT ON sources BEGIN
  INSERT OR IGNORE INTO search_documents (source_id) VALUES (new.source_id);
  INSERT INTO search_pairs_queue (source_id) VALUES (new.source_id);
END;

CREATE TRIGGER search_pairs_sources_update AFTER UPDATE OF title, summary, publication_state ON sources BEGIN
  INSERT INTO search_pairs_queue (source_id) VALUES (new.source_id);
END;

CREATE TRIGGER search_pairs_passages_insert AFTER INSERT ON passages BEGIN
  INSERT INTO search_pairs_queue (source_id) VALUES (new.source_id);
END;

CREATE TRIGGER search_pairs_passages_delete AFTER DELETE ON passages BEGIN
  INSERT INTO search_pairs_queue (source_id) VALUES (old.source_id);
END;

CREATE TRIGGER search_pairs_passages_update AFTER UPDATE OF text, source_id, ordinal ON passages BEGIN
  INSERT INTO search_pairs_queue (source_id) VALUES (old.source_id);
  INSERT INTO search_pairs_queue (source_id) SELECT new.source_id WHERE new.source_id IS NOT old.source_id;
END;

CREATE TRIGGER search_pairs_source_topics_insert AFTER INSERT ON source_topics BEGIN
  INSERT INTO search_pairs_queue (source_id) VALUES (new.source_id);
END;

CREATE TRIGGER search_pairs_source_topics_delete AFTER DELETE ON source_topics BEGIN
  INSERT INTO search_pairs_queue (source_id) VALUES (old.source_id);
END;

CREATE TRIGGER search_pairs_topics_update AFTER UPDATE OF label ON topics BEGIN
  INSERT INTO search_pairs_queue (source_id) SELECT source_id FROM source_topics WHERE topic_id = new.topic_id;
END;
