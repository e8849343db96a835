/**
 * What a search will cost the database, predicted before it runs from what the isolate already
 * holds (the lexicon and the words that crowd the index, with how many public sources hold each):
 * the route charges it at admission (COSTLY_REQUEST in src/limits.ts), so an identity that sends
 * sixty costly searches at once is admitted to the few its budget pays for, not to all of them.
 *
 * FTS5's work is reading lists of sources per word. The prediction counts three kinds, each an upper
 * bound from the counts the last refresh made (a word that does not crowd the index is counted as a
 * whole pool of sources, the most it can hold):
 * - positions: every word of every phrase the statement weighs over the whole index (a quoted or
 *   hyphenated term, a spelling of several words, the words adjacent of a query of several terms),
 *   once per phrase: learning adjacency reads each of those sources' position lists;
 * - postings: every word of every spelling of every term, for the match, its count and probes;
 * - reach: the page's end (offset + limit) times the terms a pooled source is tested against.
 * Each is weighed by a cost per thousand (SEARCH_COST), and the sum is what the search is charged for.
 */
import { type ProjectionCopy, projectionCopy } from "../../data/projection-copy";
import type { PublicDb } from "../../data/public-db";
import { parseQuery, type SearchTerm } from "../query/match-expression";
import type { SearchAsk } from "../request";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import { requiredTerms } from "./requests";
import { planSearch } from "./terms";
import { togetherOf } from "./together";

/**
 * D1 milliseconds per thousand sources whose word positions, document lists or pooled look-ups a
 * search reads, and a floor: upper bounds of the bench's searches at 100,000 sources on this
 * machine's SQLite (BENCHMARKS.md, "What a search is charged before it runs", says how they were
 * measured and what the prediction cannot see).
 */
export const SEARCH_COST = {
	baseMs: 5,
	msPerThousandPositions: 2,
	msPerThousandPostings: 0.2,
	msPerThousandReach: 5,
};

export interface SearchWork {
	positions: number;
	postings: number;
	reach: number;
}

const words = (key: string) => key.split(" ").filter((word) => word.length > 0);

/** The lists a search reads, in sources, from the isolate's copy (null: not loaded). */
export function searchWork(
	ask: SearchAsk,
	copy: Pick<ProjectionCopy, "lexicon" | "crowdedWords">,
): SearchWork {
	const parsed = parseQuery(ask.query);
	if (parsed.words.length === 0) return { positions: 0, postings: 0, reach: 0 };
	const { ordered, terms } = planSearch(parsed, copy.lexicon);
	const holders = (word: string) => copy.crowdedWords.get(word)?.docs ?? SEARCH_TUNING.pool;
	const weightless = (term: SearchTerm) =>
		!term.quoted && term.keys.length === 1 && copy.crowdedWords.get(term.keys[0] ?? "")?.most === true;
	const { required } = requiredTerms(terms, weightless);
	const spellings = terms.flatMap((term) => term.keys);
	const phrases = [
		...spellings.filter((key) => words(key).length > 1),
		...(togetherOf(ordered, required)?.phraseKeys ?? []),
	];
	const sum = (keys: readonly string[]) =>
		keys.reduce((total, key) => total + words(key).reduce((n, word) => n + holders(word), 0), 0);
	return {
		positions: sum(phrases),
		postings: sum(spellings),
		reach: (ask.offset + ask.limit) * required.length,
	};
}

/** The D1 milliseconds that work is predicted to cost at most. */
export function predictedMs(work: SearchWork): number {
	const c = SEARCH_COST;
	return (
		c.baseMs +
		(work.positions * c.msPerThousandPositions +
			work.postings * c.msPerThousandPostings +
			work.reach * c.msPerThousandReach) /
			1000
	);
}

/**
 * The search `ask` describes, predicted from the isolate's copy (loading it, when stale, is the only
 * read). Without the copy every word counts as a pool's worth of sources: the settlement after the
 * answer charges what that missed.
 */
export async function predictSearchMs(db: PublicDb, ask: SearchAsk): Promise<number> {
	const copy = (await projectionCopy(db)) ?? { lexicon: new Map(), crowdedWords: new Map() };
	return predictedMs(searchWork(ask, copy));
}
