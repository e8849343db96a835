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
 *    so the total is estimated from a fixed sample (evenly spaced slices of index keys, estimateSql):
 *    population x (sampled sources that match / sampled sources), never below what was found.
 * 4. Filters become predicates only when asked for (publicAndFiltered), so the restricted rows of a
 *    creator come from the creator's index, not a test on every source.
 * 5. Crowded matches. Scoring every source that holds a word is linear (1.2 µs a row), and for a
 *    word in most sources BM25 barely tells them apart (FTS5 clamps its IDF to ~0). So a match held
 *    by more than CROWDED_POOL index rows (a bounded count says so) is ranked, by the same BM25,
 *    among its CROWDED_POOL most recently added sources (the highest index keys: FTS5 reads the
 *    doclist newest first and stops there), of the filtered sources when a filter is given. Pages are
 *    exact for that ranking (search-candidates.test.ts), the answer says so (`ranked_among`), and a
 *    rarer word, a quoted phrase or a filter that brings the match under the pool ranks every match.
 *    Measured at 100,000 sources (profile-search, whole answer, median of 5; BENCHMARKS.md): common
 *    words 146 -> 12 ms against 5 ms for rare ones; "seo" for one creator 116 -> 9 ms; the costliest
 *    shapes within the argument limits were then a topic or platform filter over a crowded word
 *    (60-86 ms) and a 500-character phrase of one repeated pair (77-97 ms, every phrase token reads
 *    its positions); 6. and 7. brought them to 34-58 and 63 ms, under 5 x the common median.
 * 6. A platform filter over a crowded match walks instead: the newest matches are read newest first,
 *    each tested against the filters, until the pool is full, so the platform's rows (a third of the
 *    collection) are never collected. The walk reads at most WALK_FACTOR x the pool of the newest
 *    matches; if that does not fill the pool while older matches remain, the restricted rows of 5.
 *    take over, so the pool is the same either way (search-candidates.test.ts drives both). A
 *    creator's or a topic's rows are a small share, and collecting them first stays cheaper: at
 *    100,000 sources the candidate statement for "AI search" on one topic took 49 ms walking against
 *    36 ms collecting, so topics do not walk.
 *    Measured (profile-search, whole answer, median of 5, at 100,000 sources): "content" on
 *    instagram_reels 82 -> 33 ms, "AI search" on youtube_shorts 124 -> 34 ms, rankings unchanged. A
 *    walk that finds nothing (a platform without recent matches) reads its 16,000 rows in about 30 ms
 *    before the fallback: the bound on what the walk can add to the old plan. A topic's rows are
 *    collected through the covering index of migration 0011: "AI search" on ai-overviews 68 -> 53 ms.
 * 7. A match the bounded count finds nowhere is answered at once: a phrase of common words that
 *    occurs nowhere reads every position of every row holding its words, and was read twice (the
 *    count, then the search): the 12-word repeated pair 96 -> 63 ms.
 */
export const CANDIDATE_ROWS = 2000;
/**
 * A match held by more index rows than this is crowded (see 5. above): it is ranked among this many
 * of its most recently added sources.
 */
export const CROWDED_POOL = 2000;
const WIDEN_FACTOR = 16;
/** A walk (6.) reads at most this many times the pool of the newest matches. */
const WALK_FACTOR = 8;

/**
 * Which filtered crowded matches walk (6.): a platform alone holds a large share of the sources (one
 * of three platforms). A creator's or a topic's share is small, and collecting it first is cheaper.
 */
const walksNewest = (f: SearchFilters) =>
	f.platform !== null && f.creatorHandleKey === null && f.topicId === null;
/** A total too large to count is estimated from this many evenly spaced slices of index keys … */
const ESTIMATE_SLICES = 16;
/** … of at most this many sources each (1,536 in all, as many as 1-in-64 of 100,000). */
const ESTIMATE_SLICE_ROWS = 96;

/**
 * Published, and by the creator and on the platform asked for. Only the filters asked for become
 * predicates; an absent one is the constant `?n IS NULL` (true, and it keeps every statement's
 * parameters the same), so the planner can start from the creator's or the platform's index rather
 * than test `?n IS NULL OR …` on every source (a creator's crowded word at 100,000 sources: the
 * restricted rows took a scan of every source, 79 ms; see 5.).
 */
const publicAndFiltered = (f: SearchFilters): string =>
	`s.publication_state = 'published'
    AND ${f.creatorHandleKey === null ? "?2 IS NULL" : "c.handle_key = ?2"}
    AND ${f.platform === null ? "?4 IS NULL" : "s.platform = ?4"}`;

const onTopic = (f: SearchFilters): string =>
	f.topicId === null
		? "?3 IS NULL"
		: "EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3)";

/**
 * The public sources a search may return (`s`, with its creator `c`), as FROM and WHERE parts: with a
 * topic filter the rows come from that topic's index entries, otherwise from sources.
 */
function filteredSources(filters: SearchFilters): { from: string; where: string } {
	if (filters.topicId !== null) {
		return {
			from: "source_topics st JOIN sources s ON s.source_id = st.source_id JOIN creators c ON c.creator_id = s.creator_id",
			where: `st.topic_id = ?3 AND ${publicAndFiltered(filters)}`,
		};
	}
	return {
		from: "sources s JOIN creators c ON c.creator_id = s.creator_id",
		where: `${onTopic(filters)} AND ${publicAndFiltered(filters)}`,
	};
}

const hasFilter = (f: SearchFilters) =>
	f.creatorHandleKey !== null || f.topicId !== null || f.platform !== null;

/**
 * The index rows a page is ranked from, and how many of the newest matches a walk read (6.).
 * "best": the best ?7 by rank (bounded candidates, 1.); "newest": the ?7 most recently added (a
 * crowded match's pool, 5.), restricted to the filtered sources' rows when `restricted`; "walk": the
 * ?7 most recently added that pass the filters, read newest first among the ?8 newest matches (only
 * a platform alone walks, walksNewest: no creator join, no topic test).
 */
function candidateRows(filters: SearchFilters, restricted: boolean, candidates: Candidates): string {
	if (candidates === "walk") {
		return `
scan AS MATERIALIZED (
  SELECT COUNT(*) AS scanned, MIN(rowid) AS lo
  FROM (SELECT rowid FROM search_index WHERE search_index MATCH ?1 ORDER BY rowid DESC LIMIT ?8)),
hits AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ?1 AND rowid >= (SELECT lo FROM scan)
    AND EXISTS (SELECT 1 FROM search_documents d CROSS JOIN sources s ON s.source_id = d.source_id
                WHERE d.doc_id = search_index.rowid AND ${publicAndFiltered(filters)})
  ORDER BY rowid DESC LIMIT ?7),`;
	}
	const { from, where } = filteredSources(filters);
	const restrict = restricted
		? `AND +rowid IN (SELECT d.doc_id FROM ${from} JOIN search_documents d ON d.source_id = s.source_id WHERE ${where})`
		: "";
	return `
-- No walk: ?8 is bound to NULL, named here so that every plan takes the same parameters.
scan AS MATERIALIZED (SELECT NULL AS scanned, ?8 AS walk_rows),
hits AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ?1 ${restrict}
  ORDER BY ${candidates === "best" ? "+rank" : "rowid DESC"} LIMIT ?7),`;
}

export type Candidates = "best" | "newest" | "walk";

/** The ranked page, from the candidate rows above. */
function searchSql(filters: SearchFilters, restricted: boolean, candidates: Candidates): string {
	return `
WITH ${candidateRows(filters, restricted, candidates)}
-- CROSS JOIN keeps the bounded candidates as the outer loop (the planner cannot size a CTE).
found AS MATERIALIZED (
  SELECT s.source_id, h.score
  FROM hits h
  CROSS JOIN search_documents d ON d.doc_id = h.doc_id
  CROSS JOIN sources s ON s.source_id = d.source_id
  ${filters.creatorHandleKey === null ? "" : "CROSS JOIN creators c ON c.creator_id = s.creator_id"}
  WHERE ${onTopic(filters)} AND ${publicAndFiltered(filters)}),
stats AS MATERIALIZED (
  SELECT (SELECT COUNT(*) FROM hits) AS candidates, (SELECT MAX(score) FROM hits) AS boundary,
         (SELECT COUNT(*) FROM found) AS total, (SELECT scanned FROM scan) AS scanned),
page AS (SELECT source_id, score FROM found ORDER BY score, source_id LIMIT ?5 OFFSET ?6)
SELECT x.candidates, x.boundary, x.total, x.scanned, ${SOURCE_REF_COLUMNS}, pg.score
FROM stats x
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.score, pg.source_id`;
}

/**
 * The total is estimated from ESTIMATE_SLICES evenly spaced slices of index keys: FTS5 seeks to each
 * slice (a rowid range) instead of reading the words' whole doclist, and no source outside the sample
 * is read, filtered or not. The population (published sources that pass the filters) is the sample's
 * share of all indexed sources; the matches are counted among the sample's eligible sources. At
 * 100,000 sources ("seo"): 68 ms for the earlier 1-in-64 sample of every filtered source, 3 ms.
 */
const estimateSql = (filters: SearchFilters): string => `
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${ESTIMATE_SLICES}),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS docs, COALESCE(MAX(doc_id), 0) / ${ESTIMATE_SLICES} AS step
  FROM search_documents),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, ${ESTIMATE_SLICE_ROWS}) AS hi FROM k, span),
sample AS MATERIALIZED (
  SELECT d.doc_id, (${onTopic(filters)} AND ${publicAndFiltered(filters)}) AS eligible FROM slices x
  CROSS JOIN search_documents d ON d.doc_id BETWEEN x.lo AND x.hi
  CROSS JOIN sources s ON s.source_id = d.source_id
  ${filters.creatorHandleKey === null ? "" : "CROSS JOIN creators c ON c.creator_id = s.creator_id"})
SELECT (SELECT docs FROM span) * (SELECT AVG(eligible) FROM sample) AS population,
       (SELECT COUNT(*) FROM sample WHERE eligible) AS sampled,
       (SELECT SUM((SELECT COUNT(*) FROM search_index
                    WHERE search_index MATCH ?1 AND rowid BETWEEN x.lo AND x.hi
                      AND +rowid IN (SELECT doc_id FROM sample WHERE eligible)))
        FROM slices x) AS matched`;

const MATCH_COUNT_SQL =
	"SELECT COUNT(*) AS n FROM (SELECT 1 FROM search_index WHERE search_index MATCH ?1 LIMIT ?2)";

type PageRow = SearchHitRow & {
	candidates: number;
	boundary: number | null;
	total: number;
	/** How many of the newest matches a walk read (6.); null for the other plans. */
	scanned: number | null;
};

export interface SearchPage {
	rows: SearchHitRow[];
	/** Matching public sources: exact when `exact`, else estimated (see above). */
	total: number;
	exact: boolean;
	/** A crowded match: ranked among this many of its most recently added sources (5.); else null. */
	rankedAmong: number | null;
	/** How the candidates were taken (1., 5., 6.), absent when none were read: for tests and profiles. */
	plan?: Candidates;
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
	/** A crowded match's pool; only tests lower it, for the same reason. */
	pool = CROWDED_POOL,
	/** How many of the newest matches a walk reads (6.); only tests change it. */
	walkRows = pool * WALK_FACTOR,
): Promise<SearchPage> {
	// One bounded count decides two things: whether the match is crowded, and whether restricting the
	// index rows to the filtered sources is worth building that set (only when the words match more
	// rows than one bounded pass takes).
	const probe = await db
		.prepare(MATCH_COUNT_SQL)
		.bind(match, Math.max(pool, candidateRows) + 1)
		.first<{ n: number }>();
	const matches = probe?.n ?? 0;
	// Nothing in the index matches: nothing to rank, and nothing read a second time (7.).
	if (matches === 0) return { rows: [], total: 0, exact: true, rankedAmong: null };
	const crowded = matches > pool;
	// A crowded match's pool is taken from the filtered sources' rows, never from all rows then filtered.
	const restricted = hasFilter(filters) && (crowded || matches >= candidateRows);
	const parameters = (bound: number, walk: number | null = null) =>
		[match, filters.creatorHandleKey, filters.topicId, filters.platform, limit, offset, bound, walk] as const;
	const run = async (candidates: Candidates, bound: number, walk: number | null = null) => {
		const { results } = await db
			.prepare(searchSql(filters, restricted, candidates))
			.bind(...parameters(bound, walk))
			.all<PageRow>();
		const stats = results[0];
		if (!stats) throw new Error("search returned no statistics row");
		return { stats, rows: results.filter((row) => row.source_id !== null) };
	};
	if (crowded) {
		// A platform-only filter walks the newest matches (6.); a walk that read walkRows matches without
		// filling the pool, while older matches remain, gives way to the restricted rows.
		let walked = walksNewest(filters) ? await run("walk", pool, walkRows) : null;
		if (walked && walked.stats.candidates < pool && (walked.stats.scanned ?? 0) >= walkRows) walked = null;
		const plan: Candidates = walked ? "walk" : "newest";
		const { stats, rows } = walked ?? (await run("newest", pool));
		// Every (filtered) match fitted in the pool: that is the full ranking, and its count is exact.
		if (stats.candidates < pool) return { rows, total: stats.total, exact: true, rankedAmong: null, plan };
		const found = Math.max(stats.total, offset + rows.length);
		const total = await estimateTotal(db, match, filters, found);
		return { rows, total, exact: false, rankedAmong: pool, plan };
	}
	const first = Math.max(candidateRows, (offset + limit) * 8);
	// -1: no LIMIT at all (the last pass is the plain, unbounded search).
	for (const bound of [first, first * WIDEN_FACTOR, -1]) {
		const { stats, rows } = await run("best", bound);
		const complete = bound === -1 || stats.candidates < bound;
		if (complete) return { rows, total: stats.total, exact: true, rankedAmong: null, plan: "best" };
		const last = rows.at(-1);
		const pageIsExact =
			rows.length === limit && last !== undefined && stats.boundary !== null && last.score < stats.boundary;
		if (pageIsExact) {
			const found = Math.max(stats.total, offset + rows.length);
			const total = await estimateTotal(db, match, filters, found);
			return { rows, total, exact: false, rankedAmong: null, plan: "best" };
		}
	}
	throw new Error("unreachable: the unbounded pass is always complete");
}

/** The index rows (sources) term frequencies are sampled from: the first ones by rowid (a bounded range). */
const TERM_SAMPLE_ROWS = 4096;

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
// A term found nowhere is not counted: for a phrase the rowid bound does not stop FTS5 reading every
// position, so the count would read it all a second time.
const TERM_STATS_SQL = `
WITH sample AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS cut, COUNT(*) AS n
  FROM (SELECT doc_id FROM search_documents ORDER BY doc_id LIMIT ?1)),
terms AS MATERIALIZED (SELECT CAST(key AS INTEGER) AS i, value AS expr FROM json_each(?2)),
probed AS MATERIALIZED (
  SELECT t.i, t.expr,
         (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH t.expr LIMIT 1)) AS e
  FROM terms t)
SELECT p.i, p.e,
       CASE WHEN p.e = 0 THEN 0 ELSE
         (SELECT COUNT(*) FROM search_index WHERE search_index MATCH p.expr AND rowid <= (SELECT cut FROM sample))
       END AS f,
       (SELECT n FROM sample) AS sampled
FROM probed p ORDER BY p.i`;

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
