/**
 * What a search will cost the database, predicted before it runs from what the isolate already
 * holds (the lexicon and the words that crowd the index, with how many public sources hold each):
 * the route charges it at admission (COSTLY_REQUEST in src/limits.ts), so an identity that sends
 * sixty costly searches at once is admitted to the few its budget pays for, not to all of them.
 *
 * FTS5's work is reading lists of sources per word; the statement chooses its plan from the
 * match's count (src/search/execute/statement.ts). The prediction counts, from the counts the last
 * refresh made (a word that does not crowd the index counts as a whole pool, the most it can hold):
 * - match phrases: a phrase the match requires (a quoted or hyphenated term, a spelling of several
 *   words) is weighed over the whole index to count the match: FTS5 steps through its words'
 *   position lists, as far as its rarest word takes it (words × the rarest word's sources);
 * - tier phrases: the words adjacent of a query of several terms, weighed the same way when the
 *   match may be ranked whole (a filter, or a required word that does not crowd the index); a
 *   crowded match tests them by look-ups of its pooled sources instead;
 * - postings: every word of every spelling, for the match, its count and probes;
 * - reach: the page's end (offset + limit) times the terms a pooled source is tested against, when
 *   the match may be crowded.
 * Each is weighed by a cost per thousand (SEARCH_COST) and the sum is what the search is charged for.
 * What it cannot see: how many times a word occurs in a source (a stop word's positions), and which
 * plan the statement's count will choose; both are bounded by the bench's upper envelope.
 */
import { lastLoadedCopy, type ProjectionCopy } from "../../data/projection-copy";
import { parseQuery } from "../query/match-expression";
import type { SearchAsk } from "../request";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import { vocabularyOf } from "../vocabulary/vocabulary";
import { requiredTerms } from "./requests";
import { planSearch } from "./terms";
import { togetherOf } from "./together";

/**
 * D1 milliseconds per thousand sources of each kind of work, and a floor: the upper envelope of the
 * bench's searches at 100,000 sources on this machine's SQLite (`npm run bench:charge` prints each
 * search's prediction beside what it took; BENCHMARKS.md, "What a search is charged before it runs").
 */
export const SEARCH_COST = {
	baseMs: 10,
	msPerThousandMatchPhrase: 0.8,
	msPerThousandTierPhrase: 0.4,
	msPerThousandPostings: 0.01,
	msPerThousandReach: 35,
};

export interface SearchWork {
	matchPhrases: number;
	tierPhrases: number;
	postings: number;
	reach: number;
}

const NONE: SearchWork = { matchPhrases: 0, tierPhrases: 0, postings: 0, reach: 0 };

const wordsOf = (key: string) => key.split(" ").filter((word) => word.length > 0);

/** The lists a search reads, in sources, from the isolate's copy. */
export function searchWork(
	ask: SearchAsk,
	copy: Pick<ProjectionCopy, "lexicon" | "crowdedWords">,
): SearchWork {
	const parsed = parseQuery(ask.query);
	if (parsed.words.length === 0) return NONE;
	const vocabulary = vocabularyOf(copy);
	const { ordered, terms } = planSearch(parsed, vocabulary.lexicon);
	// A word that does not crowd the index is held by at most a pool of sources.
	const holders = (word: string) => vocabulary.holders(word) || SEARCH_TUNING.pool;
	const { required } = requiredTerms(terms, vocabulary.weightless);
	const phrase = (key: string) => {
		const words = wordsOf(key);
		return words.length < 2 ? 0 : words.length * Math.min(...words.map(holders));
	};
	const sum = (keys: readonly string[], each: (key: string) => number) =>
		keys.reduce((total, key) => total + each(key), 0);
	const filtered = Object.values(ask.filters).some((value) => value !== null);
	// The match holds no more sources than its rarest required term's rarest spelling allows.
	const most = Math.min(
		...required.map((term) => Math.max(...term.keys.map((key) => Math.min(...wordsOf(key).map(holders))))),
	);
	const mayBeWhole = filtered || most <= SEARCH_TUNING.pool;
	const mayBeCrowded = most > SEARCH_TUNING.pool;
	const spellings = required.flatMap((term) => term.keys);
	return {
		matchPhrases: sum(spellings, phrase),
		tierPhrases: mayBeWhole ? sum(togetherOf(ordered, required)?.phraseKeys ?? [], phrase) : 0,
		postings: sum(
			terms.flatMap((term) => term.keys),
			(key) => wordsOf(key).reduce((n, word) => n + holders(word), 0),
		),
		reach: mayBeCrowded ? (ask.offset + ask.limit) * required.length : 0,
	};
}

/** The D1 milliseconds that work is predicted to cost at most. */
export function predictedMs(work: SearchWork): number {
	const c = SEARCH_COST;
	return (
		c.baseMs +
		(work.matchPhrases * c.msPerThousandMatchPhrase +
			work.tierPhrases * c.msPerThousandTierPhrase +
			work.postings * c.msPerThousandPostings +
			work.reach * c.msPerThousandReach) /
			1000
	);
}

/**
 * The search `ask` describes, predicted from the copy this isolate last loaded, however old (a
 * prediction reads nothing: it is charged before anything may read). In an isolate that has loaded
 * none yet, every word counts as a pool's worth of sources: the settlement after the answer charges
 * what that missed.
 */
export function predictSearchMs(ask: SearchAsk): number {
	return predictedMs(searchWork(ask, lastLoadedCopy() ?? { lexicon: new Map(), crowdedWords: new Map() }));
}
