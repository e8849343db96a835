/**
 * Every figure search is tuned by, in one typed object: the statement (src/search/execute/statement.ts), the
 * words a query keeps (src/search/plan/), the projection refresh's parameters
 * (projections/recompute.sql reads them from search_settings) and the bench take them from here.
 * The database holds the ones SQL needs in search_settings and the index's rank function: a
 * migration generated from this object by `npm run search-tuning -- generate` writes them, and
 * test/workers/search/tuning.test.ts holds the database, the docs' stated figures and this object
 * equal. Why each figure is what it is: BENCHMARKS.md.
 */
export const SEARCH_TUNING = {
	/** A match held by more than this many public sources is crowded: ranked among a merit pool of this size. */
	pool: 2000,
	/** BM25's weight for each indexed column: title and topic labels most, the filters' tokens nothing. */
	weights: { title: 4, summary: 2, topics: 4, body: 1, facets: 0 },
	/** A word held by more than this share of the public sources is "in most sources" (BM25 gives it no weight). */
	mostSourcesShare: 0.5,
	/** How many crowded words' merit pools one projection refresh recomputes, at most. */
	poolsPerRefresh: 96,
	/** A crowded total is estimated from this many evenly spaced slices of index keys … */
	estimateSlices: 16,
	/** … of at most this many keys each (1,536 in all, about 1 in 65 of 100,000). */
	estimateSliceRows: 96,
	/** A crowded match of at most this many pools' worth of sources is read once as a set to test the pool against. */
	setPools: 4,
	/** A pooled source is tested by each filter and this many narrowest terms one at a time, then the rest at once. */
	lookedUpAlone: 2,
	/** The most phrases the tier of words adjacent looks for (lexicon spellings multiply them). */
	adjacentPhrases: 24,
	/** When every remaining term is in most sources, the any-term search takes only this many of them. */
	anyTermWeightlessMax: 3,
} as const;

export type SearchTuning = typeof SEARCH_TUNING;

/** The index's rank function, as migrations write it: bm25 with the weights in column order. */
export const rankFunction = (w: SearchTuning["weights"]): string =>
	`bm25(${[w.title, w.summary, w.topics, w.body, w.facets].map((x) => x.toFixed(1)).join(", ")})`;
