-- Recomputes the projections of everything in projection_work from the public tables, stamping
-- each row with the refresh that wrote it. Only published sources and applied cards on published
-- sources count. The signal thresholds here must equal SIGNAL_THRESHOLDS in src/data/signal-gates.ts
-- (a test checks that every projected signal agrees with it).

DELETE FROM creator_projection
WHERE creator_id IN (SELECT id FROM projection_work WHERE kind = 'creator');

INSERT INTO creator_projection
  (creator_id, public_source_count, topic_count, top_topics_json, sample_source_ids, refresh_id, computed_at)
SELECT
  c.creator_id,
  (SELECT COUNT(*) FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published'),
  (SELECT COUNT(DISTINCT st.topic_id) FROM sources s JOIN source_topics st ON st.source_id = s.source_id
    WHERE s.creator_id = c.creator_id AND s.publication_state = 'published'),
  (SELECT json_group_array(json_object('topic_id', topic_id, 'label', label, 'source_count', n))
    FROM (SELECT t.topic_id, t.label, COUNT(*) AS n
          FROM sources s JOIN source_topics st ON st.source_id = s.source_id JOIN topics t ON t.topic_id = st.topic_id
          WHERE s.creator_id = c.creator_id AND s.publication_state = 'published'
          GROUP BY t.topic_id ORDER BY n DESC, t.topic_id LIMIT 10)),
  (SELECT json_group_array(source_id)
    FROM (SELECT s.source_id FROM sources s
          WHERE s.creator_id = c.creator_id AND s.publication_state = 'published'
          ORDER BY s.published_at DESC, s.source_id LIMIT 5)),
  r.refresh_id,
  r.started_at
FROM creators c, current_refresh r
WHERE c.creator_id IN (SELECT id FROM projection_work WHERE kind = 'creator')
  AND EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published');

DELETE FROM topic_projection
WHERE topic_id IN (SELECT id FROM projection_work WHERE kind = 'topic');

INSERT INTO topic_projection
  (topic_id, public_source_count, creator_count, applied_insight_count, sample_source_ids, sample_creators_json,
   sample_card_ids, refresh_id, computed_at)
SELECT
  t.topic_id,
  (SELECT COUNT(*) FROM source_topics st JOIN sources s ON s.source_id = st.source_id
    WHERE st.topic_id = t.topic_id AND s.publication_state = 'published'),
  (SELECT COUNT(DISTINCT s.creator_id) FROM source_topics st JOIN sources s ON s.source_id = st.source_id
    WHERE st.topic_id = t.topic_id AND s.publication_state = 'published'),
  (SELECT COUNT(*) FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
    WHERE e.topic_id = t.topic_id AND e.review_state = 'applied' AND s.publication_state = 'published'),
  (SELECT json_group_array(source_id)
    FROM (SELECT s.source_id FROM source_topics st JOIN sources s ON s.source_id = st.source_id
          WHERE st.topic_id = t.topic_id AND s.publication_state = 'published'
          ORDER BY s.published_at DESC, s.source_id LIMIT 5)),
  (SELECT json_group_array(json_object('creator_id', creator_id, 'source_count', n))
    FROM (SELECT s.creator_id, COUNT(*) AS n FROM source_topics st JOIN sources s ON s.source_id = st.source_id
          WHERE st.topic_id = t.topic_id AND s.publication_state = 'published'
          GROUP BY s.creator_id ORDER BY n DESC, s.creator_id LIMIT 5)),
  (SELECT json_group_array(card_id)
    FROM (SELECT e.card_id FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
          WHERE e.topic_id = t.topic_id AND e.review_state = 'applied' AND s.publication_state = 'published'
          ORDER BY e.reviewed_at DESC, e.card_id LIMIT 3)),
  r.refresh_id,
  r.started_at
FROM topics t, current_refresh r
WHERE t.topic_id IN (SELECT id FROM projection_work WHERE kind = 'topic');

DELETE FROM topic_signal_projection
WHERE topic_id IN (SELECT id FROM projection_work WHERE kind = 'topic');

INSERT INTO topic_signal_projection
  (topic_id, public_source_count, creator_count, applied_insight_count, sources_threshold, creators_threshold,
   applied_insights_threshold, signal, failed_gates_json, refresh_id, computed_at)
SELECT
  p.topic_id, p.public_source_count, p.creator_count, p.applied_insight_count, g.sources, g.creators, g.insights,
  CASE WHEN p.public_source_count >= g.sources AND p.creator_count >= g.creators
            AND p.applied_insight_count >= g.insights THEN 'strong' ELSE 'not_strong' END,
  (SELECT json_group_array(gate) FROM (
      SELECT 'sources' AS gate WHERE p.public_source_count < g.sources
      UNION ALL SELECT 'creators' WHERE p.creator_count < g.creators
      UNION ALL SELECT 'applied_insights' WHERE p.applied_insight_count < g.insights)),
  p.refresh_id,
  p.computed_at
FROM topic_projection p, (SELECT 5 AS sources, 2 AS creators, 3 AS insights) g
WHERE p.topic_id IN (SELECT id FROM projection_work WHERE kind = 'topic');

DELETE FROM manifest_projection
WHERE EXISTS (SELECT 1 FROM projection_work WHERE kind = 'manifest');

INSERT INTO manifest_projection
  (manifest_key, public_sources, creators, topics, public_passages, applied_insights, by_platform_json,
   refresh_id, computed_at)
SELECT
  'current',
  (SELECT COUNT(*) FROM sources WHERE publication_state = 'published'),
  (SELECT COUNT(DISTINCT creator_id) FROM sources WHERE publication_state = 'published'),
  (SELECT COUNT(*) FROM topics),
  (SELECT COUNT(*) FROM passages p JOIN sources s ON s.source_id = p.source_id WHERE s.publication_state = 'published'),
  (SELECT COUNT(*) FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
    WHERE e.review_state = 'applied' AND s.publication_state = 'published'),
  (SELECT json_group_object(platform, n)
    FROM (SELECT platform, COUNT(*) AS n FROM sources WHERE publication_state = 'published' GROUP BY platform)),
  r.refresh_id,
  r.started_at
FROM current_refresh r
WHERE EXISTS (SELECT 1 FROM projection_work WHERE kind = 'manifest');

-- The words that crowd the search index (migrations/0014): those held by more than `pool` public
-- sources (the index holds only public ones) or by more than `most_share` of them, with their
-- counts, so that no search counts a word's rows. Facet tokens ('0' and a letter) are not words.
-- search_settings holds src/search/vocabulary/tuning.ts's figures (0017). Counting reads FTS5's whole
-- vocabulary, one row a word, so it is done only when its basis changed since the last count: the
-- index's structure record (row 10 of search_index_data, rewritten by every write to the index) and
-- those figures (migrations/0025). The public sources are counted once, before the vocabulary is
-- read (CROSS JOIN keeps that order).
UPDATE search_term_counted SET due = basis IS NOT (
  SELECT hex((SELECT block FROM search_index_data WHERE id = 10)) || ' ' || g.pool || ' ' || g.most_share
  FROM search_settings g);

DELETE FROM search_term_projection WHERE (SELECT due FROM search_term_counted);

INSERT INTO search_term_projection (term, docs, most, refresh_id, computed_at)
SELECT v.term, v.doc, v.doc > c.most_docs, r.refresh_id, r.started_at
FROM (SELECT g.pool, g.most_share * (SELECT COUNT(*) FROM sources WHERE publication_state = 'published') AS most_docs
      FROM search_settings g WHERE (SELECT due FROM search_term_counted)) c
CROSS JOIN current_refresh r
CROSS JOIN search_vocab v
WHERE (v.doc > c.pool OR v.doc > c.most_docs) AND v.term NOT GLOB '0[a-z]*';

-- Merit pools (migrations/0014). Ranking a word's every source costs about a microsecond a source,
-- so each refresh recomputes the pools of at most `pools_per_refresh` words, those without a pool first, then the
-- oldest: a refresh stays bounded however large the collection, and every pool is recomputed within
-- a few refreshes. A pool of a word that no longer crowds the index is dropped.
DELETE FROM search_pool_projection
WHERE term NOT IN (SELECT term FROM search_term_projection WHERE docs > (SELECT pool FROM search_settings));

DELETE FROM search_pool_work;

INSERT INTO search_pool_work (term)
SELECT t.term FROM search_term_projection t
WHERE t.docs > (SELECT pool FROM search_settings)
ORDER BY (SELECT p.refresh_id FROM search_pool_projection p WHERE p.term = t.term AND p.position = 1) NULLS FIRST, t.term
LIMIT (SELECT pools_per_refresh FROM search_settings);

DELETE FROM search_pool_projection WHERE term IN (SELECT term FROM search_pool_work);

INSERT INTO search_pool_projection (term, position, doc_id, merit, refresh_id, computed_at)
SELECT term, position, doc_id, merit, r.refresh_id, r.started_at
FROM (
  SELECT w.term, si.rowid AS doc_id, si.rank AS merit,
         ROW_NUMBER() OVER (PARTITION BY w.term ORDER BY si.rank, d.source_id) AS position
  FROM search_pool_work w
  CROSS JOIN search_index si
  CROSS JOIN search_documents d ON d.doc_id = si.rowid
  WHERE si.search_index MATCH '"' || w.term || '"'
), search_settings g, current_refresh r
WHERE position <= g.pool;

DELETE FROM search_pool_work;

-- The search index's segments merged toward one, a bounded step a refresh (FTS5's 'merge' with a
-- negative page budget: an incremental 'optimize'; nothing to do once there is one segment). Every
-- keyed look-up of a pooled source, and every read of a word, searches each segment's b-tree: at
-- 100,000 sources the eight segments an import leaves made each look-up about four times as costly.
INSERT INTO search_index (search_index, rank) VALUES ('merge', -4000);

UPDATE projection_refreshes SET
  work_started_at = (SELECT claimed_at FROM projection_claim),
  finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  outcome = 'succeeded',
  creators_recomputed = (SELECT COUNT(*) FROM projection_work WHERE kind = 'creator'),
  topics_recomputed = (SELECT COUNT(*) FROM projection_work WHERE kind = 'topic'),
  rows_written =
    (SELECT COUNT(*) FROM creator_projection WHERE refresh_id = projection_refreshes.refresh_id)
    + (SELECT COUNT(*) FROM topic_projection WHERE refresh_id = projection_refreshes.refresh_id)
    + (SELECT COUNT(*) FROM topic_signal_projection WHERE refresh_id = projection_refreshes.refresh_id)
    + (SELECT COUNT(*) FROM manifest_projection WHERE refresh_id = projection_refreshes.refresh_id)
WHERE refresh_id = (SELECT refresh_id FROM current_refresh);

DELETE FROM projection_work;
DELETE FROM projection_claim;

-- The crowded words' basis, recorded after the merge (which rewrites the index's structure record,
-- never what the index holds), as computed above: the next refresh counts again only if it differs.
UPDATE search_term_counted SET due = 0, basis = (
  SELECT hex((SELECT block FROM search_index_data WHERE id = 10)) || ' ' || g.pool || ' ' || g.most_share
  FROM search_settings g);
