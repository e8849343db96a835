/**
 * The queries behind resources/list and completion/complete are bounded by their indexes: each is a
 * range search on a primary-key or unique index (never a scan of a whole table), and a prefix of any
 * length scans at most COMPLETION_SCAN index entries.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
	COMPLETION_SCAN,
	HANDLE_PREFIX_SQL,
	publicSourceIdsByPrefix,
	SOURCE_PREFIX_SQL,
	SOURCE_TITLE_SQL,
	TOPIC_PREFIX_SQL,
} from "../../../src/data/completions";
import { SOURCE_PAGE_SQL, sourcePage, TOPIC_PAGE_SQL } from "../../../src/data/resource-pages";

async function plan(sql: string, ...params: unknown[]): Promise<string[]> {
	const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
		.bind(...params)
		.all<{ detail: string }>();
	return results.map((r) => r.detail);
}

const TABLES = ["sources", "creators", "topics", "passages", "evidence_cards", "source_topics"];

describe("resource and completion queries", () => {
	it.each([
		["topic prefix", TOPIC_PREFIX_SQL, ["a", "a\u{10ffff}", 21]],
		["handle prefix", HANDLE_PREFIX_SQL, ["s", "s\u{10ffff}", 21]],
		["source prefix", SOURCE_PREFIX_SQL, ["src_", "src_\u{10ffff}", 21]],
		["source title words", SOURCE_TITLE_SQL, ['"ai"* "se"*', 21]],
		["topic page", TOPIC_PAGE_SQL, ["", 50]],
		["source page", SOURCE_PAGE_SQL, ["", 50]],
	] as const)("%s: an index search, no full scan of a table", async (_label, sql, params) => {
		const details = await plan(sql, ...params);
		expect(details.join("\n")).toMatch(/SEARCH|USING (INDEX|PRIMARY KEY|COVERING INDEX)/);
		for (const detail of details) {
			for (const table of TABLES) {
				if (new RegExp(`^SCAN ${table}\\b`).test(detail) && !/USING/.test(detail))
					throw new Error(`full scan of ${table}: ${detail}\n${details.join("\n")}`);
			}
		}
	});

	it("a source page holds the next public sources only, and says whether more follow", async () => {
		const first = await sourcePage(env.DB, "", 10);
		expect(first.more).toBe(true);
		expect(first.rows.length).toBe(10);
		const last = first.rows.at(-1)?.source_id ?? "";
		const next = await sourcePage(env.DB, last, 10);
		for (const row of next.rows) expect(row.source_id > last).toBe(true);
		const { results } = await env.DB.prepare(
			"SELECT publication_state AS state FROM sources WHERE source_id IN (SELECT value FROM json_each(?1))",
		)
			.bind(JSON.stringify([...first.rows, ...next.rows].map((r) => r.source_id)))
			.all<{ state: string }>();
		expect(new Set(results.map((r) => r.state))).toEqual(new Set(["published"]));
	});

	it(`an empty prefix still returns at most the limit, from at most ${COMPLETION_SCAN} entries`, async () => {
		const values = await publicSourceIdsByPrefix(env.DB, "", 5);
		expect(values.length).toBe(5);
		expect(values).toEqual([...values].sort());
	});
});
