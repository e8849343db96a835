-- The words that crowd the search index, materialised by every projection refresh
-- (projections/recompute.sql) so a search decides which words carry no weight without reading the
-- index: a word held by more than half of the indexed sources gets no weight from FTS5's BM25 (its IDF
-- clamps to ~0), and a search leaves it out when a rarer word remains (src/tools/search-answer.ts).
-- search_vocab is FTS5's own vocabulary of the index (one row per stemmed token: the rows holding it).
CREATE VIRTUAL TABLE IF NOT EXISTS search_vocab USING fts5vocab(search_index, 'row');

CREATE TABLE IF NOT EXISTS search_term_projection (
  term        TEXT PRIMARY KEY,
  docs        INTEGER NOT NULL,
  refresh_id  INTEGER NOT NULL,
  computed_at TEXT NOT NULL
) WITHOUT ROWID;
