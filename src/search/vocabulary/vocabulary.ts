/**
 * What a search knows before it reads the index: the lexicon's entries, the words that crowd the
 * index with how many public sources hold each, the pool size, and how large the collection and its
 * filters are, from the isolate's copy (projection-copy.ts: an operator's lexicon edit and a
 * refresh's new counts show within its bound). When the copy cannot be loaded the lexicon is read
 * directly and no word counts as crowded: every match is then counted before it is ranked (exact,
 * only costlier).
 */

import { type ProjectionCopy, projectionCopy } from "../../data/projection-copy";
import type { PublicDb } from "../../data/public-db";
import type { Lexicon } from "../query/lexicon-entry";
import type { SearchTerm } from "../query/terms";
import type { SearchFilters } from "../request";
import { lexiconAlternatives } from "./lexicon";
import { SEARCH_TUNING } from "./tuning";

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
	 * them; 0 for any word it does not (at most a pool hold it).
	 */
	holders: (word: string) => number;
	/** Whether the words that crowd the index are known (the isolate's copy loaded): a word not among them is held by at most a pool. */
	counted: boolean;
	/** The pool size search_settings holds (SEARCH_TUNING's unless a test lowers it): what a count is compared with. */
	pool: number;
	/**
	 * How many public sources there are, and the share of them a filter keeps, as the last refresh
	 * counted (a creator's share is not kept: its own sources are few). What estimates read (which
	 * guess to send, what a search costs), never what decides an answer. Null without the copy.
	 */
	collection: { sources: number; share: (filters: SearchFilters) => number } | null;
}

const singleWord = (term: SearchTerm) =>
	term.keys.length === 1 && !(term.keys[0] ?? " ").includes(" ") ? (term.keys[0] ?? null) : null;

/** A creator's share of the collection, when a filter names one: a guess, on the small side of most creators'. */
const CREATOR_SHARE = 0.01;

function collectionOf(
	copy: Pick<ProjectionCopy, "manifest" | "signals" | "crowdedWords">,
): SearchVocabulary["collection"] {
	const counts = copy.manifest.counts;
	if (counts === null || counts.public_sources === 0) return null;
	// No fewer than its commonest word's holders: the two counts come from different projections.
	let sources = counts.public_sources;
	for (const word of copy.crowdedWords.values()) sources = Math.max(sources, word.docs);
	const share = (filters: SearchFilters) => {
		const topic =
			filters.topicId === null ? sources : copy.signals.get(filters.topicId)?.projected?.counts.sources;
		const platform = filters.platform === null ? sources : counts.by_platform[filters.platform];
		return (
			((topic ?? 0) / sources) *
			((platform ?? 0) / sources) *
			(filters.creatorHandleKey === null ? 1 : CREATOR_SHARE)
		);
	};
	return { sources, share };
}

/** The vocabulary a copy of the projections holds (the isolate's, or the last one it loaded). */
export function vocabularyOf(
	copy: Pick<ProjectionCopy, "lexicon" | "crowdedWords"> &
		Partial<Pick<ProjectionCopy, "pool" | "manifest" | "signals">>,
): SearchVocabulary {
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
		pool: copy.pool ?? SEARCH_TUNING.pool,
		collection:
			copy.manifest === undefined || copy.signals === undefined ? null : collectionOf(copy as ProjectionCopy),
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
		pool: SEARCH_TUNING.pool,
		collection: null,
	};
}
