/**
 * BM25 over the collection as it is (migrations/0012): after imports, corrections, takedowns, topic
 * renames and writes interleaved by other triggers, the server's index holds the statistics of an
 * index freshly built from the public tables (FTS5's averages record, decoded), and ranks every page
 * the same, with the same scores.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { refreshProjections } from "../../../src/projections/refresh";
import { indexSegmentsSql } from "../../support/pools";
import {
	averagesSql,
	REFERENCE_INDEX,
	REFERENCE_SQL,
	referenceIndexStatements,
} from "../../support/search-reference";
import { answer, planFor, referenceArgs } from "../../support/workers/search-plan-checks";
import { one, rows } from "../../support/workers/tool-helpers";

/** The first page of a query's plain words, searched as the tool searches them. */
const searched = async (query: string) => answer(await planFor(query, { limit: 20, offset: 0 }));
const QUERIES = ["search", "AI search", "content audit", "the", "schema markup"];

async function rebuildReference() {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
}

/** FTS5's averages record decoded: rows, then token totals per column. */
function decodeAverages(hex: string): number[] {
	const bytes = hex.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? [];
	const values: number[] = [];
	let value = 0;
	for (const byte of bytes) {
		value = value * 128 + (byte & 0x7f);
		if ((byte & 0x80) === 0) {
			values.push(value);
			value = 0;
		}
	}
	return values;
}

async function expectFreshStatistics(where: string) {
	await rebuildReference();
	const live = await one<{ averages: string }>(averagesSql("search_index"));
	const fresh = await one<{ averages: string }>(averagesSql(REFERENCE_INDEX));
	const sources = await one<{ n: number }>(
		"SELECT COUNT(*) AS n FROM sources WHERE publication_state = 'published'",
	);
	expect(decodeAverages(fresh.averages)[0], where).toBe(sources.n);
	expect(decodeAverages(live.averages), where).toEqual(decodeAverages(fresh.averages));
	for (const query of QUERIES) {
		const { plan, page } = await searched(query);
		const want = await rows<{ source_id: string; score: number }>(REFERENCE_SQL, ...referenceArgs(plan));
		expect(
			page.rows.map((r) => [r.source_id, r.score]),
			`${where}: ${query}`,
		).toEqual(want.slice(0, 20).map((r) => [r.source_id, r.score]));
	}
}

async function run(...statements: [string, ...(string | number)[]][]) {
	await env.DB.batch(statements.map(([sql, ...params]) => env.DB.prepare(sql).bind(...params)));
}

describe("the search index's statistics", () => {
	it("equal a fresh build's after the seed import, and after every kind of write since", {
		timeout: 60_000,
	}, async () => {
		await expectFreshStatistics("after the seed import");

		const creator = await one<{ creator_id: string; platform: string }>(
			"SELECT creator_id, platform FROM creators ORDER BY creator_id LIMIT 1",
		);
		const topics = await rows<{ topic_id: string }>("SELECT topic_id FROM topics ORDER BY topic_id LIMIT 2");
		// An import: a source, its topic links, then its passages (each row fires the triggers).
		await run(
			[
				`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
				   duration_seconds, language, publication_state, state_reason, updated_at)
				 VALUES ('src_statstest01', ?, ?, 'https://example.com/statstest01', 'A content audit in one afternoon',
				   'How to run a content audit', '2026-11-20', 40, 'en', 'published', NULL, '2026-11-20T00:00:00Z')`,
				creator.creator_id,
				creator.platform,
			],
			...topics.map((t): [string, string] => [
				"INSERT INTO source_topics (source_id, topic_id) VALUES ('src_statstest01', ?)",
				t.topic_id,
			]),
			[
				`INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES
				 ('src_statstest01', 1, 0, 4000, 'Start the content audit with the pages that get search traffic.'),
				 ('src_statstest01', 2, 4000, 9000, 'Then check which ones AI search already cites.'),
				 ('src_statstest01', 3, 9000, 12000, 'Schema markup comes last.')`,
			],
		);
		await expectFreshStatistics("after an import");

		// Corrections: a passage's text, a title and summary, a passage moved and one removed.
		const victim = await one<{ source_id: string }>(
			"SELECT source_id FROM passages WHERE ordinal = 2 AND source_id <> 'src_statstest01' ORDER BY source_id LIMIT 1",
		);
		await run(
			[
				"UPDATE passages SET text = 'A corrected passage about the search results page.' WHERE source_id = ? AND ordinal = 1",
				victim.source_id,
			],
			[
				"UPDATE sources SET title = 'Retitled: the audit', summary = 'A new summary' WHERE source_id = ?",
				victim.source_id,
			],
			["DELETE FROM passages WHERE source_id = 'src_statstest01' AND ordinal = 3"],
			[
				"UPDATE passages SET source_id = ?, ordinal = 99 WHERE source_id = 'src_statstest01' AND ordinal = 2",
				victim.source_id,
			],
		);
		await expectFreshStatistics("after corrections");

		// A takedown and a restore change what is public, not what is indexed.
		await run(
			[
				"UPDATE sources SET publication_state = 'removed', state_reason = 'test' WHERE source_id = ?",
				victim.source_id,
			],
			[
				"UPDATE sources SET publication_state = 'published', state_reason = NULL WHERE source_id = 'src_statstest01'",
			],
		);
		await expectFreshStatistics("after a takedown");

		// A topic renamed, and a link removed.
		await run(
			[
				"UPDATE topics SET label = 'Renamed topic about crawl budgets' WHERE topic_id = ?",
				topics[0]?.topic_id ?? "",
			],
			[
				"DELETE FROM source_topics WHERE source_id = 'src_statstest01' AND topic_id = ?",
				topics[1]?.topic_id ?? "",
			],
		);
		await expectFreshStatistics("after a topic rename");
	});

	it("stay a fresh build's when another trigger rewrites a row in the middle of an import", async () => {
		// Another AFTER INSERT trigger on passages (an operator's, or a test's) runs before the index's.
		await run([
			`CREATE TRIGGER planted_rewrite AFTER INSERT ON passages WHEN instr(new.text, 'REWRITE') > 0 BEGIN
			   UPDATE passages SET text = replace(new.text, 'REWRITE', 'rewritten') WHERE passage_id = new.passage_id; END`,
		]);
		const source = await one<{ source_id: string }>(
			"SELECT source_id FROM sources ORDER BY source_id LIMIT 1",
		);
		await run([
			"INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES (?, 90, 0, 1000, 'REWRITE the content audit')",
			source.source_id,
		]);
		await expectFreshStatistics("after a rewriting trigger");
		await run(["DROP TRIGGER planted_rewrite"]);
	});

	it("a refresh merges the index's segments into one, and every page and score stays the same", async () => {
		const segments = async () => (await one<{ n: number }>(indexSegmentsSql)).n;
		const pages = async () => {
			const all = [];
			for (const query of QUERIES) {
				const { page } = await searched(query);
				all.push(page.rows.map((r) => [r.source_id, r.score]));
			}
			return all;
		};
		// Each write's transaction adds a segment of its own.
		for (const { source_id } of await rows<{ source_id: string }>(
			"SELECT source_id FROM sources WHERE publication_state = 'published' ORDER BY source_id LIMIT 3",
		))
			await run(["UPDATE sources SET summary = summary || ' ' WHERE source_id = ?1", source_id]);
		expect(await segments()).toBeGreaterThan(1);
		const before = await pages();
		expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
		expect(await segments()).toBe(1);
		expect(await pages()).toEqual(before);
		await expectFreshStatistics("after the index is merged");
	});

	it("the refresh's crowded words are exactly the public collection's words in more sources than a pool, or in most", async () => {
		await rebuildReference();
		await env.DB.exec(
			`CREATE VIRTUAL TABLE IF NOT EXISTS reference_vocab USING fts5vocab(${REFERENCE_INDEX}, 'row')`,
		);
		// A lowered pool, so that words crowd the small sample by count too, not only by share.
		await env.DB.prepare("UPDATE search_settings SET pool = 40").run();
		try {
			expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
			const projected = await rows<{ term: string; docs: number; most: number }>(
				"SELECT term, docs, most FROM search_term_projection ORDER BY term",
			);
			const publicSources = (
				await one<{ n: number }>("SELECT COUNT(*) AS n FROM sources WHERE publication_state = 'published'")
			).n;
			const fresh = await rows<{ term: string; docs: number; most: number }>(
				`SELECT term, doc AS docs, doc * 2 > ?1 AS most FROM reference_vocab
				 WHERE (doc > 40 OR doc * 2 > ?1) AND term NOT GLOB '0[a-z]*' ORDER BY term`,
				publicSources,
			);
			expect(projected.filter((r) => r.most === 1).length).toBeGreaterThan(0);
			expect(projected.filter((r) => r.most === 0).length).toBeGreaterThan(0);
			expect(projected).toEqual(fresh);
		} finally {
			await env.DB.prepare("UPDATE search_settings SET pool = 2000").run();
			await refreshProjections(env.DB, "incremental");
		}
	});
});

describe("the rebuild after an export (docs/operations.md, Search index)", () => {
	it("dropping the index and its vocabulary, then running the documented statements, gives back the same index, triggers and pages", async () => {
		const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0014_search_public_facets.sql");
		if (migration === undefined) throw new Error("no migration 0014");
		// The documented statements: 0014's from its start up to and including its last trigger.
		const end = migration.queries.findIndex((q) =>
			/^\s*CREATE TABLE search_settings/i.test(q.replace(/^(\s*--.*\n)*/, "")),
		);
		expect(end).toBeGreaterThan(0);
		const recipe = ["DROP TRIGGER IF EXISTS search_creators_update", ...migration.queries.slice(0, end)];
		const triggers = () =>
			rows<{ name: string; sql: string }>(
				"SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search\\_%' ESCAPE '\\' ORDER BY name",
			);
		const page = async (query: string) => (await searched(query)).page;
		const before = { triggers: await triggers(), pages: await Promise.all(QUERIES.map(page)) };
		expect(before.triggers.length).toBeGreaterThanOrEqual(9);
		// What an operator drops before `wrangler d1 export`: D1 cannot export virtual tables.
		await env.DB.batch(["DROP TABLE search_vocab", "DROP TABLE search_index"].map((q) => env.DB.prepare(q)));
		await env.DB.batch(recipe.map((q) => env.DB.prepare(q)));
		expect(await triggers()).toEqual(before.triggers);
		expect(await Promise.all(QUERIES.map(page))).toEqual(before.pages);
		await expectFreshStatistics("after the documented rebuild");
		expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM search_vocab")).n).toBeGreaterThan(0);
	});
});
