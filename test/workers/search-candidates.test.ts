/**
 * The one-statement search (src/search/execute/statement.ts) against plain references over a freshly built index
 * (test/support/search-reference.ts): every public match filtered by SQL joins (not by the index's
 * facet tokens), tiered and ranked whole; and, for a crowded match, the anchor's pool recomputed from
 * first principles. The seeded collection is small, so the pool is lowered (search_settings) and the
 * pools refreshed to drive the crowded plan; every page must be the reference's, and a total not
 * marked exact must never undercount what was found.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../../scripts/corpus/generate";
import { forgetProjectionCopy } from "../../src/data/projection-copy";
import { CROWDED_POOL, type SearchRequest, searchSources } from "../../src/search/execute/statement";
import { allTermsRequest, anyTermRequest, lookupOrder } from "../../src/search/plan/requests";
import { plainTerms, type SearchTerm } from "../../src/search/query/terms";
import type { SearchFilters } from "../../src/search/request";
import { searchVocabulary } from "../../src/search/vocabulary/vocabulary";
import { POOLED_REFERENCE_SQL, REFERENCE_SQL, referenceIndexStatements } from "../support/search-reference";
import { expectPage, one, rows, settlePools } from "./tool-helpers";

interface Ranked {
	source_id: string;
	score: number;
	tier: string;
	/** Pooled reference only: 1 for a source past the pool. */
	beyond?: number;
}

// The reference ranks over its own, freshly built index, never over the server's.
beforeAll(async () => {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
});

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

/** The request the tool builds for these terms (all of them, or any of them), with the isolate's vocabulary. */
async function requestFor(
	terms: SearchTerm[],
	any: boolean,
	filters: SearchFilters,
	page: { limit: number; offset: number },
) {
	forgetProjectionCopy();
	const vocabulary = await searchVocabulary(env.DB, []);
	return any
		? anyTermRequest(terms, vocabulary, { filters, ...page })
		: allTermsRequest(terms, terms, terms, vocabulary, { filters, ...page }).request;
}

const referenceArgs = (r: SearchRequest) => [
	r.match,
	r.filters.creatorHandleKey,
	r.filters.topicId,
	r.filters.platform,
	r.adjacent === undefined ? null : (r.adjacent ?? '"0z0"'),
];
const reference = (r: SearchRequest) => rows<Ranked>(REFERENCE_SQL, ...referenceArgs(r));
const pooledReference = (r: SearchRequest, pool: number) =>
	rows<Ranked>(POOLED_REFERENCE_SQL, ...referenceArgs(r), r.anchor ?? null, pool);

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
						const request = await requestFor(plainTerms(query), any, f, page);
						const expected = await reference(request);
						const where = `${request.match} ${JSON.stringify(f)} ${JSON.stringify(page)}`;
						const got = await searchSources(env.DB, request);
						expect(got.plan ?? "whole", where).toBe("whole");
						expectPage(got.rows, expected.slice(page.offset, page.offset + page.limit), where);
						expect(got.exact, where).toBe(true);
						expect(got.total, where).toBe(expected.length);
						adjacent += got.rows.filter((r) => r.tier === "adjacent").length;
						apart += got.rows.filter((r) => r.tier === "apart").length;
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
						const request = await requestFor(plainTerms(query), false, f, page);
						const where = `${request.match} ${JSON.stringify(f)} pool ${pool} ${JSON.stringify(page)} anchor ${request.anchor}`;
						const got = await searchSources(env.DB, request);
						const whole = await reference(request);
						const key = `${got.plan} ${whole.filter((r) => r.tier === "adjacent").length > pool ? "adjacent walked" : "adjacent ranked"}`;
						taken.set(key, (taken.get(key) ?? 0) + 1);
						if (got.walked !== undefined) taken.set(got.walked, (taken.get(got.walked) ?? 0) + 1);
						if (got.plan === "pool") {
							// The order of the look-ups decides only their cost: the widest first, or the match whole
							// (no parts at all included: they must not make every pooled source pass).
							for (const parts of [[...(request.parts ?? [])].reverse(), [], undefined])
								expect(await searchSources(env.DB, { ...request, parts }), `${where} parts ${parts}`).toEqual(
									got,
								);
							expect(whole.length, where).toBeGreaterThan(pool);
							const want = (await pooledReference(request, pool)).slice(
								page.offset,
								page.offset + page.limit,
							);
							expectPage(got.rows, want, where);
							for (const tier of ["adjacent", "apart"])
								if (want.some((r) => r.beyond === 1 && r.tier === tier))
									taken.set(`${tier} beyond`, (taken.get(`${tier} beyond`) ?? 0) + 1);
							expect(got.rankedAmong, where).toMatchObject({
								sources: pool,
								order: "merit",
								word: request.anchor,
							});
							expect(got.exact, where).toBe(false);
							expect(got.total, where).toBeGreaterThanOrEqual(page.offset + got.rows.length);
						} else {
							expectPage(got.rows, whole.slice(page.offset, page.offset + page.limit), where);
							expect(got.total, where).toBe(whole.length);
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
		const request = await requestFor(plainTerms("AI search"), false, NO_FILTER, { limit: 10, offset: 0 });
		expect(request.anchor).not.toBeNull();
		await env.DB.prepare("DELETE FROM search_pool_projection WHERE term = ?1").bind(request.anchor).run();
		const got = await searchSources(env.DB, request);
		const whole = await reference(request);
		expect(whole.length).toBeGreaterThan(25);
		expect(got).toMatchObject({
			plan: "recent",
			exact: false,
			rankedAmong: { sources: 25, order: "recent", word: null, computedAt: null },
		});
		expect(got.rows).toHaveLength(10);
		// Every result is among the 25 matches added last (the highest index keys), none older.
		const newest = await rows<{ source_id: string }>(
			`SELECT d.source_id FROM search_index si JOIN search_documents d ON d.doc_id = si.rowid
			 WHERE si.search_index MATCH ?1 ORDER BY si.rowid DESC LIMIT 25`,
			request.match,
		);
		const recent = new Set(newest.map((r) => r.source_id));
		for (const row of got.rows) expect(recent.has(row.source_id), row.source_id).toBe(true);
		// Ranked like the whole ranking restricted to those 25: tiers, then BM25.
		expectPage(got.rows, whole.filter((r) => recent.has(r.source_id)).slice(0, 10), "no pool");
		// The next search's anchor is a word that has a pool (the isolate's copy knows which do).
		const next = await requestFor(plainTerms("AI search"), false, NO_FILTER, { limit: 10, offset: 0 });
		expect(next.anchor).not.toBe(request.anchor);
		if (next.anchor !== null) expect((await searchSources(env.DB, next)).plan).toBe("pool");
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
