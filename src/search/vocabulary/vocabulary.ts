/**
 * What a search knows before it reads the index: the lexicon's entries and the words that crowd
 * the index, from the isolate's copy (projection-copy.ts: an operator's lexicon edit and a refresh's
 * new counts show within its bound). When the copy cannot be loaded the lexicon is read directly and
 * no word counts as crowded: every word is then required and every match ranked whole, as a rare
 * word's would be (exact, only costlier).
 */

import { type ProjectionCopy, projectionCopy } from "../../data/projection-copy";
import type { PublicDb } from "../../data/public-db";
import type { Lexicon } from "../query/lexicon-entry";
import type { SearchTerm } from "../query/match-expression";
import { lexiconAlternatives } from "./lexicon";

export interface SearchVocabulary {
	lexicon: Lexicon;
	/** An unquoted single word, without alternatives, in most public sources: BM25 gives it no weight. */
	weightless: (term: SearchTerm) => boolean;
	/**
	 * How many public sources hold a stemmed word, when it crowds the index and has a merit pool to
	 * rank a crowded match by; else undefined.
	 */
	crowdedDocs: (word: string) => number | undefined;
	/**
	 * How many public sources hold a stemmed word that crowds the index, as the isolate's copy holds
	 * them; 0 for any word it does not (what orders look-ups, never what they find).
	 */
	holders: (word: string) => number;
	/** Whether the words that crowd the index are known (the isolate's copy loaded): a word not among them is held by at most a pool. */
	counted: boolean;
}

const singleWord = (term: SearchTerm) =>
	term.keys.length === 1 && !(term.keys[0] ?? " ").includes(" ") ? (term.keys[0] ?? null) : null;

/** The vocabulary a copy of the projections holds (the isolate's, or the last one it loaded). */
export function vocabularyOf(copy: Pick<ProjectionCopy, "lexicon" | "crowdedWords">): SearchVocabulary {
	const crowded = copy.crowdedWords;
	return {
		lexicon: copy.lexicon,
		weightless: (term) => {
			const word = singleWord(term);
			return !term.quoted && word !== null && crowded.get(word)?.most === true;
		},
		crowdedDocs: (word) => {
			const found = crowded.get(word);
			return found?.pooled ? found.docs : undefined;
		},
		holders: (word) => crowded.get(word)?.docs ?? 0,
		counted: true,
	};
}

export async function searchVocabulary(db: PublicDb, keys: string[]): Promise<SearchVocabulary> {
	const copy = await projectionCopy(db);
	if (copy !== null) return vocabularyOf(copy);
	return {
		lexicon: await lexiconAlternatives(db, keys),
		weightless: () => false,
		crowdedDocs: () => undefined,
		holders: () => 0,
		counted: false,
	};
}
