/**
 * The pool plan (src/search/plan/plan.ts, Ranking): a crowded match ranked among the `pool` sources
 * where its anchor (its rarest crowded word) weighs most, computed ahead of time
 * (search_pool_projection), in that order within each tier, then past the pool the rest of the match,
 * most recently added first. The pool is read best first, each source tested against the match
 * (keyed look-ups of its filters and narrowest terms in turn, then of the rest, until one fails; or,
 * for a match the sample estimates small, against the match read once as a set), until the page is
 * full: once for the words adjacent (summaries aside) and once for the rest. When at most a pool hold
 * the words adjacent, they are all found and ranked by BM25 of the words adjacent instead, ahead of
 * the pool; when none does, that tier reads nothing more.
 */
import { SEARCH_TUNING } from "../../vocabulary/tuning";
import { P } from "./params";
import { lacksPairs } from "./ranked";

const SET_POOLS = SEARCH_TUNING.setPools;
const NEED = `(${P.limit} + ${P.offset})`;

/**
 * A walked match the sample says is small is read once as a set, but never past one more than
 * `setPools` pools: a sample can miss a match held by a run of neighbouring keys, and then it is
 * looked up. One row, its count and its keys: the set is not read a second time to count it. Which of
 * the two tests the pool decides only what it costs, never the answer.
 */
const MATCH_SET = `
match_set AS MATERIALIZED (
  SELECT COUNT(*) AS n, json_group_array(doc_id) AS doc_ids FROM (
    SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.match}
    LIMIT (SELECT CASE WHEN go AND y.keys > 0 AND span.keys * y.matched <= ${P.pool} * ${SET_POOLS} * y.keys
                  THEN ${P.pool} * ${SET_POOLS} + 1 ELSE 0 END FROM go, sampled y, span))),
walking AS MATERIALIZED (SELECT n BETWEEN 1 AND ${P.pool} * ${SET_POOLS} AS as_set FROM match_set),`;

/** The anchor's pool, best first (its key order: no sort, so the read stops at the walk's LIMIT). */
const WALK = `SELECT p.doc_id, p.position AS score FROM search_pool_projection p WHERE p.term = ${P.anchor}`;

/** Whether the pooled source holds every expression of a JSON list: one keyed look-up each, in order, stopping at the first it lacks. */
const holdsEvery = (list: string) => `NOT EXISTS (
      SELECT 1 FROM json_each(${list}) e
      WHERE NOT EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH e.value AND rowid = p.doc_id))`;
const WALK_MATCH = `${WALK} AND CASE WHEN (SELECT as_set FROM walking)
    THEN p.doc_id IN (SELECT value FROM json_each((SELECT doc_ids FROM match_set)))
    ELSE ${holdsEvery(P.matchLookups)} END`;
const WALK_ADJACENT = `${WALK}
    AND ${holdsEvery(P.adjacentLookups)}`;

/**
 * The pool walked, then past it the rest of the match, most recently added first (the highest keys;
 * the score is the key, negated), so paging never stops while matches remain. One compound under the
 * part's LIMIT: SQLite runs its arms in order and stops at the LIMIT, so the rest is read only once
 * the walk ran out, and never past the page's end.
 */
const thenBeyond = (tier: "adjacent" | "apart" | "one") => `SELECT doc_id, score, 0 AS beyond FROM (
    ${tier === "adjacent" ? WALK_ADJACENT : tier === "apart" ? `${WALK_MATCH}\n    AND p.doc_id NOT IN (SELECT doc_id FROM adjacent_found)` : WALK_MATCH}
    ORDER BY p.position)
  UNION ALL
  SELECT doc_id, score, 1 FROM (
    SELECT rowid AS doc_id, -rowid AS score FROM search_index
    WHERE search_index MATCH ${tier === "adjacent" ? P.adjacent : tier === "apart" ? `'(' || ${P.match} || ') NOT (' || ${P.adjacent} || ')'` : P.match}
      AND rowid NOT IN (SELECT doc_id FROM search_pool_projection WHERE term = ${P.anchor})
    ORDER BY rowid DESC)`;

/**
 * The words adjacent, in the title, topic labels or transcript (a source holding them only in its
 * summary is apart: two rungs): all of them by BM25 of the words adjacent when at most a pool hold
 * them, else the pool's, walked, then the rest; then the rest of the match (FTS5's NOT: the match
 * without the words adjacent), walked, then the rest.
 */
const TIERS = `
adjacent_n AS MATERIALIZED (
  SELECT (SELECT CASE WHEN go AND NOT ${lacksPairs(P.adjacentPairs)} THEN (SELECT COUNT(*) FROM (
    SELECT 1 FROM search_index WHERE search_index MATCH ${P.adjacent} LIMIT ${P.pool} + 1)) ELSE 0 END FROM go) AS n),
adjacent_ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.adjacent}
  LIMIT (SELECT CASE WHEN n BETWEEN 1 AND ${P.pool} THEN -1 ELSE 0 END FROM adjacent_n)),
adjacent_walk AS MATERIALIZED (
  ${thenBeyond("adjacent")}
  LIMIT (SELECT CASE WHEN n > ${P.pool} THEN ${NEED} ELSE 0 END FROM adjacent_n)),
adjacent_found AS MATERIALIZED (
  SELECT doc_id, score, 0 AS beyond FROM adjacent_ranked UNION ALL SELECT doc_id, score, beyond FROM adjacent_walk),
apart_walk AS MATERIALIZED (
  ${thenBeyond("apart")}
  LIMIT (SELECT CASE WHEN go THEN MAX(0, ${NEED} - (SELECT COUNT(*) FROM adjacent_found)) ELSE 0 END FROM go)),
hits AS MATERIALIZED (
  SELECT doc_id, score, 0 AS tier, beyond FROM adjacent_found
  UNION ALL SELECT doc_id, score, 2, beyond FROM apart_walk),`;

/** A one-tier match: the pool walked once, then the rest. */
const ONE_TIER = `
walk AS MATERIALIZED (
  ${thenBeyond("one")}
  LIMIT (SELECT CASE WHEN go THEN ${NEED} ELSE 0 END FROM go)),
hits AS MATERIALIZED (SELECT doc_id, score, 0 AS tier, beyond FROM walk),`;

export const poolHits = (tiers: boolean) => `${MATCH_SET}${tiers ? TIERS : ONE_TIER}`;

/** The pool's own columns in the answer's first row: when it was computed, and how it was walked. */
export const POOL_COLUMNS = `(SELECT computed_at FROM search_pool_projection WHERE term = ${P.anchor} AND position = 1) AS pool_computed_at,
         (SELECT as_set FROM walking) AS as_set,`;
