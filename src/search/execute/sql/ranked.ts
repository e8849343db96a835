/**
 * The plans that rank their matches by BM25 (src/search/plan/plan.ts, Ranking): whole, every match of
 * a match held by at most a pool of sources; recent, the pool's worth of a crowded match's most
 * recently added matches, where no merit pool exists yet. Both rank in two tiers when the query has
 * two or more terms that carry meaning: first the sources holding its words adjacent in the title,
 * topic labels or transcript, then those holding them adjacent only in the summary, then the rest.
 * A part `go` turns off has LIMIT 0 and never opens the index. A whole ranking reads no further than
 * a pool and one: it is its own count, and one that reaches past a pool answers nothing but that
 * count (the match is crowded: plan.ts settles it).
 */
import { P } from "./params";

/**
 * What the word-pair index shows: that no source holds the pairs an expression asks for (a NULL
 * condition says nothing), so the expression matches nothing and is not read. A queued source, whose
 * pairs may be stale, holds the mark every condition admits (src/search/pairs/pair-conditions.ts).
 * Each is a CASE, so nothing is looked up for a NULL condition.
 */
export const lacksPairs = (pairs: string) => `(CASE WHEN ${pairs} IS NULL THEN 0
  ELSE NOT EXISTS (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ${pairs}) END)`;

/**
 * Every match ranked by BM25 (whole: no further than a pool and one), or the pool's worth most
 * recently added (recent); `ranked_n` how many were read, and `kept` whether they are the answer's.
 */
export const rankedMatches = (ranking: "whole" | "recent") => `
ranked AS MATERIALIZED (
  SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ${P.match}
  ${
		ranking === "whole"
			? `LIMIT (SELECT CASE WHEN go AND NOT ${lacksPairs(P.matchPairs)} THEN ${P.pool} + 1 ELSE 0 END FROM go)),`
			: `ORDER BY rowid DESC LIMIT (SELECT CASE WHEN go THEN ${P.pool} ELSE 0 END FROM go)),`
	}
ranked_n AS MATERIALIZED (SELECT COUNT(*) AS n, COUNT(*) BETWEEN 1 AND ${P.pool} AS kept FROM ranked),`;

/** The tiers' keys, only as far back as the ranked matches reach (all of them when ranked whole). */
const RANKED_FROM = "rowid >= (SELECT COALESCE(MIN(doc_id), 0) FROM ranked)";

/**
 * The ranked matches holding the words adjacent in any text column, then, only when some do, which of
 * them hold them in the title, topic labels or transcript (the others, in the summary alone: the words
 * adjacent are phrases joined by OR, so holding them in those columns implies holding them in any, and
 * the read stops once it has found as many). A phrase found nowhere is read once, not once a tier.
 */
const TIERS = `
adjacent_anywhere AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.adjacentAnywhere} AND ${RANKED_FROM}
  LIMIT (SELECT CASE WHEN ${lacksPairs(P.anywherePairs)} THEN 0 WHEN kept THEN -1 ELSE 0 END FROM ranked_n)),
adjacent_whole AS MATERIALIZED (
  SELECT rowid AS doc_id FROM search_index WHERE search_index MATCH ${P.adjacent} AND ${RANKED_FROM}
  LIMIT (SELECT COUNT(*) FROM adjacent_anywhere)),
hits AS MATERIALIZED (
  SELECT doc_id, score, CASE WHEN doc_id IN (SELECT doc_id FROM adjacent_whole) THEN 0
                             WHEN doc_id IN (SELECT doc_id FROM adjacent_anywhere) THEN 1 ELSE 2 END AS tier, 0 AS beyond
  FROM ranked WHERE (SELECT kept FROM ranked_n)),`;

const ONE_TIER = `
hits AS MATERIALIZED (SELECT doc_id, score, 0 AS tier, 0 AS beyond FROM ranked WHERE (SELECT kept FROM ranked_n)),`;

export const rankedHits = (tiers: boolean) => (tiers ? TIERS : ONE_TIER);
