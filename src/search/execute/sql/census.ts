/**
 * The census: what the isolate cannot know, counted once at the head of a first statement
 * (src/search/plan/plan.ts says what it decides). Each probe's presence (the pair index first: a
 * phrase whose pairs no source holds is found nowhere without reading its positions); the match
 * searched (the probed terms found, or those in most sources when none is, when a probe found
 * nothing), counted no further than a pool and one, or not at all when the plan is sure of its
 * ranking; the any-term fallback's count once that match is known to match nothing. Then `go`: whether
 * the count agrees with the plan's guess, which the statement runs only then. A statement with no
 * census has a `go` of 1: its plan was settled before it was sent.
 */
import { P } from "./params";

/** A bounded count of a match given as a column or a parameter: no further than a pool and one. */
const boundedCount = (match: string) =>
	`(SELECT COUNT(*) FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${match} LIMIT ${P.pool} + 1))`;

const PROBE_PAIRS = `json_extract(${P.probePairs}, '$[' || key || ']')`;

/** Each probe, and whether any source holds it: NOT EXISTS in the pair index proves it found nowhere. */
const PROBE = `
probe AS MATERIALIZED (
  SELECT CAST(key AS INTEGER) AS i, value AS term,
         CASE WHEN ${PROBE_PAIRS} IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${PROBE_PAIRS}) THEN 0
              ELSE EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH value) END AS e
  FROM json_each(${P.probes})),`;

/**
 * The match the census counts, and its fallback: the match as bound when every probe was found;
 * else the probes found (all of them, and any of them when more than one), or, none found, the terms
 * in most sources (plan.ts, settle, chooses the same).
 */
const SEARCHED = `
probed AS MATERIALIZED (
  SELECT COUNT(*) - COALESCE(SUM(e), 0) AS absent, COALESCE(SUM(e), 0) AS found_n, json_group_array(e) AS present,
         group_concat(CASE WHEN e THEN term END, ' AND ') AS all_found,
         group_concat(CASE WHEN e THEN term END, ' OR ') AS any_found
  FROM (SELECT i, term, e FROM probe ORDER BY i)),
searched AS MATERIALIZED (
  SELECT absent, present,
         CASE WHEN absent = 0 THEN ${P.match} WHEN found_n > 0 THEN '(' || all_found || ')' || ${P.facets}
              ELSE ${P.weightlessAll} END AS m,
         CASE WHEN absent = 0 THEN ${P.fallback} WHEN found_n > 1 THEN '(' || any_found || ')' || ${P.facets}
              WHEN found_n = 0 THEN ${P.weightlessAny} END AS f
  FROM probed),`;

/**
 * The match's count: not read when the first plan needs none (NULL: it is sure of its ranking, or
 * ranks the match whole, which counts it); 0 when nothing is to count or the pair index holds none of
 * its pairs; the pool when the pair index shows at most a pool hold it (then no more hold the match,
 * which may still hold none: plan.ts guesses whole, whose ranking finds out); else the count.
 */
const COUNTED = `
census AS MATERIALIZED (
  SELECT present, absent, f,
         CASE WHEN absent = 0 AND NOT ${P.count} THEN NULL
              WHEN m IS NULL THEN 0
              WHEN absent = 0 AND ${P.matchPairs} IS NOT NULL THEN (
                SELECT CASE WHEN held = 0 THEN 0 WHEN held <= ${P.pool} THEN ${P.pool} ELSE ${boundedCount("m")} END
                FROM (SELECT COUNT(*) AS held FROM (
                  SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${P.matchPairs} LIMIT ${P.pool} + 1)))
              ELSE ${boundedCount("m")} END AS n
  FROM searched),`;

/** Whether the statement runs its plan: the census found every probe and agrees with the guess. */
const GO = `
go AS MATERIALIZED (
  SELECT absent = 0 AND (n IS NULL OR n BETWEEN ${P.guessFrom} AND ${P.guessTo}) AS go FROM census),`;

/** A settled plan's statement runs it. */
const ALWAYS = `
go AS MATERIALIZED (SELECT 1 AS go),`;

export const censusHead = (census: boolean) => (census ? `${PROBE}${SEARCHED}${COUNTED}${GO}` : ALWAYS);

/**
 * The fallback's count, read only when the match searched matches nothing: by the census's count, or
 * (`ranked`: a whole ranking that ran) by that ranking finding nothing.
 */
export const fallbackCount = (ranked: boolean) => `
fallback AS MATERIALIZED (
  SELECT CASE WHEN f IS NOT NULL AND ${ranked ? "(n = 0 OR (SELECT go FROM go) AND (SELECT n FROM ranked_n) = 0)" : "n = 0"}
              THEN ${boundedCount("f")} END AS any_n
  FROM census),`;

/** What the answer's first row says of the census (NULLs when there was none). */
export const censusColumns = (census: boolean) =>
	census
		? "(SELECT present FROM census) AS present, (SELECT n FROM census) AS n, (SELECT any_n FROM fallback) AS any_n, "
		: "";
