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
import { fallbackOf, firstPlan, type Plan } from "./plan";
import { anchorOf } from "./requirements";

/**
 * D1 microseconds of each unit of FTS5's work, and milliseconds a statement costs of its own: fitted
 * (least squares with no unit below zero, a statement's own cost and a ranked word's held, then a
 * fifth more for the machine's noise) to each statement of the cost cases at 100,000 sources on this
 * machine's SQLite (`npx tsx scripts/bench/cost/plan-parts.ts --work FILE` writes what they are
 * fitted to; `npm run bench:charge` prints each search's prediction beside what it took; the record
 * docs/decisions/2026-12-04-a-charge-that-matches.md says how they were chosen).
 */
const SEARCH_COST = {
	statementMs: 3,
	postingUs: 0.023,
	positionUs: 0.05,
	lookupUs: 5.6,
	rankedWordUs: 0.3,
	rankedPhraseUs: 3,
	openUs: 11.6,
};

/** How far an estimate of the isolate's is from a pool, either way, for it to be sure which side it is on. */
const SURE = 4;

/**
 * A cold isolate (it has loaded no copy yet) predicts as if every word were held by every source of
 * a collection this large, about what one D1 database holds (BENCHMARKS.md, "The word-pair index,
 * built"): whatever its first request holds is charged at least as much as a warm isolate would
 * charge it in any collection the project is built for, an ordinary search still its one unit, and
 * the settlement after the answer charges what that missed (docs/rate-limits.md).
 */
const COLD_SOURCES = 1_000_000;

/** The work one statement or part of it does, in FTS5's units. */
interface Work {
	postings: number;
	positions: number;
	lookups: number;
	rankedWords: number;
	rankedPhrases: number;
	/** Words' doclists opened: each read of an expression opens one for each word of each spelling. */
	opens: number;
}

const NONE: Work = { postings: 0, positions: 0, lookups: 0, rankedWords: 0, rankedPhrases: 0, opens: 0 };
const plus = (a: Work, b: Work): Work => ({
	postings: a.postings + b.postings,
	positions: a.positions + b.positions,
	lookups: a.lookups + b.lookups,
	rankedWords: a.rankedWords + b.rankedWords,
	rankedPhrases: a.rankedPhrases + b.rankedPhrases,
	opens: a.opens + b.opens,
});
const times = (w: Work, k: number): Work => ({
	postings: w.postings * k,
	positions: w.positions * k,
	lookups: w.lookups * k,
	rankedWords: w.rankedWords * k,
	rankedPhrases: w.rankedPhrases * k,
	opens: w.opens * k,
});

/** Which unit of SEARCH_COST prices each kind of work. */
const UNIT_OF = {
	postings: "postingUs",
	positions: "positionUs",
	lookups: "lookupUs",
	rankedWords: "rankedWordUs",
	rankedPhrases: "rankedPhraseUs",
	opens: "openUs",
} as const satisfies Record<keyof Work, keyof typeof SEARCH_COST>;

const msOf = (w: Work): number =>
	(Object.keys(UNIT_OF) as (keyof Work)[]).reduce(
		(us, kind) => us + w[kind] * SEARCH_COST[UNIT_OF[kind]],
		0,
	) / 1000;

/** What the isolate's counts say of a plan's terms: holders of a word (a pool for one that does not crowd), of a term, of the match. */
interface Counts {
	sources: number;
	pool: number;
	word: (word: string) => number;
	term: (term: SearchTerm) => number;
	/** The most sources a term can be held by: its spellings' rarest words'. */
	most: (term: SearchTerm) => number;
	share: (filters: SearchFilters) => number;
}

function countsOf(vocabulary: SearchVocabulary): Counts {
	const sources = vocabulary.collection?.sources ?? COLD_SOURCES;
	const word = (w: string) => Math.min(sources, vocabulary.holders(w) || vocabulary.pool);
	const bound = (key: string) => Math.min(...key.split(" ").map(word));
	// A phrase of three words or more is taken as found nowhere (only its rarest word bounds it).
	const spelling = (key: string) => (key.split(" ").length > 2 ? 0 : bound(key));
	const sum = (t: SearchTerm, each: (key: string) => number) =>
		Math.min(
			sources,
			t.keys.reduce((n, key) => n + each(key), 0),
		);
	return {
		sources,
		pool: vocabulary.pool,
		word,
		term: (t) => sum(t, spelling),
		most: (t) => sum(t, bound),
		share: vocabulary.collection?.share ?? (() => 1),
	};
}

/** The words of every spelling of these terms: the doclists one read of them opens. */
const wordsOf = (terms: readonly SearchTerm[]) =>
	terms.flatMap((term) => term.keys).reduce((n, key) => n + key.split(" ").length, 0);

/**
 * Reading the terms' holders over the whole index, each spelling on its own (FTS5's IDF, a probe),
 * times `fraction`: a word's holders in doclist order; a phrase's through its rarest word, each of its
 * words' positions read there.
 */
function readOf(terms: readonly SearchTerm[], counts: Counts, fraction = 1): Work {
	let work = NONE;
	for (const key of terms.flatMap((term) => term.keys)) {
		const words = key.split(" ");
		const rarest = Math.min(...words.map(counts.word));
		const read =
			words.length > 1 ? { ...NONE, positions: words.length * rarest } : { ...NONE, postings: rarest };
		work = plus(work, read);
	}
	return { ...times(work, Math.min(1, fraction)), opens: fraction > 0 ? wordsOf(terms) : 0 };
}

/**
 * Reading the match itself, times `fraction` (a read that stops at the page's end, or at a pool and
 * one): every term of an AND is read only where its rarest term (or filter) has holders, FTS5 seeking
 * the others there; an OR reads each term as far as the fraction takes it. How many sources hold a
 * phrase is not counted (only its rarest word's holders bound it): one of three words or more is
 * read whole, as if found nowhere (it is when its pairs are held but never together, and when its
 * sources are queued for their pairs every phrase is read so).
 */
function matchRead(plan: Plan, counts: Counts, fraction = 1): Work {
	const { terms, join } = plan.match;
	const filtered = counts.sources * counts.share(plan.scope.filters);
	const rarest = join === "all" ? Math.min(filtered, ...terms.map(counts.most)) : counts.sources;
	let work = NONE;
	for (const key of terms.flatMap((term) => term.keys)) {
		const words = key.split(" ");
		const read = Math.min(rarest, ...words.map(counts.word));
		// In an AND, a phrase of three words or more is taken as found nowhere: its every position is read.
		const part = Math.min(1, words.length > 2 && join === "all" ? 1 : fraction);
		work = plus(
			work,
			words.length > 1
				? { ...NONE, positions: words.length * read * part, opens: part > 0 ? words.length : 0 }
				: { ...NONE, postings: read * part, opens: part > 0 ? 1 : 0 },
		);
	}
	return work;
}

/** How many sources hold the match (an estimate: the terms taken as independent), with its filters. */
function matchSize(plan: Plan, counts: Counts): number {
	const { terms, join } = plan.match;
	const filtered = counts.sources * counts.share(plan.scope.filters);
	if (join === "any")
		return Math.min(
			filtered,
			terms.reduce((n, t) => n + counts.term(t), 0),
		);
	return terms.reduce((n, t) => n * Math.min(1, counts.term(t) / counts.sources), filtered);
}

/** A term the census may find nowhere: one not known to crowd the index (a rare word, or a phrase). */
const mayBeNowhere = (term: SearchTerm, counts: Counts) =>
	term.keys.every((key) => key.includes(" ") || counts.word(key) <= counts.pool);

/**
 * The census: its probes; its count of the match when it makes one (to a pool and one); and when a
 * probe may find its term nowhere, the count of the terms found and of the any-term fallback.
 */
function censusWork(plan: Plan, counts: Counts): Work {
	const census = plan.census;
	if (census === null) return NONE;
	const bounded = (p: Plan) => matchRead(p, counts, (p.pool + 1) / Math.max(1, matchSize(p, counts)));
	const probes = readOf(census.probes, counts, 0.02);
	// A phrase's match is counted through its pairs, and read too when they may be held by more
	// than a pool: when its every word is (a phrase found nowhere is then read whole).
	const counted = census.count && (!phrased(plan) || pairsMayCrowd(plan, counts)) ? bounded(plan) : NONE;
	if (!census.probes.some((term) => mayBeNowhere(term, counts))) return plus(probes, counted);
	const known = census.count ? NONE : bounded(plan);
	const anyOf =
		census.fallback === null
			? null
			: { ...plan, match: { ...plan.match, join: "any" as const, terms: census.fallback } };
	return plus(plus(probes, counted), plus(known, anyOf === null ? NONE : bounded(anyOf)));
}

/** Whether the pairs of a phrase of the match may be held by more than a pool: each of its words is. */
const pairsMayCrowd = (plan: Plan, counts: Counts) =>
	plan.match.terms.some((t) =>
		t.keys.some((key) => key.includes(" ") && Math.min(...key.split(" ").map(counts.word)) > plan.pool),
	);

/** Whether a spelling of a term of the match is a phrase. */
const phrased = (plan: Plan) => plan.match.terms.some((t) => t.keys.some((key) => key.includes(" ")));

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
	// FTS5 counts each spelling's holders when it ranks its first row: a match estimated to hold no
	// source (terms that seldom meet) is most likely never ranked.
	const idf = times(readOf(plan.match.terms, counts), Math.min(1, matchSize(plan, counts)));
	return plus(plus(plus(matchRead(plan, counts), idf), tiers), rowsRanked(plan.match.terms, counts, rows));
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
	// Three words or more adjacent are taken as held by none: counted (every position read), no more.
	if (keys.some((key) => key.split(" ").length > 2)) return read;
	const walk = plus(times(read, (plan.pool + 1) / Math.max(1, held)), { ...NONE, lookups: walked * 2 });
	const ranked = plus(
		times(read, 2),
		rowsRanked([{ text: "", quoted: true, alternatives: [], keys }], counts, Math.min(held, plan.pool)),
	);
	// How many hold a phrase is bounded by its rarest word's holders only: near a pool, either may run.
	if (held > SURE * plan.pool) return walk;
	return held > plan.pool ? (msOf(walk) > msOf(ranked) ? walk : ranked) : ranked;
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
	const set = asSet ? matchRead(plan, counts) : NONE;
	const walk = { ...NONE, lookups: asSet ? 0 : walked * testsOf(plan, counts) };
	const rest = matchRead(plan, counts, Math.max(0, need - plan.pool * hit) / size);
	const sample = plus(matchRead(plan, counts, SAMPLED / counts.sources), {
		...NONE,
		opens: (SEARCH_TUNING.estimateSlices - 1) * wordsOf(plan.match.terms),
	});
	return plus(plus(set, walk), plus(plus(rest, sample), pooledAdjacent(plan, counts, walked)));
}

/** Keys the estimate's slices read (SEARCH_TUNING). */
const SAMPLED = SEARCH_TUNING.estimateSlices * SEARCH_TUNING.estimateSliceRows;

/** The `pool` most recently added matches, ranked by BM25 (recent). */
function recentWork(plan: Plan, counts: Counts): Work {
	const size = Math.max(1, matchSize(plan, counts));
	return plus(matchRead(plan, counts, plan.pool / size), rankedWork(plan, counts, plan.pool));
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

/** Whether the isolate's estimate of a match's size is sure which side of a pool it is on. */
const sureOf = (plan: Plan, size: number) =>
	size < 1 || (!phrased(plan) && (size > SURE * plan.pool || size * SURE < plan.pool));

/**
 * What the any-term fallback's statement reads once a census settles it (the match, estimated to
 * hold nothing, found empty): its ranking as its size decides, or the costlier of the two when the
 * estimate is not sure; null when no fallback stands in.
 */
function fallbackWork(plan: Plan, vocabulary: SearchVocabulary, counts: Counts): Work | null {
	const whole = fallbackOf(plan, vocabulary, 1);
	if (whole === null) return null;
	// Each ranking's work is reckoned only when it may be the one that runs (this is on every search's path).
	const crowded = () => rankingWork({ ...whole, ranking: otherRanking(whole, vocabulary) }, counts);
	// Any term: at least as many sources as its most held single word hold it.
	const least =
		Math.max(
			0,
			...whole.match.terms.flatMap((t) => t.keys.filter((k) => !k.includes(" ")).map(counts.word)),
		) * counts.share(plan.scope.filters);
	if (least > SURE * plan.pool) return crowded();
	const size = matchSize(whole, counts);
	if (sureOf(whole, size) && size >= 1) return size > plan.pool ? crowded() : rankingWork(whole, counts);
	const [w, c] = [rankingWork(whole, counts), crowded()];
	return msOf(w) > msOf(c) ? w : c;
}

/**
 * The D1 milliseconds a first plan is predicted to cost at most: its statement (the census and the
 * ranking it runs), or, where the census may settle another plan, the census and the costliest of
 * what it may run: the guess, the other ranking, or, for a match estimated to hold nothing, the
 * any-term fallback in a second statement (after the guess has run, when the census does not count).
 */
function predictedMs(plan: Plan, vocabulary: SearchVocabulary): number {
	const counts = countsOf(vocabulary);
	const census = censusWork(plan, counts);
	const guess = msOf(plus(census, rankingWork(plan, counts)));
	const size = matchSize(plan, counts);
	const fallback = size < 1 ? fallbackWork(plan, vocabulary, counts) : null;
	// A census that counts the match finds it empty before the ranking runs; one that does not lets
	// the ranking run, and its empty answer settles the fallback.
	const before = plan.census?.count ? msOf(census) : guess;
	const settled = fallback === null ? 0 : before + msOf(fallback);
	// A phrase's holders are not counted (only bounded by its rarest word's): no estimate is sure of
	// it, but for a match taken as held by none (a phrase of three words or more), which is whole.
	if (plan.census === null || !plan.census.guessed || sureOf(plan, size))
		return fallback === null
			? SEARCH_COST.statementMs + guess
			: 2 * SEARCH_COST.statementMs + Math.max(guess, settled);
	const other = msOf(
		plus(census, rankingWork({ ...plan, ranking: otherRanking(plan, vocabulary), census: null }, counts)),
	);
	return 2 * SEARCH_COST.statementMs + Math.max(guess, other, settled);
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
