/**
 * The statements a search runs, read from SQLite itself on the seeded collection: a filtered search
 * tests each candidate source through the covering index of migration 0011 (source_id,
 * publication_state, platform, creator_id), not through the whole source row; and a match found
 * nowhere is answered after its one bounded count, never read a second time.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allTerms, plainTerms } from "../../src/data/match-expression";
import type { PublicDb } from "../../src/data/public-db";
import { SEARCH_OPTIONS, type SearchFilters, searchSources } from "../../src/data/search";

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

async function plans(ran: Ran[]): Promise<string[]> {
	const details: string[] = [];
	for (const { sql, params } of ran) {
		const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
			.bind(...params)
			.all<{ detail: string }>();
		details.push(...results.map((r) => r.detail));
	}
	return details;
}

const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

describe("search statements and the sources filter index", () => {
	it.each([
		["a topic, crowded (restricted rows)", { ...NO_FILTER, topicId: "ai-overviews" }, 4, "newest"],
		["a platform, crowded (walk)", { ...NO_FILTER, platform: "tiktok" }, 4, "walk"],
		["a topic, not crowded", { ...NO_FILTER, topicId: "ai-overviews" }, 2000, "best"],
	] as const)(
		"%s: each candidate is tested through the covering index",
		async (_label, filters, pool, plan) => {
			const ran: Ran[] = [];
			const page = await searchSources(
				recording(env.DB, ran),
				{ match: allTerms(plainTerms("search")), filters, limit: 5, offset: 0 },
				{ ...SEARCH_OPTIONS, pool },
			);
			expect(page.rows.length).toBeGreaterThan(0);
			expect(page.plan).toBe(plan);
			// The statement that takes and ranks the candidates, not just any statement of the search.
			const ranking = ran.filter((r) => r.sql.includes("hits AS MATERIALIZED"));
			expect(ranking).toHaveLength(1);
			expect((await plans(ranking)).join("\n")).toMatch(/USING COVERING INDEX sources_for_filters/);
		},
	);

	it("a match found nowhere is answered after its one count, with every filter", async () => {
		const nowhere = allTerms(plainTerms('"search ranking search ranking search ranking"'));
		for (const filters of [
			NO_FILTER,
			{ ...NO_FILTER, topicId: "ai-overviews" },
			{ ...NO_FILTER, platform: "tiktok" },
		]) {
			const ran: Ran[] = [];
			const page = await searchSources(recording(env.DB, ran), {
				match: nowhere,
				filters,
				limit: 5,
				offset: 0,
			});
			expect(page).toMatchObject({ rows: [], total: 0, exact: true, rankedAmong: null });
			expect(ran).toHaveLength(1);
		}
	});
});
