/**
 * The search statements' text is committed, one file per shape (docs/search-sql/, written by
 * `npx tsx scripts/search-sql.ts`), so a reviewer reads what runs: regenerated here and compared,
 * each with its share of SQLite's nesting budget, which must leave at least half of it free
 * (scripts/lib/search-sql.ts says how it is measured).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	NESTING_LIMIT,
	nestingUsed,
	SHAPES,
	SNAPSHOT_DIR,
	schemaDatabase,
	snapshotOf,
} from "../../scripts/lib/search-sql";

describe("the search statements' snapshots", () => {
	const db = schemaDatabase();
	const snapshots = SHAPES.map((shape) => snapshotOf(db, shape));

	it("are the text the code generates, one file per shape and no other (npx tsx scripts/search-sql.ts rewrites them)", () => {
		expect(readdirSync(SNAPSHOT_DIR).sort()).toEqual(snapshots.map((s) => s.name).sort());
		for (const s of snapshots) expect(readFileSync(join(SNAPSHOT_DIR, s.name), "utf8"), s.name).toBe(s.text);
	});

	it("each keeps at least half of SQLite's nesting budget free", () => {
		console.log(snapshots.map((s) => `${s.name}: ${s.used} of ${NESTING_LIMIT} expansions`).join("\n"));
		for (const s of snapshots) expect(s.used, s.name).toBeLessThanOrEqual(NESTING_LIMIT / 2);
	});

	it("measures what SQLite counts (the measure is not vacuous)", () => {
		const referenced = (n: number) =>
			`WITH a AS (SELECT 1 AS y) SELECT ${Array.from({ length: n }, (_, i) => `(SELECT y FROM a) AS y${i}`).join(", ")}`;
		expect(nestingUsed(db, referenced(10)) - nestingUsed(db, referenced(5))).toBe(5);
		expect(nestingUsed(db, referenced(NESTING_LIMIT + 1))).toBe(NESTING_LIMIT);
	});
});
