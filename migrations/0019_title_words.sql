-- The words of public titles, for completion/complete: a source_id argument is completed by title
-- words, each a word prefix, so "optimi" finds "Search engine optimization". The search index
-- cannot answer that: it holds Porter stems ("optim"), of which "optimi" is no prefix, and a prefix
-- query on it without a prefix index merges the doclist of every word the prefix starts, in every
-- column, over the whole collection. Here the words are unstemmed (unicode61 with
-- remove_diacritics 2, the search's own folding), and the prefixes of 1 to 4 characters are indexed,
-- so a short prefix is one doclist that a completion reads only until it has enough rows; a longer
-- one is few words. Contentless (the titles live in sources), with DELETE by rowid
-- (contentless_delete), and detail=none: completion asks only which titles hold the words.
-- Public only, like the search index: a source is in it while it is published; rowid is its
-- search_documents doc_id. Nothing lives only here: D1 cannot export a virtual table, so before
-- `wrangler d1 export` it is dropped, and afterwards this whole file, run again, rebuilds it.
DROP TRIGGER IF EXISTS title_words_insert;
DROP TRIGGER IF EXISTS title_words_update;
DROP TABLE IF EXISTS title_words;

CREATE VIRTUAL TABLE title_words USING fts5 (
  title,
  content = '',
  contentless_delete = 1,
  detail = none,
  prefix = '1 2 3 4',
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT OR IGNORE INTO search_documents (source_id) SELECT source_id FROM sources ORDER BY rowid;

INSERT INTO title_words (rowid, title)
SELECT d.doc_id, s.title FROM sources s JOIN search_documents d ON d.source_id = s.source_id
WHERE s.publication_state = 'published';

-- The doc_id is made here too: the order in which SQLite fires this and search_sources_insert is not
-- something to rely on.
CREATE TRIGGER title_words_insert AFTER INSERT ON sources WHEN new.publication_state = 'published' BEGIN
  INSERT OR IGNORE INTO search_documents (source_id) VALUES (new.source_id);
  INSERT INTO title_words (rowid, title)
  SELECT doc_id, new.title FROM search_documents WHERE source_id = new.source_id;
END;

CREATE TRIGGER title_words_update AFTER UPDATE OF title, publication_state ON sources BEGIN
  DELETE FROM title_words WHERE rowid IN (SELECT doc_id FROM search_documents WHERE source_id = old.source_id);
  INSERT INTO title_words (rowid, title)
  SELECT doc_id, new.title FROM search_documents
  WHERE source_id = new.source_id AND new.publication_state = 'published';
END;
