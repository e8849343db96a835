/**
 * npm run search-tuning -- generate --new NAME   (a migration from src/search/vocabulary/tuning.ts, and the docs' figures)
 * npm run search-tuning -- check                 (the newest generated migration and the docs agree with the object)
 *
 * Search's tuning (the crowded pool's size, BM25's column weights, the "in most sources" share, the
 * pools a refresh recomputes, the statement's bounds) is one object, src/search/vocabulary/tuning.ts. What
 * SQL reads of it lives in the database (search_settings and the index's rank function), written by
 * a migration this command generates; the figures README.md, docs/contract.md and
 * docs/operations.md state are marked (`<!-- tuning:pool -->2,000<!-- /tuning -->`) and rewritten
 * from the object. So a change to the tuning is one edit of the object, then `generate --new NAME`.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { SEARCH_TUNING } from "../src/search/vocabulary/tuning";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";
import { FIGURE_DOCS, generatedBlock, tuningBlock, withFigures } from "./lib/search-tuning-sql";

const USAGE = `usage: npm run search-tuning -- generate --new NAME | check

  generate --new NAME   write migrations/NNNN_search_tuning_NAME.sql from src/search/vocabulary/tuning.ts
                        (numbered after every migration) and the figures the docs state
  check                 exit 1 when the newest generated migration or a stated figure differs from the object`;

const MIGRATIONS = resolve(REPO_ROOT, "migrations");
const NAME = /^[a-z0-9_]+$/;

/** The newest migration holding a generated tuning block, with that block. */
function newestTuningMigration(dir = MIGRATIONS): { name: string; block: string } | undefined {
	for (const name of readdirSync(dir).sort().reverse()) {
		if (!name.endsWith(".sql")) continue;
		const block = generatedBlock(readFileSync(resolve(dir, name), "utf8"));
		if (block !== null) return { name, block };
	}
	return undefined;
}

function generate(newName: string): string[] {
	if (!NAME.test(newName))
		throw new UsageError(
			`--new takes lower-case letters, digits and underscores, not ${JSON.stringify(newName)}`,
		);
	const names = readdirSync(MIGRATIONS);
	const next = Math.max(0, ...names.map((n) => Number(/^(\d{4})_/.exec(n)?.[1] ?? 0))) + 1;
	const file = `${String(next).padStart(4, "0")}_search_tuning_${newName}.sql`;
	writeFileSync(resolve(MIGRATIONS, file), `${tuningBlock(SEARCH_TUNING)}\n`);
	const written = [`migrations/${file}`];
	for (const doc of FIGURE_DOCS) {
		const path = resolve(REPO_ROOT, doc);
		const before = readFileSync(path, "utf8");
		const after = withFigures(before, SEARCH_TUNING);
		if (after !== before) {
			writeFileSync(path, after);
			written.push(doc);
		}
	}
	return written;
}

/** What differs from the object: the newest generated block, and each doc whose stated figures do not follow it. */
function tuningDifferences(): string[] {
	const newest = newestTuningMigration();
	const differences: string[] = [];
	if (newest === undefined) differences.push("no migration holds a generated tuning block");
	else if (newest.block !== tuningBlock(SEARCH_TUNING))
		differences.push(
			`${newest.name} does not hold src/search/vocabulary/tuning.ts's figures: generate --new NAME`,
		);
	for (const doc of FIGURE_DOCS) {
		const text = readFileSync(resolve(REPO_ROOT, doc), "utf8");
		if (withFigures(text, SEARCH_TUNING) !== text)
			differences.push(`${doc} states another figure: generate --new NAME`);
	}
	return differences;
}

function parse(argv: string[]) {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: { new: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
	});
	const action = positionals[0] ?? "";
	const help = values.help || positionals.length === 0;
	if (!help && !["generate", "check"].includes(action))
		throw new UsageError(`unknown command ${JSON.stringify(action)}`);
	if (!help && action === "generate" && values.new === undefined)
		throw new UsageError("generate needs --new NAME");
	return { ...values, action, help };
}

function run({ action, new: newName }: ReturnType<typeof parse>): number {
	if (action === "generate") {
		for (const file of generate(newName as string)) console.log(`ok   wrote ${file}`);
		return 0;
	}
	const differences = tuningDifferences();
	for (const difference of differences) console.error(`FAIL ${difference}`);
	if (differences.length > 0) return 1;
	console.log(
		"ok   the newest tuning migration and the docs' figures follow src/search/vocabulary/tuning.ts",
	);
	return 0;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
