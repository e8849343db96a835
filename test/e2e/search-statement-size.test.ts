/**
 * The search statement keeps room under SQLite's limit on how many times a statement's common table
 * expressions are expanded. SQLite expands a CTE's text again at every reference (materialised or
 * not), and a recent SQLite refuses a statement whose expansions reach its expression-depth limit
 * (1,000 by default: "VIEWs and/or subqueries nested too deep"). The workerd build this project
 * tests on does not count so, and D1's own build is not ours to read; Node's SQLite (3.54) does, so the
 * statement is prepared here, over the real schema (every migration), twice over in one statement:
 * each shape uses less than half the limit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { allTerms, plainTerms } from "../../src/data/match-expression";
import type { PublicDb } from "../../src/data/public-db";
import { type SearchRequest, searchStatement } from "../../src/data/search";

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
