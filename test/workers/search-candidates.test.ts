/**
 * The bounded-candidate search (src/data/search.ts) against a plain reference over a freshly built
 * index: every match (one index row per source) joined to its source, filtered and ranked. The
 * seeded collection is small, so the candidate bound is lowered to drive the widening passes, the
 * filtered restriction and the sampled total; the ranking must be the reference's in every case, and a total not marked exact must never undercount what was found.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
	POOLED_REFERENCE_SQL,
	REFERENCE_SQL,
	referenceIndexStatements,
} from "../../scripts/bench/search-reference";
import { FIXTURES } from "../../scripts/corpus/generate";
import { allTerms, anyTerm, plainTerms } from "../../src/data/match-expression";
import { CANDIDATE_ROWS, SEARCH_OPTIONS, type SearchFilters, searchSources } from "../../src/data/search";
import { one, rows } from "./tool-helpers";

// The reference ranks over its own, freshly built index, never over the server's.
beforeAll(async () => {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
});

async function reference(match: string, f: SearchFilters) {
	return rows<{ source_id: string; score: number }>(
		REFERENCE_SQL,
		match,
		f.creatorHandleKey,
		f.topicId,
		f.platform,
	);
}

async function pooledReference(match: string, f: SearchFilters, pool: number) {
	return rows<{ source_id: string; score: number }>(
		POOLED_REFERENCE_SQL,
		match,
		f.creatorHandleKey,
		f.topicId,
		f.platform,
		pool,
	);
}

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

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
		// A topic of five public sources: ranked from its own index keys (the listed plan).
		{ ...NO_FILTER, topicId: FIXTURES.topics.llmCitations.topic_id },
	];
}

const QUERIES = ["search", "AI search", "content audit", "schema", "the", "google ranking signals"];
const BOUNDS = [3, 40, CANDIDATE_ROWS];
const PAGES = [
	{ limit: 5, offset: 0 },
	{ limit: 20, offset: 0 },
	{ limit: 7, offset: 13 },
];

/** The same sources in the same order, with the same scores. */
function expectPage(
	got: { source_id: string; score: number }[],
	want: { source_id: string; score: number }[],
	where: string,
) {
	expect(
		got.map((r) => r.source_id),
		where,
	).toEqual(want.map((r) => r.source_id));
	got.forEach((r, i) => {
		expect(r.score, where).toBeCloseTo(want[i]?.score ?? Number.NaN, 9);
	});
}

describe("bounded candidates rank exactly like the full search", () => {
	it("every query, filter, page and candidate bound returns the reference page", {
		timeout: 60_000,
	}, async () => {
		const filters = [NO_FILTER, ...(await busiestFilters())];
		let estimated = 0;
		let checked = 0;
		for (const query of QUERIES) {
			const terms = plainTerms(query);
			for (const match of [allTerms(terms), anyTerm(terms)]) {
				for (const f of filters) {
					const expected = await reference(match, f);
					for (const { limit, offset } of PAGES) {
						const want = expected.slice(offset, offset + limit);
						for (const bound of BOUNDS) {
							const where = `${match} ${JSON.stringify(f)} limit ${limit} offset ${offset} bound ${bound}`;
							const page = await searchSources(
								env.DB,
								{ match, filters: f, limit, offset },
								{ ...SEARCH_OPTIONS, candidateRows: bound },
							);
							expectPage(page.rows, want, where);
							if (page.exact) expect(page.total, where).toBe(expected.length);
							else {
								estimated++;
								expect(page.total, where).toBeGreaterThanOrEqual(offset + page.rows.length);
								expect(page.rows.length, where).toBe(limit);
							}
							checked++;
						}
					}
				}
			}
		}
		// Not vacuous: the low bounds really took the estimated path, and the default bound did not
		// (the whole seed fits in one pass, so its totals are always exact).
		expect(estimated).toBeGreaterThan(0);
		expect(checked).toBe(QUERIES.length * 2 * filters.length * PAGES.length * BOUNDS.length);
	});

	it("a crowded match ranks exactly its documented pool, with every filter and page", {
		timeout: 60_000,
	}, async () => {
		const filters = [NO_FILTER, ...(await busiestFilters())];
		let pooled = 0;
		let whole = 0;
		const plans = new Map<string, number>();
		for (const query of QUERIES) {
			const match = allTerms(plainTerms(query));
			const all = await reference(match, NO_FILTER);
			for (const pool of [4, 25, 60, 150]) {
				for (const f of filters) {
					const expected = await pooledReference(match, f, pool);
					// A platform walks the newest matches: the default reach, and one too short to fill the pool.
					for (const { limit, offset, walk } of PAGES.flatMap((p) => [
						{ ...p, walk: pool * 8 },
						{ ...p, walk: pool },
					])) {
						const where = `${match} ${JSON.stringify(f)} pool ${pool} walk ${walk} limit ${limit} offset ${offset}`;
						const page = await searchSources(
							env.DB,
							{ match, filters: f, limit, offset },
							{ candidateRows: CANDIDATE_ROWS, pool, walkRows: walk },
						);
						const platformOnly = f.platform !== null && f.creatorHandleKey === null && f.topicId === null;
						const taken = `${platformOnly ? "platform" : "other"} ${page.plan} ${page.rankedAmong === null ? "whole" : "pooled"}`;
						plans.set(taken, (plans.get(taken) ?? 0) + 1);
						expectPage(page.rows, expected.slice(offset, offset + limit), where);
						if (page.rankedAmong === null) {
							// Not crowded, or every filtered match fitted the pool: the full ranking, counted exactly.
							whole++;
							expect(
								page.rows.map((r) => r.source_id),
								where,
							).toEqual((await reference(match, f)).slice(offset, offset + limit).map((r) => r.source_id));
							expect(page.exact, where).toBe(true);
						} else {
							pooled++;
							expect(all.length, where).toBeGreaterThan(pool);
							expect(page.rankedAmong, where).toBe(pool);
							expect(page.exact, where).toBe(false);
							expect(page.total, where).toBeGreaterThanOrEqual(offset + page.rows.length);
						}
					}
				}
			}
		}
		// Not vacuous: both the pooled and the whole ranking were taken, and each crowded plan: a walk that
		// filled the pool, one that read every match, a platform whose walk fell short and took the
		// restricted rows instead, and the restricted rows of creators and topics.
		expect(pooled).toBeGreaterThan(0);
		expect(whole).toBeGreaterThan(0);
		for (const plan of [
			"platform walk pooled",
			"platform walk whole",
			"platform newest pooled",
			"other newest pooled",
		])
			expect(plans.get(plan) ?? 0, plan).toBeGreaterThan(0);
		// Only a platform alone walks.
		expect([...plans.keys()].filter((plan) => plan.startsWith("other walk"))).toEqual([]);
	});

	it("the default bound counts the seeded collection exactly", async () => {
		const match = allTerms(plainTerms("search"));
		const page = await searchSources(env.DB, { match, filters: NO_FILTER, limit: 5, offset: 0 });
		expect(page.exact).toBe(true);
		expect(page.total).toBe((await reference(match, NO_FILTER)).length);
		expect(page.total).toBeGreaterThan(5);
	});
});
