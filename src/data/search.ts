import type { PublicDb } from "./public-db";

export interface SearchFilters {
	creatorHandleKey: string | null;
	topicId: string | null;
	platform: string | null;
}

export interface SearchHitRow {
	source_id: string;
	title: string;
	platform: string;
	creator_handle: string;
	published_at: string;
	original_url: string;
	passage_ordinal: number;
	passage_start_ms: number;
	passage_end_ms: number;
	passage_text: string;
	score: number;
	total: number;
}

/**
 * One row per distinct public source, ranked by its best-matching passage row (BM25 over title,
 * summary and passage, weighted by the index's rank setting). SQLite returns the bare passage
 * columns from the row that holds MIN(score), so each hit carries its best passage as the excerpt.
 * The window count gives the number of matching public sources in the same pass.
 */
const MATCHING_PUBLIC_PASSAGES = `
FROM (SELECT rowid AS passage_id, rank AS score FROM search_index WHERE search_index MATCH ?1) AS h
JOIN passages p ON p.passage_id = h.passage_id
JOIN sources s ON s.source_id = p.source_id
JOIN creators c ON c.creator_id = s.creator_id
WHERE s.publication_state = 'published'
  AND (?2 IS NULL OR c.handle_key = ?2)
  AND (?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))
  AND (?4 IS NULL OR s.platform = ?4)`;

const SEARCH_SQL = `
SELECT s.source_id, s.title, s.platform, c.handle AS creator_handle, s.published_at, s.original_url,
       p.ordinal AS passage_ordinal, p.start_ms AS passage_start_ms, p.end_ms AS passage_end_ms,
       p.text AS passage_text, MIN(h.score) AS score, COUNT(*) OVER () AS total
${MATCHING_PUBLIC_PASSAGES}
GROUP BY s.source_id
ORDER BY score, s.source_id
LIMIT ?5 OFFSET ?6`;

const COUNT_SQL = `SELECT COUNT(DISTINCT s.source_id) AS total ${MATCHING_PUBLIC_PASSAGES}`;

export interface SearchPage {
	rows: SearchHitRow[];
	/** Matching public sources; 0 when the page is past the end (then the count is recomputed). */
	total: number;
}

export async function searchSources(
	db: PublicDb,
	match: string,
	filters: SearchFilters,
	limit: number,
	offset: number,
): Promise<SearchPage> {
	const { results } = await db
		.prepare(SEARCH_SQL)
		.bind(match, filters.creatorHandleKey, filters.topicId, filters.platform, limit, offset)
		.all<SearchHitRow>();
	if (results.length > 0 || offset === 0) return { rows: results, total: results[0]?.total ?? 0 };
	// Past the last page the window count has no row to ride on: count separately so the caller
	// can still say how many there are.
	const counted = await db
		.prepare(COUNT_SQL)
		.bind(match, filters.creatorHandleKey, filters.topicId, filters.platform)
		.first<{ total: number }>();
	return { rows: [], total: counted?.total ?? 0 };
}
