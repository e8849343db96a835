/**
 * The statements a search runs, read from SQLite itself on the seeded collection: a crowded match's
 * pool is read in its key order, best first, with no sort (so the read stops when the page is full);
 * a filter is part of the index match (its facet token), never a join to every match; and a match
 * found nowhere is answered by its one statement, never read a second time; and the any-term
 * fallback the prediction counts (src/search/plan/cost.ts) is the plan the census settles.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PublicDb } from "../../../src/data/public-db";
import { readSearch } from "../../../src/search/execute/reads";
import { runStatement } from "../../../src/search/execute/statement";
import { fallbackOf } from "../../../src/search/plan/plan";
import { anchorOf } from "../../../src/search/plan/requirements";
import type { SearchFilters } from "../../../src/search/request";
import { CROWDED_POOL } from "../../../src/search/search";
import { planFor } from "../../support/workers/search-plan-checks";
import { settlePools } from "../../support/workers/tool-helpers";

interface Ran {
	sql: string;
	params: unknown[];
}

/** The real database, recording each statement and its parameters as the search binds them. */
function recording(db: D1Database, ran: Ran[]): PublicDb {
	return {
		prepare: (sql) => {
			const statement = db.prepare(sql);
			return {
				bind: (...params: unknown[]) => {
					ran.push({ sql, params });
					return statement.bind(...params);
				},
			} as unknown as D1PreparedStatement;
		},
		batch: (statements) => db.batch(statements),
	};
}

interface PlanLine {
	id: number;
	parent: number;
	detail: string;
}

async function plans(ran: Ran[]): Promise<PlanLine[]> {
	const lines: PlanLine[] = [];
	for (const { sql, params } of ran) {
		const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
			.bind(...params)
			.all<PlanLine>();
		lines.push(...results);
	}
	return lines;
}

/** The plan of one part of the statement: the lines under its MATERIALIZE line. */
function partOf(lines: PlanLine[], name: string): string[] {
	const root = lines.find((line) => line.detail === `MATERIALIZE ${name}`);
	if (root === undefined) throw new Error(`no part ${name} in the plan`);
	const under = new Set([root.id]);
	const part: string[] = [];
	for (const line of lines)
		if (under.has(line.parent)) {
			under.add(line.id);
			part.push(line.detail);
		}
	return part;
}

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

describe("search statements", () => {
	it.each([
		["no filter", NO_FILTER],
		["a topic", { ...NO_FILTER, topicId: "ai-overviews" }],
		["a platform", { ...NO_FILTER, platform: "tiktok" }],
	] as const)(
		"%s, crowded: the pool is read in key order, with no sort",
		{ timeout: 30_000 },
		async (_label, filters) => {
			await settlePools(4);
			try {
				const ran: Ran[] = [];
				const { input, first } = await planFor("search", { limit: 3, offset: 0 }, filters);
				const { plan, page } = await readSearch(recording(env.DB, ran), input, first);
				expect(plan.ranking).toEqual({ by: "pool", anchor: "search" });
				if (filters === NO_FILTER) expect(page.rows.length).toBe(3);
				// The walk's part of the plan: the pool by its key (term, position), each source tested by
				// a keyed look-up or against the match read once as a set, and no sort.
				const walk = partOf(await plans(ran), "walk");
				expect(walk).toContain("SEARCH p USING PRIMARY KEY (term=?)");
				expect(walk.some((line) => /VIRTUAL TABLE INDEX 0:=M/.test(line))).toBe(true);
				expect(walk.some((line) => line.startsWith("LIST SUBQUERY"))).toBe(true);
				expect(walk.filter((line) => line.includes("TEMP B-TREE"))).toEqual([]);
				// A filter is a facet token of the match: no statement joins topics or tests platforms.
				expect(ran[0]?.sql).not.toMatch(/source_topics|s\.platform =|handle_key =/);
				expect(String(ran[0]?.params[0])).toContain(filters === NO_FILTER ? "search" : 'facets : "0');
			} finally {
				await settlePools(CROWDED_POOL);
			}
		},
	);

	it("a match found nowhere is answered by its one statement, with every filter", async () => {
		for (const filters of [
			NO_FILTER,
			{ ...NO_FILTER, topicId: "ai-overviews" },
			{ ...NO_FILTER, platform: "tiktok" },
		]) {
			const ran: Ran[] = [];
			const { input, first } = await planFor(
				'"search ranking search ranking search ranking"',
				{ limit: 5, offset: 0 },
				filters,
			);
			const { page } = await readSearch(recording(env.DB, ran), input, first);
			expect(page).toMatchObject({ rows: [], total: 0, exact: true, rankedAmong: null });
			expect(ran).toHaveLength(1);
		}
	});

	it("the fallback the prediction counts is the plan the census settles: words found apart, never together", async () => {
		const { input, first } = await planFor("quokka sitemap", { limit: 5, offset: 0 });
		const { plan, page } = await readSearch(env.DB, input, first);
		expect(plan.mode).toBe("any_term");
		expect(page.rows.length).toBeGreaterThan(0);
		const n = plan.ranking.by === "whole" ? 1 : first.pool + 1;
		expect(fallbackOf(first, input.vocabulary, n)).toEqual(plan);
	});

	it("a pooled source is tested by at most six look-ups, however long the query and with every filter", {
		timeout: 30_000,
	}, async () => {
		// A small pool, so that every word crowds the index and the match is gated, pooled and walked.
		await settlePools(4);
		try {
			// The longest query (32 words, 24 distinct terms) and all three filters: the worst a caller can send.
			const words =
				"search ranking content audit google traffic links answers site page click question write check test tool client seo schema crawl budget index snippet brand video creator guide data";
			// The query's plan from the isolate's copy (crowded words, lexicon), as a search finds it, its
			// every plan run: what answered, and the same match walked through the anchor's pool.
			const ask = {
				query: `${words} ${words.split(" ").slice(0, 4).join(" ")}`,
				filters: { creatorHandleKey: "seo.with.sam", topicId: "ai-overviews", platform: "tiktok" },
				limit: 20,
				offset: 1000,
			};
			const { input, first } = await planFor(ask.query, ask, ask.filters);
			const ran: Ran[] = [];
			const { plan } = await readSearch(recording(env.DB, ran), input, first);
			const anchor = anchorOf(first.match.terms, input.vocabulary.crowdedDocs);
			expect(anchor).not.toBeNull();
			for (const walked of [first, plan])
				await runStatement(recording(env.DB, ran), {
					...walked,
					census: null,
					ranking: { by: "pool", anchor: anchor ?? "" },
				});
			const searches = ran.filter(({ sql }) => sql.includes("search_pool_projection"));
			expect(searches.length).toBeGreaterThan(1);
			const lists = searches.map(({ params }) => ({
				match: JSON.parse(String(params[7])) as string[],
				// A one-tier walk tests no words adjacent: its statement names no such list.
				adjacent: JSON.parse(String(params[8] ?? "[]")) as string[],
			}));
			// Three filters, the two narrowest terms alone, the rest at once; the words adjacent after the filters.
			for (const { match, adjacent } of lists) {
				expect(match.length).toBeLessThanOrEqual(6);
				expect(adjacent.length).toBeLessThanOrEqual(4);
			}
			expect(Math.max(...lists.map((l) => l.match.length))).toBe(6);
		} finally {
			await settlePools(CROWDED_POOL);
		}
	});
});
