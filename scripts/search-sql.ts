/**
 * npx tsx scripts/search-sql.ts [--check]
 *
 * Writes docs/search-sql/, one file per search statement's shape (scripts/lib/search-sql.ts), each
 * with the share of SQLite's nesting budget it uses; with --check, writes nothing and exits 1 when a
 * file differs from what the code generates (test/node/search-sql.test.ts does the same).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EXIT_FAILED, EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "./lib/command";
import { SHAPES, SNAPSHOT_DIR, schemaDatabase, snapshotOf } from "./lib/search-sql";

const USAGE = `usage: npx tsx scripts/search-sql.ts [--check]

  (no option)  write docs/search-sql/*.sql from src/search/execute/sql/ (and remove stale ones)
  --check      write nothing; exit 1 when a snapshot differs from the code's text`;

const parse = (argv: string[]) => readCommandLine(argv, { check: false });

function run({ check }: ReturnType<typeof parse>): number {
	const db = schemaDatabase();
	const snapshots = SHAPES.map((shape) => snapshotOf(db, shape));
	const stale = readdirSync(SNAPSHOT_DIR).filter((f) => !snapshots.some((s) => s.name === f));
	const differ = snapshots.filter((s) => {
		const path = join(SNAPSHOT_DIR, s.name);
		return !existsSync(path) || readFileSync(path, "utf8") !== s.text;
	});
	for (const s of snapshots)
		console.log(`${s.name.padEnd(36)} ${String(s.used).padStart(4)} of 1,000 expansions`);
	if (check) {
		for (const name of [...differ.map((s) => s.name), ...stale])
			console.error(`FAIL docs/search-sql/${name} differs`);
		return differ.length + stale.length === 0 ? EXIT_OK : EXIT_FAILED;
	}
	for (const s of differ) writeFileSync(join(SNAPSHOT_DIR, s.name), s.text);
	for (const name of stale) rmSync(join(SNAPSHOT_DIR, name));
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
