/**
 * The one entry a tool calls: a search as a pipeline, each stage a function with typed input and
 * output: parse (query/: the query's words) → vocabulary (vocabulary/: its lexicon entries and the
 * isolate's statistics) → plan (plan/: the terms searched, their spellings bounded, what is left out)
 * → execute (execute/: the rounds and their statements) → what a tool needs to answer (the terms,
 * what was left out, the page). Excerpts (excerpts/) and the heading (explain/) read what it returns.
 */
import type { PublicDb } from "../data/public-db";
import type { LeftOut } from "./plan/left-out";
import { runSearch, type Searched } from "./plan/rounds";
import { boundSpellings } from "./plan/together";
import {
	lexiconKeys,
	type ParsedQuery,
	parseQuery,
	type SearchTerm,
	searchTerms,
} from "./query/match-expression";
import { isStopTerm } from "./query/stop-words";
import { type SearchAsk, scopeOf } from "./request";
import { SEARCH_TUNING } from "./vocabulary/tuning";
import { type SearchVocabulary, searchVocabulary } from "./vocabulary/vocabulary";

/** When every remaining term is weightless, the any-term search takes only this many of them (SEARCH_TUNING; the guide states it). */
export const ANY_TERM_WEIGHTLESS_MAX = SEARCH_TUNING.anyTermWeightlessMax;

/** A query with no word to search (only punctuation, symbols or spaces): the caller's to fix. */
export class UnsearchableQuery extends Error {}

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

export interface SearchOutcome extends Planned {
	searched: Searched;
}

function planSearch(parsed: ParsedQuery, lexicon: SearchVocabulary["lexicon"]): Planned {
	const searched = searchTerms(parsed, lexicon);
	const meaningful = searched.filter((term) => !isStopTerm(term));
	const stopWordsOnly = meaningful.length === 0;
	const { ordered, kept, leftOut } = boundSpellings(searched, stopWordsOnly ? searched : meaningful);
	const stopped = ordered
		.filter((term) => !kept.includes(term))
		.map((term) => ({ term: term.text, reason: "stop_word" as const }));
	return { parsed, ordered, terms: kept, stopWordsOnly, leftOut: [...stopped, ...leftOut] };
}

/** The search `ask` describes: parsed, planned and read (at most two round trips, and the isolate's copies). */
export async function search(db: PublicDb, ask: SearchAsk): Promise<SearchOutcome> {
	const parsed = parseQuery(ask.query);
	if (parsed.words.length === 0) throw new UnsearchableQuery();
	const vocabulary = await searchVocabulary(db, lexiconKeys(parsed));
	const planned = planSearch(parsed, vocabulary.lexicon);
	const searched = await runSearch(db, planned.ordered, planned.terms, vocabulary, scopeOf(ask));
	return { ...planned, searched };
}
