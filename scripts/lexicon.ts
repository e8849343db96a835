/**
 * The search lexicon, for operators, through wrangler on the local D1 or with --remote the deployed
 * one. Searches read the table on every call, so a change applies to the next search; no release.
 *
 *   npm run lexicon -- list [term]
 *   npm run lexicon -- add "AIO" "AI Overviews" [more forms…] --kind acronym|abbreviation|variant [--note "…"]
 *   npm run lexicon -- remove "AIO" "AI Overviews" [more forms…]
 *   npm run lexicon -- check          (does the table hold exactly the rows of data/search-lexicon.json?)
 *   npm run lexicon -- generate [--new NAME]   (the lexicon migration, from data/search-lexicon.json)
 *
 * add and remove act on every ordered pair of the forms given (both directions). add checks the
 * whole group first (scripts/lib/lexicon-rows.ts) and writes nothing when it refuses any of it;
 * remove checks nothing but the count, so rows added before a rule can still be removed. The reviewed source
 * is data/search-lexicon.json: put a lasting correction there too, or the next release's lexicon
 * migration (which makes the table equal the file) takes it away.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { LEXICON_MAX_WORDS, MAX_TERM_TOKENS, termKey } from "../src/data/match-expression";
import { inlineStatement, type Statement } from "./corpus/statements";
import { REPO_ROOT } from "./lib/dev-server";
import {
	groupRows,
	insertRow as insert,
	LEXICON_COLUMNS,
	LEXICON_KINDS,
	LEXICON_MIGRATION_NAME,
	LexiconError,
	type LexiconGroup,
	type LexiconKind,
	type LexiconRow,
	lexiconDifference,
	lexiconRows,
	MAX_GROUP_FORMS,
	newestLexiconMigration,
} from "./lib/lexicon-rows";
import { type D1Target, d1Query, d1TargetArgs, runWrangler } from "./lib/wrangler";

export const LEXICON_FILE = resolve(REPO_ROOT, "data", "search-lexicon.json");
export const MIGRATIONS_DIR = resolve(REPO_ROOT, "migrations");

export const readLexiconFile = (): LexiconGroup[] =>
	JSON.parse(readFileSync(LEXICON_FILE, "utf8")) as LexiconGroup[];

const MIGRATION_HEAD = `-- The search lexicon (the table migration 0008 created) made equal to data/search-lexicon.json,
-- on a fresh database and on a deployed one alike: wrangler applies a migration once, so a deployed
-- database keeps the rows of the lexicon migration it last applied until a newer one runs.
-- Every row goes and the file's rows are written: a row an operator added live and never put in
-- the file is gone after this, and a row removed live comes back while the file holds it.
-- One row per direction (term -> expansion); term_key is the term's index tokens, stemmed and joined
-- by one space (src/data/tokens.ts), which is how a query's words are looked up.
--
-- GENERATED from data/search-lexicon.json by \`npm run lexicon -- generate\`: edit the file, not this.
-- Once this file is deployed, a change to the file needs a new migration (\`generate --new NAME\`);
-- \`npm run lexicon -- check --remote\` compares the deployed table with the file.
DELETE FROM search_lexicon;
`;

export function lexiconMigration(groups: LexiconGroup[]): string {
	const rows = lexiconRows(groups).map((row) => `${inlineStatement(insert(row))};`);
	return `${MIGRATION_HEAD}${rows.join("\n")}\n`;
}

/** The lexicon migration `generate` writes: the newest one, or with a name a new one numbered after every migration. */
export function lexiconMigrationFile(newName?: string, dir = MIGRATIONS_DIR): string {
	const names = readdirSync(dir);
	if (newName === undefined) {
		const newest = newestLexiconMigration(names);
		if (newest === undefined)
			throw new LexiconError(`no lexicon migration in ${dir} yet: start one with generate --new NAME`);
		return resolve(dir, newest);
	}
	const next = Math.max(0, ...names.map((n) => Number(/^(\d{4})_/.exec(n)?.[1] ?? 0))) + 1;
	const name = `${String(next).padStart(4, "0")}_search_lexicon_${newName}.sql`;
	if (!LEXICON_MIGRATION_NAME.test(name))
		throw new LexiconError(
			`--new takes lower-case letters, digits and underscores, not ${JSON.stringify(newName)}`,
		);
	return resolve(dir, name);
}

function execute(target: D1Target, statements: Statement[]): void {
	const sql = statements.map((s) => `${inlineStatement(s)};`).join("\n");
	runWrangler(["d1", "execute", "DB", ...d1TargetArgs(target), "--command", sql]);
}

export function addEntry(target: D1Target, group: LexiconGroup): string {
	const rows = groupRows(group);
	execute(target, rows.map(insert));
	return `${rows.length} rows: ${group.forms.join(" = ")} (${group.kind})`;
}

export function removeEntry(target: D1Target, forms: string[]): string {
	if (forms.length < 2) throw new LexiconError("name at least two forms: the term and what it expands to");
	const statements: Statement[] = [];
	for (const term of forms)
		for (const expansion of forms)
			if (term !== expansion)
				statements.push({
					sql: "DELETE FROM search_lexicon WHERE term_key = ? AND expansion = ?",
					params: [termKey(term), expansion],
				});
	execute(target, statements);
	return `removed the links between ${forms.join(", ")}`;
}

/** Lines saying how the table differs from the file's rows; none when it holds exactly them. */
export function checkEntries(target: D1Target): string[] {
	const table = d1Query<LexiconRow>(
		target,
		`SELECT ${LEXICON_COLUMNS.join(", ")} FROM search_lexicon ORDER BY term_key, expansion`,
	);
	const { missing, changed, extra } = lexiconDifference(table, lexiconRows(readLexiconFile()));
	const line = (what: string) => (row: LexiconRow) => `${what}: ${row.term} -> ${row.expansion}`;
	return [
		...missing.map(line("in the file, not in the table")),
		...changed.map(line("in both, with another kind, note or spelling in the table")),
		...extra.map(line("in the table, not in the file")),
	];
}

export function listEntries(target: D1Target, term?: string): LexiconRow[] {
	const where =
		term === undefined ? "" : `WHERE term_key = ${inlineStatement({ sql: "?", params: [termKey(term)] })}`;
	return d1Query<LexiconRow>(
		target,
		`SELECT ${LEXICON_COLUMNS.join(", ")} FROM search_lexicon ${where} ORDER BY term_key, expansion LIMIT 5000`,
	);
}

export const USAGE = `usage: npm run lexicon -- <command> … [--remote | --persist-to DIR]

  list [term]                                        the rows (of one term)
  add "AIO" "AI Overviews" [more forms…] --kind ${LEXICON_KINDS.join("|")} [--note "…"]
  remove "AIO" "AI Overviews" [more forms…]
  check                                              does the table hold exactly the rows of data/search-lexicon.json?
  generate [--new NAME]                              rewrite the newest migrations/NNNN_search_lexicon_*.sql
                                                     from data/search-lexicon.json (--new: write a new one,
                                                     numbered after every migration; needed once the newest
                                                     one is deployed, since wrangler applies a migration once)

  --remote           the deployed D1 (default: the local one; --persist-to DIR like wrangler's)
  -h, --help         this text

add checks every form as a caller's query is checked (at most ${MAX_TERM_TOKENS} words as search counts them,
${LEXICON_MAX_WORDS} separated by spaces, nothing invisible) and a group of at most ${MAX_GROUP_FORMS} forms; a refused
entry writes nothing (exit 1).`;

function parse(argv: string[]) {
	return parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			kind: { type: "string" },
			note: { type: "string", default: "" },
			new: { type: "string" },
			remote: { type: "boolean", default: false },
			"persist-to": { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
}

/** The command line; returns the exit code (0 done, 1 refused or failed, 2 not a valid command line). */
export function main(argv: string[]): number {
	let parsed: ReturnType<typeof parse>;
	try {
		parsed = parse(argv);
	} catch (error) {
		console.error(`FAIL ${(error as Error).message.split("\n")[0]}\n\n${USAGE}`);
		return 2;
	}
	const { values, positionals } = parsed;
	const [action, ...forms] = positionals;
	if (values.help || action === undefined) {
		console.log(USAGE);
		return 0;
	}
	if (!["list", "add", "remove", "check", "generate"].includes(action)) {
		console.error(`FAIL unknown command ${JSON.stringify(action)}\n\n${USAGE}`);
		return 2;
	}
	const target: D1Target = { remote: values.remote, persistTo: values["persist-to"] };
	try {
		switch (action) {
			case "list":
				for (const row of listEntries(target, forms[0]))
					console.log(`${row.term} -> ${row.expansion}  [${row.kind}]${row.note ? `  ${row.note}` : ""}`);
				break;
			case "add":
				if (values.kind === undefined) throw new LexiconError(`give --kind ${LEXICON_KINDS.join("|")}`);
				console.log(
					`ok   ${addEntry(target, { forms, kind: values.kind as LexiconKind, note: values.note })}`,
				);
				break;
			case "remove":
				console.log(`ok   ${removeEntry(target, forms)}`);
				break;
			case "check": {
				const differences = checkEntries(target);
				for (const difference of differences) console.error(`FAIL ${difference}`);
				if (differences.length > 0) return 1;
				console.log(
					`ok   the table holds exactly the ${lexiconRows(readLexiconFile()).length} rows of ${LEXICON_FILE}`,
				);
				break;
			}
			case "generate": {
				const file = lexiconMigrationFile(values.new);
				writeFileSync(file, lexiconMigration(readLexiconFile()));
				console.log(`ok   wrote ${file}`);
				break;
			}
		}
		return 0;
	} catch (error) {
		console.error(`FAIL ${(error as Error).message}`);
		return 1;
	}
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
