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
import { anchorOf } from "./requirements";

/**
 * D1 microseconds of each unit of FTS5's work, and milliseconds a statement costs of its own: fitted
 * to this machine's SQLite at 100,000 sources (scripts/bench/cost/fts5-floor.ts measures the units;
 * `npm run bench:charge` prints each search's prediction beside what it took).
 */
export const SEARCH_COST = {
	statementMs: 3,
	postingUs: 0.04,
	positionUs: 0.085,
	lookupUs: 9,
	rankedWordUs: 0.45,
	rankedPhraseUs: 8,
};

/**
 * A cold isolate (it has loaded no copy yet) predicts as if every word were held by every source of
 * a collection this large, the largest the charge is measured at: whatever its first request holds
 * is charged at least as much as a warm isolate would charge it there, and the settlement after the
 * answer charges what that missed (docs/rate-limits.md).
 */
export const COLD_SOURCES = 100_000;

/** The work one statement or part of it does, in FTS5's units. */
export interface Work {
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

/**
 * Reading the terms' holders over the whole index, times `fraction` (a count that stops at a pool and
 * one): a word's holders in doclist order; a phrase's through its rarest word, each of its words'
 * positions read there, and whole (how many sources hold a phrase is not counted: it may be found
 * nowhere, and then every position is read).
 */
function readOf(terms: readonly SearchTerm[], counts: Counts, fraction = 1): Work {
	let work = NONE;
	for (const key of terms.flatMap((term) => term.keys)) {
		const words = key.split(" ");
		const rarest = Math.min(...words.map(counts.word));
		const read =
			words.length > 1
				? { ...NONE, positions: words.length * rarest }
				: { ...NONE, postings: rarest * Math.min(1, fraction) };
		work = plus(work, read);
	}
	return work;
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
	return plus(
		probes,
		readOf(plan.match.terms, counts, (plan.pool + 1) / Math.max(1, matchSize(plan, counts))),
	);
}

/** The words adjacent, every spelling's positions read over the whole index (the pair index may spare it: not counted on). */
function adjacentRead(plan: Plan, counts: Counts): Work {
	const keys = plan.match.together?.phraseKeys ?? [];
	return readOf([{ text: "", quoted: true, alternatives: [], keys }], counts);
}

/** Rows ranked by BM25: each row's hits of each word, and of each phrase (its words' positions there). */
function rowsRanked(terms: readonly SearchTerm[], counts: Counts, rows: number): Work {
	let words = 0;
	let phrases = 0;
	for (const key of terms.flatMap((t) => t.keys)) {
		const parts = key.split(" ");
		if (parts.length === 1) words++;
		else phrases += (parts.length * Math.min(...parts.map(counts.word))) / counts.sources;
	}
	return { ...NONE, rankedWords: rows * words, rankedPhrases: rows * phrases };
}

/**
 * BM25 over at most a pool and one rows: every spelling's holders counted over the whole index first
 * (FTS5's IDF), then each row ranked; with two tiers, the words adjacent read among them.
 */
function rankedWork(plan: Plan, counts: Counts, rows: number): Work {
	const tiers = plan.match.together === undefined ? NONE : adjacentRead(plan, counts);
	return plus(plus(readOf(plan.match.terms, counts), tiers), rowsRanked(plan.match.terms, counts, rows));
}

/**
 * The look-ups that test one pooled source, each a keyed look-up of its words, stopping at the first
 * the source lacks: the filters (each as likely as its share), then the match's terms (each as likely
 * as its holders' share); counted as the words looked up.
 */
function testsOf(plan: Plan, counts: Counts): number {
	const { filters } = plan.scope;
	const none = { creatorHandleKey: null, topicId: null, platform: null };
	const shares: [number, number][] = [];
	if (filters.creatorHandleKey !== null)
		shares.push([1, counts.share({ ...none, creatorHandleKey: filters.creatorHandleKey })]);
	if (filters.topicId !== null) shares.push([1, counts.share({ ...none, topicId: filters.topicId })]);
	if (filters.platform !== null) shares.push([1, counts.share({ ...none, platform: filters.platform })]);
	for (const term of plan.match.lookups)
		shares.push([term.keys.length, Math.min(1, counts.term(term) / counts.sources)]);
	let reached = 1;
	let words = 0;
	for (const [n, share] of shares) {
		words += reached * n;
		reached *= share;
	}
	return words;
}

/**
 * The words adjacent of a crowded match: counted to a pool and one; then, when at most a pool hold
 * them, ranked by BM25 (their own IDF read again), else looked up in the pooled sources walked.
 */
function pooledAdjacent(plan: Plan, counts: Counts, walked: number): Work {
	const keys = plan.match.together?.phraseKeys ?? [];
	if (keys.length === 0) return NONE;
	const held =
		keys.reduce((n, key) => n + Math.min(...key.split(" ").map(counts.word)), 0) *
		counts.share(plan.scope.filters);
	const read = adjacentRead(plan, counts);
	if (held > plan.pool) return plus(times(read, (plan.pool + 1) / held), { ...NONE, lookups: walked * 2 });
	return plus(times(read, 2), rowsRanked([{ text: "", quoted: true, alternatives: [], keys }], counts, held));
}

/**
 * A crowded match among its anchor's pool: the pooled sources walked until the page is full (at most
 * the pool), each tested by look-ups until one fails, or against the match read once as a set when the
 * sample estimates it at most `setPools` pools; then past the pool the rest of the match to the page's
 * end; the sample the estimate reads; and the words adjacent when tiered.
 */
function poolWork(plan: Plan, counts: Counts, anchor: string): Work {
	const need = plan.scope.offset + plan.scope.limit;
	const size = Math.max(1, matchSize(plan, counts));
	const hit = Math.min(1, size / Math.max(1, counts.word(anchor)));
	const walked = Math.min(plan.pool, need / hit);
	const asSet = size <= SEARCH_TUNING.setPools * plan.pool;
	const set = asSet ? readOf(plan.match.terms, counts) : NONE;
	const walk = { ...NONE, lookups: asSet ? 0 : walked * testsOf(plan, counts) };
	const rest = readOf(plan.match.terms, counts, Math.max(0, need - plan.pool * hit) / size);
	const sample = readOf(plan.match.terms, counts, SAMPLED / counts.sources);
	return plus(plus(set, walk), plus(plus(rest, sample), pooledAdjacent(plan, counts, walked)));
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

/** The work of one statement of a plan: its census when it begins with one, and its ranking when that runs. */
export function statementWork(plan: Plan, vocabulary: SearchVocabulary, ranked: boolean): Work {
	const counts = countsOf(vocabulary);
	return plus(censusWork(plan, counts), ranked ? rankingWork(plan, counts) : NONE);
}

/** The other ranking a census may settle a guess as: crowded for a guess of whole, whole for one of crowded. */
function otherRanking(plan: Plan, vocabulary: SearchVocabulary): Plan["ranking"] {
	if (plan.ranking.by !== "whole") return { by: "whole" };
	const anchor = anchorOf(plan.match.terms, vocabulary.crowdedDocs);
	return anchor === null ? { by: "recent" } : { by: "pool", anchor };
}

/** How far the isolate's estimate of the match is from a pool, either way: a guess this sure is not costed twice. */
const SURE = 4;

/**
 * The D1 milliseconds a first plan is predicted to cost at most: its statement (the census and the
 * ranking it runs), or, where the census may refute its guess, the census and the costlier ranking of
 * the two.
 */
export function predictedMs(plan: Plan, vocabulary: SearchVocabulary): number {
	const counts = countsOf(vocabulary);
	const census = censusWork(plan, counts);
	const guess = msOf(plus(census, rankingWork(plan, counts)));
	const size = matchSize(plan, counts);
	// A phrase's holders are not counted (only bounded by its rarest word's): no estimate is sure of it.
	const phrased = plan.match.terms.some((t) => t.keys.some((key) => key.includes(" ")));
	const sure = !phrased && (size > SURE * plan.pool || size * SURE < plan.pool);
	if (plan.census === null || !plan.census.guessed || sure) return SEARCH_COST.statementMs + guess;
	const other = msOf(
		plus(census, rankingWork({ ...plan, ranking: otherRanking(plan, vocabulary), census: null }, counts)),
	);
	return 2 * SEARCH_COST.statementMs + Math.max(guess, other);
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
