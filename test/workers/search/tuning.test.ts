/// <reference types="vite/client" />
/**
 * Search's tuning is one object (src/search/vocabulary/tuning.ts): the database holds what SQL reads of it
 * (search_settings, the index's rank function), the newest generated migration writes exactly it,
 * the reference ranking weighs the columns by it, and every figure the docs state follows it. A
 * change to the object fails here until `npm run search-tuning -- generate --new NAME` has run.
 */
import { describe, expect, it } from "vitest";
import contract from "../../../docs/contract.md?raw";
import operations from "../../../docs/operations.md?raw";
import readme from "../../../README.md?raw";
import {
	FIGURE,
	figureText,
	generatedBlock,
	tuningBlock,
	withFigures,
} from "../../../scripts/lib/search-tuning-sql";
import { rankFunction, SEARCH_TUNING } from "../../../src/search/vocabulary/tuning";
import { referenceIndexStatements } from "../../support/search-reference";
import { one } from "../../support/workers/tool-helpers";

describe("the tuning object is what the database, the migrations and the docs hold", () => {
	it("search_settings and the index's rank function hold its figures", async () => {
		const settings = await one<{ pool: number; most_share: number; pools_per_refresh: number }>(
			"SELECT pool, most_share, pools_per_refresh FROM search_settings",
		);
		expect(settings).toEqual({
			pool: SEARCH_TUNING.pool,
			most_share: SEARCH_TUNING.mostSourcesShare,
			pools_per_refresh: SEARCH_TUNING.poolsPerRefresh,
		});
		const rank = await one<{ v: string }>("SELECT v FROM search_index_config WHERE k = 'rank'");
		expect(rank.v).toBe(rankFunction(SEARCH_TUNING.weights));
	});

	it("the newest migration with a generated block writes exactly the object's figures", () => {
		const migrations = import.meta.glob("../../../migrations/*.sql", {
			query: "?raw",
			import: "default",
			eager: true,
		});
		const generated = Object.entries(migrations)
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([name, sql]) => ({ name, block: generatedBlock(sql as string) }))
			.filter((m) => m.block !== null);
		// Not vacuous: the glob reads the migrations (a test that moves must keep finding them).
		expect(Object.keys(migrations).length).toBeGreaterThan(20);
		expect(generated.at(-1)?.block, generated.at(-1)?.name).toBe(tuningBlock(SEARCH_TUNING));
	});

	it("the reference ranking weighs the columns as the object does", () => {
		expect(referenceIndexStatements().join("\n")).toContain(rankFunction(SEARCH_TUNING.weights));
	});

	it("every figure the docs state is marked and follows the object", () => {
		for (const [name, text] of [
			["README.md", readme],
			["docs/contract.md", contract],
			["docs/operations.md", operations],
		] as const) {
			const marked = [...text.matchAll(FIGURE)];
			expect(marked.length, name).toBeGreaterThan(0);
			for (const [, key, figure] of marked)
				expect(figure, `${name} ${key}`).toBe(figureText(SEARCH_TUNING, key as string));
			expect(withFigures(text, SEARCH_TUNING), name).toBe(text);
		}
	});
});
