/**
 * search_sources as a pipeline, each step a function with typed input and output:
 * parse (the query's words and the filters) → plan (the terms searched, their spellings bounded) →
 * read (the search's round trips, src/tools/search-run.ts) → answer (the structured result) →
 * heading (src/tools/search-heading.ts, from what was read: no read of its own).
 */
import { handleKey } from "../data/handle-key";
import {
	lexiconKeys,
	type ParsedQuery,
	parseQuery,
	type SearchTerm,
	searchTerms,
	termForms,
	termKey,
} from "../data/match-expression";
import type { SearchFilters } from "../data/search";
import { choosePassage } from "../data/search-excerpts";
import { SEARCH_TUNING } from "../data/search-tuning";
import type { SearchVocabulary } from "../data/search-vocabulary";
import { searchVocabulary } from "../data/search-vocabulary";
import { isStopTerm } from "../data/stop-words";
import { SEARCH_OFFSET_MAX } from "../limits";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAt } from "./excerpt";
import { echoed, oneLine } from "./one-line";
import { searchHeading } from "./search-heading";
import type { LeftOut } from "./search-left-out";
import { runSearch, type Searched } from "./search-run";
import { boundSpellings } from "./search-together";
import { type ToolContext, ToolError } from "./tool";

/** When every remaining term is weightless, the any-term search takes only this many of them (SEARCH_TUNING; the guide states it). */
export const ANY_TERM_WEIGHTLESS_MAX = SEARCH_TUNING.anyTermWeightlessMax;

interface SearchArgs {
	query: string;
	creator_handle?: string | undefined;
	topic_id?: string | undefined;
	platform?: Platform | undefined;
	limit: number;
	offset: number;
}

interface Parsed {
	parsed: ParsedQuery;
	filters: SearchFilters;
}

function parseSearch(args: SearchArgs): Parsed {
	const parsed = parseQuery(args.query);
	if (parsed.words.length === 0) {
		throw new ToolError(
			'query has no searchable words (only punctuation, symbols or spaces). Give at least one word or number, e.g. "AI search".',
		);
	}
	const filters = {
		creatorHandleKey: args.creator_handle === undefined ? null : handleKey(args.creator_handle),
		topicId: args.topic_id ?? null,
		platform: args.platform ?? null,
	};
	return { parsed, filters };
}

interface Planned {
	/** The query's every term in order, stop words included (they stay inside a phrase), spellings bounded. */
	ordered: SearchTerm[];
	/** The terms that carry meaning (every term, when none does). */
	terms: SearchTerm[];
	/** A query of stop words only ("the who") is searched as written, and the heading says so. */
	stopWordsOnly: boolean;
	/** Stop words, and spellings past the bound, left out before any read. */
	leftOut: LeftOut;
}

function planSearch(parsed: ParsedQuery, lexicon: SearchVocabulary["lexicon"]): Planned {
	const searched = searchTerms(parsed, lexicon);
	const meaningful = searched.filter((term) => !isStopTerm(term));
	const stopWordsOnly = meaningful.length === 0;
	const { ordered, kept, leftOut } = boundSpellings(searched, stopWordsOnly ? searched : meaningful);
	const stopped = ordered
		.filter((term) => !kept.includes(term))
		.map((term) => ({ term: term.text, reason: "stop_word" as const }));
	return { ordered, terms: kept, stopWordsOnly, leftOut: [...stopped, ...leftOut] };
}

/** One result: the source, its rank and tier, and the excerpt of its passage that best holds the query. */
function resultsOf(searched: Searched, terms: readonly SearchTerm[], offset: number, publicBaseUrl: string) {
	// A term's Spanish form too: a passage in Spanish that says it holds the term.
	const termKeys = terms.map((t) => (t.spanish === undefined ? t.keys : [...t.keys, termKey(t.spanish)]));
	return searched.page.rows.map((row, index) => {
		const passage = choosePassage(row.passages, termKeys, searched.together?.phraseKeys ?? []);
		// Every source has at least one passage (the corpus format requires it).
		if (passage === undefined) throw new Error(`source ${row.source_id} has no passages`);
		return {
			...toSourceRef(row, publicBaseUrl),
			rank: offset + index + 1,
			match_tier: searched.mode === "any_term" ? ("some_words" as const) : row.tier,
			excerpt: {
				passage_ordinal: passage.ordinal,
				start_ms: passage.start_ms,
				end_ms: passage.end_ms,
				text: excerptAt(passage.text, passage.hitAt),
				matched_terms: passage.held.map((i) => echoed(terms[i]?.text ?? "")),
			},
		};
	});
}

/**
 * The structured answer. `query` is the caller's own value as sent (at most 500 characters); every
 * other echo of the query's text (terms, terms left out, matched terms) follows the contract's echo rule.
 */
function answerOf(args: SearchArgs, p: Parsed & Planned, searched: Searched, publicBaseUrl: string) {
	const { page } = searched;
	const results = resultsOf(searched, p.terms, args.offset, publicBaseUrl);
	const nextOffset = args.offset + results.length;
	const among = page.rankedAmong;
	return {
		query: args.query,
		filters: {
			creator_handle: p.filters.creatorHandleKey === null ? null : `@${p.filters.creatorHandleKey}`,
			topic_id: p.filters.topicId,
			platform: args.platform ?? null,
		},
		match_mode: searched.mode,
		query_truncated: p.parsed.truncated,
		interpreted_as: p.ordered.map((t) => ({
			term: echoed(t.text),
			phrase: t.quoted,
			alternatives: termForms(t).slice(1),
		})),
		terms_left_out: [...searched.leftOut, ...p.leftOut].map((l) => ({
			term: echoed(l.term),
			reason: l.reason,
		})),
		ranked_among:
			among === null
				? null
				: { sources: among.sources, order: among.order, word: among.word, computed_at: among.computedAt },
		total_estimate: page.total,
		offset: args.offset,
		limit: args.limit,
		next_offset:
			results.length === args.limit && nextOffset < page.total && nextOffset <= SEARCH_OFFSET_MAX
				? nextOffset
				: null,
		results,
		public_boundary: PUBLIC_BOUNDARY,
	};
}

export async function answerSearch(args: SearchArgs, { db, publicBaseUrl }: ToolContext) {
	const parsed = parseSearch(args);
	const vocabulary = await searchVocabulary(db, lexiconKeys(parsed.parsed));
	const planned = { ...parsed, ...planSearch(parsed.parsed, vocabulary.lexicon) };
	const searched = await runSearch(db, planned.ordered, planned.terms, vocabulary, {
		filters: parsed.filters,
		limit: args.limit,
		offset: args.offset,
	});
	const structured = answerOf(args, planned, searched, publicBaseUrl);
	const heading = searchHeading({
		query: args.query,
		offset: args.offset,
		shown: structured.results.length,
		total: searched.page.total,
		exact: searched.page.exact,
		mode: searched.mode,
		stopWordsOnly: planned.stopWordsOnly,
		leftOut: [...searched.leftOut, ...planned.leftOut],
		rankedAmong: searched.page.rankedAmong,
		filters: structured.filters,
		nearTopics: searched.nearTopics,
	});
	const lines = structured.results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [oneLine(heading), ...lines].join("\n"), structured };
}
