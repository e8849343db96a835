/**
 * No ranking depends on import order: the same corpus imported with its sources in the opposite
 * order (so every internal index key is assigned the other way round) gives the same top 10, tiers
 * included, for crowded matches ranked among their merit pools and for matches ranked whole.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../scripts/corpus/generate";
import { recordsToStatements } from "../../scripts/corpus/statements";
import { forgetProjectionCopy } from "../../src/data/projection-copy";
import { CROWDED_POOL } from "../../src/data/search";
import { refreshProjections } from "../../src/projections/refresh";
import { SEED_TIME } from "../support/seed";
import { ok, one } from "./tool-helpers";

const QUERIES = [
	{ query: "AI search" },
	{ query: "seo" },
	{ query: "content audit" },
	{ query: "search", platform: "tiktok" },
	{ query: "internal links", limit: 10, offset: 5 },
	{ query: "schema markup" },
];

/** Lowers the pool so the sample's common words crowd it, and refreshes until each has its pool. */
async function settle(pool: number) {
	await env.DB.prepare("UPDATE search_settings SET pool = ?1").bind(pool).run();
	for (let i = 0; i < 40; i++) {
		expect((await refreshProjections(env.DB, "full")).outcome).toBe("succeeded");
		const missing = await one<{ n: number }>(
			`SELECT COUNT(*) AS n FROM search_term_projection t WHERE t.docs > (SELECT pool FROM search_settings)
			 AND NOT EXISTS (SELECT 1 FROM search_pool_projection p WHERE p.term = t.term)`,
		);
		const words = await one<{ n: number }>(
			"SELECT COUNT(*) AS n FROM search_term_projection WHERE docs > (SELECT pool FROM search_settings)",
		);
		// A word whose stem FTS5 reads differently has no pool: at most a few, and they stay so.
		if (missing.n <= Math.ceil(words.n / 50)) break;
	}
	forgetProjectionCopy();
}

async function tops() {
	const out: string[] = [];
	for (const args of QUERIES) {
		const { sc } = await ok("search_sources", { limit: 10, ...args });
		out.push(
			`${JSON.stringify(args)} ${sc.ranked_among?.word ?? "whole"}: ${sc.results.map((r: any) => `${r.source_id}/${r.match_tier}`).join(" ")}`,
		);
	}
	return out;
}

describe("import order", () => {
	it("reimporting the same corpus in the opposite order gives the same top 10", {
		timeout: 120_000,
	}, async () => {
		await settle(25);
		const before = await tops();
		expect(before.filter((line) => !line.includes(" whole:")).length).toBeGreaterThanOrEqual(3);
		const firstKeys = await one<{ first: string }>(
			"SELECT source_id AS first FROM search_documents ORDER BY doc_id LIMIT 1",
		);

		await env.DB.batch(
			[
				"DELETE FROM evidence_cards",
				"DELETE FROM passages",
				"DELETE FROM source_topics",
				"DELETE FROM source_aliases",
				"DELETE FROM search_documents",
				"DELETE FROM sources",
				"DELETE FROM search_index",
				"DELETE FROM creators",
				"DELETE FROM topics",
				"DELETE FROM search_pool_projection",
			].map((sql) => env.DB.prepare(sql)),
		);
		expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM search_index")).n).toBe(0);
		const records = [...generateCorpus()];
		const sources = records.filter((r) => r.kind === "source").reverse();
		const reordered = [...records.filter((r) => r.kind !== "source"), ...sources];
		const statements = recordsToStatements(reordered, SEED_TIME);
		await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
		const lastKeys = await one<{ first: string }>(
			"SELECT source_id AS first FROM search_documents ORDER BY doc_id DESC LIMIT 1",
		);
		// The keys really were assigned the other way round.
		expect(lastKeys.first).toBe(firstKeys.first);

		await settle(25);
		expect(await tops()).toEqual(before);
		await settle(CROWDED_POOL);
	});
});
