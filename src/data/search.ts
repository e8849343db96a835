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
 * that count; a part whose gate is false reads nothing (SQLite tests a constant condition before
 * opening the index).
 *
 * The plans (what is fixed is documented in docs/contract.md; figures in BENCHMARKS.md):
 * - best: a match held by at most `pool` index rows is ranked whole; the best `bound` rows by rank
 *   are joined to their sources. A page is exact when the candidates hold every match, or when it is
 *   full and its last score is strictly better than the boundary; otherwise the caller widens the
 *   bound (only lowered bounds in tests ever need it).
 * - best_restricted: the same over the filtered public sources' rows only, when a filter is given and
 *   the match holds at least `candidateRows` rows, so a rare filtered match is always found.
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

/** Numbered parameters by name, so a statement binds exactly the values its text uses. */
function binder() {
	const values: unknown[] = [];
	const index = new Map<string, string>();
	return {
		values,
		ref(name: string, value: unknown): string {
			let at = index.get(name);
			if (at === undefined) {
				values.push(value);
				at = `?${values.length}`;
				index.set(name, at);
			}
			return at;
		},
	};
}

const hasFilter = (f: SearchFilters) =>
	f.creatorHandleKey !== null || f.topicId !== null || f.platform !== null;

/** Only a platform alone walks: a creator's or a topic's rows are few, and collecting them is cheaper. */
const walksNewest = (f: SearchFilters) =>
	f.platform !== null && f.creatorHandleKey === null && f.topicId === null;

type Ref = ReturnType<typeof binder>["ref"];

/** Published, and by the creator and on the platform and topic asked for: only filters asked for. */
function eligible(f: SearchFilters, ref: Ref): string {
	const tests = ["s.publication_state = 'published'"];
	if (f.creatorHandleKey !== null)
		tests.push(
			`s.creator_id IN (SELECT creator_id FROM creators WHERE handle_key = ${ref("creator", f.creatorHandleKey)})`,
		);
	if (f.platform !== null) tests.push(`s.platform = ${ref("platform", f.platform)}`);
	if (f.topicId !== null)
		tests.push(
			`EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ${ref("topic", f.topicId)})`,
		);
	return tests.join(" AND ");
}

/** The filtered public sources' index keys; a topic's are collected from that topic's index entries. */
function filteredDocIds(f: SearchFilters, ref: Ref): string {
	if (f.topicId !== null) {
		return `SELECT d.doc_id FROM source_topics st2 CROSS JOIN sources s ON s.source_id = st2.source_id
      JOIN search_documents d ON d.source_id = s.source_id
      WHERE st2.topic_id = ${ref("topic", f.topicId)} AND ${eligible({ ...f, topicId: null }, ref)}`;
	}
	if (f.creatorHandleKey !== null) {
		return `SELECT d.doc_id FROM creators c CROSS JOIN sources s ON s.creator_id = c.creator_id
      JOIN search_documents d ON d.source_id = s.source_id
      WHERE c.handle_key = ${ref("creator", f.creatorHandleKey)} AND ${eligible({ ...f, creatorHandleKey: null }, ref)}`;
	}
	return `SELECT d.doc_id FROM sources s JOIN search_documents d ON d.source_id = s.source_id WHERE ${eligible(f, ref)}`;
}

/** The statement for `request`, with `bound` candidates for the best plan (-1: unbounded). */
export function searchStatement(
	db: PublicDb,
	request: SearchRequest,
	bound: number,
	options: SearchOptions = SEARCH_OPTIONS,
): D1PreparedStatement {
	const { filters } = request;
	const { values, ref } = binder();
	const match = ref("match", request.match);
	const pool = ref("pool", options.pool);
	const probeLimit = ref("probe", Math.max(options.pool, options.candidateRows) + 1);
	const count = `(SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${match} LIMIT ${probeLimit}))`;
	const skip: string[] = [];
	if (request.gate !== undefined)
		skip.push(`EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH ${ref("gate", request.gate)})`);
	const probes = request.probes ?? [];
	if (probes.length > 0) skip.push("EXISTS (SELECT 1 FROM terms WHERE e = 0)");
	// A filter with few sources ranks them all (listed, below): its match need not be counted.
	const fewFirst = () => (fewCte === "" ? "" : "WHEN (SELECT yes FROM few) THEN 1 ");
	const probe = () =>
		skip.length === 0 && fewCte === ""
			? count
			: `CASE ${skip.length === 0 ? "" : `WHEN ${skip.join(" OR ")} THEN 0 `}${fewFirst()}ELSE ${count} END`;
	const termsCte =
		probes.length === 0
			? ""
			: `terms AS MATERIALIZED (
  SELECT CAST(key AS INTEGER) AS i,
         (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH value LIMIT 1)) AS e
  FROM json_each(${ref("probes", JSON.stringify(probes))})),`;
	const n = "(SELECT n FROM probe)";
	const crowded = `${n} > ${pool}`;
	const filtered = hasFilter(filters) ? filteredDocIds(filters, ref) : null;
	const restrictFrom = `${n} >= ${ref("candidateRows", options.candidateRows)}`;
	const limitBound = ref("bound", bound);
	// Each plan is gated through its LIMIT: LIMIT 0 skips the scan before the index is opened, where
	// a false WHERE term would still read the match's doclist (measured in BENCHMARKS.md).
	const gated = (gate: string, limit: string) => `CASE WHEN ${gate} THEN ${limit} ELSE 0 END`;
	const plans: string[] = [];
	const branch = (name: string, gate: string, order: string, limit: string, restrict = "") => {
		plans.push(`${name} AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ${match} ${restrict} ORDER BY ${order} LIMIT ${gated(gate, limit)})`);
		return name;
	};
	const restricted = filtered === null ? "" : `AND +rowid IN (${filtered})`;
	const parts: string[] = [];
	// A creator or a topic with fewer public sources than the pool: each of its sources is looked up
	// in the index (one keyed read each) and every match ranked, instead of scanning the match for
	// them. The ranking is the full one, as the pool's would be when every filtered match fits it.
	let few = "0";
	let fewCte = "";
	if (filtered !== null && !walksNewest(filters)) {
		fewCte = `few AS MATERIALIZED (SELECT (SELECT COUNT(*) FROM (${filtered} LIMIT ${pool})) < ${pool} AS yes),`;
		few = "(SELECT yes FROM few)";
		plans.push(`listed AS MATERIALIZED (
  SELECT si.rowid AS doc_id, si.rank AS score FROM (${filtered} LIMIT ${gated(few, "-1")}) f
  CROSS JOIN search_index si ON si.rowid = f.doc_id
  WHERE si.search_index MATCH ${match})`);
		parts.push("listed");
	}
	const notCrowded = `${n} BETWEEN 1 AND ${pool} AND NOT ${few}`;
	const crowdedAndMany = `${crowded} AND NOT ${few}`;
	if (filtered === null) {
		parts.push(branch("best", notCrowded, "+rank", limitBound));
		parts.push(branch("newest", crowded, "rowid DESC", pool));
	} else {
		parts.push(branch("best", `${notCrowded} AND NOT ${restrictFrom}`, "+rank", limitBound));
		parts.push(
			branch("best_restricted", `${notCrowded} AND ${restrictFrom}`, "+rank", limitBound, restricted),
		);
	}
	let planSql = `CASE WHEN ${n} <= ${pool} THEN 'best' ELSE 'newest' END`;
	let scanned = "";
	if (filtered !== null && walksNewest(filters)) {
		const walkRows = ref("walkRows", options.walkRows);
		plans.push(`scan AS MATERIALIZED (
  SELECT COUNT(*) AS scanned, MIN(rowid) AS lo FROM (
    SELECT rowid FROM search_index WHERE search_index MATCH ${match} ORDER BY rowid DESC LIMIT ${gated(crowded, walkRows)})),
walk AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index
  WHERE search_index MATCH ${match} AND rowid >= (SELECT lo FROM scan)
    AND EXISTS (SELECT 1 FROM search_documents d CROSS JOIN sources s ON s.source_id = d.source_id
                WHERE d.doc_id = search_index.rowid AND ${eligible(filters, ref)})
  ORDER BY rowid DESC LIMIT ${gated(crowded, pool)})`);
		// A walk that read walkRows matches without filling the pool, while older matches remain.
		plans.push(`walk_short AS MATERIALIZED (
  SELECT (SELECT COUNT(*) FROM walk) < ${pool} AND (SELECT scanned FROM scan) >= ${walkRows} AS yes)`);
		const short = "(SELECT yes FROM walk_short)";
		plans.push(`walked AS MATERIALIZED (SELECT * FROM walk WHERE NOT ${short})`);
		parts.push("walked");
		parts.push(branch("newest", `${crowded} AND ${short}`, "rowid DESC", pool, restricted));
		planSql = `CASE WHEN ${n} <= ${pool} THEN 'best' WHEN ${short} THEN 'newest' ELSE 'walk' END`;
		scanned = ", (SELECT scanned FROM scan) AS scanned";
	} else if (filtered !== null) {
		parts.push(branch("newest", crowdedAndMany, "rowid DESC", pool, restricted));
		planSql = `CASE WHEN ${few} OR ${n} <= ${pool} THEN 'best' ELSE 'newest' END`;
	}
	const needsEstimate = `(x.candidates >= CASE WHEN ${crowded} THEN ${pool} WHEN ${limitBound} < 0 THEN x.candidates + 1 ELSE ${limitBound} END)`;
	const limit = ref("limit", request.limit);
	const offset = ref("offset", request.offset);
	const sql = `
WITH ${termsCte}${fewCte}
probe AS MATERIALIZED (SELECT ${probe()} AS n),
${plans.join(",\n")},
hits AS MATERIALIZED (${parts.map((p) => `SELECT doc_id, score FROM ${p}`).join(" UNION ALL ")}),
-- CROSS JOIN keeps the bounded candidates as the outer loop (the planner cannot size a CTE).
found AS MATERIALIZED (
  SELECT s.source_id, h.score FROM hits h
  CROSS JOIN search_documents d ON d.doc_id = h.doc_id
  CROSS JOIN sources s ON s.source_id = d.source_id
  WHERE ${eligible(filters, ref)}),
-- Every scan of a materialised part is rows read (D1 bills them): each is read as few times as can be.
stats AS MATERIALIZED (
  SELECT (SELECT n FROM probe) AS probed, h.candidates, h.boundary, (SELECT COUNT(*) FROM found) AS total,
         ${planSql} AS plan${scanned}${probes.length === 0 ? "" : ", (SELECT json_group_array(e) FROM (SELECT e FROM terms ORDER BY i)) AS present"}
  FROM (SELECT COUNT(*) AS candidates, MAX(score) AS boundary FROM hits) h),
k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${ESTIMATE_SLICES}),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS docs, COALESCE(MAX(doc_id), 0) / ${ESTIMATE_SLICES} AS step FROM search_documents),
needs AS MATERIALIZED (SELECT ${needsEstimate} AS yes FROM stats x),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, ${ESTIMATE_SLICE_ROWS}) AS hi FROM k, span
  LIMIT CASE WHEN (SELECT yes FROM needs) THEN -1 ELSE 0 END),
sample AS MATERIALIZED (
  SELECT d.doc_id, (${eligible(filters, ref)}) AS ok FROM slices x
  CROSS JOIN search_documents d ON d.doc_id BETWEEN x.lo AND x.hi
  CROSS JOIN sources s ON s.source_id = d.source_id),
sampled AS MATERIALIZED (SELECT AVG(ok) AS share, SUM(ok) AS eligible FROM sample),
-- The sampled matches: each slice's rowid range is one bounded read of the match's doclist.
sample_matches AS MATERIALIZED (
  SELECT COUNT(*) AS n FROM slices sl
  CROSS JOIN search_index si ON si.rowid BETWEEN sl.lo AND sl.hi
  JOIN sample sm ON sm.doc_id = si.rowid
  WHERE si.search_index MATCH ${match} AND sm.ok),
page AS (SELECT source_id, score FROM found ORDER BY score, source_id LIMIT ${limit} OFFSET ${offset})
SELECT x.probed, x.candidates, x.boundary, x.total, x.plan${probes.length === 0 ? "" : ", x.present"},
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
	return db.prepare(sql).bind(...values);
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
