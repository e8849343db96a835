/**
 * search_sources' answer, apart from its schemas: the query read into terms (with the lexicon's
 * alternatives), the match expression, the any-term fallback, the page of cited sources with the
 * excerpt that explains each hit, and the text heading.
 */
import { handleKey } from "../data/handle-key";
import {
	allTerms,
	anyTerm,
	lexiconKeys,
	parseQuery,
	type SearchTerm,
	searchTerms,
	termExpression,
} from "../data/match-expression";
import type { PublicDb } from "../data/public-db";
import {
	firstBound,
	readSearch,
	type SearchFilters,
	type SearchPage,
	type SearchRequest,
	searchSources,
	searchStatement,
} from "../data/search";
import { choosePassage } from "../data/search-excerpts";
import { searchVocabulary } from "../data/search-vocabulary";
import { SEARCH_OFFSET_MAX } from "../limits";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAt } from "./excerpt";
import { oneLine } from "./one-line";
import { type ToolContext, ToolError } from "./tool";

/** When every remaining term is weightless, the any-term search takes only this many of them. */
export const ANY_TERM_WEIGHTLESS_MAX = 3;

export type MatchMode = "all_terms" | "known_terms" | "any_term";
export type LeftOutReason = "found_nowhere" | "in_most_sources" | "beyond_limit";

interface SearchArgs {
	query: string;
	creator_handle?: string | undefined;
	topic_id?: string | undefined;
	platform?: Platform | undefined;
	limit: number;
	offset: number;
}

export async function answerSearch(args: SearchArgs, { db, publicBaseUrl }: ToolContext) {
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
	const vocabulary = await searchVocabulary(db, lexiconKeys(parsed));
	const terms = searchTerms(parsed, vocabulary.lexicon);
	const {
		mode: matchMode,
		page,
		leftOut,
	} = await runSearch(db, terms, vocabulary.weightless, {
		filters,
		limit: args.limit,
		offset: args.offset,
	});
	const termKeys = terms.map((t) => t.keys);
	const results = page.rows.map((row, index) => {
		const passage = choosePassage(row.passages, termKeys);
		// Every source has at least one passage (the corpus format requires it).
		if (passage === undefined) throw new Error(`source ${row.source_id} has no passages`);
		return {
			...toSourceRef(row, publicBaseUrl),
			rank: args.offset + index + 1,
			excerpt: {
				passage_ordinal: passage.ordinal,
				start_ms: passage.start_ms,
				end_ms: passage.end_ms,
				text: excerptAt(passage.text, passage.hitAt),
				matched_terms: passage.held.map((i) => terms[i]?.text ?? ""),
			},
		};
	});
	const nextOffset = args.offset + results.length;
	const structured = {
		query: args.query,
		filters: {
			creator_handle: filters.creatorHandleKey === null ? null : `@${filters.creatorHandleKey}`,
			topic_id: filters.topicId,
			platform: args.platform ?? null,
		},
		match_mode: matchMode,
		query_truncated: parsed.truncated,
		interpreted_as: terms.map((t) => ({ term: t.text, phrase: t.quoted, alternatives: t.alternatives })),
		terms_left_out: leftOut,
		ranked_among: page.rankedAmong,
		total_estimate: page.total,
		offset: args.offset,
		limit: args.limit,
		next_offset:
			results.length > 0 && nextOffset < page.total && nextOffset <= SEARCH_OFFSET_MAX ? nextOffset : null,
		results,
		public_boundary: PUBLIC_BOUNDARY,
	};
	const notes = [
		matchMode === "any_term" ? "any word; none had all" : "",
		leftOut.length > 0 ? `left out: ${leftOut.map((l) => l.term).join(", ")}` : "",
		page.rankedAmong === null ? "" : `ranked among the ${page.rankedAmong} most recently added`,
	].filter((note) => note !== "");
	const heading =
		results.length === 0
			? `No public sources match "${args.query}"${page.total > 0 ? ` past offset ${args.offset} (there are ${page.total})` : ""}.`
			: `${page.exact ? "" : "About "}${page.total} public source${page.total === 1 ? "" : "s"} match "${args.query}"${notes.length > 0 ? ` (${notes.join("; ")})` : ""}; showing ${args.offset + 1}-${args.offset + results.length}:`;
	const lines = results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [oneLine(heading), ...lines].join("\n"), structured };
}

type LeftOut = { term: string; reason: LeftOutReason }[];

/**
 * Which terms a search requires, a pure decision over what is known before any read:
 * - an unquoted single word in most indexed sources (the isolate's copy of search_term_projection)
 *   is left out when a rarer term remains: BM25 gives it no weight (FTS5 clamps its IDF to ~0), so
 *   requiring it only drops sources that happen not to say "how" or "the", and scoring it only costs;
 * - a term found nowhere is left out (match_mode known_terms): one absent word must not empty a
 *   search, nor turn it into a ranking of everything that holds any other word.
 */
function requiredTerms(
	terms: readonly SearchTerm[],
	weightless: (term: SearchTerm) => boolean,
): { required: SearchTerm[]; leftOut: LeftOut } {
	const weighted = terms.filter((term) => !weightless(term));
	const required = weighted.length > 0 ? weighted : [...terms];
	const leftOut = terms
		.filter((term) => !required.includes(term))
		.map((term) => ({ term: term.text, reason: "in_most_sources" as const }));
	return { required, leftOut };
}

/**
 * If no source has every required term, any of them may match (any_term); when all of them are in
 * most sources, only the first ANY_TERM_WEIGHTLESS_MAX, since ranking every row that holds any very
 * common word is the costliest search there is.
 */
function anyTermsOf(required: SearchTerm[], weightless: (term: SearchTerm) => boolean) {
	const anyOf = required.some((t) => !weightless(t)) ? required : required.slice(0, ANY_TERM_WEIGHTLESS_MAX);
	const beyond = required
		.filter((term) => !anyOf.includes(term))
		.map((term) => ({ term: term.text, reason: "beyond_limit" as const }));
	return { anyOf, beyond };
}

const EMPTY: SearchPage = { rows: [], total: 0, exact: true, rankedAmong: null };

/**
 * The search in at most two round trips (on the edge each is a network hop): first the search that
 * assumes every term occurs, which also reports whether each term that might not does; then, only if
 * that found nothing, the search over the known terms and its any-term fallback together (the
 * fallback gated on the first matching nothing).
 */
async function runSearch(
	db: PublicDb,
	terms: SearchTerm[],
	weightless: (term: SearchTerm) => boolean,
	base: { filters: SearchFilters; limit: number; offset: number },
): Promise<{ mode: MatchMode; page: SearchPage; leftOut: LeftOut }> {
	const request = (match: string, more: Pick<SearchRequest, "gate" | "probes"> = {}): SearchRequest => ({
		...base,
		match,
		...more,
	});
	const search = (r: SearchRequest) => searchStatement(db, r, firstBound(r));
	if (terms.length === 1) {
		const only = request(allTerms(terms));
		return { mode: "all_terms", page: await searchSources(db, only), leftOut: [] };
	}
	const { required, leftOut: crowded } = requiredTerms(terms, weightless);
	// A word in most sources is known to occur; every other term is probed.
	const probed = terms.filter((term) => !weightless(term));
	const all = request(allTerms(required), { probes: probed.map(termExpression) });
	const page = await searchSources(db, all);
	const missing = probed.filter((_, i) => page.present?.[i] === false);
	if (missing.length === 0) {
		if (page.total > 0 || required.length === 1) return { mode: "all_terms", page, leftOut: crowded };
		const { anyOf, beyond } = anyTermsOf(required, weightless);
		const anyPage = await searchSources(db, request(anyTerm(anyOf)));
		return { mode: "any_term", page: anyPage, leftOut: [...crowded, ...beyond] };
	}
	const nowhere = missing.map((term) => ({ term: term.text, reason: "found_nowhere" as const }));
	const known = terms.filter((term) => !missing.includes(term));
	if (known.length === 0) return { mode: "all_terms", page: EMPTY, leftOut: [] };
	const { required: knownRequired, leftOut: knownCrowded } = requiredTerms(known, weightless);
	const knownAll = request(allTerms(knownRequired));
	const { anyOf, beyond } = anyTermsOf(knownRequired, weightless);
	const fallback = knownRequired.length > 1 ? request(anyTerm(anyOf), { gate: knownAll.match }) : null;
	const [found, alternative] = await db.batch([
		search(knownAll),
		...(fallback === null ? [] : [search(fallback)]),
	]);
	const knownPage = await searchSources(db, knownAll, undefined, found?.results ?? []);
	const leftOut = [...nowhere, ...knownCrowded];
	if (knownPage.total > 0 || fallback === null) return { mode: "known_terms", page: knownPage, leftOut };
	const anyPage =
		readSearch(alternative?.results ?? [], fallback, firstBound(fallback)) ??
		(await searchSources(db, fallback));
	return { mode: "any_term", page: anyPage, leftOut: [...leftOut, ...beyond] };
}
