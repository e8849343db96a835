/**
 * A search statement's text, one plan a statement (src/search/plan/plan.ts; the shapes' text is
 * committed in docs/search-sql/, regenerated and compared by test/node/search-sql.test.ts): the census
 * when the plan waits on it, the plan's own parts, then the page. SQLite expands a common table
 * expression's text again at every reference and refuses a statement whose expansions reach its
 * limit (1,000 by default); each statement keeps at least half of it free (the same test).
 */
import { censusColumns, censusHead, fallbackCount } from "./census";
import { ESTIMATE, ESTIMATE_COLUMNS } from "./estimate";
import { FOUND, PAGE } from "./page";
import type { Shape } from "./params";
import { POOL_COLUMNS, poolHits } from "./pool";
import { rankedHits, rankedMatches } from "./ranked";

/** The parts of a statement before its page: what it reads, in order. */
function partsOf(shape: Shape): string {
	const fallback = shape.census ? fallbackCount(shape.ranking === "whole") : "";
	if (shape.ranking === "pool") return `${ESTIMATE}${poolHits(shape.tiers)}${fallback}`;
	const estimate = shape.ranking === "recent" ? ESTIMATE : "";
	return `${estimate}${rankedMatches(shape.ranking)}${rankedHits(shape.tiers)}${fallback}`;
}

/** Between the first row's columns: each on its own line, as the snapshots print it. */
const NEXT = "\n         ";

/** The first row's statistics: the census's, whether the plan ran, how many were ranked, the pool's and the sample's. */
function statsOf(shape: Shape): string {
	const ranked = shape.ranking === "pool" ? "0" : "(SELECT n FROM ranked_n)";
	const census = shape.census ? `${censusColumns(true)}${NEXT}` : "";
	const pool = shape.ranking === "pool" ? `${POOL_COLUMNS}${NEXT}` : "";
	const estimate = shape.ranking !== "whole" ? `${ESTIMATE_COLUMNS}${NEXT}` : "";
	return `
  SELECT ${census}${pool}${estimate}go, ${ranked} AS total FROM go`;
}

export function statementSql(shape: Shape): string {
	return `WITH${censusHead(shape.census)}${partsOf(shape)}${FOUND}\nstats AS MATERIALIZED (${statsOf(shape)}),${PAGE}`;
}
