/**
 * What a search will cost the database, predicted before it runs from the first plan the isolate
 * decides (plan.ts) and what it holds (the words that crowd the index with their holders, the pool
 * size, the collection's size): the route charges it at admission (COSTLY_REQUEST in src/limits.ts),
 * and a fair-share gate may pace it by it. The plan says which statements run and what each reads;
 * this counts what FTS5 does for them, in the units it spends D1's time on (SEARCH_COST): holders read
 * in doclist order, holders read with their positions (a phrase's words), keyed look-ups, and rows
 * ranked by BM25. Where only the census can say which plan runs, the prediction is the census and the
 * costlier of what it may settle. What it cannot see (how often a word occurs in a source, whether a
 * phrase or a term it does not count is found at all) is settled after the answer, as COSTLY_REQUEST
 * says, and docs/search.md, "What a search costs", says where it misses.
 */
import { lastLoadedCopy } from "../../data/projection-copy";
import { parseQuery } from "../query/parse";
import type { SearchTerm } from "../query/terms";
import { type SearchAsk, type SearchFilters, scopeOf } from "../request";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import { type SearchVocabulary, vocabularyOf } from "../vocabulary/vocabulary";
import { planSearch } from "./kept";
import { firstPlan, type Plan } from "./plan";

/**
 * D1 microseconds of each unit of FTS5's work, and milliseconds a statement costs of its own: fitted
 * to this machine's SQLite at 100,000 sources (scripts/bench/cost/fts5-floor.ts measures the units;
 * `npm run bench:charge` prints each search's prediction beside what it took).
 */
export const SEARCH_COST = {
	statementMs: 2,
	postingUs: 0.05,
	positionUs: 0.15,
	lookupUs: 8,
	rankedWordUs: 1.5,
	rankedPhraseUs: 20,
};

/**
 * A cold isolate (it has loaded no copy yet) predicts as if every word were held by every source of
 * a collection this large, the largest the charge is measured at: whatever its first request holds
 * is charged at least as much as a warm isolate would charge it there, and the settlement after the
 * answer charges what that missed (docs/rate-limits.md).
 */
export const COLD_SOURCES = 100_000;

/** The work one statement or part of it does, in FTS5's units. */
interface Work {
	postings: number;
	positions: number;
	lookups: number;
	rankedWords: number;
	rankedPhrases: number;
}

const NONE: Work = { postings: 0, positions: 0, lookups: 0, rankedWords: 0, rankedPhrases: 0 };
const plus = (a: Work, b: Work): Work => ({
	postings: a.postings + b.postings,
	positions: a.positions + b.positions,
	lookups: a.lookups + b.lookups,
	rankedWords: a.rankedWords + b.rankedWords,
	rankedPhrases: a.rankedPhrases + b.rankedPhrases,
});
const times = (w: Work, k: number): Work => ({
	postings: w.postings * k,
	positions: w.positions * k,
	lookups: w.lookups * k,
	rankedWords: w.rankedWords * k,
	rankedPhrases: w.rankedPhrases * k,
});

const msOf = (w: Work): number =>
	(w.postings * SEARCH_COST.postingUs +
		w.positions * SEARCH_COST.positionUs +
		w.lookups * SEARCH_COST.lookupUs +
		w.rankedWords * SEARCH_COST.rankedWordUs +
		w.rankedPhrases * SEARCH_COST.rankedPhraseUs) /
	1000;

/** What the isolate's counts say of a plan's terms: holders of a word (a pool for one that does not crowd), of a term, of the match. */
export interface Counts {
	sources: number;
	word: (word: string) => number;
	term: (term: SearchTerm) => number;
	share: (filters: SearchFilters) => number;
}

export function countsOf(vocabulary: SearchVocabulary): Counts {
	const sources = vocabulary.collection?.sources ?? COLD_SOURCES;
	const word = (w: string) => Math.min(sources, vocabulary.holders(w) || vocabulary.pool);
	const spelling = (key: string) => Math.min(...key.split(" ").map(word));
	const term = (t: SearchTerm) =>
		Math.min(
			sources,
			t.keys.reduce((n, key) => n + spelling(key), 0),
		);
	return { sources, word, term, share: vocabulary.collection?.share ?? (() => 1) };
}

/** Reading every holder of the terms' words over the whole index (with positions for a phrase's), times `fraction`. */
function readOf(terms: readonly SearchTerm[], counts: Counts, fraction = 1): Work {
	let work = NONE;
	for (const term of terms)
		for (const key of term.keys) {
			const words = key.split(" ");
			const holders = words.reduce((n, w) => n + counts.word(w), 0);
			work = plus(work, words.length > 1 ? { ...NONE, positions: holders } : { ...NONE, postings: holders });
		}
	return times(work, Math.min(1, fraction));
}

/** How many sources hold the match (an estimate: the terms taken as independent), with its filters. */
export function matchSize(plan: Plan, counts: Counts): number {
	const { terms, join } = plan.match;
	const filtered = counts.sources * counts.share(plan.scope.filters);
	if (join === "any")
		return Math.min(
			filtered,
			terms.reduce((n, t) => n + counts.term(t), 0),
		);
	return terms.reduce((n, t) => n * Math.min(1, counts.term(t) / counts.sources), filtered);
}

/** The census: its probes, and its count of the match when it makes one (to a pool and one). */
function censusWork(plan: Plan, counts: Counts): Work {
	const census = plan.census;
	if (census === null) return NONE;
	const probes = readOf(census.probes, counts, 0.02);
	if (!census.count) return probes;
	const size = Math.max(1, matchSize(plan, counts));
	return plus(probes, readOf(plan.match.terms, counts, (plan.pool + 1) / size));
}

/** BM25 over at most a pool and one rows: each phrase's holders counted over the whole index first. */
function rankedWork(plan: Plan, counts: Counts, rows: number): Work {
	const { terms, together } = plan.match;
	const phrases = terms.reduce((n, t) => n + t.keys.filter((k) => k.includes(" ")).length, 0);
	const words = terms.reduce((n, t) => n + t.keys.length, 0) - phrases;
	const tiers = together === undefined ? NONE : tierWork(together.phraseKeys, counts);
	return plus(plus(readOf(terms, counts), tiers), {
		...NONE,
		rankedWords: rows * words,
		rankedPhrases: rows * phrases,
	});
}

/** The words adjacent, read with their positions (the pair index may spare it: not counted on). */
function tierWork(phraseKeys: readonly string[], counts: Counts): Work {
	const positions = phraseKeys.reduce(
		(n, key) => n + key.split(" ").reduce((m, w) => m + counts.word(w), 0),
		0,
	);
	return { ...NONE, positions };
}

/**
 * A crowded match among its anchor's pool: the pooled sources walked until the page is full, each
 * tested by look-ups until one fails (at most the pool), then past the pool the rest of the match to
 * the page's end; with the sample the estimate reads, and the words adjacent counted when tiered.
 */
function poolWork(plan: Plan, counts: Counts, anchor: string): Work {
	const need = plan.scope.offset + plan.scope.limit;
	const size = Math.max(1, matchSize(plan, counts));
	const hit = Math.min(1, size / Math.max(1, counts.word(anchor)));
	const walked = Math.min(plan.pool, need / hit);
	const tests =
		plan.match.lookups.reduce((n, t) => n + t.keys.length, 0) +
		Object.values(plan.scope.filters).filter((f) => f !== null).length;
	const tiers = plan.match.together === undefined ? 1 : 2;
	const beyond = Math.max(0, need - plan.pool * hit);
	const walk = { ...NONE, lookups: walked * tests * tiers };
	const rest = readOf(plan.match.terms, counts, beyond / size);
	const sample = readOf(plan.match.terms, counts, SAMPLED / counts.sources);
	const adjacent =
		plan.match.together === undefined ? NONE : tierWork(plan.match.together.phraseKeys, counts);
	return plus(plus(walk, rest), plus(sample, times(adjacent, Math.min(1, (plan.pool + 1) / size))));
}

/** Keys the estimate's slices read (SEARCH_TUNING). */
const SAMPLED = SEARCH_TUNING.estimateSlices * SEARCH_TUNING.estimateSliceRows;

/** The `pool` most recently added matches, ranked by BM25 (recent). */
function recentWork(plan: Plan, counts: Counts): Work {
	const size = Math.max(1, matchSize(plan, counts));
	const read = readOf(plan.match.terms, counts, plan.pool / size);
	return plus(read, rankedWork(plan, counts, plan.pool));
}

/** What the plan's ranking reads once its statement runs. */
function rankingWork(plan: Plan, counts: Counts): Work {
	const { ranking } = plan;
	if (ranking.by === "none") return NONE;
	if (ranking.by === "pool") return poolWork(plan, counts, ranking.anchor);
	if (ranking.by === "recent") return recentWork(plan, counts);
	return rankedWork(plan, counts, Math.min(plan.pool + 1, matchSize(plan, counts)));
}

/** The D1 milliseconds a first plan is predicted to cost at most: its statement, and a second where its census may settle one. */
export function predictedMs(plan: Plan, vocabulary: SearchVocabulary): number {
	const counts = countsOf(vocabulary);
	const first = msOf(plus(censusWork(plan, counts), rankingWork(plan, counts)));
	if (plan.census === null || !plan.census.guessed) return SEARCH_COST.statementMs + first;
	// A guess the count refutes runs the other ranking in a second statement.
	const anchor = plan.ranking.by === "pool" ? plan.ranking.anchor : null;
	const other: Plan["ranking"] =
		plan.ranking.by === "whole"
			? anchor === null
				? { by: "recent" }
				: { by: "pool", anchor }
			: { by: "whole" };
	const second = msOf(rankingWork({ ...plan, ranking: other, census: null }, counts));
	return 2 * SEARCH_COST.statementMs + first + second;
}

/** A search's first plan from a vocabulary; null for a query with no word to search. */
export function planOf(ask: SearchAsk, vocabulary: SearchVocabulary): Plan | null {
	const parsed = parseQuery(ask.query);
	if (parsed.words.length === 0) return null;
	return firstPlan({ planned: planSearch(parsed, vocabulary.lexicon), vocabulary, scope: scopeOf(ask) });
}

/** What a cold isolate predicts from: no lexicon, every word held by all of COLD_SOURCES sources, with a pool. */
export const COLD_VOCABULARY: SearchVocabulary = {
	lexicon: new Map(),
	weightless: () => false,
	crowdedDocs: () => COLD_SOURCES,
	holders: () => COLD_SOURCES,
	counted: true,
	pool: SEARCH_TUNING.pool,
	collection: { sources: COLD_SOURCES, share: () => 1 },
};

/** The D1 milliseconds a search is predicted to cost, from a vocabulary (the isolate's, or a bench's). */
export function predictWith(ask: SearchAsk, vocabulary: SearchVocabulary): number {
	const plan = planOf(ask, vocabulary);
	return plan === null ? 0 : predictedMs(plan, vocabulary);
}

/**
 * The search `ask` describes, predicted from the copy this isolate last loaded, however old (a
 * prediction reads nothing: it is charged before anything may read); in an isolate that has loaded
 * none yet, from COLD_VOCABULARY.
 */
export function predictSearchMs(ask: SearchAsk): number {
	const copy = lastLoadedCopy();
	return predictWith(ask, copy === undefined ? COLD_VOCABULARY : vocabularyOf(copy));
}
