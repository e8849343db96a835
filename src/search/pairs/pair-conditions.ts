/**
 * What a source must hold in the word-pair index for a phrase to match it: every pair of the
 * phrase's adjacent words, in one place. A necessary condition, never a sufficient one (a source
 * may hold a three-word phrase's two pairs apart), so the statement uses it only to skip work: a
 * phrase whose pairs no source holds matches nothing, and a match whose pairs few sources hold is
 * no larger (src/search/execute/sql/). Null where the pairs say nothing: a form of one word, or
 * text the tokenizer mirror may not read as FTS5 does (mirrorReadsAsIndex, pair-tokens.ts), whose
 * pairs might not be the ones its phrase implies.
 *
 * Every condition the statement receives also admits a queued source (its one token is the mark,
 * migrations/0023): its pairs may be stale, so it stays a candidate and is answered from positions.
 * Expressions are over search_pairs; every token is quoted (they are never FTS5's keywords).
 */
import { type SearchTerm, termForms } from "../query/terms";
import { tokens } from "../query/tokens";
import { mirrorReadsAsIndex, type PairPlace, pairsOfWords } from "./pair-tokens";

/** The token that stands for a queued source's pairs (migrations/0023 writes it). */
export const QUEUED_MARK = "0q0";

const all = (pairs: readonly string[]) => `(${pairs.map((pair) => `"${pair}"`).join(" AND ")})`;
const any = (conditions: readonly string[]) =>
	conditions.length === 1 ? (conditions[0] as string) : `(${conditions.join(" OR ")})`;
const orQueued = (condition: string | null) =>
	condition === null ? null : `(${condition} OR "${QUEUED_MARK}")`;

/**
 * A phrase of stemmed words made from `text`, in the near columns only or in any one column; null
 * for one word, or when the mirror may read `text` apart from FTS5.
 */
function phrasePairs(text: string, words: readonly string[], where: "near" | "anywhere"): string | null {
	if (words.length < 2 || !mirrorReadsAsIndex(text)) return null;
	const places: PairPlace[] = where === "near" ? ["near"] : ["near", "summary"];
	return any(places.map((place) => all(pairsOfWords(words, place))));
}

/** Any spelling of a term, anywhere; null when one of its spellings is a single word. */
function termCondition(term: SearchTerm): string | null {
	const conditions = termForms(term).map((form) => phrasePairs(form, tokens(form), "anywhere"));
	return conditions.some((c) => c === null) ? null : any(conditions as string[]);
}

/** A probe's condition: the term's. */
export const termPairs = (term: SearchTerm): string | null => orQueued(termCondition(term));

/**
 * Every term (`all`) or any of them (`any`): the match's condition. For every term, the terms that
 * have one (a single word's is no constraint); for any term, only when each has one.
 */
export function matchPairs(terms: readonly SearchTerm[], join: "all" | "any"): string | null {
	const conditions = terms.map(termCondition);
	if (join === "any")
		return conditions.some((c) => c === null) ? null : orQueued(any(conditions as string[]));
	const known = conditions.filter((c) => c !== null);
	return known.length === 0 ? null : orQueued(`(${known.join(" AND ")})`);
}

/**
 * The words adjacent in any of their spellings (Together.phraseKeys), near or anywhere. A key is
 * checked for the text FTS5 reads (the mirror's unstemmed tokens): stemming only takes ASCII letters
 * off a token's end, so a key the mirror reads as FTS5 does came from such text.
 */
export function adjacentPairs(phraseKeys: readonly string[], where: "near" | "anywhere"): string | null {
	const conditions = phraseKeys.map((keys) => phrasePairs(keys, keys.split(" "), where));
	return conditions.length === 0 || conditions.some((c) => c === null)
		? null
		: orQueued(any(conditions as string[]));
}
