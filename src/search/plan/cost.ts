/**
 * What a search will cost the database, predicted before it runs from the plan the isolate decides
 * (plan.ts) with what it already holds (the lexicon and the words that crowd the index, with how many
 * public sources hold each): the route charges it at admission (COSTLY_REQUEST in src/limits.ts).
 */
import { lastLoadedCopy, type ProjectionCopy } from "../../data/projection-copy";
import { parseQuery } from "../query/parse";
import type { SearchAsk } from "../request";
import { scopeOf } from "../request";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import { vocabularyOf } from "../vocabulary/vocabulary";
import { planSearch } from "./kept";
import { firstPlan, type Plan } from "./plan";

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

type SearchCopy = Pick<ProjectionCopy, "lexicon" | "crowdedWords"> &
	Partial<Pick<ProjectionCopy, "pool" | "manifest" | "signals">>;

/** The first plan a search would send, from a copy. */
export function planFromCopy(ask: SearchAsk, copy: SearchCopy): Plan | null {
	const parsed = parseQuery(ask.query);
	if (parsed.words.length === 0) return null;
	const vocabulary = vocabularyOf(copy);
	const planned = planSearch(parsed, vocabulary.lexicon);
	return firstPlan({ planned, vocabulary, scope: scopeOf(ask) });
}

/** The lists a search reads, in sources, from the isolate's copy. */
export function searchWork(ask: SearchAsk, copy: SearchCopy): SearchWork {
	const plan = planFromCopy(ask, copy);
	if (plan === null) return NONE;
	const vocabulary = vocabularyOf(copy);
	const holders = (word: string) => vocabulary.holders(word) || SEARCH_TUNING.pool;
	const phrase = (key: string) => {
		const words = wordsOf(key);
		return words.length < 2 ? 0 : words.length * Math.min(...words.map(holders));
	};
	const sum = (keys: readonly string[], each: (key: string) => number) =>
		keys.reduce((total, key) => total + each(key), 0);
	const required = plan.match.terms;
	const mayBeWhole = plan.ranking.by === "whole" || plan.census?.count === true;
	const mayBeCrowded = plan.ranking.by !== "whole" || plan.census?.count === true;
	const spellings = required.flatMap((term) => term.keys);
	const every = [...required, ...(plan.census?.weightless ?? [])];
	return {
		matchPhrases: sum(spellings, phrase),
		tierPhrases: mayBeWhole ? sum(plan.match.together?.phraseKeys ?? [], phrase) : 0,
		postings: sum(
			every.flatMap((term) => term.keys),
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
 * prediction reads nothing: it is charged before anything may read).
 */
export function predictSearchMs(ask: SearchAsk): number {
	return predictedMs(searchWork(ask, lastLoadedCopy() ?? { lexicon: new Map(), crowdedWords: new Map() }));
}
