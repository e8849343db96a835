/**
 * Each plan of the search (src/search/plan/plan.ts) against the reference rankings
 * (test/support/search-reference.ts), so that a change to one plan fails its own test: whole, known
 * small before the read; whole, after the census's count; pool, walked by look-ups and against the
 * match read as a set; past the pool; recent. The sample is small, so the pool is lowered
 * (search_settings) to make the crowded plans run; plan-units-large.test.ts runs the same
 * checks (test/support/workers/search-plan-checks.ts) with the real pool on a generated corpus large enough for it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROWDED_POOL } from "../../../src/search/search";
import {
	buildReferenceIndex,
	countedFirst,
	expectRankedAmongPool,
	expectRankedAmongRecent,
	expectRankedWhole,
	PAGES,
	planFor,
} from "../../support/workers/search-plan-checks";
import { settlePools } from "../../support/workers/tool-helpers";

beforeAll(buildReferenceIndex);
afterAll(async () => {
	await settlePools(CROWDED_POOL);
});

describe("plan whole, known small before the read", () => {
	it("a match with a word that crowds nothing is ranked whole with no count: the reference's every page", async () => {
		for (const query of ["kraken", "schema markup", "content audit checklist", "hreflang tags"])
			for (const page of PAGES) {
				const planning = await planFor(query, page);
				// Known small before any read: no count (a census only for the terms' presence).
				expect(planning.first.ranking.by, query).toBe("whole");
				expect(planning.first.census?.guessed ?? false, query).toBe(false);
				await expectRankedWhole(planning, query);
			}
	});
});

describe("plan whole, after the gate", () => {
	it("a match of crowded words the count finds small is ranked whole: the reference's every page", async () => {
		for (const query of ["AI search", "search", "google ranking signals"])
			for (const page of PAGES) {
				// No word crowds the sample under the real pool: the census is made to count, as it does for crowded words.
				const got = await expectRankedWhole(countedFirst(await planFor(query, page)), query);
				expect(got.plan.ranking.by, query).toBe("whole");
				expect(got.page.total, query).toBeLessThanOrEqual(CROWDED_POOL);
			}
	});
});

describe("a guess the count refutes", () => {
	it("a whole ranking that reads past a pool is its own count: the second statement ranks the match among the pool", {
		timeout: 30_000,
	}, async () => {
		await settlePools(25);
		for (const query of ["AI search", "search"]) {
			const { input, first } = await planFor(query, { limit: 20, offset: 0 });
			// Guessed whole, counted by nothing but its own ranking.
			const census = {
				probes: [],
				weightless: [],
				fallback: null,
				...first.census,
				guessed: true,
				count: false,
			};
			const { got } = await expectRankedAmongPool(
				{ input, first: { ...first, ranking: { by: "whole" }, census } },
				25,
				query,
			);
			expect(got.plan.ranking.by, query).toBe("pool");
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
			["AI search", {}],
			["search", {}],
			["AI search", { platform: "tiktok" }],
			["search", { topicId: "ai-overviews" }],
			["AI search", { topicId: "ai-overviews" }],
		] as const)
			for (const page of PAGES) {
				const { got } = await expectRankedAmongPool(await planFor(query, page, filters), 25, query);
				// A filter narrow enough can leave a match a pool holds whole: ranked whole, not this plan's.
				if (got.plan.ranking.by === "pool") walked.add(got.page.walked ?? "");
			}
		expect([...walked].sort()).toEqual(["look-ups", "set"]);
	});

	it("past the pool, the rest of each tier, most recently added first, as far as the matches go", {
		timeout: 30_000,
	}, async () => {
		await settlePools(4);
		for (const query of ["AI search", "search"]) {
			const { got, want } = await expectRankedAmongPool(
				await planFor(query, { limit: 20, offset: 40 }),
				4,
				query,
			);
			expect(got.plan.ranking.by, query).toBe("pool");
			// A full page, every source of it past the pool.
			expect(
				want.map((r) => r.beyond),
				query,
			).toEqual(Array(20).fill(1));
		}
	});
});

describe("plan recent", () => {
	it("a crowded match whose anchor has no pool is ranked among its most recently added matches", {
		timeout: 30_000,
	}, async () => {
		await settlePools(25);
		await expectRankedAmongRecent(await planFor("AI search", { limit: 20, offset: 0 }), 25, "recent");
	});
});
