/**
 * No ranking depends on import order: the same corpus imported with its sources in the opposite
 * order (so every internal index key is assigned the other way round) gives the same top 10, tiers
 * included, for crowded matches ranked among their merit pools and for matches ranked whole.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../../scripts/corpus/generate";
import { recordsToStatements } from "../../../scripts/corpus/statements";
import { CROWDED_POOL } from "../../../src/search/search";
import { CLEAR_CORPUS_SQL, SEED_TIME } from "../../support/seed";
import { ok, one, settlePools } from "../../support/workers/tool-helpers";

const QUERIES = [
	{ query: "AI search" },
	{ query: "seo" },
	{ query: "content audit" },
	{ query: "search", platform: "tiktok" },
	{ query: "internal links", limit: 10, offset: 5 },
	{ query: "schema markup" },
];

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
		await settlePools(25);
		const before = await tops();
		expect(before.filter((line) => !line.includes(" whole:")).length).toBeGreaterThanOrEqual(3);
		const firstKeys = await one<{ first: string }>(
			"SELECT source_id AS first FROM search_documents ORDER BY doc_id LIMIT 1",
		);

		await env.DB.batch(CLEAR_CORPUS_SQL.map((sql) => env.DB.prepare(sql)));
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

		await settlePools(25);
		expect(await tops()).toEqual(before);
		await settlePools(CROWDED_POOL);
	});
});
