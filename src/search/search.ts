/**
 * The one entry a tool calls: a search as a pipeline, each stage a folder with typed input and
 * output (docs/search.md walks through it): parse (query/: the query's words, the terms they are
 * searched as) → vocabulary (vocabulary/: the lexicon and the isolate's statistics) → plan (plan/: one
 * Plan value, decided once: the terms required, the tiers, the ranking, and what it costs) → execute
 * (execute/: the plan's one small statement, or the census's and then the plan it settled; at most two
 * round trips) → each hit's excerpt (excerpts/) → how the answer explains itself (explain/).
 * Everything a tool needs of search is exported here, and only here.
 */
import type { PublicDb } from "../data/public-db";
import type { SourceRefRow } from "../data/source-ref";
import { type Excerpt, excerptsOf } from "./excerpts/chosen";
import { readSearch } from "./execute/reads";
import { type Explanation, explanationOf } from "./explain/explanation";
import { searchHeading } from "./explain/heading";
import { planSearch } from "./plan/kept";
import { firstPlan, type PlanInput } from "./plan/plan";
import { parseQuery } from "./query/parse";
import { lexiconKeys } from "./query/terms";
import { type SearchAsk, scopeOf } from "./request";
import { SEARCH_TUNING } from "./vocabulary/tuning";
import { searchVocabulary } from "./vocabulary/vocabulary";

export { EXCERPT_MAX_CHARS } from "./excerpts/excerpt";
export { predictSearchMs } from "./plan/cost";
export { LEFT_OUT_REASONS } from "./plan/left-out";
export {
	MAX_PHRASE_WORDS,
	MAX_QUERY_PHRASES,
	MAX_QUERY_TERMS,
	MAX_QUERY_TOKENS,
	MAX_TERM_TOKENS,
} from "./query/parse";
export type { SearchAsk } from "./request";
export { SEARCH_TUNING } from "./vocabulary/tuning";

/** The documented size of a crowded pool (SEARCH_TUNING; search_settings holds it for SQL, a test keeps them equal). */
export const CROWDED_POOL = SEARCH_TUNING.pool;

/** When every remaining term is weightless, the any-term search takes only this many of them (SEARCH_TUNING; the guide states it). */
export const ANY_TERM_WEIGHTLESS_MAX = SEARCH_TUNING.anyTermWeightlessMax;

/** A query with no word to search (only punctuation, symbols or spaces): the caller's to fix. */
export class UnsearchableQuery extends Error {}

/** One result: the source's row, its rank and tier, and its excerpt. */
interface SearchResult {
	source: SourceRefRow;
	rank: number;
	tier: "adjacent" | "apart" | "some_words";
	excerpt: Excerpt;
}

export interface SearchAnswer extends Explanation {
	total: number;
	exact: boolean;
	results: SearchResult[];
	/** The first line of the answer's text: its count, query, notes and filters, by the echo rule. */
	heading: string;
}

/** The filters as the answer names them (a creator by its handle's key, with "@"). */
export const filtersShown = (ask: SearchAsk) => ({
	creator_handle: ask.filters.creatorHandleKey === null ? null : `@${ask.filters.creatorHandleKey}`,
	topic_id: ask.filters.topicId,
	platform: ask.filters.platform,
});

/** The search `ask` describes: parsed, planned and read (at most two round trips, and the isolate's copies). */
export async function search(db: PublicDb, ask: SearchAsk): Promise<SearchAnswer> {
	const parsed = parseQuery(ask.query);
	if (parsed.words.length === 0) throw new UnsearchableQuery();
	const vocabulary = await searchVocabulary(db, lexiconKeys(parsed));
	const planned = planSearch(parsed, vocabulary.lexicon);
	const input: PlanInput = { planned, vocabulary, scope: scopeOf(ask) };
	const { plan, page, nearTopics } = await readSearch(db, input, firstPlan(input));
	const explanation = explanationOf(planned, plan, page);
	const excerpts = excerptsOf(page.rows, planned.terms, plan.match.together?.phraseKeys ?? []);
	const results = page.rows.map((row, i) => ({
		source: row,
		rank: ask.offset + i + 1,
		tier: plan.mode === "any_term" ? ("some_words" as const) : row.tier,
		excerpt: excerpts[i] as Excerpt,
	}));
	const heading = searchHeading({
		...explanation,
		query: ask.query,
		offset: ask.offset,
		shown: results.length,
		total: page.total,
		exact: page.exact,
		leftOut: explanation.termsLeftOut,
		filters: filtersShown(ask),
		nearTopics,
	});
	return { ...explanation, total: page.total, exact: page.exact, results, heading };
}
