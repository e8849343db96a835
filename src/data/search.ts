import type { PublicDb } from "./public-db";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";

export interface SearchFilters {
	creatorHandleKey: string | null;
	topicId: string | null;
	platform: string | null;
}

export interface SearchHitRow extends SourceRefRow {
	score: number;
}

/**
 * Search ranks distinct public sources by their best-matching passage row (BM25 over title, summary
 * and passage, weighted by the index's rank setting), best first, ties by source_id.
 *
 * Cost model (profiled at 100,000 sources / 800,000 passages, see BENCHMARKS.md): a common word
 * matches hundreds of thousands of index rows. Joining every one of them to passages, sources and
 * creators and grouping them cost more than the BM25 ranking itself, and a filter applied after the
 * join still paid BM25 for every row. So:
 *
 * 1. Candidates are bounded: only the best `?7` index rows by rank are joined and grouped (SQLite
 *    keeps the top rows in a bounded sorter). A source whose best row is among the candidates has its
 *    true best score; every other source scores no better than the last candidate (the boundary). A
 *    page is therefore exact when it is full and its last score is strictly better than the boundary;
 *    otherwise the bound widens (x16), and finally the search runs unbounded. Rankings never change.
 * 2. With a creator, topic or platform filter and a word that matches more rows than one pass takes
 *    (a bounded count decides), the index rows are restricted to passages of the
 *    filtered public sources before they are ranked (`+rowid IN (...)`; the unary plus keeps FTS5
 *    from sorting, and so ranking, every match itself), so a rare filtered match is always found and
 *    BM25 runs only on rows that can be returned.
 * 3. The total is exact whenever the candidates hold every match. When they do not (a common word in
 *    a large collection), counting every matching source would cost as much as the unbounded search,
 *    so the total is estimated from a fixed 1-in-64 sample of the filtered public sources:
 *    population x (sampled sources that match / sampled sources), never below what was found.
 */
export const CANDIDATE_ROWS = 2000;
const WIDEN_FACTOR = 16;
/** Sources whose rowid is a multiple of this form the sample the total is estimated from. */
const ESTIMATE_SAMPLE_MODULUS = 64;

/** Published, and by the creator and on the platform asked for (each filter NULL when not asked). */
const PUBLIC_AND_FILTERED = `s.publication_state = 'published'
    AND (?2 IS NULL OR c.handle_key = ?2)
    AND (?4 IS NULL OR s.platform = ?4)`;

const ON_TOPIC = `(?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))`;

/**
 * The public sources a search may return (`s`, with its creator `c`), as FROM and WHERE parts: with a
 * topic filter the rows come from that topic's index entries, otherwise from sources.
 */
function filteredSources(filters: SearchFilters): { from: string; where: string } {
	if (filters.topicId !== null) {
		return {
			from: "source_topics st JOIN sources s ON s.source_id = st.source_id JOIN creators c ON c.creator_id = s.creator_id",
			where: `st.topic_id = ?3 AND ${PUBLIC_AND_FILTERED}`,
		};
	}
	return {
		from: "sources s JOIN creators c ON c.creator_id = s.creator_id",
		where: `${ON_TOPIC} AND ${PUBLIC_AND_FILTERED}`,
	};
}

const hasFilter = (f: SearchFilters) =>
	f.creatorHandleKey !== null || f.topicId !== null || f.platform !== null;

function searchSql(filters: SearchFilters, restricted: boolean): string {
	const { from, where } = filteredSources(filters);
	const restrict = restricted
		? `AND +rowid IN (SELECT d.doc_id FROM ${from} JOIN search_documents d ON d.source_id = s.source_id WHERE ${where})`
		: "";
	return `
WITH hits AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ?1 ${restrict}
  ORDER BY +rank LIMIT ?7),
-- CROSS JOIN keeps the bounded candidates as the outer loop (the planner cannot size a CTE).
found AS MATERIALIZED (
  SELECT s.source_id, h.score
  FROM hits h
  CROSS JOIN search_documents d ON d.doc_id = h.doc_id
  CROSS JOIN sources s ON s.source_id = d.source_id
  CROSS JOIN creators c ON c.creator_id = s.creator_id
  WHERE ${ON_TOPIC} AND ${PUBLIC_AND_FILTERED}),
stats AS MATERIALIZED (
  SELECT (SELECT COUNT(*) FROM hits) AS candidates, (SELECT MAX(score) FROM hits) AS boundary,
         (SELECT COUNT(*) FROM found) AS total),
page AS (SELECT source_id, score FROM found ORDER BY score, source_id LIMIT ?5 OFFSET ?6)
SELECT x.candidates, x.boundary, x.total, ${SOURCE_REF_COLUMNS}, pg.score
FROM stats x
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.score, pg.source_id`;
}

function estimateSql(filters: SearchFilters): string {
	const { from, where } = filteredSources(filters);
	return `
WITH filtered AS MATERIALIZED (SELECT s.source_id, s.rowid AS r FROM ${from} WHERE ${where}),
sample AS MATERIALIZED (SELECT source_id FROM filtered WHERE r % ${ESTIMATE_SAMPLE_MODULUS} = 0),
matched AS MATERIALIZED (
  SELECT h.rowid FROM search_index h
  WHERE search_index MATCH ?1
    AND +h.rowid IN (SELECT d.doc_id FROM sample x CROSS JOIN search_documents d ON d.source_id = x.source_id))
SELECT (SELECT COUNT(*) FROM filtered) AS population, (SELECT COUNT(*) FROM sample) AS sampled,
       (SELECT COUNT(*) FROM matched) AS matched`;
}

const MATCH_COUNT_SQL =
	"SELECT COUNT(*) AS n FROM (SELECT 1 FROM search_index WHERE search_index MATCH ?1 LIMIT ?2)";

type PageRow = SearchHitRow & { candidates: number; boundary: number | null; total: number };

export interface SearchPage {
	rows: SearchHitRow[];
	/** Matching public sources: exact when `exact`, else estimated (see above). */
	total: number;
	exact: boolean;
}

async function estimateTotal(
	db: PublicDb,
	match: string,
	filters: SearchFilters,
	atLeast: number,
): Promise<number> {
	const row = await db
		.prepare(estimateSql(filters))
		.bind(match, filters.creatorHandleKey, filters.topicId, filters.platform)
		.first<{ population: number; sampled: number; matched: number }>();
	if (!row || row.sampled === 0) return atLeast;
	return Math.max(atLeast, Math.round((row.population * row.matched) / row.sampled));
}

export async function searchSources(
	db: PublicDb,
	match: string,
	filters: SearchFilters,
	limit: number,
	offset: number,
	/** Index rows the first pass ranks; only tests lower it, to drive every path on a small collection. */
	candidateRows = CANDIDATE_ROWS,
): Promise<SearchPage> {
	// Restricting to the filtered sources' passages pays for building that set; worth it only when
	// the words match more rows than one bounded pass takes (a cheap, bounded count says so).
	let restricted = false;
	if (hasFilter(filters)) {
		const probe = await db.prepare(MATCH_COUNT_SQL).bind(match, candidateRows).first<{ n: number }>();
		restricted = (probe?.n ?? 0) >= candidateRows;
	}
	const sql = searchSql(filters, restricted);
	const first = Math.max(candidateRows, (offset + limit) * 8);
	// -1: no LIMIT at all (the last pass is the plain, unbounded search).
	for (const bound of [first, first * WIDEN_FACTOR, -1]) {
		const { results } = await db
			.prepare(sql)
			.bind(match, filters.creatorHandleKey, filters.topicId, filters.platform, limit, offset, bound)
			.all<PageRow>();
		const stats = results[0];
		if (!stats) throw new Error("search returned no statistics row");
		const rows = results.filter((row) => row.source_id !== null);
		const complete = bound === -1 || stats.candidates < bound;
		if (complete) return { rows, total: stats.total, exact: true };
		const last = rows.at(-1);
		const pageIsExact =
			rows.length === limit && last !== undefined && stats.boundary !== null && last.score < stats.boundary;
		if (pageIsExact) {
			const found = Math.max(stats.total, offset + rows.length);
			return { rows, total: await estimateTotal(db, match, filters, found), exact: false };
		}
	}
	throw new Error("unreachable: the unbounded pass is always complete");
}

/** The index rows the term frequencies are sampled from: the first ones by rowid (a bounded range). */
export const TERM_SAMPLE_ROWS = 4096;

export interface TermStats {
	/** Some index row holds it (published or not: the index does not know). */
	exists: boolean;
	/** Held by more than half of the sampled rows: FTS5's BM25 gives such a term no weight (IDF clamps to ~0). */
	weightless: boolean;
}

/**
 * Whether each term occurs at all, and whether it occurs in most rows, in one statement: per term an
 * existence probe (LIMIT 1) and a count bounded to the first TERM_SAMPLE_ROWS index rows (FTS5 stops
 * at the rowid bound), so its cost does not grow with the collection.
 */
export async function termStats(db: PublicDb, expressions: string[]): Promise<TermStats[]> {
	if (expressions.length === 0) return [];
	const columns = expressions.map(
		(_, i) =>
			`(SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH ?${i + 2} LIMIT 1)) AS e${i},
       (SELECT COUNT(*) FROM search_index WHERE search_index MATCH ?${i + 2} AND rowid <= (SELECT cut FROM sample)) AS f${i}`,
	);
	const sql = `
WITH sample AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS cut, COUNT(*) AS n
  FROM (SELECT doc_id FROM search_documents ORDER BY doc_id LIMIT ?1))
SELECT (SELECT n FROM sample) AS sampled, ${columns.join(",\n       ")}`;
	const row = await db
		.prepare(sql)
		.bind(TERM_SAMPLE_ROWS, ...expressions)
		.first<Record<string, number>>();
	if (!row) throw new Error("term statistics returned no row");
	const sampled = row.sampled ?? 0;
	return expressions.map((_, i) => ({
		exists: (row[`e${i}`] ?? 0) > 0,
		weightless: sampled > 0 && (row[`f${i}`] ?? 0) * 2 > sampled,
	}));
}
