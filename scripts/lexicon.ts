/**
 * The search lexicon, for operators, through wrangler on the local D1 or with --remote the deployed
 * one. Searches use each isolate's copy of the table, loaded again once it is PROJECTION_COPY_MAX_AGE_MS
 * (30 s) old (src/data/projection-copy.ts), so a change applies to every search within 30 seconds; no release.
 *
 *   npm run lexicon -- list [term]
 *   npm run lexicon -- add "AIO" "AI Overviews" [more forms…] --kind acronym|abbreviation|variant|spanish [--note "…"]
 *   npm run lexicon -- remove "AIO" "AI Overviews" [more forms…]
 *   npm run lexicon -- check          (does the table hold exactly the rows of data/search-lexicon.json?)
 *   npm run lexicon -- generate [--new NAME]   (the lexicon migration, from data/search-lexicon.json)
 *
 * add and remove act on every ordered pair of the forms given (both directions; add with --kind
 * spanish, on each Spanish form and the English form given first). add checks the
 * whole group first (scripts/lib/lexicon-rows.ts) and writes nothing when it refuses any of it;
 * remove checks nothing but the count and the size of its SQL, so rows added before a rule can
 * still be removed. Every write
 * reads back what it wrote, in the same command, and fails on a difference: add and remove the
 * table's rows for their pairs, generate the migration file. The reviewed source is
 * data/search-lexicon.json: put a lasting correction there too, or the next release's lexicon
 * migration (which makes the table equal the file) takes it away.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { LEXICON_MAX_WORDS, MAX_TERM_TOKENS, spanishKey, termKey } from "../src/search/query/parse";
import { inlineStatement, type Statement } from "./corpus/statements";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";
import {
	groupRows,
	insertRow as insert,
	LEXICON_COLUMNS,
	LEXICON_KINDS,
	LEXICON_MIGRATION_NAME,
	LEXICON_TABLE_SQL,
	LexiconError,
	type LexiconGroup,
	type LexiconKind,
	type LexiconRow,
	lexiconCommand,
	lexiconDifference,
	lexiconRows,
	MAX_GROUP_FORMS,
	newestLexiconMigration,
	normalizedForm,
	removePairs,
} from "./lib/lexicon-rows";
import { type D1Target, d1Query, d1Results } from "./lib/wrangler";

const LEXICON_FILE = resolve(REPO_ROOT, "data", "search-lexicon.json");
export const MIGRATIONS_DIR = resolve(REPO_ROOT, "migrations");

export const readLexiconFile = (): LexiconGroup[] =>
	JSON.parse(readFileSync(LEXICON_FILE, "utf8")) as LexiconGroup[];

const MIGRATION_HEAD = `-- The search lexicon (the table migration 0008 created) made equal to data/search-lexicon.json,
-- on a fresh database and on a deployed one alike: wrangler applies a migration once, so a deployed
-- database keeps the rows of the lexicon migration it last applied until a newer one runs.
-- The table is created again, its kinds those of scripts/lib/lexicon-rows.ts, and the file's rows
-- are written: a row an operator added live and never put in the file is gone after this, and a
-- row removed live comes back while the file holds it.
-- One row per direction (term -> expansion); term_key is the term's index tokens, stemmed and joined
-- by one space (src/search/query/tokens.ts), which is how a query's words are looked up; a Spanish
-- form's (kind spanish) is its tokens stemmed as Spanish (spanishKey, src/search/query/spanish-stem.ts).
--
-- GENERATED from data/search-lexicon.json by \`npm run lexicon -- generate\`: edit the file, not this.
-- Once this file is deployed, a change to the file needs a new migration (\`generate --new NAME\`);
-- \`npm run lexicon -- check --remote\` compares the deployed table with the file.
DROP TABLE search_lexicon;
${LEXICON_TABLE_SQL}
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

/**
 * Runs the writes and then reads back the rows of every pair of `forms`, in one command (one batch:
 * one transaction locally), and returns what the database holds for them afterwards. A command
 * longer than one statement may be is refused before anything runs (lexiconCommand).
 */
function execute(target: D1Target, writes: Statement[], forms: readonly string[]): LexiconRow[] {
	return d1Results<LexiconRow>(target, lexiconCommand(writes, forms)).at(-1) ?? [];
}

const rowText = (row: LexiconRow) => JSON.stringify(LEXICON_COLUMNS.map((c) => row[c]));

function addEntry(target: D1Target, group: LexiconGroup): string {
	const rows = groupRows(group);
	const stored = execute(target, rows.map(insert), group.forms.map(normalizedForm));
	const missing = rows.filter((row) => !stored.some((s) => rowText(s) === rowText(row)));
	if (missing.length > 0)
		throw new LexiconError(
			`read back ${missing.length} of ${rows.length} rows not as given: gave ${missing.map(rowText).join(", ")}; the table holds ${stored.map(rowText).join(", ") || "none of them"}`,
		);
	return `${rows.length} rows: ${group.forms.join(" = ")} (${group.kind}); read back as given`;
}

function removeEntry(target: D1Target, given: string[]): string {
	const forms = [...new Set(given.map(normalizedForm))];
	if (forms.length < 2) throw new LexiconError("name at least two forms: the term and what it expands to");
	const left = execute(target, [removePairs(forms)], forms);
	if (left.length > 0)
		throw new LexiconError(`read back ${left.length} rows still stored: ${left.map(rowText).join(", ")}`);
	return `removed the links between ${forms.join(", ")}; read back: none left`;
}

/** Writes the lexicon migration (the newest, or a new one named `newName`) from the file and reads it back. */
function generateMigration(newName?: string): string {
	const file = lexiconMigrationFile(newName);
	const text = lexiconMigration(readLexiconFile());
	writeFileSync(file, text);
	if (readFileSync(file, "utf8") !== text) throw new LexiconError(`${file} does not read back as written`);
	return `wrote ${file}; read back as written`;
}

/** Lines saying how the table differs from the file's rows; none when it holds exactly them. */
function checkEntries(target: D1Target): string[] {
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

function listEntries(target: D1Target, term?: string): LexiconRow[] {
	const where =
		term === undefined
			? ""
			: `WHERE term_key IN (${inlineStatement({ sql: "?, ?", params: [termKey(term), spanishKey(term)] })})`;
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
${LEXICON_MAX_WORDS} separated by spaces, nothing invisible), refuses a form search would read as a common word (a word
ending in "*", only stop words, one character) and a group of more than ${MAX_GROUP_FORMS} forms; a refused entry writes
nothing (exit 1). With --kind spanish the first form is an English one and the others are Spanish forms searched as it
("internal links" "enlaces internos"), each keyed by its Spanish stems, so its plural and singular are one form
("enlace interno" is refused beside "enlaces internos" as the same words). remove takes any number of forms whose SQL fits one statement, and says so up
front when they do not. add, remove and generate read back what they wrote; a difference fails (exit 1).
check prints one FAIL line for each row the table and the file disagree on (exit 1).`;

const ACTIONS = ["list", "add", "remove", "check", "generate"];

function parse(argv: string[]) {
	const { values, positionals } = parseArgs({
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
	const [action = "", ...forms] = positionals;
	const help = values.help || positionals.length === 0;
	if (!help && !ACTIONS.includes(action)) throw new UsageError(`unknown command ${JSON.stringify(action)}`);
	if (!help && values.new !== undefined && action !== "generate")
		throw new UsageError(`--new is for generate, not ${action}`);
	return { values, action, forms, help };
}

function run({ values, action, forms }: ReturnType<typeof parse>): number {
	const target: D1Target = { remote: values.remote, persistTo: values["persist-to"] };
	switch (action) {
		case "list":
			for (const row of listEntries(target, forms[0]))
				console.log(`${row.term} -> ${row.expansion}  [${row.kind}]${row.note ? `  ${row.note}` : ""}`);
			break;
		case "add":
			if (values.kind === undefined) throw new LexiconError(`give --kind ${LEXICON_KINDS.join("|")}`);
			console.log(`ok   ${addEntry(target, { forms, kind: values.kind as LexiconKind, note: values.note })}`);
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
		case "generate":
			console.log(`ok   ${generateMigration(values.new)}`);
			break;
	}
	return 0;
}

/** The command line; returns the exit code (0 done, 1 refused or failed, 2 not a valid command line). */
export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
