import type { PublicDb } from "./public-db";
import type { PassageRow } from "./search-excerpts";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";

/**
 * One search, one statement. The index holds one row per public source (title 4, topic labels 4,
 * summary 2, whole public transcript 1, its filters as facet tokens 0; English-stemmed;
 * migrations/0014). On the edge every statement is a network round trip, so the statement counts the
 * match (up to one more than a crowded pool holds) and decides its own plan from that count: each
 * plan is a part of the statement gated through its LIMIT, and a part whose gate is false has LIMIT 0
 * and never opens the index. It answers, in one result, the counts, the page, each page source's
 * passages (the excerpt is chosen from them) and, for a crowded match, a sampled estimate.
 *
 * Results come in tiers when the query has more than one term: first the sources holding its words
 * adjacent (the `adjacent` expression) in the title, topic labels or transcript, where an agent sees
 * them; then those holding them adjacent only in the summary; then the rest ("apart"). The plans
 * (docs/contract.md says what is fixed):
 * - whole: a match held by at most `pool` public sources is ranked whole, by BM25, within each tier.
 * - recent: a crowded match whose anchor has no pool (none computed yet, or a word FTS5 cannot
 *   pool) is ranked among its `pool` most recently added matches: a bounded stand-in that says so.
 * - pool: a crowded match is ranked among the `pool` sources where its anchor (its rarest crowded
 *   word) weighs most, computed ahead of time (search_pool_projection), in that order within each
 *   tier: the pool is read best first, each source tested against the match (keyed look-ups of its
 *   filters and narrowest terms in turn, then of the rest, until one fails; or, for a match
 *   estimated small, against the match read once), until the page is full, once for the words
 *   adjacent (summaries aside) and once for the rest. When at most `pool` sources hold the words
 *   adjacent, they are all found and ranked by BM25 of the words adjacent instead, ahead of the
 *   pool; when none does, that tier reads nothing more.
 * The total is exact when the match is ranked whole; otherwise it is estimated from evenly spaced
 * slices of index keys (never below what was found, nor below one more than a pool). An optional
 * gate expression makes the whole statement a fallback: it runs only when the gate matches nothing.
 */

export interface SearchFilters {
	creatorHandleKey: string | null;
	topicId: string | null;
	platform: string | null;
}

export type MatchTier = "adjacent" | "apart";

export interface SearchHitRow extends SourceRefRow {
	score: number;
	tier: MatchTier;
	/** The source's public passages in order, for the excerpt. */
	passages: PassageRow[];
}

export type Plan = "whole" | "pool" | "recent";

/** The documented size of a crowded pool: migrations/0014 stores it in search_settings (a test keeps them equal). */
export const CROWDED_POOL = 2000;
/** A total too large to count is estimated from this many evenly spaced slices of index keys … */
const ESTIMATE_SLICES = 16;
/** … of at most this many keys each (1,536 in all, as many as 1-in-64 of 100,000). */
const ESTIMATE_SLICE_ROWS = 96;

export interface SearchRequest {
	/** Every required term, as an FTS5 expression (filters are added here). */
	match: string;
	/**
	 * When the match is the conjunction of these expressions: the order a pooled source is tested
	 * against them (fewest holders first), stopping at the first it lacks. Absent: it is tested
	 * against the match whole.
	 */
	parts?: readonly string[];
	/**
	 * A query of several terms: what holding its words adjacent means (every spelling holds a form of
	 * each term, so it implies `match`), or null when it has too many spellings to list them (every
	 * match is then apart).
	 */
	adjacent?: string | null;
	/** The stemmed word whose pool ranks a crowded match (the rarest crowded word every match holds). */
	anchor?: string | null;
	/**
	 * Every source of the anchor's pool holds the match (a match of the anchor word alone, or of any
	 * of terms one of which is that word): a pooled source is then tested against the filters only.
	 */
	anchorHolds?: boolean;
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

export interface RankedAmong {
	/** How many sources the pool holds. */
	sources: number;
	/** merit: the word's merit pool; recent: no pool yet, so the match's most recently added sources. */
	order: "merit" | "recent";
	/** The word whose pool it is (merit only). */
	word: string | null;
	/** When the projection refresh computed that pool (merit only). */
	computedAt: string | null;
}

export interface SearchPage {
	rows: SearchHitRow[];
	/** Matching public sources: exact when `exact`, else estimated. */
	total: number;
	exact: boolean;
	/** A crowded match ranked among a pool; else null. */
	rankedAmong: RankedAmong | null;
	/** The plan that ran, absent when nothing matched: for tests and profiles. */
	plan?: Plan;
	/** How a walked pool was tested: against the match read once as a set, or by look-ups (tests, profiles). */
	walked?: "set" | "look-ups";
	/** Whether each of the request's probes matches anything, in order (when it gave probes). */
	present?: boolean[];
}

/** A filter as an index token: what migrations/0014's view writes in the facets column. */
export function facetToken(kind: "c" | "p" | "t", value: string): string {
	const hex = [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, "0")).join("");
	return `0${kind}${hex}0`;
}

/** Each filter as an expression, the kind that narrows most first (a creator's sources, a topic's, a platform's). */
const facetParts = (f: SearchFilters): string[] =>
	[
		f.creatorHandleKey === null ? null : facetToken("c", f.creatorHandleKey),
		f.topicId === null ? null : facetToken("t", f.topicId),
		f.platform === null ? null : facetToken("p", f.platform),
	]
		.filter((token) => token !== null)
		.map((token) => `facets : "${token}"`);

/**
 * The numbered values every statement binds; a part of the text that does not apply does not name
 * its number. Values reach the text only through these numbers: the text is made of the constant
 * fragments below, chosen by the request's shape (test/e2e/sql-safety.test.ts holds src/ to that).
 */
const P = {
	match: "?1",
	adjacent: "?2",
	adjacentAnywhere: "?3",
	anchor: "?4",
	gate: "?5",
	probes: "?6",
	limit: "?7",
	matchLookups: "?8",
	adjacentLookups: "?9",
	// The highest number, named by every statement: each binds the same count of values.
	offset: "?10",
} as const;

/** An expression that matches no source (no facet is named so): the tier of a phrase too costly to list. */
const NOTHING = 'facets : "0z0"';

/**
 * The words adjacent within these columns. Each spelling holds one form of every term, so it implies
 * the match; a request of one term (no `adjacent`) is the match itself.
 */
function adjacentIn(request: SearchRequest, columns: string, facets: string): string {
	if (request.adjacent === undefined) return `(${request.match})${facets}`;
	return request.adjacent === null ? NOTHING : `${columns} : (${request.adjacent})${facets}`;
}

/**
 * A pooled source is tested by each filter and the LOOKED_UP_ALONE narrowest parts of the match one
 * at a time, then by the rest at once: most sources that fail, fail there, and the rest are held by
 * nearly every source left, so testing them one by one would save little and count a row each (the
 * list's and the look-up's).
 */
const LOOKED_UP_ALONE = 2;

function lookupsOf(request: SearchRequest, filters: readonly string[]): string[] {
	if (request.anchorHolds === true) return [...filters];
	// No parts would test nothing: every pooled source would pass.
	const parts = request.parts !== undefined && request.parts.length > 0 ? request.parts : [request.match];
	const rest = parts.slice(LOOKED_UP_ALONE);
	return [...filters, ...parts.slice(0, LOOKED_UP_ALONE), ...(rest.length === 0 ? [] : [rest.join(" AND ")])];
}

function searchValues(request: SearchRequest): unknown[] {
	const filters = facetParts(request.filters);
	const facets = filters.map((part) => ` AND ${part}`).join("");
	const match = `(${request.match})${facets}`;
	return [
		match,
		adjacentIn(request, "{title topics body}", facets),
		adjacentIn(request, "{title topics body summary}", facets),
		request.anchor ?? null,
		request.gate === undefined ? null : `(${request.gate})${facets}`,
		JSON.stringify(request.probes ?? []),
		request.limit,
		JSON.stringify(lookupsOf(request, filters)),
		JSON.stringify([...filters, adjacentIn(request, "{title topics body}", "")]),
		request.offset,
	];
}

const POOL = "(SELECT pool FROM settings)";
/** The tiers' keys, only as far back as the ranked matches reach (all of them when ranked whole). */
const RANKED_FROM = "rowid >= (SELECT COALESCE(MIN(doc_id), 0) FROM ranked)";
const NEED = `(${P.limit} + ${P.offset})`;
const COUNT = `(SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${P.match} LIMIT ${POOL} + 1))`;
const GATE_SKIP = `WHEN EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH ${P.gate}) THEN 0 `;
const PROBES_SKIP = "WHEN EXISTS (SELECT 1 FROM terms WHERE e = 0) THEN 0 ";
const TERMS = `terms AS MATERIALIZED (
  SELECT CAST(key AS INTEGER) AS i,
         (SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH value LIMIT 1)) AS e
  FROM json_each(${P.probes})),`;
const PRESENT = ", (SELECT json_group_array(e) FROM (SELECT e FROM terms ORDER BY i)) AS present";

const probeSql = (gate: boolean, probes: boolean) =>
	gate || probes ? `CASE ${gate ? GATE_SKIP : ""}${probes ? PROBES_SKIP : ""}ELSE ${COUNT} END` : COUNT;

/**
 * A crowded match of at most this many pools' worth of sources (a filter narrows it) is read once, as
 * a set, to test the pool against; a larger one is tested a pooled source at a time. The set's read
 * stops one source past the bound.
 */
const SET_POOLS = 4;

/**
 * The anchor's pool, best first, each source tested against the match (or the words adjacent) until
 * the walk's LIMIT pass (the pool's key order: no sort, so the read stops there). A keyed look-up
 * costs tens of times what reading one match in doclist order does, but reads only the sources
 * walked: a match small enough is read whole once (when few pooled sources pass a filter the walk
 * would look up the whole pool), a larger one a source at a time, and the walk stops at a full page.
 */
const WALK = `SELECT p.doc_id, p.position AS score FROM search_pool_projection p WHERE p.term = ${P.anchor}`;
/**
 * Whether the pooled source holds every expression of a JSON list (lookupsOf): one keyed look-up
 * each, in the list's order, stopping at the first it lacks. A look-up costs about the same for each
 * term it names, and most pooled sources of a crowded match of many words lack one of its narrower
 * words, so this costs a fraction of looking every term up at once. The order decides only the
 * cost, never the answer.
 */
const holdsEvery = (words: "match" | "adjacent") => `NOT EXISTS (
      SELECT 1 FROM json_each(${words === "match" ? P.matchLookups : P.adjacentLookups}) e
      WHERE NOT EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH e.value AND rowid = p.doc_id))`;
const WALK_MATCH = `${WALK} AND CASE WHEN (SELECT as_set FROM walking)
    THEN p.doc_id IN (SELECT value FROM json_each((SELECT doc_ids FROM match_set)))
    ELSE ${holdsEvery("match")} END`;
/** Walked only when more than a pool hold the words adjacent: looked up, at most a pool of them. */
const WALK_ADJACENT = `${WALK}
    AND ${holdsEvery("adjacent")}`;

/**
 * Each decision is one scalar read of the `plan` row, `(SELECT CASE … END FROM plan)`. SQLite expands
 * a common table expression's text again at every reference (materialised or not) and refuses a
 * statement whose expansions reach its expression-depth limit, so every part reads its decisions
 * from one small row rather than from the parts that decide them (test/e2e/search-statement.test.ts
 * keeps half of that limit free).
 * UNPOOLED: ranked whole, or crowded with no pool to rank it by (its most recently added matches).
 */
const UNPOOLED = "WHEN whole OR (crowded AND NOT pooled) THEN -1 ELSE 0";

/**
 * A pool can hold fewer matches than a page needs (a narrow filter, a second word few of its sources
 * hold, a term the anchor's word is only one spelling of): past the pool, the rest of the match,
 * most recently added first (the highest keys; the score is the key, negated), so paging never stops
 * while matches remain (the rest of the apart tier: the match without the words adjacent, FTS5's NOT).
 * The walk and the rest are one compound under the part's LIMIT: SQLite runs
 * its arms in order and stops at the LIMIT, so the rest is read only once the walk ran out, and never
 * past the page's end.
 */
const THEN_BEYOND = (walk: string, match: string) => `SELECT doc_id, score, 0 AS beyond FROM (
    ${walk})
  UNION ALL
  SELECT doc_id, score, 1 FROM (
    SELECT rowid AS doc_id, -rowid AS score FROM search_index
    WHERE search_index MATCH ${match}
      AND rowid NOT IN (SELECT doc_id FROM search_pool_projection WHERE term = ${P.anchor})
    ORDER BY rowid DESC)`;

/** Three tiers: which matches hold the words adjacent, or only in the summary; the pool walked twice. */
const TIERED = `
adjacent_n AS MATERIALIZED (
  SELECT (SELECT CASE WHEN pooled THEN (SELECT COUNT(*) FROM (
    SELECT 1 FROM search_index WHERE search_index MATCH ${P.adjacent} LIMIT ${POOL} + 1)) ELSE 0 END FROM plan) AS n),
-- Ranked whole (or among the most recent matches): the matches holding the words adjacent in any text
-- column, then, only when some do, which of them hold them in the title, topic labels or transcript
-- (the others, in the summary alone: the words adjacent are phrases joined by OR, so holding them in
-- those columns implies holding them in any, and the read stops once it has found as many). A phrase
-- found nowhere is read once, not once a tier.
adjacent_anywhere AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.adjacentAnywhere} AND ${RANKED_FROM}
  LIMIT (SELECT CASE ${UNPOOLED} END FROM plan)),
adjacent_whole AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.adjacent} AND ${RANKED_FROM}
  LIMIT (SELECT COUNT(*) FROM adjacent_anywhere)),
-- Crowded, but few hold the words adjacent: every one of them, by BM25 of the words adjacent.
adjacent_ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.adjacent}
  LIMIT (SELECT CASE WHEN n BETWEEN 1 AND ${POOL} THEN -1 ELSE 0 END FROM adjacent_n)),
adjacent_walk AS MATERIALIZED (
  ${THEN_BEYOND(`${WALK_ADJACENT}\n    ORDER BY p.position`, P.adjacent)}
  LIMIT (SELECT CASE WHEN n > ${POOL} THEN ${NEED} ELSE 0 END FROM adjacent_n)),
adjacent_found AS MATERIALIZED (
  SELECT doc_id, score, 0 AS beyond FROM adjacent_ranked UNION ALL SELECT doc_id, score, beyond FROM adjacent_walk),
apart_walk AS MATERIALIZED (
  ${THEN_BEYOND(
		`${WALK_MATCH}\n    AND p.doc_id NOT IN (SELECT doc_id FROM adjacent_found)\n    ORDER BY p.position`,
		`'(' || ${P.match} || ') NOT (' || ${P.adjacent} || ')'`,
	)}
  LIMIT (SELECT CASE WHEN pooled THEN MAX(0, ${NEED} - (SELECT COUNT(*) FROM adjacent_found)) ELSE 0 END FROM plan)),
hits AS MATERIALIZED (
  SELECT doc_id, score, CASE WHEN doc_id IN (SELECT doc_id FROM adjacent_whole) THEN 0
                             WHEN doc_id IN (SELECT doc_id FROM adjacent_anywhere) THEN 1 ELSE 2 END AS tier, 0 AS beyond
  FROM ranked
  UNION ALL SELECT doc_id, score, 0, beyond FROM adjacent_found
  UNION ALL SELECT doc_id, score, 2, beyond FROM apart_walk),`;

const SINGLE = `
walk AS MATERIALIZED (
  ${THEN_BEYOND(`${WALK_MATCH}\n    ORDER BY p.position`, P.match)}
  LIMIT (SELECT CASE WHEN pooled THEN ${NEED} ELSE 0 END FROM plan)),
hits AS MATERIALIZED (
  SELECT doc_id, score, 0 AS tier, 0 AS beyond FROM ranked UNION ALL SELECT doc_id, score, 0, beyond FROM walk),`;

/** The whole statement for a request of this shape. */
const searchSql = (gate: boolean, probes: boolean, tiers: boolean) => `
WITH settings AS MATERIALIZED (SELECT pool FROM search_settings LIMIT 1),
${probes ? TERMS : ""}
probe AS MATERIALIZED (SELECT ${probeSql(gate, probes)} AS n),
-- What the bounded count decides: ranked whole, crowded with a pool to walk, or crowded without.
plan AS MATERIALIZED (
  SELECT n, pool, n BETWEEN 1 AND pool AS whole, n > pool AS crowded,
         n > pool AND EXISTS (SELECT 1 FROM search_pool_projection WHERE term = ${P.anchor} AND position = 1) AS pooled
  FROM probe, settings),
k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${ESTIMATE_SLICES}),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS keys, COALESCE(MAX(doc_id), 0) / ${ESTIMATE_SLICES} AS step FROM search_documents),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, ${ESTIMATE_SLICE_ROWS}) AS hi FROM k, span
  LIMIT (SELECT CASE WHEN crowded THEN -1 ELSE 0 END FROM plan)),
-- The sampled matches of a crowded match: each slice's key range is one bounded read of its doclist.
sampled AS MATERIALIZED (
  SELECT SUM(hi - lo + 1) AS keys,
         SUM((SELECT COUNT(*) FROM search_index WHERE search_index MATCH ${P.match} AND rowid BETWEEN lo AND hi)) AS matched
  FROM slices),
-- A walked match the sample says is small is read once, but never past one more than SET_POOLS
-- pools: a sample can miss a match held by a run of neighbouring keys, and then it is looked up.
-- One row, its count and its keys: the set is not read a second time to count it.
match_set AS MATERIALIZED (
  SELECT COUNT(*) AS n, json_group_array(doc_id) AS doc_ids FROM (
    SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.match}
    LIMIT (SELECT CASE WHEN pooled AND y.keys > 0 AND span.keys * y.matched <= pool * ${SET_POOLS} * y.keys
                  THEN pool * ${SET_POOLS} + 1 ELSE 0 END FROM plan, sampled y, span))),
walking AS MATERIALIZED (
  SELECT n BETWEEN 1 AND (SELECT pool * ${SET_POOLS} FROM plan) AS as_set FROM match_set),
ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  ORDER BY rowid DESC LIMIT (SELECT CASE WHEN whole THEN -1 WHEN crowded AND NOT pooled THEN pool ELSE 0 END FROM plan)),
${tiers ? TIERED : SINGLE}
-- Only keys are read for every hit (ties go by source_id), a source row only for the page's.
found AS MATERIALIZED (
  SELECT d.source_id, h.score, h.tier, h.beyond FROM hits h CROSS JOIN search_documents d ON d.doc_id = h.doc_id),
-- total: every match when ranked whole, the stand-in's when unpooled (a walked pool's is estimated).
stats AS MATERIALIZED (
  SELECT n AS probed, (SELECT COUNT(*) FROM ranked) AS total, pooled, pool,
         (SELECT computed_at FROM search_pool_projection WHERE term = ${P.anchor} AND position = 1) AS pool_computed_at,
         (SELECT as_set FROM walking) AS as_set
         ${probes ? PRESENT : ""} FROM plan),
page AS (SELECT source_id, score, tier, beyond FROM found ORDER BY tier, beyond, score, source_id LIMIT ${P.limit} OFFSET ${P.offset})
SELECT x.probed, x.total, x.pooled, x.pool, x.pool_computed_at, x.as_set${probes ? ", x.present" : ""},
       (SELECT keys FROM span) AS population, y.keys AS sampled, y.matched,
       ${SOURCE_REF_COLUMNS}, pg.score, pg.tier,
       (SELECT json_group_array(json_object('ordinal', p.ordinal, 'start_ms', p.start_ms, 'end_ms', p.end_ms, 'text', p.text))
        FROM (SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = s.source_id ORDER BY ordinal) p) AS passages
FROM stats x
CROSS JOIN sampled y
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id AND s.publication_state = 'published'
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.tier, pg.beyond, pg.score, pg.source_id`;

/** The statement for `request`. */
export function searchStatement(db: PublicDb, request: SearchRequest): D1PreparedStatement {
	const sql = searchSql(
		request.gate !== undefined,
		(request.probes ?? []).length > 0,
		request.adjacent !== undefined,
	);
	return db.prepare(sql).bind(...searchValues(request));
}

interface ResultRow extends Omit<SearchHitRow, "passages" | "tier"> {
	probed: number;
	total: number;
	pooled: number;
	pool: number;
	pool_computed_at: string | null;
	as_set: number | null;
	population: number;
	sampled: number | null;
	matched: number | null;
	tier: number | null;
	passages: string | null;
	present?: string;
}

/** The page a statement's answer holds. */
export function readSearch(results: readonly unknown[], request: SearchRequest): SearchPage {
	const all = results as ResultRow[];
	const stats = all[0];
	if (!stats) throw new Error("search returned no statistics row");
	const present =
		stats.present === undefined ? {} : { present: (JSON.parse(stats.present) as number[]).map((e) => e > 0) };
	if (stats.probed === 0) return { rows: [], total: 0, exact: true, rankedAmong: null, ...present };
	const rows = all
		// A page source that stopped being public since the match was read is left out, never shown.
		.filter((row) => row.source_id !== null && row.title !== null)
		.map(
			({
				probed,
				total,
				pooled,
				pool,
				pool_computed_at,
				as_set,
				population,
				sampled,
				matched,
				passages,
				present: _,
				tier,
				...row
			}): SearchHitRow => ({
				...row,
				tier: tier === 2 ? "apart" : "adjacent",
				passages: JSON.parse(passages ?? "[]") as PassageRow[],
			}),
		);
	const pooled = stats.pooled === 1;
	if (!pooled && stats.probed <= stats.pool)
		return { rows, total: stats.total, exact: true, rankedAmong: null, plan: "whole", ...present };
	// At least one more than a pool holds (the bounded count), and at least what the page reached.
	const found = Math.max(stats.total, stats.probed, request.offset + rows.length);
	const estimate =
		stats.sampled && stats.matched !== null
			? Math.round((stats.population * stats.matched) / stats.sampled)
			: 0;
	return {
		rows,
		total: Math.max(found, estimate),
		exact: false,
		rankedAmong: pooled
			? {
					sources: stats.pool,
					order: "merit",
					word: request.anchor ?? null,
					computedAt: stats.pool_computed_at,
				}
			: { sources: stats.pool, order: "recent", word: null, computedAt: null },
		plan: pooled ? "pool" : "recent",
		...(pooled ? { walked: stats.as_set === 1 ? ("set" as const) : ("look-ups" as const) } : {}),
		...present,
	};
}

/** One search: one statement, one round trip. */
export async function searchSources(db: PublicDb, request: SearchRequest): Promise<SearchPage> {
	return readSearch((await searchStatement(db, request).all()).results, request);
}
