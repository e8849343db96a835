/**
 * The documented rankings as plain statements over a freshly built index: the one reference the
 * reference-comparison tests check the search's plans against and the bench counts true totals with. It
 * reads its own copy of the index (REFERENCE_INDEX, rebuilt from search_document_text by
 * referenceIndexStatements), never the server's: a comparison over the server's own index could not
 * see statistics that drifted from the collection's (migrations/0012), and it filters by SQL joins,
 * never by the index's facet tokens (migrations/0014).
 *
 * Pure TypeScript with no imports from Node: the Workers tests use it too.
 */
import { rankFunction, SEARCH_TUNING } from "../../src/search/vocabulary/tuning";

export const REFERENCE_INDEX = "search_index_reference";

/** Statements that (re)build REFERENCE_INDEX from the public tables: the same columns, tokenizer and weights. */
export const referenceIndexStatements = (): string[] => [
	`DROP TABLE IF EXISTS ${REFERENCE_INDEX}`,
	`CREATE VIRTUAL TABLE ${REFERENCE_INDEX} USING fts5 (title, summary, topics, body, facets, content = '',
	   tokenize = 'porter unicode61 remove_diacritics 2')`,
	`INSERT INTO ${REFERENCE_INDEX} (${REFERENCE_INDEX}, rank) VALUES ('rank', '${rankFunction(SEARCH_TUNING.weights)}')`,
	`INSERT INTO ${REFERENCE_INDEX} (rowid, title, summary, topics, body, facets)
	 SELECT doc_id, title, summary, topics, body, facets FROM search_document_text`,
];

/** FTS5's averages record (row count, then token totals per column) of an index, as hex: equal iff equal statistics. */
export const averagesSql = (index: string) => `SELECT hex(block) AS averages FROM ${index}_data WHERE id = 1`;

/** The public sources the filters ?2 (handle key), ?3 (topic id) and ?4 (platform) let through, by SQL, not by facets. */
const FILTERED = `
  SELECT d.doc_id, s.source_id FROM search_documents d
  JOIN sources s ON s.source_id = d.source_id JOIN creators c ON c.creator_id = s.creator_id
  WHERE s.publication_state = 'published'
    AND (?2 IS NULL OR c.handle_key = ?2)
    AND (?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))
    AND (?4 IS NULL OR s.platform = ?4)`;

/**
 * Every public match, filtered and ranked whole, in tiers: the words adjacent (?5, every spelling
 * of them as FTS5 text; NULL for a one-term query) in the title, topic labels or transcript; then
 * adjacent only in the summary; then the rest; each by BM25 of the match, ties by source_id.
 * Parameters: ?1 match, ?2 handle key, ?3 topic id, ?4 platform, ?5 the words adjacent.
 */
export const REFERENCE_SQL = `
WITH filtered AS (${FILTERED}),
seen AS (SELECT rowid FROM ${REFERENCE_INDEX} WHERE ?5 IS NOT NULL AND ${REFERENCE_INDEX} MATCH '{title topics body} : (' || COALESCE(?5, '"0z0"') || ')'),
summarised AS (SELECT rowid FROM ${REFERENCE_INDEX} WHERE ?5 IS NOT NULL AND ${REFERENCE_INDEX} MATCH 'summary : (' || COALESCE(?5, '"0z0"') || ')')
SELECT f.source_id, h.rank AS score,
       CASE WHEN ?5 IS NULL OR h.rowid IN (SELECT rowid FROM seen) THEN 0
            WHEN h.rowid IN (SELECT rowid FROM summarised) THEN 1 ELSE 2 END AS rung,
       CASE WHEN ?5 IS NULL OR h.rowid IN (SELECT rowid FROM seen) OR h.rowid IN (SELECT rowid FROM summarised)
            THEN 'adjacent' ELSE 'apart' END AS tier
FROM ${REFERENCE_INDEX} h JOIN filtered f ON f.doc_id = h.rowid
WHERE ${REFERENCE_INDEX} MATCH ?1
ORDER BY rung, score, f.source_id`;

/**
 * The documented ranking of a crowded match (src/search/execute/statement.ts), from first principles: the anchor's
 * (?6) pool is its ?7 best public sources by its own BM25 over the fresh index, ties by source_id.
 * First the filtered sources holding the words adjacent in the title, topic labels or transcript:
 * all of them by BM25 of that when at most ?7 do, else those of the pool in pool order, then those
 * outside the pool, most recently added (highest key) first; then the rest of the pool's filtered
 * matches, in pool order; then the rest of the filtered matches outside the pool, most recently added
 * first. A source past the pool scores its key, negated. Parameters as REFERENCE_SQL, then ?6
 * anchor, ?7 pool size.
 */
export const POOLED_REFERENCE_SQL = `
WITH filtered AS (${FILTERED}),
pool AS (
  SELECT r.rowid AS doc_id, ROW_NUMBER() OVER (ORDER BY r.rank, d.source_id) AS position
  FROM ${REFERENCE_INDEX} r JOIN search_documents d ON d.doc_id = r.rowid
  WHERE ${REFERENCE_INDEX} MATCH '"' || ?6 || '"'
  ORDER BY position LIMIT ?7),
adjacent AS (
  SELECT h.rowid AS doc_id, h.rank AS score FROM ${REFERENCE_INDEX} h JOIN filtered f ON f.doc_id = h.rowid
  WHERE ?5 IS NOT NULL AND ${REFERENCE_INDEX} MATCH '{title topics body} : (' || COALESCE(?5, '"0z0"') || ')'),
matched AS (
  SELECT h.rowid AS doc_id FROM ${REFERENCE_INDEX} h JOIN filtered f ON f.doc_id = h.rowid
  WHERE ${REFERENCE_INDEX} MATCH ?1),
few AS (SELECT COUNT(*) <= ?7 AS yes FROM adjacent),
first AS (
  SELECT a.doc_id, a.score, 0 AS tier, 0 AS beyond FROM adjacent a WHERE (SELECT yes FROM few)
  UNION ALL
  SELECT p.doc_id, p.position, 0, 0 FROM pool p WHERE NOT (SELECT yes FROM few) AND p.doc_id IN (SELECT doc_id FROM adjacent)
  UNION ALL
  SELECT a.doc_id, -a.doc_id, 0, 1 FROM adjacent a
  WHERE NOT (SELECT yes FROM few) AND a.doc_id NOT IN (SELECT doc_id FROM pool)),
rest AS (
  SELECT p.doc_id, p.position AS score, 1 AS tier, 0 AS beyond FROM pool p
  WHERE p.doc_id IN (SELECT doc_id FROM matched) AND p.doc_id NOT IN (SELECT doc_id FROM first)
  UNION ALL
  SELECT m.doc_id, -m.doc_id, 1, 1 FROM matched m
  WHERE m.doc_id NOT IN (SELECT doc_id FROM pool) AND m.doc_id NOT IN (SELECT doc_id FROM first)),
ranked AS (SELECT * FROM first UNION ALL SELECT * FROM rest)
SELECT d.source_id, r.score, CASE WHEN r.tier = 0 OR ?5 IS NULL THEN 'adjacent' ELSE 'apart' END AS tier, r.beyond
FROM ranked r JOIN search_documents d ON d.doc_id = r.doc_id
ORDER BY r.tier, r.beyond, r.score, d.source_id`;
