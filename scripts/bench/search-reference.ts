/**
 * The documented rankings as plain statements over a freshly built index, which the
 * reference-comparison tests and the search profile check searchSources against. The reference reads
 * its own copy of the index (REFERENCE_INDEX, rebuilt from search_document_text by
 * referenceIndexStatements), never the server's: a comparison over the server's own index could not
 * see statistics that drifted from the collection's (migrations/0012).
 *
 * Pure TypeScript with no imports from Node: the Workers tests use it too.
 */
export const REFERENCE_INDEX = "search_index_reference";

/** Statements that (re)build REFERENCE_INDEX from the public tables: the same columns, tokenizer and weights. */
export const referenceIndexStatements = (): string[] => [
	`DROP TABLE IF EXISTS ${REFERENCE_INDEX}`,
	`CREATE VIRTUAL TABLE ${REFERENCE_INDEX} USING fts5 (title, summary, topics, body, content = '',
	   tokenize = 'porter unicode61 remove_diacritics 2')`,
	`INSERT INTO ${REFERENCE_INDEX} (${REFERENCE_INDEX}, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0)')`,
	`INSERT INTO ${REFERENCE_INDEX} (rowid, title, summary, topics, body)
	 SELECT doc_id, title, summary, topics, body FROM search_document_text`,
];

/** FTS5's averages record (row count, then token totals per column) of an index, as hex: equal iff equal statistics. */
export const averagesSql = (index: string) => `SELECT hex(block) AS averages FROM ${index}_data WHERE id = 1`;

const FILTERED = `
  SELECT d.doc_id FROM search_documents d
  JOIN sources s ON s.source_id = d.source_id JOIN creators c ON c.creator_id = s.creator_id
  WHERE s.publication_state = 'published'
    AND (?2 IS NULL OR c.handle_key = ?2)
    AND (?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))
    AND (?4 IS NULL OR s.platform = ?4)`;

/**
 * Every public match, filtered and ranked by BM25, ties by source_id: the full ranking.
 * Parameters: ?1 match, ?2 handle key, ?3 topic id, ?4 platform.
 */
export const REFERENCE_SQL = `
SELECT s.source_id, h.rank AS score
FROM ${REFERENCE_INDEX} h
JOIN search_documents d ON d.doc_id = h.rowid
JOIN sources s ON s.source_id = d.source_id
JOIN creators c ON c.creator_id = s.creator_id
WHERE ${REFERENCE_INDEX} MATCH ?1
  AND s.publication_state = 'published'
  AND (?2 IS NULL OR c.handle_key = ?2)
  AND (?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))
  AND (?4 IS NULL OR s.platform = ?4)
ORDER BY score, s.source_id`;

/**
 * The documented ranking of a crowded match (src/data/search.ts): its `?5` most recently added index
 * rows (of the filtered sources, when a filter is given), ranked by BM25 like any other.
 * Parameters: ?1 match, ?2 handle key, ?3 topic id, ?4 platform, ?5 pool.
 */
export const POOLED_REFERENCE_SQL = `
WITH filtered AS (${FILTERED}),
pool AS (
  SELECT rowid AS doc_id, rank AS score FROM ${REFERENCE_INDEX}
  WHERE ${REFERENCE_INDEX} MATCH ?1
    -- The unary plus keeps FTS5 from running the match once per filtered key.
    AND (?2 IS NULL AND ?3 IS NULL AND ?4 IS NULL OR +rowid IN (SELECT doc_id FROM filtered))
  ORDER BY rowid DESC LIMIT ?5)
SELECT s.source_id, p.score
FROM pool p JOIN search_documents d ON d.doc_id = p.doc_id JOIN sources s ON s.source_id = d.source_id
WHERE p.doc_id IN (SELECT doc_id FROM filtered)
ORDER BY p.score, s.source_id`;
