/**
 * The reads of one search: at most two round trips (on the edge each is a network hop), and for an
 * empty answer filtered by a topic id the server does not know, the closest ones it does (from the
 * isolate's copy: no read of its own).
 */
import { topicIdsNearUnknown } from "../../data/aggregates";
import type { PublicDb } from "../../data/public-db";
import {
	readSearch,
	type SearchPage,
	type SearchRequest,
	searchSources,
	searchStatement,
} from "../execute/statement";
import { termPairs } from "../pairs/pair-conditions";
import { type SearchTerm, termExpression } from "../query/match-expression";
import type { SearchScope } from "../request";
import type { SearchVocabulary } from "../vocabulary/vocabulary";
import type { LeftOut } from "./left-out";
import { allTermsRequest, anyTermRequest, anyTermsOf, requiredTerms } from "./requests";
import type { Together } from "./together";

export type MatchMode = "all_terms" | "known_terms" | "any_term";

const EMPTY: SearchPage = { rows: [], total: 0, exact: true, rankedAmong: null };

export interface Searched {
	mode: MatchMode;
	page: SearchPage;
	leftOut: LeftOut;
	/** What "together" meant for the search that answered, if it had two tiers. */
	together: Together | undefined;
	/** An empty answer filtered by a topic id the server does not know: the closest ones it does; else null. */
	nearTopics: string[] | null;
}

/** How the terms' searches are built for this query (search-requests.ts), with its vocabulary and page. */
function requestsFor(ordered: readonly SearchTerm[], vocabulary: SearchVocabulary, scope: SearchScope) {
	return {
		allOf: (
			required: SearchTerm[],
			kept: SearchTerm[],
			more: Pick<SearchRequest, "gate" | "probes" | "pairs"> = {},
		) => allTermsRequest(ordered, required, kept, vocabulary, { ...scope, ...more }),
		anyOf: (some: SearchTerm[], more: Pick<SearchRequest, "gate"> = {}) =>
			anyTermRequest(some, vocabulary, { ...scope, ...more }),
	};
}

/**
 * The search in at most two round trips (on the edge each is a network hop): first the search that
 * assumes every term occurs, which also reports whether each term that might not does; then, only if
 * that found nothing, the search over the known terms and its any-term fallback together (the
 * fallback gated on the first matching nothing). `ordered` is the query's every term, stop words
 * included (they stay inside a phrase); `terms` those that carry meaning.
 */
async function searchRounds(
	db: PublicDb,
	ordered: readonly SearchTerm[],
	terms: SearchTerm[],
	vocabulary: SearchVocabulary,
	scope: SearchScope,
): Promise<Omit<Searched, "nearTopics">> {
	const { weightless } = vocabulary;
	const { allOf, anyOf } = requestsFor(ordered, vocabulary, scope);
	const { required, leftOut: crowded } = requiredTerms(terms, weightless);
	// A word in most sources is known to occur; every other term is probed (when there are several).
	const probed = terms.length > 1 ? terms.filter((term) => !weightless(term)) : [];
	const all = allOf(required, terms, {
		probes: probed.map(termExpression),
		pairs: { match: null, adjacent: null, anywhere: null, probes: probed.map(termPairs) },
	});
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
	return knownTermsRound(db, known, nowhere, vocabulary, requestsFor(ordered, vocabulary, scope));
}

/** The second round trip: the known terms' search, and its any-term fallback gated on it matching nothing. */
async function knownTermsRound(
	db: PublicDb,
	known: SearchTerm[],
	nowhere: LeftOut,
	{ weightless }: SearchVocabulary,
	{ allOf, anyOf }: ReturnType<typeof requestsFor>,
): Promise<Omit<Searched, "nearTopics">> {
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

/** The search's reads; for an empty answer filtered by a topic id, the closest known ones (the isolate's copy). */
export async function runSearch(
	db: PublicDb,
	ordered: readonly SearchTerm[],
	terms: SearchTerm[],
	vocabulary: SearchVocabulary,
	scope: SearchScope,
): Promise<Searched> {
	const searched = await searchRounds(db, ordered, terms, vocabulary, scope);
	const empty = searched.page.rows.length === 0 && searched.page.total === 0;
	const topicId = scope.filters.topicId;
	const nearTopics = empty && topicId !== null ? await topicIdsNearUnknown(db, topicId) : null;
	return { ...searched, nearTopics };
}
