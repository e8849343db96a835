/**
 * What a query's terms require, pure decisions over what is known before any read: which terms are
 * required, which any-term search stands in when no source holds them all, the anchor whose pool
 * ranks a crowded match, and the order a pooled source is tested in (plan.ts puts them together).
 */

import type { SearchTerm } from "../query/terms";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import type { SearchVocabulary } from "../vocabulary/vocabulary";
import type { LeftOut } from "./left-out";

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
 * A term the isolate's statistics say at most a pool of sources hold: one spelling only (no Spanish
 * form either, whose holders they do not count), with a word that does not crowd the index (as the
 * last refresh counted). A match requiring it is no larger.
 */
export const heldByFew = (term: SearchTerm, holders: SearchVocabulary["holders"]) =>
	term.alternatives.length === 0 &&
	term.spanish === undefined &&
	(term.keys[0] ?? "").split(" ").some((word) => holders(word) === 0);

/** A term every source holding the anchor word holds: the word itself, with any other spellings. */
export const holdsAnchor = (term: SearchTerm, anchor: string | null) =>
	anchor !== null && term.keys[0] === anchor;

/**
 * Which terms a search requires, a pure decision over what is known before any read: an unquoted
 * single word in most indexed sources (the isolate's copy of search_term_projection) is left out when
 * a rarer term remains: BM25 gives it no weight (FTS5 clamps its IDF to ~0), so requiring it only
 * drops sources that happen not to say "how" or "the", and scoring it only costs. A term found
 * nowhere, which only the census tells, is left out before this is asked again (plan.ts, match_mode
 * known_terms): one absent word must not empty a search, nor turn it into a ranking of
 * everything that holds any other word.
 */
export function requiredTerms(
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
 * most sources, only the first `anyTermWeightlessMax` (SEARCH_TUNING), since ranking every row that holds any very
 * common word is the costliest search there is.
 */
export function anyTermsOf(required: SearchTerm[], weightless: (term: SearchTerm) => boolean) {
	const anyOf = required.some((t) => !weightless(t))
		? required
		: required.slice(0, SEARCH_TUNING.anyTermWeightlessMax);
	const beyond = required
		.filter((term) => !anyOf.includes(term))
		.map((term) => ({ term: term.text, reason: "beyond_limit" as const }));
	return { anyOf, beyond };
}
