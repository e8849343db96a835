/**
 * Each plan of the search against the reference rankings, as plan-units.test.ts checks them
 * on the sample with the pool lowered, here with the real pool (SEARCH_TUNING.pool) on a generated
 * corpus large enough for every plan to run: whole, known small before the read; whole, after the
 * census's count; pool, walked by look-ups and against the match read as a set, with the words
 * adjacent ranked whole or walked; past the pool, in each tier; recent.
 *
 * This file's database holds a generated corpus of SOURCES sources (seed 2026) in place of the
 * sample: seeding, the full refresh, the word pairs and every crowded word's pool take about a
 * minute on this machine (BENCHMARKS.md, "Each plan alone"), once for the file.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { writeQueuedPairs } from "../../../src/projections/pair-writer";
import { refreshProjections } from "../../../src/projections/refresh";
import type { SearchFilters } from "../../../src/search/request";
import { SEARCH_TUNING } from "../../../src/search/vocabulary/tuning";
import { CLEAR_CORPUS_SQL, seedStatements } from "../../support/seed";
import {
	answer,
	buildReferenceIndex,
	expectRankedAmongPool,
	expectRankedAmongRecent,
	expectRankedWhole,
	PAGES,
	planFor,
	pooled,
} from "../../support/workers/search-plan-checks";
import { one, settlePools } from "../../support/workers/tool-helpers";

const POOL = SEARCH_TUNING.pool;

/**
 * A crowded match is walked by look-ups only when more than `setPools` pools of public sources hold
 * it, and the commonest searchable words of a generated corpus are held by about 93 % of its sources
 * (public ones, nearly all): the fewest thousands of sources that make that so (9,000 for a pool of
 * 2,000). The corpus grows with the pool, and the cases below say which plan each must run.
 */
const SOURCES = Math.ceil((SEARCH_TUNING.setPools * POOL) / 0.9 / 1000) * 1000;

/** Statements per batch while seeding: a few hundred keeps each batch's memory small. */
const SEED_BATCH = 500;

beforeAll(async () => {
	await env.DB.batch(CLEAR_CORPUS_SQL.map((sql) => env.DB.prepare(sql)));
	const statements = seedStatements({ sources: SOURCES });
	for (let i = 0; i < statements.length; i += SEED_BATCH)
		await env.DB.batch(
			statements.slice(i, i + SEED_BATCH).map((s) => env.DB.prepare(s.sql).bind(...s.params)),
		);
	expect((await refreshProjections(env.DB, "full")).outcome).toBe("succeeded");
	expect((await writeQueuedPairs(env.DB, { budgetMs: 200_000 })).queued).toBe(0);
	await settlePools(POOL);
	await buildReferenceIndex();
	expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM sources")).n).toBe(SOURCES);
}, 240_000);

describe("plan whole, known small before the read", () => {
	it("a match with a word that crowds nothing is ranked whole with no count: the reference's every page", async () => {
		for (const query of [
			"kraken",
			"schema markup",
			"crawl budget",
			"keyword research",
			"content audit checklist",
		])
			for (const page of PAGES) {
				const planning = await planFor(query, page);
				expect(planning.first.ranking.by, query).toBe("whole");
				expect(planning.first.census?.guessed ?? false, query).toBe(false);
				await expectRankedWhole(planning, query);
			}
	});
});

describe("plan whole, after the gate", () => {
	it("crowded words held together by at most a pool, or narrowed to it by a filter: the reference's every page", async () => {
		for (const [query, filters] of [
			["tiktok keyword", {}],
			["reddit overview", {}],
			["serp brand", {}],
			["search", { platform: "instagram_reels" }],
			["search", { topicId: "ai-overviews" }],
		] as const)
			for (const page of PAGES) {
				const planning = await planFor(query, page, filters);
				expect(planning.first.census?.guessed, query).toBe(true);
				const got = await expectRankedWhole(planning, query);
				expect(got.plan.ranking.by, query).toBe("whole");
				expect(got.page.total, query).toBeLessThanOrEqual(POOL);
			}
	});
});

/** The crowded matches ranked among a pool: how each is walked, and whether more than a pool hold its words adjacent. */
const POOLED: readonly {
	query: string;
	filters?: Partial<SearchFilters>;
	walked: "look-ups" | "set";
	adjacent: "none" | "ranked whole" | "walked" | "one term";
}[] = [
	{ query: "search", walked: "look-ups", adjacent: "one term" },
	{ query: "AI search", walked: "look-ups", adjacent: "walked" },
	{ query: "content audit", walked: "set", adjacent: "walked" },
	{ query: "tiktok search", walked: "set", adjacent: "ranked whole" },
	{ query: "answer engine", walked: "set", adjacent: "none" },
	{ query: "search", filters: { platform: "tiktok" }, walked: "set", adjacent: "one term" },
	{ query: "AI search", filters: { platform: "tiktok" }, walked: "set", adjacent: "ranked whole" },
];

/** A case's every match, as the reference ranks it among the real pool and past it. */
const referenceOf = async (c: (typeof POOLED)[number]) =>
	pooled((await answer(await planFor(c.query, { limit: 1, offset: 0 }, c.filters))).plan, POOL);

describe("plan pool", () => {
	it("walked by look-ups and against the match read as a set, the words adjacent ranked whole or walked: the reference's pooled pages", {
		timeout: 60_000,
	}, async () => {
		for (const c of POOLED) {
			const where = `${c.query} ${JSON.stringify(c.filters ?? {})}`;
			// The sources holding the words adjacent (title, topic labels or transcript) come first.
			const holders = (await referenceOf(c)).filter((r) => r.tier === "adjacent").length;
			const adjacent =
				c.adjacent === "one term"
					? "one term"
					: holders === 0
						? "none"
						: holders <= POOL
							? "ranked whole"
							: "walked";
			expect(adjacent, where).toBe(c.adjacent);
			// The first pages, and one across the words adjacent into the rest of the match.
			const across =
				adjacent === "one term" || adjacent === "none" ? [] : [{ limit: 20, offset: holders - 10 }];
			for (const page of [...PAGES, ...across]) {
				const planning = await planFor(c.query, page, c.filters);
				expect(planning.first.match.together === undefined, where).toBe(c.adjacent === "one term");
				const { got } = await expectRankedAmongPool(planning, POOL, `${where} offset ${page.offset}`);
				expect(got.plan.ranking.by, where).toBe("pool");
				expect(got.page.walked, where).toBe(c.walked);
			}
		}
	});

	it("past the pool, the rest of each tier, most recently added first, to the last match", {
		timeout: 60_000,
	}, async () => {
		for (const c of POOLED.filter((c) => c.walked === "look-ups" || c.filters !== undefined)) {
			const where = `${c.query} ${JSON.stringify(c.filters ?? {})}`;
			const ranked = await referenceOf(c);
			// Where each tier's pooled sources end and the rest begin: a page across each, and the last page.
			const crossings = ranked.flatMap((r, i) =>
				r.beyond === 1 && ranked[i - 1]?.beyond !== 1 ? [Math.max(0, i - 10)] : [],
			);
			expect(crossings.length, where).toBe(c.adjacent === "walked" ? 2 : 1);
			for (const offset of [...crossings, ranked.length - 7]) {
				const { got, want } = await expectRankedAmongPool(
					await planFor(c.query, { limit: 20, offset }, c.filters),
					POOL,
					`${where} offset ${offset}`,
				);
				expect(got.plan.ranking.by, where).toBe("pool");
				expect(
					want.some((r) => r.beyond === 1),
					where,
				).toBe(true);
			}
		}
	});
});

describe("plan recent", () => {
	it("a crowded match whose anchor has no pool is ranked among its most recently added matches", {
		timeout: 60_000,
	}, async () => {
		for (const query of ["AI search", "search"])
			for (const page of PAGES)
				await expectRankedAmongRecent(await planFor(query, page), POOL, `${query} recent`);
	});
});
