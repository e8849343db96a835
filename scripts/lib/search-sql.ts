/**
 * The search statements' text as committed snapshots (docs/search-sql/), one file per shape
 * (src/search/execute/sql/statement-sql.ts), each headed by what its numbered values are and how much
 * of SQLite's nesting budget it uses: SQLite expands a common table expression's text again at every
 * reference and refuses a statement once the expansions reach its expression-depth limit (1,000 by
 * default: "VIEWs and/or subqueries nested too deep"). Node's SQLite counts so (the SQLite inside this
 * workerd does not, and D1's build is not ours to read), so the budget is measured there, over every
 * migration: the most padding references a statement leaves room for, subtracted from the limit.
 * scripts/search-sql.ts writes or checks the files; test/node/search-sql.test.ts regenerates them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { P, type Shape } from "../../src/search/execute/sql/params";
import { statementSql } from "../../src/search/execute/sql/statement-sql";
import { REPO_ROOT } from "./dev-server";

export const SNAPSHOT_DIR = resolve(REPO_ROOT, "docs", "search-sql");

/** SQLite's default limit on a statement's expansions (SQLITE_LIMIT_EXPR_DEPTH). */
export const NESTING_LIMIT = 1000;

/** Every shape a search statement can take. */
export const SHAPES: readonly Shape[] = (["whole", "pool", "recent"] as const).flatMap((ranking) =>
	[false, true].flatMap((census) => [false, true].map((tiers) => ({ ranking, census, tiers }))),
);

const snapshotName = (shape: Shape) =>
	`${shape.census ? "census-then-" : ""}${shape.ranking}-${shape.tiers ? "two-tiers" : "one-tier"}.sql`;

/** An in-memory database with every migration applied: the schema the statements are prepared against. */
export function schemaDatabase(): DatabaseSync {
	const db = new DatabaseSync(":memory:");
	const dir = resolve(REPO_ROOT, "migrations");
	for (const file of readdirSync(dir)
		.filter((f) => f.endsWith(".sql"))
		.sort())
		db.exec(readFileSync(join(dir, file), "utf8"));
	return db;
}

/** Whether `sql`, with `padding` more expansions beside it, fits SQLite's budget (a statement that fails otherwise throws). */
function fits(db: DatabaseSync, sql: string, padding: number): boolean {
	const pads = Array.from({ length: padding }, (_, i) => `(SELECT x FROM pad) AS c${i}, `).join("");
	try {
		db.prepare(`WITH pad(x) AS (SELECT 1) SELECT ${pads}(SELECT COUNT(*) FROM (${sql})) AS s`);
		return true;
	} catch (error) {
		if (/nested too deep/.test(String(error))) return false;
		throw error;
	}
}

/** How many of SQLite's NESTING_LIMIT expansions a statement uses. */
export function nestingUsed(db: DatabaseSync, sql: string): number {
	if (!fits(db, sql, 0)) return NESTING_LIMIT;
	let [lo, hi] = [0, NESTING_LIMIT];
	while (lo < hi) {
		const mid = Math.ceil((lo + hi) / 2);
		if (fits(db, sql, mid)) lo = mid;
		else hi = mid - 1;
	}
	return NESTING_LIMIT - 1 - lo;
}

const LEGEND = Object.entries(P)
	.sort(([, a], [, b]) => Number(a.slice(1)) - Number(b.slice(1)))
	.map(([name, number]) => `${number} ${name}`)
	.join(", ");

const described = (shape: Shape) =>
	`${shape.census ? "the census, then " : ""}the ${shape.ranking} plan, ${shape.tiers ? "two tiers" : "one tier"}`;

/** A shape's snapshot: its header, then its text. */
export function snapshotOf(db: DatabaseSync, shape: Shape): { name: string; text: string; used: number } {
	const sql = statementSql(shape);
	const used = nestingUsed(db, sql);
	const header = [
		`-- A search statement: ${described(shape)} (src/search/execute/sql/statement-sql.ts).`,
		"-- Written by `npx tsx scripts/search-sql.ts`; test/node/search-sql.test.ts regenerates and compares it.",
		`-- SQLite's nesting budget: ${used} of ${NESTING_LIMIT.toLocaleString("en")} expansions used.`,
		`-- Values: ${LEGEND}.`,
	];
	return { name: snapshotName(shape), text: `${header.join("\n")}\n${sql}\n`, used };
}
