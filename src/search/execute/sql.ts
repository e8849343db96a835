/**
 * The search statement's text, one plan at a time (src/search/execute/statement.ts says what each plan does and
 * docs/contract.md what is fixed). Each plan's parts are built by their own function; the parts
 * every statement shares (the probes, the ranked set's tiers, the page with its passages, the
 * sampled estimate) are written once. A statement is one of two:
 * - wholeSql: the isolate's statistics already say the match is held by at most a pool of sources
 *   (one of its required words is not crowded), so it is ranked whole, with no count first;
 * - gatedSql: only the database can say whether the match (an intersection of crowded words, or
 *   terms of several spellings) is small, so the statement counts it, up to one more than a pool,
 *   and that count is its one gate: ranked whole, or crowded and ranked among the anchor's merit pool
 *   when it has one, else among the most recently added matches. A part the gate turns off has
 *   LIMIT 0 and never opens the index.
 * Both report the plan that ran (`plan`), so nothing re-derives it.
 *
 * Values reach the text only through the numbered parameters P: the text is made of the constant
 * fragments below, chosen by the request's shape (test/node/sql-safety.test.ts holds src/ to that).
 */

import { SOURCE_REF_COLUMNS } from "../../data/source-ref";
import { SEARCH_TUNING } from "../vocabulary/tuning";

/** Which optional parts a request needs: a gate expression, probes, tiers (two or more terms). */
export interface Shape {
	gate: boolean;
	probes: boolean;
	tiers: boolean;
}

/**
 * The numbered values every statement binds; a part of the text that does not apply does not name
 * its number.
 */
export const P = {
	match: "?1",
	adjacent: "?2",
	adjacentAnywhere: "?3",
	anchor: "?4",
	gate: "?5",
	probes: "?6",
	limit: "?7",
	matchLookups: "?8",
	adjacentLookups: "?9",
	matchPairs: "?10",
	adjacentPairs: "?11",
	anywherePairs: "?12",
	probePairs: "?13",
	/** How far the probe's counts read: the tuned pool (CROWDED_POOL), a constant, not a subquery. */
	countBound: "?14",
	// The highest number, named by every statement: each binds the same count of values.
	offset: "?15",
} as const;

const POOL = "(SELECT pool FROM search_settings)";
const NEED = `(${P.limit} + ${P.offset})`;
const { estimateSlices: SLICES, estimateSliceRows: SLICE_ROWS, setPools: SET_POOLS } = SEARCH_TUNING;

// ---- Shared: settings, probes, the gate of a fallback -------------------------------------------

const SETTINGS = "settings AS MATERIALIZED (SELECT pool FROM search_settings LIMIT 1),";

// ---- Shared: the word-pair index (src/search/pairs/) ---------------------------------------------

/**
 * What the word-pair index shows: that no source holds the pairs a condition (an expression over
 * search_pairs, or NULL: nothing to say) asks for, so the expression it stands for matches nothing
 * and is not read. A queued source, whose pairs may be stale, holds the mark every condition
 * admits (pair-conditions.ts), so it is never skipped. Each is a CASE, so nothing is looked up for
 * a NULL condition, and an expression over tables, never a common table expression: SQLite expands
 * those again at every reference (see `gate`). Each look-up stops at the first source holding
 * every pair.
 */
const MATCH_LACKS_PAIRS = `(CASE WHEN ${P.matchPairs} IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${P.matchPairs}) END)`;
const ADJACENT_LACKS_PAIRS = `(CASE WHEN ${P.adjacentPairs} IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${P.adjacentPairs}) END)`;
const ANYWHERE_LACKS_PAIRS = `(CASE WHEN ${P.anywherePairs} IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${P.anywherePairs}) END)`;
const PROBE_PAIRS = `json_extract(${P.probePairs}, '$[' || key || ']')`;
const TERMS = `terms AS MATERIALIZED (
  SELECT CAST(key AS INTEGER) AS i,
         CASE WHEN ${PROBE_PAIRS} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${PROBE_PAIRS}) THEN 0
              ELSE EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH value) END AS e
  FROM json_each(${P.probes})),`;
const PRESENT = ", (SELECT json_group_array(e) FROM (SELECT e FROM terms ORDER BY i)) AS present";
const GATE_SKIP = `WHEN EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH ${P.gate}) THEN 0 `;
const PROBES_SKIP = "WHEN EXISTS (SELECT 1 FROM terms WHERE e = 0) THEN 0 ";
const PAIRS_SKIP = `WHEN ${MATCH_LACKS_PAIRS} THEN 0 `;

/**
 * When nothing more is read: the fallback's gate matches, or a probe found nothing. (Every fragment
 * is chosen, never built from a value: sql-safety.)
 */
const skipsOf = (shape: Shape) => `${shape.gate ? GATE_SKIP : ""}${shape.probes ? PROBES_SKIP : ""}`;

/** Ranked whole: 0 when skipped or when no source holds the match's pairs, else 1. */
const wholeGo = (shape: Shape) => `CASE ${skipsOf(shape)}${PAIRS_SKIP}ELSE 1 END`;

const prelude = (shape: Shape) => `WITH ${SETTINGS}
${shape.probes ? TERMS : ""}`;

// ---- Shared: the tiers of a ranked set ----------------------------------------------------------

/** The tiers' keys, only as far back as the ranked matches reach (all of them when ranked whole). */
const RANKED_FROM = "rowid >= (SELECT COALESCE(MIN(doc_id), 0) FROM ranked)";

/**
 * Ranked whole (or among the most recent matches): the matches holding the words adjacent in any
 * text column, then, only when some do, which of them hold them in the title, topic labels or
 * transcript (the others, in the summary alone: the words adjacent are phrases joined by OR, so
 * holding them in those columns implies holding them in any, and the read stops once it has found
 * as many). A phrase found nowhere is read once, not once a tier. `open`: whether `ranked` holds any.
 */
const rankedTiers = (gated: boolean) => `
adjacent_anywhere AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.adjacentAnywhere} AND ${RANKED_FROM}
  LIMIT (${gated ? `SELECT CASE WHEN ${ANYWHERE_LACKS_PAIRS} THEN 0 WHEN whole OR (crowded AND NOT pooled) THEN -1 ELSE 0 END FROM plan` : `SELECT CASE WHEN ${ANYWHERE_LACKS_PAIRS} THEN 0 WHEN EXISTS (SELECT 1 FROM ranked) THEN -1 ELSE 0 END`})),
adjacent_whole AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.adjacent} AND ${RANKED_FROM}
  LIMIT (SELECT COUNT(*) FROM adjacent_anywhere)),`;

const RANKED_HITS = `SELECT doc_id, score, CASE WHEN doc_id IN (SELECT doc_id FROM adjacent_whole) THEN 0
                             WHEN doc_id IN (SELECT doc_id FROM adjacent_anywhere) THEN 1 ELSE 2 END AS tier, 0 AS beyond
  FROM ranked`;
const RANKED_ONE_TIER = "SELECT doc_id, score, 0 AS tier, 0 AS beyond FROM ranked";

// ---- Shared: the page, with its sources and passages --------------------------------------------

/**
 * Only keys are read for every hit (ties go by source_id), a source row only for the page's; the
 * statistics row first, then one row per page source with its passages in order.
 */
const pageSql = (shape: Shape, gated: boolean) => `
found AS MATERIALIZED (
  SELECT d.source_id, h.score, h.tier, h.beyond FROM hits h CROSS JOIN search_documents d ON d.doc_id = h.doc_id),
stats AS MATERIALIZED (${gated ? gatedStats(shape) : wholeStats(shape)}),
page AS (SELECT source_id, score, tier, beyond FROM found ORDER BY tier, beyond, score, source_id LIMIT ${P.limit} OFFSET ${P.offset})
SELECT x.*, ${gated ? "(SELECT keys FROM span) AS population, y.keys AS sampled, y.matched," : ""}
       ${SOURCE_REF_COLUMNS}, pg.score, pg.tier,
       (SELECT json_group_array(json_object('ordinal', p.ordinal, 'start_ms', p.start_ms, 'end_ms', p.end_ms, 'text', p.text))
        FROM (SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = s.source_id ORDER BY ordinal) p) AS passages
FROM stats x
${gated ? "CROSS JOIN sampled y" : ""}
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id AND s.publication_state = 'published'
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.tier, pg.beyond, pg.score, pg.source_id`;

// ---- Plan whole, known before the read ----------------------------------------------------------

/** Every match, ranked by BM25 in its tiers; its count is the exact total. */
export function wholeSql(shape: Shape): string {
	return `${prelude(shape)}
open AS MATERIALIZED (SELECT ${wholeGo(shape)} AS go),
ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  LIMIT (SELECT CASE WHEN go THEN -1 ELSE 0 END FROM open)),
${shape.tiers ? rankedTiers(false) : ""}
hits AS MATERIALIZED (${shape.tiers ? RANKED_HITS : RANKED_ONE_TIER}),
${pageSql(shape, false)}`;
}

const wholeStats = (shape: Shape) => `
  SELECT (SELECT COUNT(*) FROM ranked) AS probed, (SELECT COUNT(*) FROM ranked) AS total,
         CASE WHEN EXISTS (SELECT 1 FROM ranked) THEN 'whole' END AS plan, pool
         ${shape.probes ? PRESENT : ""} FROM settings`;

// ---- The gate: the count, and what it decides ----------------------------------------------------

/**
 * The match's count, read no further than the tuned pool and one: past the database's pool, which
 * is the same figure (a test keeps them equal) unless a test lowers it, and then the count reads
 * further than it needs, never less. Bounds in the probe are bound values, not subqueries: the
 * probe is expanded at every reference to the plan (see `gate`), and each expansion of a subquery
 * counts toward SQLite's limit on a statement's (test/e2e/search-statement.test.ts).
 */
const COUNT = `(SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${P.match} LIMIT ${P.countBound} + 1))`;

/**
 * How many sources hold the match's pairs, counted no further than the tuned pool and one: 0 when
 * skipped (see skipsOf) or when none does (the match is then not read at all), -1 when the pairs
 * have nothing to say (no pairs: a match of single words). Its own row, so the probe compares
 * columns: a scalar subquery named three times would be expanded three times at every reference
 * to the plan (see `gate`), and a join with search_settings beside the read would read the
 * settings row once for every holder.
 */
const pairsHeld = (shape: Shape) => `
pairs AS MATERIALIZED (SELECT CASE ${skipsOf(shape)}WHEN ${P.matchPairs} IS NULL THEN -1
  ELSE (SELECT COUNT(*) FROM (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${P.matchPairs} LIMIT ${P.countBound} + 1)) END AS held,
  ${POOL} AS pool),`;

/**
 * The probe's count: nothing when skipped or no source holds the match's pairs; the pool when at
 * most a pool hold them, so no more hold the match and it is ranked whole without the count's read
 * of its words' positions (any count from 1 to a pool decides the same plan, and only the plan
 * reads it); else the count.
 */
const BOUNDED_COUNT = `CASE WHEN held = 0 THEN 0 WHEN held BETWEEN 1 AND MIN(pool, ${P.countBound}) THEN pool ELSE ${COUNT} END`;

/**
 * What the bounded count decides: ranked whole, crowded with a pool to walk, or crowded without.
 * Each decision is one scalar read of the `plan` row, `(SELECT CASE … END FROM plan)`: SQLite expands
 * a common table expression's text again at every reference (materialised or not) and refuses a
 * statement whose expansions reach its expression-depth limit, so every part reads its decisions
 * from one small row rather than from the parts that decide them (test/e2e/search-statement.test.ts
 * keeps half of that limit free).
 */
const gate = (shape: Shape) => `
${pairsHeld(shape)}
probe AS MATERIALIZED (SELECT ${BOUNDED_COUNT} AS n, pool FROM pairs),
plan AS MATERIALIZED (
  SELECT n, pool, n BETWEEN 1 AND pool AS whole, n > pool AS crowded,
         n > pool AND EXISTS (SELECT 1 FROM search_pool_projection WHERE term = ${P.anchor} AND position = 1) AS pooled
  FROM probe),`;

/**
 * A crowded total is estimated from evenly spaced slices of index keys: each slice's key range is
 * one bounded read of the match's doclist.
 */
const ESTIMATE = `
k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${SLICES}),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS keys, COALESCE(MAX(doc_id), 0) / ${SLICES} AS step FROM search_documents),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, ${SLICE_ROWS}) AS hi FROM k, span
  LIMIT (SELECT CASE WHEN crowded THEN -1 ELSE 0 END FROM plan)),
sampled AS MATERIALIZED (
  SELECT SUM(hi - lo + 1) AS keys,
         SUM((SELECT COUNT(*) FROM search_index WHERE search_index MATCH ${P.match} AND rowid BETWEEN lo AND hi)) AS matched
  FROM slices),`;

/**
 * Plans whole and recent share one part: every match (whole), or the `pool` most recently added
 * (recent: a crowded match whose anchor has no pool, a bounded stand-in that says so).
 */
const UNPOOLED = `
ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  ORDER BY rowid DESC LIMIT (SELECT CASE WHEN whole THEN -1 WHEN crowded AND NOT pooled THEN pool ELSE 0 END FROM plan)),`;

// ---- Plan pool ------------------------------------------------------------------------------------

/**
 * A walked match the sample says is small is read once as a set, but never past one more than
 * `setPools` pools: a sample can miss a match held by a run of neighbouring keys, and then it is
 * looked up. One row, its count and its keys: the set is not read a second time to count it.
 */
const MATCH_SET = `
match_set AS MATERIALIZED (
  SELECT COUNT(*) AS n, json_group_array(doc_id) AS doc_ids FROM (
    SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.match}
    LIMIT (SELECT CASE WHEN pooled AND y.keys > 0 AND span.keys * y.matched <= pool * ${SET_POOLS} * y.keys
                  THEN pool * ${SET_POOLS} + 1 ELSE 0 END FROM plan, sampled y, span))),
walking AS MATERIALIZED (
  SELECT n BETWEEN 1 AND (SELECT pool * ${SET_POOLS} FROM plan) AS as_set FROM match_set),`;

/**
 * The anchor's pool, best first (its key order: no sort, so the read stops at the walk's LIMIT).
 * A keyed look-up costs tens of times what reading one match in doclist order does, but reads only
 * the sources walked: a match small enough is read whole once (when few pooled sources pass a
 * filter the walk would look up the whole pool), a larger one a source at a time.
 */
const WALK = `SELECT p.doc_id, p.position AS score FROM search_pool_projection p WHERE p.term = ${P.anchor}`;

/**
 * Whether the pooled source holds every expression of a JSON list (search.ts, lookupsOf): one keyed
 * look-up each, in the list's order, stopping at the first it lacks. The order decides only the
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
 * A pool can hold fewer matches than a page needs (a narrow filter, a second word few of its sources
 * hold, a term the anchor's word is only one spelling of): past the pool, the rest of the match,
 * most recently added first (the highest keys; the score is the key, negated), so paging never stops
 * while matches remain. The walk and the rest are one compound under the part's LIMIT: SQLite runs
 * its arms in order and stops at the LIMIT, so the rest is read only once the walk ran out, and never
 * past the page's end.
 */
const thenBeyond = (tier: "adjacent" | "apart" | "one") => `SELECT doc_id, score, 0 AS beyond FROM (
    ${
			tier === "adjacent"
				? WALK_ADJACENT
				: tier === "apart"
					? `${WALK_MATCH}
    AND p.doc_id NOT IN (SELECT doc_id FROM adjacent_found)`
					: WALK_MATCH
		}
    ORDER BY p.position)
  UNION ALL
  SELECT doc_id, score, 1 FROM (
    SELECT rowid AS doc_id, -rowid AS score FROM search_index
    WHERE search_index MATCH ${tier === "adjacent" ? P.adjacent : tier === "apart" ? `'(' || ${P.match} || ') NOT (' || ${P.adjacent} || ')'` : P.match}
      AND rowid NOT IN (SELECT doc_id FROM search_pool_projection WHERE term = ${P.anchor})
    ORDER BY rowid DESC)`;

/**
 * The words adjacent, in the title, topic labels or transcript (ranked among a pool, a source
 * holding them only in its summary is apart: two rungs): all of them by BM25 of the words adjacent
 * when at most a pool hold them (found anywhere), else the pool's, walked, then the rest.
 */
const POOLED_ADJACENT = `
adjacent_n AS MATERIALIZED (
  SELECT (SELECT CASE WHEN pooled AND NOT ${ADJACENT_LACKS_PAIRS} THEN (SELECT COUNT(*) FROM (
    SELECT 1 FROM search_index WHERE search_index MATCH ${P.adjacent} LIMIT ${POOL} + 1)) ELSE 0 END FROM plan) AS n),
adjacent_ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.adjacent}
  LIMIT (SELECT CASE WHEN n BETWEEN 1 AND ${POOL} THEN -1 ELSE 0 END FROM adjacent_n)),
adjacent_walk AS MATERIALIZED (
  ${thenBeyond("adjacent")}
  LIMIT (SELECT CASE WHEN n > ${POOL} THEN ${NEED} ELSE 0 END FROM adjacent_n)),
adjacent_found AS MATERIALIZED (
  SELECT doc_id, score, 0 AS beyond FROM adjacent_ranked UNION ALL SELECT doc_id, score, beyond FROM adjacent_walk),`;

/** Then the rest of the match (FTS5's NOT: the match without the words adjacent), walked, then the rest. */
const POOLED_APART = `
apart_walk AS MATERIALIZED (
  ${thenBeyond("apart")}
  LIMIT (SELECT CASE WHEN pooled THEN MAX(0, ${NEED} - (SELECT COUNT(*) FROM adjacent_found)) ELSE 0 END FROM plan)),`;

/** A one-term match: the pool walked once, then the rest. */
const POOLED_ONE_TIER = `
walk AS MATERIALIZED (
  ${thenBeyond("one")}
  LIMIT (SELECT CASE WHEN pooled THEN ${NEED} ELSE 0 END FROM plan)),`;

const poolSql = (shape: Shape) =>
	`${MATCH_SET}${shape.tiers ? `${POOLED_ADJACENT}${POOLED_APART}` : POOLED_ONE_TIER}`;

const gatedHits = (shape: Shape) =>
	shape.tiers
		? `${RANKED_HITS}
  UNION ALL SELECT doc_id, score, 0, beyond FROM adjacent_found
  UNION ALL SELECT doc_id, score, 2, beyond FROM apart_walk`
		: `${RANKED_ONE_TIER} UNION ALL SELECT doc_id, score, 0, beyond FROM walk`;

/** The plan that ran, for the answer and the profiles: null when nothing matched. */
const PLAN_RAN =
	"CASE WHEN n = 0 THEN NULL WHEN whole THEN 'whole' WHEN pooled THEN 'pool' ELSE 'recent' END";

/** total: every match when ranked whole, the stand-in's when recent (a walked pool's is estimated). */
const gatedStats = (shape: Shape) => `
  SELECT n AS probed, (SELECT COUNT(*) FROM ranked) AS total, ${PLAN_RAN} AS plan, pool,
         (SELECT computed_at FROM search_pool_projection WHERE term = ${P.anchor} AND position = 1) AS pool_computed_at,
         (SELECT as_set FROM walking) AS as_set
         ${shape.probes ? PRESENT : ""} FROM plan`;

/** The statement whose count decides its plan. */
export function gatedSql(shape: Shape): string {
	return `${prelude(shape)}${gate(shape)}${ESTIMATE}${UNPOOLED}
${shape.tiers ? rankedTiers(true) : ""}
${poolSql(shape)}
hits AS MATERIALIZED (${gatedHits(shape)}),
${pageSql(shape, true)}`;
}
