/**
 * The search statement prepared and run by Node's SQLite over the real schema (every migration).
 *
 * Its size: it keeps room under SQLite's limit on how many times a statement's common table
 * expressions are expanded. SQLite expands a CTE's text again at every reference (materialised or
 * not), and a recent SQLite refuses a statement whose expansions reach its expression-depth limit
 * (1,000 by default: "VIEWs and/or subqueries nested too deep"). The workerd build this project
 * tests on does not count so, and D1's own build is not ours to read; Node's SQLite (3.54) does, so the
 * statement is prepared here twice over in one statement: each shape uses less than half the limit.
 *
 * The bound on a set read: a crowded match the sampled estimate calls small is read once as a set,
 * but never past one more than SET_POOLS pools, so a match the sample misses (held by runs of keys
 * between its slices) is looked up instead of read whole. Synthetic rows put a match exactly there.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import type { PublicDb } from "../../src/data/public-db";
import { allTerms } from "../../src/search/execute/fts5";
import { readSearch, type SearchRequest, searchStatement } from "../../src/search/execute/statement";
import { plainTerms } from "../../src/search/query/terms";

const MIGRATIONS = resolve(import.meta.dirname, "..", "..", "migrations");

function schema(): DatabaseSync {
	const db = new DatabaseSync(":memory:");
	for (const file of readdirSync(MIGRATIONS)
		.filter((f) => f.endsWith(".sql"))
		.sort())
		db.exec(readFileSync(join(MIGRATIONS, file), "utf8"));
	return db;
}

/** The statement text and values a search request binds (only recorded: SQLite prepares them). */
function statementOf(request: SearchRequest): { sql: string; values: unknown[] } {
	let recorded: { sql: string; values: unknown[] } | undefined;
	const recorder = {
		prepare: (sql: string) => ({
			bind: (...values: unknown[]) => {
				recorded = { sql, values };
				return {};
			},
		}),
	} as unknown as PublicDb;
	searchStatement(recorder, request);
	if (recorded === undefined) throw new Error("searchStatement bound nothing");
	return recorded;
}

const BASE: SearchRequest = {
	match: allTerms(plainTerms("AI search")),
	anchor: "search",
	filters: { creatorHandleKey: null, topicId: null, platform: null },
	limit: 5,
	offset: 0,
};

describe("the search statement's size", () => {
	const db = schema();
	it.each([
		["one term", {}],
		["tiers", { adjacent: '"ai search"' }],
		["tiers and probes", { adjacent: '"ai search"', probes: ['"ai"', '"search"'] }],
		["tiers, probes and a gate", { adjacent: '"ai search"', probes: ['"ai"'], gate: '"seo"' }],
	] as const)("%s: prepares twice over in one statement", (_label, shape) => {
		const { sql, values } = statementOf({ ...BASE, ...shape });
		const twice = db.prepare(`SELECT * FROM (${sql}) UNION ALL SELECT * FROM (${sql})`);
		expect(twice.all(...(values as (string | number | null)[])).length).toBeGreaterThan(0);
	});
});

describe("a set read's bound", () => {
	const POOL = 10;
	const KEYS = 2000;
	const db = schema();
	// Index keys without source rows: nothing but the statement's decisions is looked at.
	db.exec(`PRAGMA foreign_keys = OFF; UPDATE search_settings SET pool = ${POOL}`);
	const doc = db.prepare("INSERT INTO search_documents (doc_id, source_id) VALUES (?1, 'src_' || ?1)");
	const row = db.prepare(
		"INSERT INTO search_index (rowid, title, summary, topics, body, facets) VALUES (?1, '', '', '', ?2, '')",
	);
	// 16 slices of at most 96 keys every 125 keys: keys 97-125 and 222-250 are never sampled.
	const unsampled = [
		...Array.from({ length: 29 }, (_, i) => 97 + i),
		...Array.from({ length: 29 }, (_, i) => 222 + i),
	];
	const spread = Array.from({ length: 30 }, (_, i) => 1 + i * 64);
	for (let key = 1; key <= KEYS; key++) {
		doc.run(key);
		const words = [unsampled.includes(key) ? "clustered" : "", spread.includes(key) ? "spread" : ""];
		row.run(key, words.join(" ").trim() || "filler");
	}
	const pool = db.prepare(
		"INSERT INTO search_pool_projection (term, position, doc_id, merit, refresh_id, computed_at) VALUES (?1, ?2, ?3, 0, 1, 'now')",
	);
	for (const [term, keys] of [
		["cluster", unsampled],
		["spread", spread],
	] as const)
		for (const [i, key] of keys.slice(0, POOL).entries()) pool.run(term, i + 1, key);

	const walk = (word: string, anchor: string) => {
		const request = { ...BASE, match: allTerms(plainTerms(word)), anchor, limit: 5 };
		const { sql, values } = statementOf(request);
		return readSearch(db.prepare(sql).all(...(values as (string | number | null)[])), request);
	};

	it("a match the sample estimates small, and is, is read once as a set", () => {
		const page = walk("spread", "spread");
		expect(page).toMatchObject({ plan: "pool", walked: "set" });
		expect(page.rows).toHaveLength(0); // no public source rows: only the keys are synthetic
	});

	it("a match the sample misses is looked up: its read stops one past the bound", () => {
		const page = walk("clustered", "cluster");
		expect(unsampled.length).toBeGreaterThan(POOL * 4 + 1);
		expect(page).toMatchObject({ plan: "pool", walked: "look-ups" });
	});
});
