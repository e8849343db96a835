import { topicIdsNearUnknown } from "../data/aggregates";
import { handleKey } from "../data/handle-key";
import {
	allTerms,
	anyTerm,
	ftsPhrase,
	lexiconKeys,
	MAX_PHRASE_WORDS,
	parseQuery,
	type SearchTerm,
	searchTerms,
	termExpression,
	termKey,
} from "../data/match-expression";
import type { PublicDb } from "../data/public-db";
import {
	readSearch,
	type SearchFilters,
	type SearchPage,
	type SearchRequest,
	searchSources,
	searchStatement,
} from "../data/search";
import { choosePassage } from "../data/search-excerpts";
import { type SearchVocabulary, searchVocabulary } from "../data/search-vocabulary";
import { isStopKey } from "../data/stop-words";
import { SEARCH_OFFSET_MAX } from "../limits";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAt } from "./excerpt";
import { echoed, oneLine } from "./one-line";
import { type ToolContext, ToolError } from "./tool";

/** When every remaining term is weightless, the any-term search takes only this many of them. */
export const ANY_TERM_WEIGHTLESS_MAX = 3;
/** A query's words together are looked for in at most this many spellings (lexicon forms multiply). */
const TOGETHER_MAX_PHRASES = 4;

export type MatchMode = "all_terms" | "known_terms" | "any_term";
export type LeftOutReason = "found_nowhere" | "in_most_sources" | "beyond_limit" | "stop_word";

interface SearchArgs {
	query: string;
	creator_handle?: string | undefined;
	topic_id?: string | undefined;
	platform?: Platform | undefined;
	limit: number;
	offset: number;
}

/** An unquoted single word without alternatives that carries no meaning ("the", "how"). */
const isStopWord = (term: SearchTerm) =>
	!term.quoted && term.alternatives.length === 0 && isStopKey(term.keys[0] ?? "");

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
	const ordered = searchTerms(parsed, vocabulary.lexicon);
	const meaningful = ordered.filter((term) => !isStopWord(term));
	// A query of stop words only ("the who") is searched as written, and the heading says so.
	const stopWordsOnly = meaningful.length === 0;
	const terms = stopWordsOnly ? ordered : meaningful;
	const stopped = ordered
		.filter((term) => !terms.includes(term))
		.map((term) => ({ term: term.text, reason: "stop_word" as const }));
	const {
		mode: matchMode,
		page,
		leftOut,
		together,
	} = await runSearch(db, ordered, terms, vocabulary, {
		filters,
		limit: args.limit,
		offset: args.offset,
	});
	const termKeys = terms.map((t) => t.keys);
	const results = page.rows.map((row, index) => {
		const passage = choosePassage(row.passages, termKeys, together?.phraseKeys ?? []);
		// Every source has at least one passage (the corpus format requires it).
		if (passage === undefined) throw new Error(`source ${row.source_id} has no passages`);
		return {
			...toSourceRef(row, publicBaseUrl),
			rank: args.offset + index + 1,
			match_tier: matchMode === "any_term" ? ("some_words" as const) : row.tier,
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
	const among = page.rankedAmong;
	const rankedAmong =
		among === null
			? null
			: { sources: among.sources, order: among.order, word: among.word, computed_at: among.computedAt };
	const allLeftOut = [...leftOut, ...stopped];
	const structured = {
		query: args.query,
		filters: {
			creator_handle: filters.creatorHandleKey === null ? null : `@${filters.creatorHandleKey}`,
			topic_id: filters.topicId,
			platform: args.platform ?? null,
		},
		match_mode: matchMode,
		query_truncated: parsed.truncated,
		interpreted_as: ordered.map((t) => ({ term: t.text, phrase: t.quoted, alternatives: t.alternatives })),
		terms_left_out: allLeftOut,
		ranked_among: rankedAmong,
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
	const notes = [
		stopWordsOnly ? "only words that carry no meaning of their own: searched as written" : "",
		matchMode === "any_term" ? "any word; none had all" : "",
		allLeftOut.length > 0 ? `left out: ${allLeftOut.map((l) => l.term).join(", ")}` : "",
		rankedAmong === null
			? ""
			: rankedAmong.word === null
				? `ranked among the ${rankedAmong.sources} most recently added`
				: `ranked among the ${rankedAmong.sources} where "${rankedAmong.word}" weighs most`,
	].filter((note) => note !== "");
	const heading =
		results.length === 0
			? // Past the matches a pool holds, the notes say why "about N" match and none is shown.
				`No public sources match "${args.query}"${page.total > 0 ? ` past offset ${args.offset} (there are ${page.exact ? "" : "about "}${page.total}${notes.map((note) => `; ${note}`).join("")})` : await nothingWith(db, structured.filters)}.`
			: `${page.exact ? "" : "About "}${page.total} public source${page.total === 1 ? "" : "s"} match${page.total === 1 ? "es" : ""} "${args.query}"${notes.length > 0 ? ` (${notes.join("; ")})` : ""}; showing ${args.offset + 1}-${args.offset + results.length}:`;
	const lines = results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [oneLine(heading), ...lines].join("\n"), structured };
}

/**
 * What a search that matched nothing was filtered by, so that an agent does not read "nothing on
 * this subject"; for a topic id the server does not know, the nearest ones it does. A creator is only
 * named: whether a handle has public sources is get_creator's answer, with its own read.
 */
async function nothingWith(
	db: PublicDb,
	filters: { creator_handle: string | null; topic_id: string | null; platform: string | null },
): Promise<string> {
	const named = [
		filters.creator_handle === null ? "" : `creator_handle ${echoed(filters.creator_handle)}`,
		filters.topic_id === null ? "" : `topic_id "${echoed(filters.topic_id)}"`,
		filters.platform === null ? "" : `platform ${filters.platform}`,
	].filter((part) => part !== "");
	if (named.length === 0) return "";
	const near = filters.topic_id === null ? null : await topicIdsNearUnknown(db, filters.topic_id);
	const topicHint =
		near === null
			? ""
			: `; topic ids are exact lower-case slugs${near.length > 0 ? `, the closest: ${near.join(", ")}` : " (get_public_manifest lists them)"}`;
	return ` with ${named.join(", ")}${topicHint}`;
}

type LeftOut = { term: string; reason: LeftOutReason }[];

interface Together {
	/** The words adjacent in any of their spellings (null when there are too many to list), as FTS5 text. */
	adjacent: string | null;
	/** The same, as stemmed keys: what the excerpt prefers. */
	phraseKeys: string[];
}

/**
 * What it means for a source to hold the query's words together, a pure decision over the terms in
 * query order: every kept term adjacent, in order (stop words between them stay: "return on
 * investment"), in any of their forms. The statement ranks those holding them so in the title, topic
 * labels or transcript first and in the summary alone a rung below (src/data/search.ts). Undefined
 * when fewer than two terms carry meaning: every match then holds "the words" adjacent.
 */
export function togetherOf(
	ordered: readonly SearchTerm[],
	kept: readonly SearchTerm[],
): Together | undefined {
	const inner = ordered.filter((term) => kept.includes(term) || isStopWord(term));
	while (inner.length > 0 && isStopWord(inner[0] as SearchTerm)) inner.shift();
	while (inner.length > 0 && isStopWord(inner.at(-1) as SearchTerm)) inner.pop();
	const meaningful = inner.filter((term) => !isStopWord(term));
	if (meaningful.length < 2) return undefined;
	let phrases: string[] = [""];
	for (const term of inner) {
		const forms = [term.text, ...term.alternatives];
		phrases = phrases.flatMap((start) => forms.map((form) => `${start} ${form}`.trim()));
		if (phrases.length > TOGETHER_MAX_PHRASES) break;
	}
	const adjacent =
		phrases.length <= TOGETHER_MAX_PHRASES
			? phrases.filter((phrase) => termKey(phrase).split(" ").length <= MAX_PHRASE_WORDS)
			: [];
	return {
		adjacent: adjacent.length === 0 ? null : adjacent.map(ftsPhrase).join(" OR "),
		phraseKeys: adjacent.map(termKey),
	};
}

/**
 * The word whose pool ranks a crowded match: of the words the query wrote for its required terms
 * (a lexicon term's own words, not its alternatives': a rarely used alternative must not decide),
 * the one in fewest public sources among those that crowd the index and have a pool. Each pooled
 * source is tested against the whole match, so nothing is shown that does not match; a match
 * outside the pool is not ranked. Null when no word qualifies: such a match is never crowded, or is
 * ranked among its most recently added matches.
 */
export function anchorOf(required: readonly SearchTerm[], crowdedDocs: SearchVocabulary["crowdedDocs"]) {
	let best: { word: string; docs: number } | null = null;
	for (const term of required) {
		for (const word of (term.keys[0] ?? "").split(" ")) {
			const docs = crowdedDocs(word);
			if (
				docs !== undefined &&
				(best === null || docs < best.docs || (docs === best.docs && word < best.word))
			)
				best = { word, docs };
		}
	}
	return best?.word ?? null;
}

/**
 * The order a pooled source is tested against the required terms in (keyed look-ups, the test
 * stopping at the first term it lacks): fewest holders first, estimated from the words the query
 * wrote as the last refresh counted them (a phrase holds no more than its rarest word; a word that
 * does not crowd the index comes before any that does), and last the term of the anchor itself,
 * which every pooled source holds. The order decides only what the test costs, never the answer.
 */
export function lookupOrder(
	required: readonly SearchTerm[],
	anchor: string | null,
	holders: SearchVocabulary["holders"],
): SearchTerm[] {
	const estimate = (term: SearchTerm) => {
		const key = term.keys[0] ?? "";
		return key === anchor ? Number.MAX_SAFE_INTEGER : Math.min(...key.split(" ").map(holders));
	};
	return required
		.map((term) => ({ term, holders: estimate(term) }))
		.sort((a, b) => a.holders - b.holders)
		.map(({ term }) => term);
}

/**
 * The search for every required term, tiered by what "together" means over `kept` (`ordered` is the
 * query's every term): its match, the order a pooled source's look-ups test the terms in, and the
 * anchor whose pool ranks it when crowded.
 */
export function allTermsRequest(
	ordered: readonly SearchTerm[],
	required: readonly SearchTerm[],
	kept: readonly SearchTerm[],
	{ crowdedDocs, holders }: Pick<SearchVocabulary, "crowdedDocs" | "holders">,
	base: Omit<SearchRequest, "match" | "parts" | "anchor" | "adjacent">,
): { request: SearchRequest; together: Together | undefined } {
	const together = togetherOf(ordered, kept);
	const anchor = anchorOf(required, crowdedDocs);
	const request: SearchRequest = {
		...base,
		match: allTerms(required),
		parts: lookupOrder(required, anchor, holders).map(termExpression),
		anchor,
		...(together === undefined ? {} : { adjacent: together.adjacent }),
	};
	return { request, together };
}

/** The search for any of the terms: one tier (no source holds them all), ranked among the rarest crowded word's pool. */
export const anyTermRequest = (
	some: readonly SearchTerm[],
	{ crowdedDocs }: Pick<SearchVocabulary, "crowdedDocs">,
	base: Omit<SearchRequest, "match" | "parts" | "anchor" | "adjacent">,
): SearchRequest => ({ ...base, match: anyTerm(some), anchor: anchorOf(some, crowdedDocs) });

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

interface Searched {
	mode: MatchMode;
	page: SearchPage;
	leftOut: LeftOut;
	/** What "together" meant for the search that answered, if it had two tiers. */
	together: Together | undefined;
}

/**
 * The search in at most two round trips (on the edge each is a network hop): first the search that
 * assumes every term occurs, which also reports whether each term that might not does; then, only if
 * that found nothing, the search over the known terms and its any-term fallback together (the
 * fallback gated on the first matching nothing). `ordered` is the query's every term, stop words
 * included (they stay inside a phrase); `terms` those that carry meaning.
 */
async function runSearch(
	db: PublicDb,
	ordered: readonly SearchTerm[],
	terms: SearchTerm[],
	vocabulary: SearchVocabulary,
	base: { filters: SearchFilters; limit: number; offset: number },
): Promise<Searched> {
	const { weightless } = vocabulary;
	const allOf = (
		required: SearchTerm[],
		kept: SearchTerm[],
		more: Pick<SearchRequest, "gate" | "probes"> = {},
	) => allTermsRequest(ordered, required, kept, vocabulary, { ...base, ...more });
	const anyOf = (some: SearchTerm[], more: Pick<SearchRequest, "gate"> = {}) =>
		anyTermRequest(some, vocabulary, { ...base, ...more });
	const { required, leftOut: crowded } = requiredTerms(terms, weightless);
	// A word in most sources is known to occur; every other term is probed (when there are several).
	const probed = terms.length > 1 ? terms.filter((term) => !weightless(term)) : [];
	const all = allOf(required, terms, { probes: probed.map(termExpression) });
	const page = await searchSources(db, all.request);
	const missing = probed.filter((_, i) => page.present?.[i] === false);
	if (missing.length === 0) {
		if (page.total > 0 || required.length === 1)
			return { mode: "all_terms", page, leftOut: crowded, together: all.together };
		const { anyOf: some, beyond } = anyTermsOf(required, weightless);
		const anyPage = await searchSources(db, anyOf(some));
		return { mode: "any_term", page: anyPage, leftOut: [...crowded, ...beyond], together: undefined };
	}
	const nowhere = missing.map((term) => ({ term: term.text, reason: "found_nowhere" as const }));
	const known = terms.filter((term) => !missing.includes(term));
	if (known.length === 0) return { mode: "all_terms", page: EMPTY, leftOut: [], together: undefined };
	const { required: knownRequired, leftOut: knownCrowded } = requiredTerms(known, weightless);
	const knownAll = allOf(knownRequired, known);
	const { anyOf: some, beyond } = anyTermsOf(knownRequired, weightless);
	const fallback = knownRequired.length > 1 ? anyOf(some, { gate: knownAll.request.match }) : null;
	const [found, alternative] = await db.batch([
		searchStatement(db, knownAll.request),
		...(fallback === null ? [] : [searchStatement(db, fallback)]),
	]);
	const knownPage = readSearch(found?.results ?? [], knownAll.request);
	const leftOut = [...nowhere, ...knownCrowded];
	if (knownPage.total > 0 || fallback === null)
		return { mode: "known_terms", page: knownPage, leftOut, together: knownAll.together };
	const anyPage = readSearch(alternative?.results ?? [], fallback);
	return { mode: "any_term", page: anyPage, leftOut: [...leftOut, ...beyond], together: undefined };
}
