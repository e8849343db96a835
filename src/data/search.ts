import type { PublicDb } from "./public-db";
import type { PassageRow } from "./search-excerpts";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";

/**
 * One search, one statement. Search ranks public sources by BM25 over one index row per source
 * (title 4, topic labels 4, summary 2, whole public transcript 1; English-stemmed; migrations/0012),
 * best first, ties by source_id. On the edge every statement is a network round trip, so the
 * statement decides its own plan from a bounded count of the match and returns, in one answer, the
 * counts, the page, each page source's passages (the excerpt is chosen from them) and, when the total
 * cannot be counted cheaply, a sampled estimate. Each plan is a named part of the statement gated by
 * that count through its LIMIT: a part whose gate is false has LIMIT 0 and never opens the index.
 *
 * The plans (what is fixed is documented in docs/contract.md; figures in BENCHMARKS.md):
 * - best: a match held by at most `pool` index rows is ranked whole; the best `bound` rows by rank
 *   are joined to their sources. A page is exact when the candidates hold every match, or when it is
 *   full and its last score is strictly better than the boundary; otherwise the caller widens the
 *   bound (only lowered bounds in tests ever need it).
 * - best_restricted: the same over the filtered public sources' rows only, when a filter is given and
 *   the match holds at least `candidateRows` rows, so a rare filtered match is always found.
 * - listed: a creator or a topic with very few public sources (LISTED_MAX): each is looked up in
 *   the index by key and every match ranked, the full ranking (what the pool would hold anyway).
 * - newest: a crowded match (more than `pool` rows) is ranked among its `pool` most recently added
 *   index rows (FTS5 reads the doclist newest first and stops there), of the filtered sources when a
 *   filter is given; the answer says so (ranked_among).
 * - walk: a platform alone over a crowded match reads the newest matches newest first, each tested
 *   against the filters, until the pool is full (a platform holds a third of the collection, too many
 *   to collect first); if `walkRows` matches do not fill it, newest over the restricted rows takes
 *   over, so the pool is the same either way.
 * The total is exact whenever the candidates hold every match; otherwise it is estimated from evenly
 * spaced slices of index keys (population x sampled sources that match / sampled sources, never
 * below what was found). An optional gate expression makes the whole statement a fallback: it runs
 * only when the gate matches nothing (the any-term search after an all-terms search found nothing).
 */

export interface SearchFilters {
	creatorHandleKey: string | null;
	topicId: string | null;
	platform: string | null;
}

export interface SearchHitRow extends SourceRefRow {
	score: number;
	/** The source's public passages in order, for the excerpt. */
	passages: PassageRow[];
}

export type Plan = "best" | "newest" | "walk";

export interface SearchOptions {
	/** Index rows the best plan first ranks. */
	candidateRows: number;
	/** More matching index rows than this and a match is crowded: ranked among this many newest. */
	pool: number;
	/** How many of the newest matches a walk reads. */
	walkRows: number;
}

export const CANDIDATE_ROWS = 2000;
/**
 * A keyed look-up of a common word's match costs about a third of scanning its whole doclist (at
 * 100,000 sources, BENCHMARKS.md), so only a filter with fewer sources than this is looked up key by
 * key; the scan it saves reads every match of the word (rows D1 bills).
 */
const LISTED_MAX = 8;
export const CROWDED_POOL = 2000;
/** Tests lower these to drive every plan on a small collection. */
export const SEARCH_OPTIONS: SearchOptions = {
	candidateRows: CANDIDATE_ROWS,
	pool: CROWDED_POOL,
	walkRows: 16_000,
};
const WIDEN_FACTOR = 16;
/** A total too large to count is estimated from this many evenly spaced slices of index keys … */
const ESTIMATE_SLICES = 16;
/** … of at most this many sources each (1,536 in all, as many as 1-in-64 of 100,000). */
const ESTIMATE_SLICE_ROWS = 96;

export interface SearchRequest {
	match: string;
	filters: SearchFilters;
	limit: number;
	offset: number;
	/** Run only when this expression matches nothing (else answer nothing, reading only that test). */
	gate?: string;
	/**
	 * Expressions whose existence the answer reports (SearchPage.present), probed inside the same
	 * statement: if any matches nothing the search itself reads nothing more, so a phrase found nowhere
	 * is read once, not once to probe and again to count.
	 */
	probes?: readonly string[];
}

export interface SearchPage {
	rows: SearchHitRow[];
	/** Matching public sources: exact when `exact`, else estimated. */
	total: number;
	exact: boolean;
	/** A crowded match: ranked among this many of its most recently added sources; else null. */
	rankedAmong: number | null;
	/** The plan that ran, absent when nothing matched: for tests and profiles. */
	plan?: Plan;
	/** Whether each of the request's probes matches anything, in order (when it gave probes). */
	present?: boolean[];
}

/** Only a platform alone walks: a creator's or a topic's rows are few, and collecting them is cheaper. */
const walksNewest = (f: SearchFilters) =>
	f.platform !== null && f.creatorHandleKey === null && f.topicId === null;

/**
 * Every statement binds the same numbered values (searchValues); a part of the text that does not
 * apply simply does not name its number. The match, always named, is the highest, so every
 * statement's parameter count is the same. Values reach the text only through these numbers: the
 * text itself is made of the constant fragments below, chosen by which filters are given
 * (test/e2e/sql-safety.test.ts holds every statement of src/ to that).
 */
const P = {
	creator: "?1",
	topic: "?2",
	platform: "?3",
	gate: "?4",
	probes: "?5",
	walkRows: "?6",
	candidateRows: "?7",
	bound: "?8",
	pool: "?9",
	probeLimit: "?10",
	limit: "?11",
	offset: "?12",
	listedMax: "?13",
	match: "?14",
} as const;

function searchValues(request: SearchRequest, bound: number, options: SearchOptions): unknown[] {
	const f = request.filters;
	return [
		f.creatorHandleKey,
		f.topicId,
		f.platform,
		request.gate ?? null,
		JSON.stringify(request.probes ?? []),
		options.walkRows,
		options.candidateRows,
		bound,
		options.pool,
		Math.max(options.pool, options.candidateRows) + 1,
		request.limit,
		request.offset,
		LISTED_MAX,
		request.match,
	];
}

const CREATOR_TEST = ` AND s.creator_id IN (SELECT creator_id FROM creators WHERE handle_key = ${P.creator})`;
const PLATFORM_TEST = ` AND s.platform = ${P.platform}`;
const TOPIC_TEST = ` AND EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ${P.topic})`;

/** Published, and by the creator, on the platform and on the topic asked for: only filters asked for. */
const eligibleSql = (creator: boolean, topic: boolean, platform: boolean) =>
	`s.publication_state = 'published'${creator ? CREATOR_TEST : ""}${platform ? PLATFORM_TEST : ""}${topic ? TOPIC_TEST : ""}`;

/** The filtered public sources' index keys; a topic's are collected from that topic's index entries. */
const filteredSql = (creator: boolean, topic: boolean, platform: boolean) =>
	topic
		? `SELECT d.doc_id FROM source_topics st2 CROSS JOIN sources s ON s.source_id = st2.source_id
      JOIN search_documents d ON d.source_id = s.source_id
      WHERE st2.topic_id = ${P.topic} AND ${eligibleSql(creator, false, platform)}`
		: creator
			? `SELECT d.doc_id FROM creators c CROSS JOIN sources s ON s.creator_id = c.creator_id
      JOIN search_documents d ON d.source_id = s.source_id
      WHERE c.handle_key = ${P.creator} AND ${eligibleSql(false, false, platform)}`
			: `SELECT d.doc_id FROM sources s JOIN search_documents d ON d.source_id = s.source_id
      WHERE ${eligibleSql(false, false, platform)}`;

const N = "(SELECT n FROM probe)";
const CROWDED = `${N} > ${P.pool}`;
const NOT_CROWDED = `${N} BETWEEN 1 AND ${P.pool}`;
const RESTRICT_FROM = `${N} >= ${P.candidateRows}`;
const FEW = "(SELECT yes FROM few)";
const SHORT = "(SELECT yes FROM walk_short)";
const COUNT = `(SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${P.match} LIMIT ${P.probeLimit}))`;
const GATE_SKIP = `WHEN EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH ${P.gate}) THEN 0 `;
const PROBES_SKIP = "WHEN EXISTS (SELECT 1 FROM terms WHERE e = 0) THEN 0 ";
// A filter with few sources ranks them all (listed): its match need not be counted.
const FEW_FIRST = `WHEN ${FEW} THEN 1 `;
const TERMS = `terms AS MATERIALIZED (
  SELECT CAST(key AS INTEGER) AS i,
         (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH value LIMIT 1)) AS e
  FROM json_each(${P.probes})),`;
const PRESENT = ", (SELECT json_group_array(e) FROM (SELECT e FROM terms ORDER BY i)) AS present";

const probeSql = (gate: boolean, probes: boolean, few: boolean) =>
	gate || probes || few
		? `CASE ${gate ? GATE_SKIP : ""}${probes ? PROBES_SKIP : ""}${few ? FEW_FIRST : ""}ELSE ${COUNT} END`
		: COUNT;

/*
 * The plans, each gated through its LIMIT: LIMIT 0 skips the scan before the index is opened, where
 * a false WHERE term would still read the match's doclist (BENCHMARKS.md).
 */
const BEST = `best AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  ORDER BY +rank LIMIT CASE WHEN ${NOT_CROWDED} THEN ${P.bound} ELSE 0 END)`;
const NEWEST = `newest AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  ORDER BY rowid DESC LIMIT CASE WHEN ${CROWDED} THEN ${P.pool} ELSE 0 END)`;

/** A filter: best over all rows or over the filtered rows only, and newest over the filtered rows. */
const filteredPlansSql = (creator: boolean, topic: boolean, platform: boolean, few: boolean) => `
best AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  ORDER BY +rank LIMIT CASE WHEN ${NOT_CROWDED}${few ? ` AND NOT ${FEW}` : ""} AND NOT ${RESTRICT_FROM} THEN ${P.bound} ELSE 0 END),
best_restricted AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ${P.match} AND +rowid IN (${filteredSql(creator, topic, platform)})
  ORDER BY +rank LIMIT CASE WHEN ${NOT_CROWDED}${few ? ` AND NOT ${FEW}` : ""} AND ${RESTRICT_FROM} THEN ${P.bound} ELSE 0 END),
newest AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ${P.match} AND +rowid IN (${filteredSql(creator, topic, platform)})
  ORDER BY rowid DESC LIMIT CASE WHEN ${CROWDED}${few ? ` AND NOT ${FEW}` : ` AND ${SHORT}`} THEN ${P.pool} ELSE 0 END)`;

/**
 * A creator or topic with very few public sources (fewer than LISTED_MAX, and than the pool): each is
 * looked up in the index by key and every match ranked, the full ranking the pool would hold anyway.
 */
const fewSql = (creator: boolean, topic: boolean, platform: boolean) =>
	`few AS MATERIALIZED (
  SELECT (SELECT COUNT(*) FROM (${filteredSql(creator, topic, platform)} LIMIT ${P.listedMax})) < MIN(${P.listedMax}, ${P.pool}) AS yes),`;
const listedSql = (creator: boolean, topic: boolean, platform: boolean) => `
listed AS MATERIALIZED (
  SELECT si.rowid AS doc_id, si.rank AS score
  FROM (${filteredSql(creator, topic, platform)} LIMIT CASE WHEN ${FEW} THEN -1 ELSE 0 END) f
  CROSS JOIN search_index si ON si.rowid = f.doc_id
  WHERE si.search_index MATCH ${P.match}),`;

/** A platform alone over a crowded match: the newest matches, read newest first until the pool is full. */
const WALK = `
scan AS MATERIALIZED (
  SELECT COUNT(*) AS scanned, MIN(rowid) AS lo FROM (
    SELECT rowid FROM search_index WHERE search_index MATCH ${P.match}
    ORDER BY rowid DESC LIMIT CASE WHEN ${CROWDED} THEN ${P.walkRows} ELSE 0 END)),
walk AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ${P.match} AND rowid >= (SELECT lo FROM scan)
    AND EXISTS (SELECT 1 FROM search_documents d CROSS JOIN sources s ON s.source_id = d.source_id
                WHERE d.doc_id = search_index.rowid AND ${eligibleSql(false, false, true)})
  ORDER BY rowid DESC LIMIT CASE WHEN ${CROWDED} THEN ${P.pool} ELSE 0 END),
-- A walk that read walkRows matches without filling the pool, while older matches remain.
walk_short AS MATERIALIZED (
  SELECT (SELECT COUNT(*) FROM walk) < ${P.pool} AND (SELECT scanned FROM scan) >= ${P.walkRows} AS yes),
walked AS MATERIALIZED (SELECT * FROM walk WHERE NOT ${SHORT}),`;

const plansSql = (creator: boolean, topic: boolean, platform: boolean, walks: boolean) =>
	!(creator || topic || platform)
		? `${BEST},\n${NEWEST},
hits AS MATERIALIZED (SELECT doc_id, score FROM best UNION ALL SELECT doc_id, score FROM newest),`
		: walks
			? `${WALK}${filteredPlansSql(creator, topic, platform, false)},
hits AS MATERIALIZED (
  SELECT doc_id, score FROM best UNION ALL SELECT doc_id, score FROM best_restricted
  UNION ALL SELECT doc_id, score FROM walked UNION ALL SELECT doc_id, score FROM newest),`
			: `${listedSql(creator, topic, platform)}${filteredPlansSql(creator, topic, platform, true)},
hits AS MATERIALIZED (
  SELECT doc_id, score FROM listed UNION ALL SELECT doc_id, score FROM best
  UNION ALL SELECT doc_id, score FROM best_restricted UNION ALL SELECT doc_id, score FROM newest),`;

const planSql = (filtered: boolean, walks: boolean) =>
	!filtered
		? `CASE WHEN ${N} <= ${P.pool} THEN 'best' ELSE 'newest' END AS plan`
		: walks
			? `CASE WHEN ${N} <= ${P.pool} THEN 'best' WHEN ${SHORT} THEN 'newest' ELSE 'walk' END AS plan, (SELECT scanned FROM scan) AS scanned`
			: `CASE WHEN ${FEW} OR ${N} <= ${P.pool} THEN 'best' ELSE 'newest' END AS plan`;

const NEEDS_ESTIMATE = `(x.candidates >= CASE WHEN ${CROWDED} THEN ${P.pool} WHEN ${P.bound} < 0 THEN x.candidates + 1 ELSE ${P.bound} END)`;

/** The whole statement for a request of this shape. */
const searchSql = (
	creator: boolean,
	topic: boolean,
	platform: boolean,
	gate: boolean,
	probes: boolean,
	walks: boolean,
) => `
WITH ${probes ? TERMS : ""}${(creator || topic || platform) && !walks ? fewSql(creator, topic, platform) : ""}
probe AS MATERIALIZED (SELECT ${probeSql(gate, probes, (creator || topic || platform) && !walks)} AS n),
${plansSql(creator, topic, platform, walks)}
-- CROSS JOIN keeps the bounded candidates as the outer loop (the planner cannot size a CTE).
found AS MATERIALIZED (
  SELECT s.source_id, h.score FROM hits h
  CROSS JOIN search_documents d ON d.doc_id = h.doc_id
  CROSS JOIN sources s ON s.source_id = d.source_id
  WHERE ${eligibleSql(creator, topic, platform)}),
-- Every scan of a materialised part is rows read (D1 bills them): each is read as few times as can be.
stats AS MATERIALIZED (
  SELECT (SELECT n FROM probe) AS probed, h.candidates, h.boundary, (SELECT COUNT(*) FROM found) AS total,
         ${planSql(creator || topic || platform, walks)}${probes ? PRESENT : ""}
  FROM (SELECT COUNT(*) AS candidates, MAX(score) AS boundary FROM hits) h),
k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${ESTIMATE_SLICES}),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS docs, COALESCE(MAX(doc_id), 0) / ${ESTIMATE_SLICES} AS step FROM search_documents),
needs AS MATERIALIZED (SELECT ${NEEDS_ESTIMATE} AS yes FROM stats x),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, ${ESTIMATE_SLICE_ROWS}) AS hi FROM k, span
  LIMIT CASE WHEN (SELECT yes FROM needs) THEN -1 ELSE 0 END),
sample AS MATERIALIZED (
  SELECT d.doc_id, (${eligibleSql(creator, topic, platform)}) AS ok FROM slices x
  CROSS JOIN search_documents d ON d.doc_id BETWEEN x.lo AND x.hi
  CROSS JOIN sources s ON s.source_id = d.source_id),
sampled AS MATERIALIZED (SELECT AVG(ok) AS share, SUM(ok) AS eligible FROM sample),
-- The sampled matches: each slice's rowid range is one bounded read of the match's doclist.
sample_matches AS MATERIALIZED (
  SELECT COUNT(*) AS n FROM slices sl
  CROSS JOIN search_index si ON si.rowid BETWEEN sl.lo AND sl.hi
  JOIN sample sm ON sm.doc_id = si.rowid
  WHERE si.search_index MATCH ${P.match} AND sm.ok),
page AS (SELECT source_id, score FROM found ORDER BY score, source_id LIMIT ${P.limit} OFFSET ${P.offset})
SELECT x.probed, x.candidates, x.boundary, x.total, x.plan${probes ? ", x.present" : ""},
       CASE WHEN (SELECT yes FROM needs) THEN (SELECT docs FROM span) * (SELECT share FROM sampled) END AS population,
       CASE WHEN (SELECT yes FROM needs) THEN (SELECT eligible FROM sampled) END AS sampled,
       CASE WHEN (SELECT yes FROM needs) THEN (SELECT n FROM sample_matches) END AS matched,
       ${SOURCE_REF_COLUMNS}, pg.score,
       (SELECT json_group_array(json_object('ordinal', p.ordinal, 'start_ms', p.start_ms, 'end_ms', p.end_ms, 'text', p.text))
        FROM (SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = pg.source_id ORDER BY ordinal) p) AS passages
FROM stats x
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.score, pg.source_id`;

/** The statement for `request`, with `bound` candidates for the best plan (-1: unbounded). */
export function searchStatement(
	db: PublicDb,
	request: SearchRequest,
	bound: number,
	options: SearchOptions = SEARCH_OPTIONS,
): D1PreparedStatement {
	const f = request.filters;
	const sql = searchSql(
		f.creatorHandleKey !== null,
		f.topicId !== null,
		f.platform !== null,
		request.gate !== undefined,
		(request.probes ?? []).length > 0,
		walksNewest(f),
	);
	return db.prepare(sql).bind(...searchValues(request, bound, options));
}

interface ResultRow extends Omit<SearchHitRow, "passages"> {
	probed: number;
	candidates: number;
	boundary: number | null;
	total: number;
	plan: Plan | null;
	population: number | null;
	sampled: number | null;
	matched: number | null;
	passages: string | null;
	present?: string;
}

/** The page a statement's answer holds, or null when the bound must widen. */
export function readSearch(
	results: readonly unknown[],
	request: SearchRequest,
	bound: number,
	options: SearchOptions = SEARCH_OPTIONS,
): SearchPage | null {
	const all = results as ResultRow[];
	const stats = all[0];
	if (!stats) throw new Error("search returned no statistics row");
	const present =
		stats.present === undefined ? {} : { present: (JSON.parse(stats.present) as number[]).map((e) => e > 0) };
	if (stats.probed === 0) return { rows: [], total: 0, exact: true, rankedAmong: null, ...present };
	const rows = all
		.filter((row) => row.source_id !== null)
		.map(
			({
				probed,
				candidates,
				boundary,
				total,
				plan,
				population,
				sampled,
				matched,
				passages,
				present: _,
				...row
			}) => ({
				...row,
				passages: JSON.parse(passages ?? "[]") as PassageRow[],
			}),
		);
	const plan = stats.plan ?? "best";
	const estimate = () => {
		const found = Math.max(stats.total, request.offset + rows.length);
		if (!stats.sampled || stats.population === null || stats.matched === null) return found;
		return Math.max(found, Math.round((stats.population * stats.matched) / stats.sampled));
	};
	if (stats.probed > options.pool) {
		// Every (filtered) match fitted in the pool: that is the full ranking, and its count is exact.
		if (stats.candidates < options.pool)
			return { rows, total: stats.total, exact: true, rankedAmong: null, plan };
		return { rows, total: estimate(), exact: false, rankedAmong: options.pool, plan };
	}
	if (bound === -1 || stats.candidates < bound)
		return { rows, total: stats.total, exact: true, rankedAmong: null, plan };
	const last = rows.at(-1);
	const pageIsExact =
		rows.length === request.limit &&
		last !== undefined &&
		stats.boundary !== null &&
		last.score < stats.boundary;
	return pageIsExact ? { rows, total: estimate(), exact: false, rankedAmong: null, plan, ...present } : null;
}

/** The first bound the best plan ranks: enough for the deepest page, never fewer than candidateRows. */
export const firstBound = (request: SearchRequest, options: SearchOptions = SEARCH_OPTIONS) =>
	Math.max(options.candidateRows, (request.offset + request.limit) * 8);

/** One search, widening the bound only when a lowered bound leaves the page undecided. */
export async function searchSources(
	db: PublicDb,
	request: SearchRequest,
	options: SearchOptions = SEARCH_OPTIONS,
	first?: readonly unknown[],
): Promise<SearchPage> {
	const start = firstBound(request, options);
	for (const bound of [start, start * WIDEN_FACTOR, -1]) {
		const results =
			bound === start && first !== undefined
				? first
				: (await searchStatement(db, request, bound, options).all()).results;
		const page = readSearch(results, request, bound, options);
		if (page !== null) return page;
	}
	throw new Error("unreachable: the unbounded pass is always complete");
}
