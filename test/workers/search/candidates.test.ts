/**
 * The search's plans (src/search/plan/plan.ts) against plain references over a freshly built index
 * (test/support/search-reference.ts): every public match filtered by SQL joins (not by the index's
 * facet tokens), tiered and ranked whole; and, for a crowded match, the anchor's pool recomputed from
 * first principles. The seeded collection is small, so the pool is lowered (search_settings) and the
 * pools refreshed to drive the crowded plan; every page must be the reference's, and a total not
 * marked exact must never undercount what was found.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import { matchText } from "../../../src/search/execute/fts5";
import { readSearch, type Searched } from "../../../src/search/execute/reads";
import { runStatement } from "../../../src/search/execute/statement";
import { firstPlan, matchOf, type Plan, type PlanInput } from "../../../src/search/plan/plan";
import { lookupOrder } from "../../../src/search/plan/requirements";
import { plainTerms, type SearchTerm } from "../../../src/search/query/terms";
import type { SearchFilters } from "../../../src/search/request";
import { CROWDED_POOL } from "../../../src/search/search";
import { searchVocabulary } from "../../../src/search/vocabulary/vocabulary";
import { referenceIndexStatements } from "../../support/search-reference";
import { pooled as pooledReference, whole as reference } from "../../support/workers/search-plan-checks";
import { expectPage, one, rows, settlePools } from "../../support/workers/tool-helpers";

// The reference ranks over its own, freshly built index, never over the server's.
beforeAll(async () => {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
});

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

/**
 * The search the tool makes of these terms, all of them or (as the any-term fallback is) any of them,
 * with the isolate's vocabulary, read: the plan that answered and its page.
 */
async function searchOf(
	terms: SearchTerm[],
	any: boolean,
	filters: SearchFilters,
	page: { limit: number; offset: number },
): Promise<Searched & { input: PlanInput; first: Plan }> {
	forgetProjectionCopy();
	const vocabulary = await searchVocabulary(env.DB, []);
	const input: PlanInput = { planned: { ordered: terms, terms }, vocabulary, scope: { filters, ...page } };
	let first = firstPlan(input);
	if (any) {
		// The any-term search as settle makes it, sent with a census that counts it.
		const census = { probes: [], weightless: [], guessed: true, count: true, fallback: null };
		const { match } = matchOf(vocabulary, terms, "any");
		first = { ...first, mode: "any_term", match, leftOut: [], census, ranking: { by: "whole" } };
	}
	return { ...(await readSearch(env.DB, input, first)), input, first };
}

/** The busiest creator, topic and platform of the seed, so filtered searches have many matches. */
async function busiestFilters(): Promise<SearchFilters[]> {
	const creator = await one<{ k: string }>(
		`SELECT c.handle_key AS k FROM sources s JOIN creators c ON c.creator_id = s.creator_id
		 WHERE s.publication_state = 'published' GROUP BY c.creator_id ORDER BY COUNT(*) DESC, c.handle_key LIMIT 1`,
	);
	const topic = await one<{ t: string }>(
		`SELECT st.topic_id AS t FROM source_topics st JOIN sources s ON s.source_id = st.source_id
		 WHERE s.publication_state = 'published' GROUP BY st.topic_id ORDER BY COUNT(*) DESC, st.topic_id LIMIT 1`,
	);
	return [
		{ ...NO_FILTER, creatorHandleKey: creator.k },
		{ ...NO_FILTER, topicId: topic.t },
		{ ...NO_FILTER, platform: "tiktok" },
		{ creatorHandleKey: null, topicId: topic.t, platform: "youtube_shorts" },
		{ ...NO_FILTER, topicId: FIXTURES.topics.llmCitations.topic_id },
	];
}

const QUERIES = [
	"search",
	"AI search",
	"content audit",
	"schema",
	"the",
	"google ranking signals",
	"search console",
	// Four terms: the two narrowest looked up alone, the rest at once.
	"ai search google ranking",
];
const PAGES = [
	{ limit: 5, offset: 0 },
	{ limit: 20, offset: 0 },
	{ limit: 7, offset: 13 },
];

afterAll(async () => {
	await settlePools(CROWDED_POOL);
});

describe("one statement ranks exactly like the references", () => {
	it("the documented pool size is search_settings' row", async () => {
		expect((await one<{ pool: number }>("SELECT pool FROM search_settings")).pool).toBe(CROWDED_POOL);
	});

	it("every query, filter and page ranked whole returns the reference page, tiers included", {
		timeout: 60_000,
	}, async () => {
		const filters = [NO_FILTER, ...(await busiestFilters())];
		let adjacent = 0;
		let apart = 0;
		for (const query of QUERIES) {
			for (const any of [false, true]) {
				for (const f of filters) {
					for (const page of PAGES) {
						const got = await searchOf(plainTerms(query), any, f, page);
						const expected = await reference(got.plan);
						const where = `${query} any ${any} ${JSON.stringify(f)} ${JSON.stringify(page)}`;
						expect(got.plan.ranking.by === "none" ? "whole" : got.plan.ranking.by, where).toBe("whole");
						expectPage(got.page.rows, expected.slice(page.offset, page.offset + page.limit), where);
						expect(got.page.exact, where).toBe(true);
						expect(got.page.total, where).toBe(expected.length);
						adjacent += got.page.rows.filter((r) => r.tier === "adjacent").length;
						apart += got.page.rows.filter((r) => r.tier === "apart").length;
					}
				}
			}
		}
		// Not vacuous: both tiers were on the pages compared.
		expect(adjacent).toBeGreaterThan(0);
		expect(apart).toBeGreaterThan(0);
	});

	it("a crowded match ranks exactly its documented pool, with every filter and page", {
		timeout: 120_000,
	}, async () => {
		const filters = [NO_FILTER, ...(await busiestFilters())];
		const taken = new Map<string, number>();
		for (const pool of [4, 25, 60]) {
			await settlePools(pool);
			for (const query of QUERIES) {
				for (const f of filters) {
					for (const page of PAGES) {
						const got = await searchOf(plainTerms(query), false, f, page);
						const { plan } = got;
						const anchor = plan.ranking.by === "pool" ? plan.ranking.anchor : null;
						const where = `${query} ${JSON.stringify(f)} pool ${pool} ${JSON.stringify(page)} anchor ${anchor}`;
						const whole = await reference(plan);
						const key = `${plan.ranking.by} ${whole.filter((r) => r.tier === "adjacent").length > pool ? "adjacent walked" : "adjacent ranked"}`;
						taken.set(key, (taken.get(key) ?? 0) + 1);
						if (got.page.walked !== undefined)
							taken.set(got.page.walked, (taken.get(got.page.walked) ?? 0) + 1);
						if (plan.ranking.by === "pool") {
							// The order of the look-ups decides only their cost: the widest first, or every required
							// term in the query's order (the anchor's own included).
							for (const lookups of [[...plan.match.lookups].reverse(), plan.match.terms])
								expect(
									(await runStatement(env.DB, { ...plan, match: { ...plan.match, lookups } })).page,
									`${where} look-ups ${lookups.map((t) => t.text)}`,
								).toEqual(got.page);
							expect(whole.length, where).toBeGreaterThan(pool);
							const want = (await pooledReference(plan, pool)).slice(page.offset, page.offset + page.limit);
							expectPage(got.page.rows, want, where);
							for (const tier of ["adjacent", "apart"])
								if (want.some((r) => r.beyond === 1 && r.tier === tier))
									taken.set(`${tier} beyond`, (taken.get(`${tier} beyond`) ?? 0) + 1);
							expect(got.page.rankedAmong, where).toMatchObject({
								sources: pool,
								order: "merit",
								word: anchor,
							});
							expect(got.page.exact, where).toBe(false);
							expect(got.page.total, where).toBeGreaterThanOrEqual(page.offset + got.page.rows.length);
						} else {
							expectPage(got.page.rows, whole.slice(page.offset, page.offset + page.limit), where);
							expect(got.page.total, where).toBe(whole.length);
						}
					}
				}
			}
		}
		// Not vacuous: the pool was walked for both tiers (tested by look-ups and against the match read
		// as a set), the few adjacent sources ranked whole, small filtered matches were still ranked
		// whole, and pages went past the pool in both tiers.
		for (const key of [
			"pool adjacent walked",
			"pool adjacent ranked",
			"whole adjacent ranked",
			"set",
			"look-ups",
			"adjacent beyond",
			"apart beyond",
		])
			expect(taken.get(key) ?? 0, `${key} ${JSON.stringify([...taken])}`).toBeGreaterThan(0);
	});

	it("a crowded match whose anchor has no pool yet is ranked among its most recently added matches, bounded", {
		timeout: 60_000,
	}, async () => {
		await settlePools(25);
		const searched = await searchOf(plainTerms("AI search"), false, NO_FILTER, { limit: 10, offset: 0 });
		expect(searched.plan.ranking.by).toBe("pool");
		const anchor = searched.plan.ranking.by === "pool" ? searched.plan.ranking.anchor : "";
		await env.DB.prepare("DELETE FROM search_pool_projection WHERE term = ?1").bind(anchor).run();
		// The isolate's copy, read again, knows the anchor has no pool: the next plan ranks among another
		// word's pool, or, no word of the match having one, among the most recently added matches.
		const next = await searchOf(plainTerms("AI search"), false, NO_FILTER, { limit: 10, offset: 0 });
		expect(next.plan.ranking).not.toEqual(searched.plan.ranking);
		const recentPlan = { ...next.plan, ranking: { by: "recent" as const } };
		const got = (await runStatement(env.DB, recentPlan)).page;
		const whole = await reference(recentPlan);
		expect(whole.length).toBeGreaterThan(25);
		expect(got).toMatchObject({
			exact: false,
			rankedAmong: { sources: 25, order: "recent", word: null, computedAt: null },
		});
		expect(got.rows).toHaveLength(10);
		// Every result is among the 25 matches added last (the highest index keys), none older.
		const newest = await rows<{ source_id: string }>(
			`SELECT d.source_id FROM search_index si JOIN search_documents d ON d.doc_id = si.rowid
			 WHERE si.search_index MATCH ?1 ORDER BY si.rowid DESC LIMIT 25`,
			matchText(recentPlan.match),
		);
		const recent = new Set(newest.map((r) => r.source_id));
		for (const row of got.rows) expect(recent.has(row.source_id), row.source_id).toBe(true);
		// Ranked like the whole ranking restricted to those 25: tiers, then BM25.
		expectPage(got.rows, whole.filter((r) => recent.has(r.source_id)).slice(0, 10), "no pool");
	});
});

describe("the order a pooled source's look-ups test the terms in", () => {
	const holders = (word: string) =>
		({ ai: 900, seo: 900, search: 950, content: 700, audit: 0, schema: 300 })[word] ?? 0;
	const texts = (query: string, anchor: string | null) =>
		lookupOrder(plainTerms(query), anchor, holders).map((term) => term.text);

	it("fewest holders first, a phrase by its rarest word, the anchor's own term last", () => {
		expect(texts('search ai content "content audit"', "content")).toEqual([
			"content audit",
			"ai",
			"search",
			"content",
		]);
		// A phrase estimated by its rarest word (0) goes first; by its first word (700) it would follow
		// "schema", by its commonest (950) follow "ai" too.
		expect(texts('ai schema "content audit search"', null)).toEqual(["content audit search", "schema", "ai"]);
		expect(texts("search ai", "ai")).toEqual(["search", "ai"]);
		// Ties keep the query's order; with no anchor nothing is held back.
		expect(texts("search seo ai", null)).toEqual(["seo", "ai", "search"]);
		expect(texts("search ai seo", null)).toEqual(["ai", "seo", "search"]);
	});
});
