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
 * Search ranks public sources by BM25 over one index row per source (migrations/0007: title 4,
 * topic labels 4, summary 2, whole public transcript 1; English-stemmed), best first, ties by
 * source_id. The expression comes from src/data/match-expression.ts (terms, lexicon alternatives);
 * src/tools/search-answer.ts decides which terms are required (words found nowhere and, when a
 * rarer word remains, words in most sources are left out) and which passage to show.
 *
 * Why one row per source. Measured at 100,000 sources (`npx tsx scripts/bench/profile-search.ts`,
 * D1 time inside workerd, whole answer, median): with one row per passage (each carrying its
 * source's title and summary) "seo" matched 440,308 rows and BM25 over them cost 492 ms, common
 * words took 366 ms (median), rare 6 ms; one row per source matches 94,866 rows for "seo", BM25 112
 * ms, common words 146 ms, rare 6 ms, and the index rebuilds in under 10 s. Relevance on the labelled
 * set (test/quality/) rose too, nDCG@10 0.900 -> 0.933 and recall@10 0.844 -> 0.891, most for words
 * found everywhere ("AI search" 0.70 -> 0.83, "Google AI" 0.16 -> 0.89): the whole transcript
 * weighs a source's repeated words, where the best single passage was a near-tie decided by
 * length. Options measured and not taken: an adjacency bonus (`(a AND b) OR "a b"`) cost +25-50 %
 * on two common words and lowered nDCG@10 on the passage-row index (0.862 -> 0.854; "AI search" 0.66 -> 0.30, since generic
 * titles say "... and AI search"), so adjacency is asked for with quotes; champion lists (per-term
 * best sources materialised by the refresh) would make common words sublinear but need the
 * refresh and a threshold proof, left for later. BM25 still scores every matching row (~1.2 µs per
 * row here), so a common word stays linear in the sources that hold it.
 *
 * Bounded work around that ranking:
 *
 * 1. Candidates are bounded: only the best `?7` index rows by rank are joined to their sources
 *    (SQLite keeps the top rows in a bounded sorter). Every other source scores no better than the
 *    last candidate (the boundary), so a page is exact when it is full and its last score is strictly
 *    better than the boundary; otherwise the bound widens (x16), and finally the search runs
 *    unbounded. Rankings never change (test/workers/search-candidates.test.ts).
 * 2. With a creator, topic or platform filter and a word that matches more rows than one pass takes
 *    (a bounded count decides), the index rows are restricted to the filtered public sources' rows
 *    before they are ranked (`+rowid IN (...)`; the unary plus keeps FTS5 from sorting, and so
 *    ranking, every match itself), so a rare filtered match is always found and BM25 runs only on
 *    rows that can be returned.
 * 3. The total is exact whenever the candidates hold every match. When they do not (a common word in
 *    a large collection), counting every matching source would cost as much as the unbounded search,
 *    so the total is estimated from a fixed 1-in-64 sample of the filtered public sources:
 *    population x (sampled sources that match / sampled sources), never below what was found.
 * 4. Worst shapes within the argument limits, at 100,000 sources (whole answer): 23 common words and
 *    an absent one 142 ms (the absent word is left out; words in most sources are not required),
 *    23 common words never all together 168 ms, a 500-character phrase of "ai-search-…" 49 ms (a
 *    term keeps 12 words, a query 32), offset 980 limit 20 241 ms: at most 1.7 x the common median.
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

/** The index rows (sources) term frequencies are sampled from: the first ones by rowid (a bounded range). */
export const TERM_SAMPLE_ROWS = 4096;

export interface TermStats {
	/** Some index row holds it (published or not: the index does not know). */
	exists: boolean;
	/** Held by more than half of the sampled sources: FTS5's BM25 gives such a term no weight (IDF clamps to ~0). */
	weightless: boolean;
}

/**
 * Whether each term occurs at all, and whether it occurs in most rows, in one statement: per term an
 * existence probe (LIMIT 1) and a count bounded to the first TERM_SAMPLE_ROWS index rows (FTS5 stops
 * at the rowid bound), so its cost does not grow with the collection.
 */
// Each term's expression comes from json_each, so the statement is the same for any number of terms.
const TERM_STATS_SQL = `
WITH sample AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS cut, COUNT(*) AS n
  FROM (SELECT doc_id FROM search_documents ORDER BY doc_id LIMIT ?1)),
terms AS MATERIALIZED (SELECT CAST(key AS INTEGER) AS i, value AS expr FROM json_each(?2))
SELECT t.i,
       (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH t.expr LIMIT 1)) AS e,
       (SELECT COUNT(*) FROM search_index WHERE search_index MATCH t.expr AND rowid <= (SELECT cut FROM sample)) AS f,
       (SELECT n FROM sample) AS sampled
FROM terms t ORDER BY t.i`;

export async function termStats(db: PublicDb, expressions: string[]): Promise<TermStats[]> {
	if (expressions.length === 0) return [];
	const { results } = await db
		.prepare(TERM_STATS_SQL)
		.bind(TERM_SAMPLE_ROWS, JSON.stringify(expressions))
		.all<{ i: number; e: number; f: number; sampled: number }>();
	return expressions.map((_, i) => {
		const row = results.find((r) => r.i === i);
		return {
			exists: (row?.e ?? 0) > 0,
			weightless: (row?.sampled ?? 0) > 0 && (row?.f ?? 0) * 2 > (row?.sampled ?? 0),
		};
	});
}
