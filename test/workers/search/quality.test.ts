/**
 * Relevance of search_sources on the labelled query set (test/quality/queries.json: judged from the
 * generator's topics and sentences, or by reading pooled candidates for the concept and question
 * queries; never from one ranking's results): every query runs through the Worker's endpoint on the
 * seeded sample corpus, and mean nDCG@10 and recall@10 over the queries judged from the generator
 * (the set the floor was recorded on) must stay at or above test/quality/floor.json.
 * `npm run bench:quality` runs this file and prints the report it leaves in the test's meta.
 */
import { describe, expect, it } from "vitest";
import floorJson from "../../quality/floor.json";
import {
	belowFloor,
	evaluate,
	K,
	type LabelledSet,
	ndcgAt,
	type QualityFloor,
	recallAt,
} from "../../quality/metrics";
import labelledJson from "../../quality/queries.json";
import { ok, publishedSourceIds } from "../../support/workers/tool-helpers";

// Written by scripts/bench/quality/search-quality-labels.ts; the first test below checks it against the seed.
const SET = labelledJson as unknown as LabelledSet;
const FLOOR = floorJson as QualityFloor;

describe("search quality: the labelled set", () => {
	it("has at least 40 queries, each judging only public sources of the seeded corpus", async () => {
		expect(SET.queries.length).toBeGreaterThanOrEqual(40);
		const published = await publishedSourceIds();
		// A different corpus (generator change) would make every judgment meaningless.
		expect(published.size).toBe(SET.corpus.public_sources);
		for (const q of SET.queries) {
			const ids = Object.keys(q.relevant);
			expect(ids.length, q.id).toBeGreaterThan(0);
			expect(
				ids.filter((id) => !published.has(id)),
				q.id,
			).toEqual([]);
			expect(
				Object.values(q.relevant).every((g) => g === 1 || g === 2),
				q.id,
			).toBe(true);
		}
	});

	it("scores an ideal ranking 1, a worse one lower and an irrelevant one 0", () => {
		const relevant = { a: 2, b: 1, c: 1 };
		expect(ndcgAt(["a", "b", "c"], relevant)).toBe(1);
		expect(recallAt(["a", "b", "c"], relevant)).toBe(1);
		expect(ndcgAt(["c", "b", "a"], relevant)).toBeLessThan(1);
		expect(ndcgAt(["x", "a"], relevant)).toBeLessThan(ndcgAt(["a", "x"], relevant));
		expect(recallAt(["a", "x"], relevant)).toBeCloseTo(1 / 3);
		expect(ndcgAt(["x", "y"], relevant)).toBe(0);
		expect(recallAt(["x", "y"], relevant)).toBe(0);
		// Capped: 10 of 30 relevant sources in the top 10 is full recall.
		const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`s${i}`, 1]));
		expect(
			recallAt(
				Array.from({ length: K }, (_, i) => `s${i}`),
				many,
			),
		).toBe(1);
	});
});

describe("search quality: search_sources against the floor", () => {
	it(`keeps mean nDCG@${K} and recall@${K} at or above test/quality/floor.json`, {
		timeout: 120_000,
	}, async ({ task }) => {
		const tops = new Map<string, string[]>();
		for (const q of SET.queries) {
			const { sc } = await ok("search_sources", { query: q.query, ...q.filters, limit: K });
			tops.set(
				q.id,
				sc.results.map((r: any) => r.source_id),
			);
		}
		const report = evaluate(SET, tops);
		task.meta.searchQuality = report;
		expect(belowFloor(report, FLOOR)).toEqual([]);
	});
});
