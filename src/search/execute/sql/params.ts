/**
 * The numbered values every search statement binds (src/search/execute/statement.ts gives them in
 * this order). Values reach a statement's text only through these: the text is made of the constant
 * fragments of this folder, chosen by the plan's shape (test/node/sql-safety.test.ts holds src/ to
 * that). A part of the text that does not apply does not name its number, and a statement binds the
 * values up to the highest its text names.
 */
export const P = {
	/** The match, as FTS5 text, with the filters. */
	match: "?1",
	/** Its words adjacent in the title, topic labels or transcript; and in any text column. */
	adjacent: "?2",
	adjacentAnywhere: "?3",
	/** The stemmed word whose merit pool ranks a crowded match. */
	anchor: "?4",
	limit: "?5",
	offset: "?6",
	/** The pool size the plan was decided with. */
	pool: "?7",
	/** What a pooled source is tested by, in order (JSON lists of FTS5 text). */
	matchLookups: "?8",
	adjacentLookups: "?9",
	/** What the word-pair index must hold for the match, its words adjacent near and anywhere (or NULL). */
	matchPairs: "?10",
	adjacentPairs: "?11",
	anywherePairs: "?12",
	/** The census: the terms probed (JSON list of FTS5 text) and what the pairs must hold for each. */
	probes: "?13",
	probePairs: "?14",
	/** The terms in most sources, all of them and any of (at most three), each with the filters, or NULL. */
	weightlessAll: "?15",
	weightlessAny: "?16",
	/** The filters as a suffix of a match (` AND facets : …`), for what the census writes itself. */
	facets: "?17",
	/** The any-term match that stands in when the match matches nothing, with the filters, or NULL. */
	fallback: "?18",
	/** 1: the census counts the match; 0: the plan is sure of its ranking. */
	count: "?19",
	/** The counts for which the plan's guess is right: the statement runs it only then. */
	guessFrom: "?20",
	guessTo: "?21",
} as const;

export type Param = keyof typeof P;

/** Which text a statement is made of: its ranking, whether it begins with the census, whether it has tiers. */
export interface Shape {
	ranking: "whole" | "pool" | "recent";
	census: boolean;
	tiers: boolean;
}
