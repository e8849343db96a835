/**
 * What a search knows before it reads the index: the lexicon's alternatives and the words in most
 * indexed sources, from the isolate's copy (projection-copy.ts: an operator's lexicon edit and a
 * refresh's new counts show within its bound). When the copy cannot be loaded the lexicon is read
 * directly and no word counts as weightless: every word is then required, as a rare one would be.
 */

import { lexiconAlternatives } from "./lexicon";
import type { SearchTerm } from "./match-expression";
import { projectionCopy } from "./projection-copy";
import type { PublicDb } from "./public-db";

export interface SearchVocabulary {
	lexicon: ReadonlyMap<string, readonly string[]>;
	/** An unquoted single word, without alternatives, in most indexed sources: BM25 gives it no weight. */
	weightless: (term: SearchTerm) => boolean;
}

export async function searchVocabulary(db: PublicDb, keys: string[]): Promise<SearchVocabulary> {
	const copy = await projectionCopy(db);
	if (copy === null) return { lexicon: await lexiconAlternatives(db, keys), weightless: () => false };
	const crowded = copy.crowdedTokens;
	return {
		lexicon: copy.lexicon,
		weightless: (term) =>
			!term.quoted &&
			term.keys.length === 1 &&
			!(term.keys[0] ?? " ").includes(" ") &&
			crowded.has(term.keys[0] ?? ""),
	};
}
