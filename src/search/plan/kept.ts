/**
 * The terms a query is searched by, a pure decision over its parsed words and the lexicon: stop words
 * left out unless nothing else remains, spellings bounded (together.ts).
 */

import type { Lexicon } from "../query/lexicon-entry";
import type { ParsedQuery } from "../query/parse";
import { isStopTerm } from "../query/stop-words";
import type { SearchTerm } from "../query/terms";
import { searchTerms } from "../query/terms";
import type { LeftOut } from "./left-out";
import { boundSpellings } from "./together";

export interface Planned {
	parsed: ParsedQuery;
	/** The query's every term in order, stop words included (they stay inside a phrase), spellings bounded. */
	ordered: SearchTerm[];
	/** The terms that carry meaning (every term, when none does). */
	terms: SearchTerm[];
	/** A query of stop words only ("the who") is searched as written, and the heading says so. */
	stopWordsOnly: boolean;
	/** Stop words, and spellings past the bound, left out before any read. */
	leftOut: LeftOut;
}

export function planSearch(parsed: ParsedQuery, lexicon: Lexicon): Planned {
	const searched = searchTerms(parsed, lexicon);
	const meaningful = searched.filter((term) => !isStopTerm(term));
	const stopWordsOnly = meaningful.length === 0;
	const { ordered, kept, leftOut } = boundSpellings(searched, stopWordsOnly ? searched : meaningful);
	const stopped = ordered
		.filter((term) => !kept.includes(term))
		.map((term) => ({ term: term.text, reason: "stop_word" as const }));
	return { parsed, ordered, terms: kept, stopWordsOnly, leftOut: [...stopped, ...leftOut] };
}
