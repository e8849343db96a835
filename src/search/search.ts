/**
 * The one entry a tool calls: a search as a pipeline, each stage a function with typed input and
 * output: parse (query/: the query's words) → vocabulary (vocabulary/: its lexicon entries and the
 * isolate's statistics) → plan (plan/: the terms searched, their spellings bounded, what is left out)
 * → execute (execute/: the rounds and their statements) → what a tool needs to answer (the terms,
 * what was left out, the page). Excerpts (excerpts/) and the heading (explain/) read what it returns.
 */
import type { PublicDb } from "../data/public-db";
import { runSearch, type Searched } from "./plan/rounds";
import { type Planned, planSearch } from "./plan/terms";
import { lexiconKeys, parseQuery } from "./query/match-expression";
import { type SearchAsk, scopeOf } from "./request";
import { SEARCH_TUNING } from "./vocabulary/tuning";
import { searchVocabulary } from "./vocabulary/vocabulary";

/** When every remaining term is weightless, the any-term search takes only this many of them (SEARCH_TUNING; the guide states it). */
export const ANY_TERM_WEIGHTLESS_MAX = SEARCH_TUNING.anyTermWeightlessMax;

/** A query with no word to search (only punctuation, symbols or spaces): the caller's to fix. */
export class UnsearchableQuery extends Error {}

export interface SearchOutcome extends Planned {
	searched: Searched;
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
