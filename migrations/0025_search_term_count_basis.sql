-- The words that crowd the search index (search_term_projection) are counted again by a refresh
-- only when what they were counted from has changed (issue 53). Counting them reads FTS5's whole
-- vocabulary, one row a word; one import of unique words (50 sources of 40 passages, about 480,000
-- new words) made every later refresh, with nothing changed, read that many rows again.
--
-- What they are counted from, their basis: the index's content and the settings that say "crowded"
-- (pool, most_share). The content is named by FTS5's structure record, row 10 of search_index_data
-- (FTS5_STRUCTURE_ROWID): every write to the index writes a segment and rewrites it, with a write
-- counter that only grows, while a merge that has nothing to merge leaves it as it was. It is
-- compared, never read for its fields. A merge rewrites it too without changing what the index
-- holds, so a refresh records the basis after its own merge (projections/recompute.sql, which
-- computes it; no view names the shadow table, so the index can still be renamed or dropped).
DROP TABLE IF EXISTS search_term_counted;

-- The basis of the last count (NULL: never counted, or a full refresh asked for a count), and
-- whether the refresh running now counts (recompute.sql sets it first, then clears it).
CREATE TABLE search_term_counted (
  slot  INTEGER PRIMARY KEY CHECK (slot = 1),
  basis TEXT,
  due   INTEGER NOT NULL DEFAULT 1
);
INSERT INTO search_term_counted (slot, basis, due) VALUES (1, NULL, 1);
