/**
 * One search's plan, decided once, here, from what the isolate knows (the lexicon, the words that
 * crowd the index with their counts, the pool size, the collection's size: vocabulary/): the terms
 * the match requires or accepts, its tiers, and how it is ranked. The statement (execute/), the
 * cost prediction (cost.ts) and the answer's explanation (explain/) all read this one value.
 *
 * What the isolate cannot know is counted once, by the database, in the census the first statement
 * begins with (execute/sql/census.ts): whether each term is found anywhere, and how many sources hold
 * the match, no further than a pool and one. Only that count decides whole or crowded (rankingOf,
 * below, the one place), so the first plan sends its guess of the ranking with the census, and the
 * statement runs the guess only if the census agrees (countRange); otherwise the census settles the
 * plan (settle) and a second statement runs it. A search is at most two round trips, and nothing is
 * proved twice: a term found nowhere, or a match that matches nothing, is known from the census.
 */
import type { SearchTerm } from "../query/terms";
import type { SearchScope } from "../request";
import type { SearchVocabulary } from "../vocabulary/vocabulary";
import type { Planned } from "./kept";
import type { LeftOut } from "./left-out";
import { anchorOf, anyTermsOf, heldByFew, holdsAnchor, lookupOrder, requiredTerms } from "./requirements";
import { type Together, togetherOf } from "./together";

export type MatchMode = "all_terms" | "known_terms" | "any_term";

/** How a match is ranked (docs/contract.md, "How a search ranks"). */
type Ranking =
	/** Every match by BM25, in its tiers: a match held by at most a pool of sources. */
	| { by: "whole" }
	/** A crowded match, among the anchor's merit pool first, then the rest, most recently added first. */
	| { by: "pool"; anchor: string }
	/** A crowded match whose words have no pool yet: its `pool` most recently added matches stand in. */
	| { by: "recent" }
	/** Proved to match nothing: no statement runs. */
	| { by: "none" };

export interface Match {
	join: "all" | "any";
	/** The terms the match requires (all) or accepts (any). */
	terms: SearchTerm[];
	/** What holding its words adjacent means: two tiers. Undefined for one term, or any term: one tier. */
	together: Together | undefined;
	/**
	 * What a pooled source is tested against, fewest holders first (the anchor's own term, which its
	 * pool holds, left out): empty when every pooled source matches (only the filters are tested).
	 */
	lookups: SearchTerm[];
}

/** What the census counts: each probe's presence, then the match, then the any-term fallback if it matches nothing. */
interface CensusAsk {
	/** The terms that may be found nowhere (every term that carries weight, when there are several). */
	probes: SearchTerm[];
	/** The terms in most sources: required in place of the probes when none of them is found. */
	weightless: SearchTerm[];
	/** Whether the plan's ranking is a guess the census's count (or a whole ranking's own) may refute. */
	guessed: boolean;
	/** Whether the census counts the match: a guess of crowded, or of whole through a phrase's pairs. */
	count: boolean;
	/** The terms any of which stands in when every term is found and the match matches nothing; null: none does. */
	fallback: SearchTerm[] | null;
}

/** What the census counted (execute/statement.ts reads it from the first statement's answer). */
export interface Census {
	/** Each probe found somewhere, in order. */
	present: boolean[];
	/**
	 * Sources holding the match searched (the known terms', when a probe found nothing), to a pool and
	 * one; the pool itself when the pair index shows at most a pool hold it (it may hold none); null
	 * when not counted (the isolate was sure of the ranking).
	 */
	n: number | null;
	/** The fallback's count, when the match searched matches nothing; null when not counted. */
	anyN: number | null;
}

export interface Plan {
	mode: MatchMode;
	match: Match;
	ranking: Ranking;
	scope: SearchScope;
	/** The pool size the ranking was decided with (the isolate's copy of search_settings). */
	pool: number;
	/** Terms this plan does not require, and why (found_nowhere, in_most_sources, beyond_limit). */
	leftOut: LeftOut;
	/** Set on a first plan whose ranking is a guess: the census the statement runs first. */
	census: CensusAsk | null;
}

/** What the plan is decided from: the query's terms (kept.ts), the isolate's vocabulary, the ask's scope. */
export interface PlanInput {
	planned: Pick<Planned, "ordered" | "terms">;
	vocabulary: SearchVocabulary;
	scope: SearchScope;
}

/** The one place a count decides: nothing, whole, or crowded (the anchor's pool, else the most recent). */
function rankingOf(n: number, anchor: string | null, pool: number): Ranking {
	if (n === 0) return { by: "none" };
	if (n <= pool) return { by: "whole" };
	return anchor === null ? { by: "recent" } : { by: "pool", anchor };
}

/** The counts for which rankingOf chooses a ranking of this kind: the statement's gate on its guess. */
export function countRange(ranking: Ranking, pool: number): [number, number] {
	return ranking.by === "whole" ? [1, pool] : [pool + 1, Number.MAX_SAFE_INTEGER];
}

/**
 * The match of these terms, all or any of them, with its anchor and look-ups. `together`: the tiers
 * of an all-terms match's words adjacent (togetherOf, from the query's word order); any term is one tier.
 */
export function matchOf(
	vocabulary: SearchVocabulary,
	terms: SearchTerm[],
	join: Match["join"],
	together?: Together,
) {
	const { crowdedDocs, holders } = vocabulary;
	const anchor = anchorOf(terms, crowdedDocs);
	// Any term: the anchor is one of them, so every pooled source matches and only the filters are tested.
	const lookups =
		join === "any" && terms.some((term) => holdsAnchor(term, anchor))
			? []
			: lookupOrder(terms, anchor, holders).filter((term) => !holdsAnchor(term, anchor));
	return { match: { join, terms, together, lookups }, anchor };
}

/**
 * How many sources hold every one of these terms at least, from the isolate's counts: each single
 * word's holders (a term with other spellings holds no fewer), less the collection for each term past
 * the first (Bonferroni's inequality). Zero when it says nothing.
 */
function fewestHolding(vocabulary: SearchVocabulary, terms: readonly SearchTerm[]): number {
	const sources = vocabulary.collection?.sources ?? 0;
	let least = -(terms.length - 1) * sources;
	for (const term of terms) {
		const word = term.keys[0] ?? "";
		least += word.includes(" ") ? 0 : Math.min(sources, vocabulary.holders(word));
	}
	return Math.max(0, least);
}

/**
 * The ranking the isolate can be sure of without a count: whole when a required term is held by at
 * most a pool (it does not crowd the index); crowded when, with no filter, the terms' counts leave
 * more than twice a pool holding them all (twice: the counts are the last refresh's, and sources may
 * have been taken down since); null when only a count can say.
 */
function certainRanking(
	input: PlanInput,
	required: readonly SearchTerm[],
	anchor: string | null,
): Ranking | null {
	const { counted, holders, pool } = input.vocabulary;
	if (!counted) return null;
	if (required.some((term) => heldByFew(term, holders))) return { by: "whole" };
	const filtered = Object.values(input.scope.filters).some((value) => value !== null);
	const least = filtered ? 0 : fewestHolding(input.vocabulary, required);
	const [only] = required;
	// One word: its own holders, however many sources the copy says the collection holds.
	const one =
		required.length === 1 && only !== undefined && !filtered && !(only.keys[0] ?? " ").includes(" ");
	const held = one ? holders(only?.keys[0] ?? "") : least;
	return held > 2 * pool || (one && held > pool) ? rankingOf(held, anchor, pool) : null;
}

/** Whether a spelling of a term of the match is a phrase: the pair index may say what it holds. */
const phrased = (match: Match) => match.terms.some((term) => term.keys.some((key) => key.includes(" ")));

/**
 * The guess a first plan sends with its census: whole when the match may be ranked on what the pair
 * index says (then the census cannot tell an empty match from a small one, and a whole ranking finds
 * out itself), or when the isolate estimates it at most a pool; else crowded. A wrong guess costs a
 * round trip, never an answer.
 */
function guessOf(input: PlanInput, match: Match, anchor: string | null): Ranking {
	const { collection, holders, pool } = input.vocabulary;
	if (phrased(match) || collection === null) return { by: "whole" };
	let estimate = collection.sources * collection.share(input.scope.filters);
	for (const term of match.terms) estimate *= Math.min(1, holders(term.keys[0] ?? "") / collection.sources);
	return rankingOf(Math.max(1, Math.round(estimate)), anchor, pool);
}

/** The plan before any read: every term required (but those in most sources), its ranking known or guessed. */
export function firstPlan(input: PlanInput): Plan {
	const { terms } = input.planned;
	const { weightless, pool } = input.vocabulary;
	const { required, leftOut } = requiredTerms(terms, weightless);
	const together = togetherOf(input.planned.ordered, terms);
	const { match, anchor } = matchOf(input.vocabulary, required, "all", together);
	const certain = certainRanking(input, required, anchor);
	const base = { mode: "all_terms" as const, match, scope: input.scope, pool, leftOut };
	if (certain !== null && terms.length === 1) return { ...base, ranking: certain, census: null };
	const ranking = certain ?? guessOf(input, match, anchor);
	const census: CensusAsk = {
		probes: terms.length > 1 ? terms.filter((term) => !weightless(term)) : [],
		weightless: terms.filter(weightless),
		guessed: certain === null,
		// A whole ranking counts the match itself; through its pairs, the census counts a phrase's first.
		count: certain === null && (ranking.by !== "whole" || phrased(match)),
		fallback: required.length > 1 ? anyTermsOf(required, weightless).anyOf : null,
	};
	return { ...base, ranking, census };
}

/** The any-term search that stands in for a match of these required terms that matches nothing. */
function fallbackPlan(
	vocabulary: SearchVocabulary,
	scope: SearchScope,
	required: SearchTerm[],
	n: number | null,
	leftOut: LeftOut,
): Plan {
	const { anyOf, beyond } = anyTermsOf(required, vocabulary.weightless);
	const { match, anchor } = matchOf(vocabulary, anyOf, "any");
	const { pool } = vocabulary;
	const ranking = rankingOf(n ?? 0, anchor, pool);
	return {
		mode: "any_term",
		match,
		ranking,
		scope,
		pool,
		leftOut: [...leftOut, ...beyond],
		census: null,
	};
}

/**
 * The any-term plan a first plan's census settles when every term is found and the match matches
 * nothing, ranked as a fallback count of `n` decides; null when no fallback stands in. What the
 * prediction (cost.ts) reads before any count: the fallback's terms do not depend on the count.
 */
export function fallbackOf(first: Plan, vocabulary: SearchVocabulary, n: number): Plan | null {
	if (first.census?.fallback == null) return null;
	return fallbackPlan(vocabulary, first.scope, first.match.terms, n, first.leftOut);
}

/**
 * The plan the census settles: the first plan's match with the ranking its count decides, or, when
 * a term is found nowhere, the search of the terms found (known_terms); and when that matches nothing,
 * the any-term search. `ranEmpty`: the first plan's guess ran and its whole ranking found nothing.
 */
export function settle(input: PlanInput, first: Plan, census: Census, ranEmpty: boolean): Plan {
	const { terms } = input.planned;
	const { weightless, pool } = input.vocabulary;
	const probes = first.census?.probes ?? [];
	const missing = probes.filter((_, i) => census.present[i] === false);
	if (missing.length === 0) {
		const required = first.match.terms;
		if (census.n === 0 || ranEmpty) {
			if (required.length === 1) return { ...first, ranking: { by: "none" }, census: null };
			return fallbackPlan(input.vocabulary, input.scope, required, census.anyN, first.leftOut);
		}
		const anchor = anchorOf(required, input.vocabulary.crowdedDocs);
		const ranking = census.n === null ? first.ranking : rankingOf(census.n, anchor, pool);
		return { ...first, ranking, census: null };
	}
	const nowhere = missing.map((term) => ({ term: term.text, reason: "found_nowhere" as const }));
	const known = terms.filter((term) => !missing.includes(term));
	const { required, leftOut: crowded } = requiredTerms(known, weightless);
	const together = togetherOf(input.planned.ordered, known);
	const { match, anchor } = matchOf(input.vocabulary, required, "all", together);
	const knownPlan: Plan = {
		mode: "known_terms",
		match,
		ranking: known.length === 0 ? { by: "none" } : rankingOf(census.n ?? 0, anchor, pool),
		scope: input.scope,
		pool,
		leftOut: [...nowhere, ...crowded],
		census: null,
	};
	// Nothing found at all: an empty answer, all terms (none is named as found nowhere).
	if (known.length === 0)
		return { ...knownPlan, mode: "all_terms", leftOut: [], match: { ...match, together: undefined } };
	if (knownPlan.ranking.by !== "none" || required.length === 1) return knownPlan;
	return fallbackPlan(input.vocabulary, input.scope, required, census.anyN, knownPlan.leftOut);
}
