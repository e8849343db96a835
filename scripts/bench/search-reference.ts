/**
 * The documented ranking of a crowded match (src/data/search.ts, 5.), as one plain statement: its
 * `?5` most recently added index rows (of the filtered sources, when a filter is given), ranked by
 * BM25 like any other. The reference-comparison test and the search profile both check
 * searchSources against it. Parameters: ?1 match, ?2 handle key, ?3 topic id, ?4 platform, ?5 pool.
 */
export const POOLED_REFERENCE_SQL = `
WITH filtered AS (
  SELECT d.doc_id FROM search_documents d
  JOIN sources s ON s.source_id = d.source_id JOIN creators c ON c.creator_id = s.creator_id
  WHERE s.publication_state = 'published'
    AND (?2 IS NULL OR c.handle_key = ?2)
    AND (?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))
    AND (?4 IS NULL OR s.platform = ?4)),
pool AS (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ?1
    AND (?2 IS NULL AND ?3 IS NULL AND ?4 IS NULL OR rowid IN (SELECT doc_id FROM filtered))
  ORDER BY rowid DESC LIMIT ?5)
SELECT s.source_id, p.score
FROM pool p JOIN search_documents d ON d.doc_id = p.doc_id JOIN sources s ON s.source_id = d.source_id
WHERE p.doc_id IN (SELECT doc_id FROM filtered)
ORDER BY p.score, s.source_id`;
