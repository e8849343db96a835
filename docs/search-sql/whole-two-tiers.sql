-- A search statement: the whole plan, two tiers (src/search/execute/sql/statement-sql.ts).
-- Written by `npx tsx scripts/search-sql.ts`; test/node/search-sql.test.ts regenerates and compares it.
-- SQLite's nesting budget: 52 of 1,000 expansions used.
-- Values: ?1 match, ?2 adjacent, ?3 adjacentAnywhere, ?4 anchor, ?5 limit, ?6 offset, ?7 pool, ?8 matchLookups, ?9 adjacentLookups, ?10 matchPairs, ?11 adjacentPairs, ?12 anywherePairs, ?13 probes, ?14 probePairs, ?15 weightlessAll, ?16 weightlessAny, ?17 facets, ?18 fallback, ?19 count, ?20 guessFrom, ?21 guessTo.
WITH
go AS MATERIALIZED (SELECT 1 AS go),
ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ?1
  LIMIT (SELECT CASE WHEN go AND NOT (CASE WHEN ?10 IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ?10) END) THEN ?7 + 1 ELSE 0 END FROM go)),
ranked_n AS MATERIALIZED (SELECT COUNT(*) AS n, COUNT(*) BETWEEN 1 AND ?7 AS kept FROM ranked),
adjacent_anywhere AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ?3 AND rowid >= (SELECT COALESCE(MIN(doc_id), 0) FROM ranked)
  LIMIT (SELECT CASE WHEN (CASE WHEN ?12 IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ?12) END) THEN 0 WHEN kept THEN -1 ELSE 0 END FROM ranked_n)),
adjacent_whole AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ?2 AND rowid >= (SELECT COALESCE(MIN(doc_id), 0) FROM ranked)
  LIMIT (SELECT COUNT(*) FROM adjacent_anywhere)),
hits AS MATERIALIZED (
  SELECT doc_id, score, CASE WHEN doc_id IN (SELECT doc_id FROM adjacent_whole) THEN 0
                             WHEN doc_id IN (SELECT doc_id FROM adjacent_anywhere) THEN 1 ELSE 2 END AS tier, 0 AS beyond
  FROM ranked WHERE (SELECT kept FROM ranked_n)),
found AS MATERIALIZED (
  SELECT d.source_id, h.score, h.tier, h.beyond FROM hits h CROSS JOIN search_documents d ON d.doc_id = h.doc_id),
stats AS MATERIALIZED (
  SELECT go, (SELECT n FROM ranked_n) AS total FROM go),
page AS (SELECT source_id, score, tier, beyond FROM found ORDER BY tier, beyond, score, source_id LIMIT ?5 OFFSET ?6)
SELECT x.*,
       s.source_id, s.title, s.platform, c.handle AS creator_handle, s.published_at, s.original_url, pg.score, pg.tier,
       (SELECT json_group_array(json_object('ordinal', p.ordinal, 'start_ms', p.start_ms, 'end_ms', p.end_ms, 'text', p.text))
        FROM (SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = s.source_id ORDER BY ordinal) p) AS passages
FROM stats x
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id AND s.publication_state = 'published'
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.tier, pg.beyond, pg.score, pg.source_id
