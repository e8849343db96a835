/**
 * One check per plan of the search (src/search/plan/plan.ts: whole, pool, recent) against the
 * reference rankings (test/support/search-reference.ts), shared by the tests that run them on the
 * sample with the pool lowered (test/workers/search/plan-units.test.ts) and on a generated corpus
 * large enough for the real pool (test/workers/search/plan-units-large.test.ts): each plans a query as the tool does, runs its reads
 * (src/search/execute/reads.ts: the first plan's statement, and the one its census settled), and
 * compares the page with the reference's, source by source, tier and score.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import { ftsPhrase, matchText } from "../../../src/search/execute/fts5";
import { readSearch, type Searched } from "../../../src/search/execute/reads";
import { runStatement, type SearchPage } from "../../../src/search/execute/statement";
import { firstPlan, matchOf, type Plan, type PlanInput } from "../../../src/search/plan/plan";
import type { Together } from "../../../src/search/plan/together";
import { plainTerms, type SearchTerm } from "../../../src/search/query/terms";
import type { SearchFilters } from "../../../src/search/request";
import { searchVocabulary } from "../../../src/search/vocabulary/vocabulary";
import { POOLED_REFERENCE_SQL, REFERENCE_SQL, referenceIndexStatements } from "../search-reference";
import { expectPage, rows } from "./tool-helpers";

interface Ranked {
	source_id: string;
	score: number;
	tier: string;
	/** Pooled reference only: 1 for a source past the pool. */
	beyond?: number;
}

interface Page {
	limit: number;
	offset: number;
}

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

/** Two pages of every ranking compared: the first, and one that starts inside it and ends past it. */
export const PAGES: readonly Page[] = [
	{ limit: 20, offset: 0 },
	{ limit: 7, offset: 13 },
];

/** (Re)builds the reference's own index from the public tables: after seeding, before comparing. */
export async function buildReferenceIndex(): Promise<void> {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
}

/** A search as planned: what it is decided from, and its first plan. */
interface Planning {
	input: PlanInput;
	first: Plan;
}

/** The first plan search_sources makes for `query`'s plain words (every word a term), from the isolate's statistics read afresh. */
export async function planFor(
	query: string,
	page: Page,
	filters: Partial<SearchFilters> = {},
): Promise<Planning> {
	forgetProjectionCopy();
	const terms = plainTerms(query);
	const input: PlanInput = {
		planned: { ordered: terms, terms },
		vocabulary: await searchVocabulary(env.DB, []),
		scope: { filters: { ...NO_FILTER, ...filters }, ...page },
	};
	return { input, first: firstPlan(input) };
}

/** The same search with its census made to count the match (as for crowded words), the guess left as it was. */
export function countedFirst({ input, first }: Planning): Planning {
	const census = first.census ?? { probes: [], weightless: [], fallback: null, guessed: true, count: true };
	return { input, first: { ...first, census: { ...census, guessed: true, count: true } } };
}

/**
 * The search of exactly these terms, every one required (or any of them), its tiers the words of
 * `together` adjacent (none: one tier), counted by its census and ranked as the count decides: what
 * the tool's answer is compared with, built without the tool's own decisions on which terms to require.
 */
export async function searchExactly(
	terms: SearchTerm[],
	options: { any?: boolean; together?: Together; filters?: SearchFilters; page?: Page } = {},
): Promise<Searched> {
	forgetProjectionCopy();
	const vocabulary = await searchVocabulary(env.DB, []);
	const scope = { filters: options.filters ?? NO_FILTER, ...(options.page ?? { limit: 20, offset: 0 }) };
	const input: PlanInput = { planned: { ordered: terms, terms }, vocabulary, scope };
	const join = options.any === true ? "any" : "all";
	const { match } = matchOf(vocabulary, terms, join, options.together);
	const first: Plan = {
		mode: join === "any" ? "any_term" : "all_terms",
		match,
		ranking: { by: "whole" },
		scope,
		pool: vocabulary.pool,
		leftOut: [],
		census: { probes: [], weightless: [], guessed: true, count: true, fallback: null },
	};
	return readSearch(env.DB, input, first);
}

/** The search's reads: the plan that answered, and its page. */
export const answer = ({ input, first }: Planning): Promise<Searched> => readSearch(env.DB, input, first);

/** What the reference is given for a plan: its match, its filters, and its words adjacent (null: one tier). */
export function referenceArgs(plan: Plan): unknown[] {
	const { filters } = plan.scope;
	const together = plan.match.together;
	const adjacent =
		together === undefined
			? null
			: together.phrases.length === 0
				? '"0z0"'
				: together.phrases.map(ftsPhrase).join(" OR ");
	return [matchText(plan.match), filters.creatorHandleKey, filters.topicId, filters.platform, adjacent];
}

/** Every filtered match, ranked whole in its tiers. */
export const whole = (plan: Plan) => rows<Ranked>(REFERENCE_SQL, ...referenceArgs(plan));

/** Every filtered match as ranked among the anchor's merit pool of `pool` sources, then past it. */
export const pooled = (plan: Plan, pool: number) =>
	rows<Ranked>(
		POOLED_REFERENCE_SQL,
		...referenceArgs(plan),
		plan.ranking.by === "pool" ? plan.ranking.anchor : null,
		pool,
	);

const pageOf = <T>(ranked: readonly T[], plan: Plan) =>
	ranked.slice(plan.scope.offset, plan.scope.offset + plan.scope.limit);

/** Plan whole: the reference's page and its exact total. Returns what answered. */
export async function expectRankedWhole(planning: Planning, where: string): Promise<Searched> {
	const got = await answer(planning);
	const want = await whole(got.plan);
	expect(got.plan.ranking.by === "none" ? "whole" : got.plan.ranking.by, where).toBe("whole");
	expectPage(got.page.rows, pageOf(want, got.plan), where);
	expect(got.page.total, where).toBe(want.length);
	return got;
}

/**
 * Plan pool, when it is the plan that answered: the reference's pooled page. Returns what answered
 * and the reference's page (whose `beyond` says which of its sources are past the pool).
 */
export async function expectRankedAmongPool(
	planning: Planning,
	pool: number,
	where: string,
): Promise<{ got: Searched; want: Ranked[] }> {
	const got = await answer(planning);
	if (got.plan.ranking.by !== "pool") return { got, want: [] };
	const want = pageOf(await pooled(got.plan, pool), got.plan);
	expectPage(got.page.rows, want, where);
	return { got, want };
}

/** A settled plan of this ranking, run alone: what the census would have sent second. */
function runRanked(planning: Planning, ranking: Plan["ranking"]): Promise<SearchPage> {
	return runStatement(env.DB, { ...planning.first, ranking, census: null }).then((answered) => answered.page);
}

/** Plan recent: the reference's ranking of the `pool` most recently added matches. */
export async function expectRankedAmongRecent(planning: Planning, pool: number, where: string) {
	const plan = { ...planning.first, ranking: { by: "recent" as const }, census: null };
	const got = await runRanked(planning, plan.ranking);
	expect(got.rankedAmong?.order, where).toBe("recent");
	const newest = new Set(
		(
			await rows<{ source_id: string }>(
				`SELECT d.source_id FROM search_index si JOIN search_documents d ON d.doc_id = si.rowid
				 WHERE si.search_index MATCH ?1 ORDER BY si.rowid DESC LIMIT ?2`,
				matchText(plan.match),
				pool,
			)
		).map((r) => r.source_id),
	);
	expectPage(
		got.rows,
		pageOf(
			(await whole(plan)).filter((r) => newest.has(r.source_id)),
			plan,
		),
		where,
	);
}
