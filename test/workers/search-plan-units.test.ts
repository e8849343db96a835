/**
 * Each plan of the search statement (src/data/search-sql.ts) alone against the reference rankings
 * (test/support/search-reference.ts), so that a change to one plan fails its own test: whole, known
 * small before the read; whole, after the count's gate; pool, walked by look-ups and against the
 * match read as a set; past the pool; recent. The sample is small, so the pool is lowered
 * (search_settings) to make the crowded plans run.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainTerms } from "../../src/data/match-expression";
import { forgetProjectionCopy } from "../../src/data/projection-copy";
import { CROWDED_POOL, type SearchFilters, type SearchRequest, searchSources } from "../../src/data/search";
import { searchVocabulary } from "../../src/data/search-vocabulary";
import { allTermsRequest } from "../../src/tools/search-requests";
import { POOLED_REFERENCE_SQL, REFERENCE_SQL, referenceIndexStatements } from "../support/search-reference";
import { expectPage, rows, settlePools } from "./tool-helpers";

interface Ranked {
	source_id: string;
	score: number;
	tier: string;
}

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

beforeAll(async () => {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
});
afterAll(async () => {
	await settlePools(CROWDED_POOL);
});

async function requestFor(query: string, page: { limit: number; offset: number }, filters = NO_FILTER) {
	forgetProjectionCopy();
	const terms = plainTerms(query);
	return allTermsRequest(terms, terms, terms, await searchVocabulary(env.DB, []), { filters, ...page })
		.request;
}

const args = (r: SearchRequest) => [
	r.match,
	r.filters.creatorHandleKey,
	r.filters.topicId,
	r.filters.platform,
	r.adjacent === undefined ? null : (r.adjacent ?? '"0z0"'),
];
const whole = (r: SearchRequest) => rows<Ranked>(REFERENCE_SQL, ...args(r));
const pooled = (r: SearchRequest, pool: number) =>
	rows<Ranked>(POOLED_REFERENCE_SQL, ...args(r), r.anchor ?? null, pool);

const PAGES = [
	{ limit: 20, offset: 0 },
	{ limit: 7, offset: 13 },
];

describe("plan whole, known small before the read", () => {
	it("a match with a word that crowds nothing is ranked whole with no count: the reference's every page", async () => {
		for (const query of ["kraken", "schema markup", "content audit checklist", "hreflang tags"])
			for (const page of PAGES) {
				const request = await requestFor(query, page);
				expect(request.small, query).toBe(true);
				const want = await whole(request);
				const got = await searchSources(env.DB, request);
				expect(got.plan ?? "whole", query).toBe("whole");
				expectPage(got.rows, want.slice(page.offset, page.offset + page.limit), query);
				expect(got.total, query).toBe(want.length);
			}
	});
});

describe("plan whole, after the gate", () => {
	it("a match of crowded words the count finds small is ranked whole: the reference's every page", async () => {
		for (const query of ["AI search", "search", "google ranking signals"])
			for (const page of PAGES) {
				const request = { ...(await requestFor(query, page)), small: false };
				const want = await whole(request);
				expect(want.length, query).toBeLessThanOrEqual(CROWDED_POOL);
				const got = await searchSources(env.DB, request);
				expect(got.plan, query).toBe("whole");
				expectPage(got.rows, want.slice(page.offset, page.offset + page.limit), query);
				expect(got.total, query).toBe(want.length);
			}
	});
});

describe("plan pool", () => {
	it("walked by look-ups and against the match read as a set, the reference's pooled pages", {
		timeout: 30_000,
	}, async () => {
		await settlePools(25);
		const walked = new Set<string>();
		for (const [query, filters] of [
			["AI search", NO_FILTER],
			["search", NO_FILTER],
			["AI search", { ...NO_FILTER, platform: "tiktok" }],
			["search", { ...NO_FILTER, topicId: "ai-overviews" }],
			["AI search", { ...NO_FILTER, topicId: "ai-overviews" }],
		] as const)
			for (const page of PAGES) {
				const request = await requestFor(query, page, filters);
				const got = await searchSources(env.DB, request);
				// A filter narrow enough can leave a match a pool holds whole: ranked whole, not this plan's.
				if (got.plan !== "pool") continue;
				walked.add(got.walked ?? "");
				expectPage(got.rows, (await pooled(request, 25)).slice(page.offset, page.offset + page.limit), query);
			}
		expect([...walked].sort()).toEqual(["look-ups", "set"]);
	});

	it("past the pool, the rest of each tier, most recently added first, as far as the matches go", {
		timeout: 30_000,
	}, async () => {
		await settlePools(4);
		for (const query of ["AI search", "search"]) {
			const request = await requestFor(query, { limit: 20, offset: 40 });
			const want = await pooled(request, 4);
			expect(want.length, query).toBeGreaterThan(60);
			const got = await searchSources(env.DB, request);
			expect(got.plan, query).toBe("pool");
			expectPage(got.rows, want.slice(40, 60), query);
		}
	});
});

describe("plan recent", () => {
	it("a crowded match whose anchor has no pool is ranked among its most recently added matches", {
		timeout: 30_000,
	}, async () => {
		await settlePools(25);
		const request = await requestFor("AI search", { limit: 20, offset: 0 });
		await env.DB.prepare("DELETE FROM search_pool_projection WHERE term = ?1").bind(request.anchor).run();
		const got = await searchSources(env.DB, request);
		expect(got.plan).toBe("recent");
		const newest = new Set(
			(
				await rows<{ source_id: string }>(
					`SELECT d.source_id FROM search_index si JOIN search_documents d ON d.doc_id = si.rowid
					 WHERE si.search_index MATCH ?1 ORDER BY si.rowid DESC LIMIT 25`,
					request.match,
				)
			).map((r) => r.source_id),
		);
		expectPage(
			got.rows,
			(await whole(request)).filter((r) => newest.has(r.source_id)).slice(0, 20),
			"recent",
		);
	});
});
