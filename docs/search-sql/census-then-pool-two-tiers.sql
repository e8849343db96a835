-- A search statement: the census, then the pool plan, two tiers (src/search/execute/sql/statement-sql.ts).
-- Written by `npx tsx scripts/search-sql.ts`; test/node/search-sql.test.ts regenerates and compares it.
-- SQLite's nesting budget: 420 of 1,000 expansions used.
-- Values: ?1 match, ?2 adjacent, ?3 adjacentAnywhere, ?4 anchor, ?5 limit, ?6 offset, ?7 pool, ?8 matchLookups, ?9 adjacentLookups, ?10 matchPairs, ?11 adjacentPairs, ?12 anywherePairs, ?13 probes, ?14 probePairs, ?15 weightlessAll, ?16 weightlessAny, ?17 facets, ?18 fallback, ?19 count, ?20 guessFrom, ?21 guessTo.
WITH
probe AS MATERIALIZED (
  SELECT CAST(key AS INTEGER) AS i, value AS term,
         CASE WHEN json_extract(?14, '$[' || key || ']') IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH json_extract(?14, '$[' || key || ']')) THEN 0
              ELSE EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH value) END AS e
  FROM json_each(?13)),
probed AS MATERIALIZED (
  SELECT COUNT(*) - COALESCE(SUM(e), 0) AS absent, COALESCE(SUM(e), 0) AS found_n, json_group_array(e) AS present,
         group_concat(CASE WHEN e THEN term END, ' AND ') AS all_found,
         group_concat(CASE WHEN e THEN term END, ' OR ') AS any_found
  FROM (SELECT i, term, e FROM probe ORDER BY i)),
searched AS MATERIALIZED (
  SELECT absent, present,
         CASE WHEN absent = 0 THEN ?1 WHEN found_n > 0 THEN '(' || all_found || ')' || ?17
              ELSE ?15 END AS m,
         CASE WHEN absent = 0 THEN ?18 WHEN found_n > 1 THEN '(' || any_found || ')' || ?17
              WHEN found_n = 0 THEN ?16 END AS f
  FROM probed),
census AS MATERIALIZED (
  SELECT present, absent, f,
         CASE WHEN absent = 0 AND NOT ?19 THEN NULL
              WHEN m IS NULL THEN 0
              WHEN absent = 0 AND ?10 IS NOT NULL THEN (
                SELECT CASE WHEN held = 0 THEN 0 WHEN held <= ?7 THEN ?7 ELSE (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH m LIMIT ?7 + 1)) END
                FROM (SELECT COUNT(*) AS held FROM (
                  SELECT 1 FROM search_pairs WHERE search_pairs MATCH ?10 LIMIT ?7 + 1)))
              ELSE (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH m LIMIT ?7 + 1)) END AS n
  FROM searched),
go AS MATERIALIZED (
  SELECT absent = 0 AND (n IS NULL OR n BETWEEN ?20 AND ?21) AS go FROM census),
k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < 16),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS keys, COALESCE(MAX(doc_id), 0) / 16 AS step FROM search_documents),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, 96) AS hi FROM k, span
  LIMIT (SELECT CASE WHEN go THEN -1 ELSE 0 END FROM go)),
sampled AS MATERIALIZED (
  SELECT SUM(hi - lo + 1) AS keys,
         SUM((SELECT COUNT(*) FROM search_index WHERE search_index MATCH ?1 AND rowid BETWEEN lo AND hi)) AS matched
  FROM slices),
match_set AS MATERIALIZED (
  SELECT COUNT(*) AS n, json_group_array(doc_id) AS doc_ids FROM (
    SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ?1
    LIMIT (SELECT CASE WHEN go AND y.keys > 0 AND span.keys * y.matched <= ?7 * 4 * y.keys
                  THEN ?7 * 4 + 1 ELSE 0 END FROM go, sampled y, span))),
walking AS MATERIALIZED (SELECT n BETWEEN 1 AND ?7 * 4 AS as_set FROM match_set),
adjacent_n AS MATERIALIZED (
  SELECT (SELECT CASE WHEN go AND NOT (CASE WHEN ?11 IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ?11) END) THEN (SELECT COUNT(*) FROM (
    SELECT 1 FROM search_index WHERE search_index MATCH ?2 LIMIT ?7 + 1)) ELSE 0 END FROM go) AS n),
adjacent_ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ?2
  LIMIT (SELECT CASE WHEN n BETWEEN 1 AND ?7 THEN -1 ELSE 0 END FROM adjacent_n)),
adjacent_walk AS MATERIALIZED (
  SELECT doc_id, score, 0 AS beyond FROM (
    SELECT p.doc_id, p.position AS score FROM search_pool_projection p WHERE p.term = ?4
    AND NOT EXISTS (
      SELECT 1 FROM json_each(?9) e
      WHERE NOT EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH e.value AND rowid = p.doc_id))
    ORDER BY p.position)
  UNION ALL
  SELECT doc_id, score, 1 FROM (
    SELECT rowid AS doc_id, -rowid AS score FROM search_index
    WHERE search_index MATCH ?2
      AND rowid NOT IN (SELECT doc_id FROM search_pool_projection WHERE term = ?4)
    ORDER BY rowid DESC)
  LIMIT (SELECT CASE WHEN n > ?7 THEN (?5 + ?6) ELSE 0 END FROM adjacent_n)),
adjacent_found AS MATERIALIZED (
  SELECT doc_id, score, 0 AS beyond FROM adjacent_ranked UNION ALL SELECT doc_id, score, beyond FROM adjacent_walk),
apart_walk AS MATERIALIZED (
  SELECT doc_id, score, 0 AS beyond FROM (
    SELECT p.doc_id, p.position AS score FROM search_pool_projection p WHERE p.term = ?4 AND CASE WHEN (SELECT as_set FROM walking)
    THEN p.doc_id IN (SELECT value FROM json_each((SELECT doc_ids FROM match_set)))
    ELSE NOT EXISTS (
      SELECT 1 FROM json_each(?8) e
      WHERE NOT EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH e.value AND rowid = p.doc_id)) END
    AND p.doc_id NOT IN (SELECT doc_id FROM adjacent_found)
    ORDER BY p.position)
  UNION ALL
  SELECT doc_id, score, 1 FROM (
    SELECT rowid AS doc_id, -rowid AS score FROM search_index
    WHERE search_index MATCH '(' || ?1 || ') NOT (' || ?2 || ')'
      AND rowid NOT IN (SELECT doc_id FROM search_pool_projection WHERE term = ?4)
    ORDER BY rowid DESC)
  LIMIT (SELECT CASE WHEN go THEN MAX(0, (?5 + ?6) - (SELECT COUNT(*) FROM adjacent_found)) ELSE 0 END FROM go)),
hits AS MATERIALIZED (
  SELECT doc_id, score, 0 AS tier, beyond FROM adjacent_found
  UNION ALL SELECT doc_id, score, 2, beyond FROM apart_walk),
fallback AS MATERIALIZED (
  SELECT CASE WHEN f IS NOT NULL AND n = 0
              THEN (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH f LIMIT ?7 + 1)) END AS any_n
  FROM census),
found AS MATERIALIZED (
  SELECT d.source_id, h.score, h.tier, h.beyond FROM hits h CROSS JOIN search_documents d ON d.doc_id = h.doc_id),
stats AS MATERIALIZED (
  SELECT (SELECT present FROM census) AS present, (SELECT n FROM census) AS n, (SELECT any_n FROM fallback) AS any_n, 
         (SELECT computed_at FROM search_pool_projection WHERE term = ?4 AND position = 1) AS pool_computed_at,
         (SELECT as_set FROM walking) AS as_set,
         (SELECT keys FROM span) AS population, (SELECT keys FROM sampled) AS sampled, (SELECT matched FROM sampled) AS matched,
         go, 0 AS total FROM go),
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
