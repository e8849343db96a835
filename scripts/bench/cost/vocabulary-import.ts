/**
 * `npx tsx scripts/bench/cost/vocabulary-import.ts [--sizes N,N,…] [--write]`
 *
 * What one large-vocabulary import costs the refreshes after it (issue 53): on a copy of each bench
 * state (never the state itself), an incremental projection refresh with nothing changed is counted
 * (its statements, rows read and D1 time, median of three), then 50 sources of 40 passages of 1,200
 * characters of words no other source holds (test/support/large-vocabulary.ts, about 480,000 new
 * words) are imported with the importer, the refresh that counts their words and the pair writer the
 * cron runs after it are measured, and the refresh with nothing changed is counted again. The
 * refreshes run the projections' SQL as refreshProjections does (start.sql, then claim.sql, the
 * work and the refresh's own record as one batch). `npm run bench` runs it at its sizes.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sqlStatements } from "../../../src/projections/sql-statements";
import { largeVocabularyRecords } from "../../../test/support/large-vocabulary";
import { importCorpus } from "../../corpus/import";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { refreshSql } from "../../projections-refresh";
import { writeLocalPairs } from "../../search-pairs";
import { median } from "../lib/median";
import { measuredCommit, writeResults } from "../lib/report";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";

/** The import's size: the 50 sources, about 480,000 new words. */
const IMPORTED_SOURCES = 50;
/** Refreshes with nothing changed counted on each side; the median kept (pools rotate). */
const REFRESHES = 3;

interface RefreshCount {
	statements: number;
	rowsRead: number;
	/** D1's own time, summed over the statements. */
	d1Ms: number;
	longestMs: number;
}

export interface VocabularyImport {
	sources: number;
	newWords: number;
	importSeconds: number;
	before: RefreshCount;
	/** The refresh right after the import: it counts the new words. */
	counting: RefreshCount;
	pairs: { written: number; rounds: number; seconds: number; longestMs: number };
	after: RefreshCount;
}

const read = (name: string) => readFileSync(resolve(REPO_ROOT, "projections", name), "utf8");
const OWN_RECORD_SQL = "SELECT refresh_id FROM projection_refreshes WHERE refresh_id = ?1";

/** One incremental refresh as the cron runs it, counted statement by statement. */
async function countedRefresh(persistTo: string): Promise<RefreshCount> {
	const timer = new SqlTimer(persistTo);
	try {
		const started = await timer.time(sqlStatements(read("start.sql"))[0] as string, ["incremental"], 1);
		const id = started.rows[0]?.refresh_id;
		const work = await timer.batchCounted([
			{ sql: sqlStatements(read("claim.sql"))[0] as string, params: [id] },
			...sqlStatements(refreshSql("incremental")).map((sql) => ({ sql, params: [] })),
			{ sql: OWN_RECORD_SQL, params: [id] },
		]);
		const all = [{ d1: started.d1[0] ?? 0, rowsRead: started.rowsRead[0] ?? 0 }, ...work];
		return {
			statements: all.length,
			rowsRead: all.reduce((n, s) => n + s.rowsRead, 0),
			d1Ms: all.reduce((n, s) => n + s.d1, 0),
			longestMs: Math.max(...all.map((s) => s.d1)),
		};
	} finally {
		await timer.close();
	}
}

/** REFRESHES refreshes with nothing changed: the median of each figure. */
async function unchangedRefreshes(persistTo: string): Promise<RefreshCount> {
	const counts: RefreshCount[] = [];
	for (let i = 0; i < REFRESHES; i++) counts.push(await countedRefresh(persistTo));
	const mid = (pick: (c: RefreshCount) => number) => median(counts.map(pick));
	return {
		statements: Math.max(...counts.map((c) => c.statements)),
		rowsRead: mid((c) => c.rowsRead),
		d1Ms: mid((c) => c.d1Ms),
		longestMs: mid((c) => c.longestMs),
	};
}

async function vocabularyWords(persistTo: string): Promise<number> {
	const timer = new SqlTimer(persistTo);
	try {
		return Number((await timer.time("SELECT COUNT(*) AS n FROM search_vocab", [], 1)).rows[0]?.n ?? 0);
	} finally {
		await timer.close();
	}
}

export async function measureVocabularyImport(
	sizes: readonly number[],
	log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<VocabularyImport[]> {
	const out: VocabularyImport[] = [];
	for (const sources of sizes) {
		const state = await ensureBenchState(sources);
		const copy = mkdtempSync(join(tmpdir(), "vocabulary-import-"));
		try {
			log(`  ${sources}: copying the bench state …`);
			cpSync(state.persistTo, copy, { recursive: true });
			const file = join(copy, "large-vocabulary.jsonl");
			writeFileSync(
				file,
				`${largeVocabularyRecords({ sources: IMPORTED_SOURCES })
					.map((r) => JSON.stringify(r))
					.join("\n")}\n`,
			);
			// The first refresh records what the crowded words were counted from; those after it change nothing.
			await countedRefresh(copy);
			log(`  ${sources}: refreshes with nothing changed, before the import …`);
			const before = await unchangedRefreshes(copy);
			const wordsBefore = await vocabularyWords(copy);
			log(`  ${sources}: importing ${IMPORTED_SOURCES} sources of unique words …`);
			const started = performance.now();
			await importCorpus({ file, persistTo: copy, progress: false, log: () => {} });
			const importSeconds = (performance.now() - started) / 1000;
			const newWords = (await vocabularyWords(copy)) - wordsBefore;
			const counting = await countedRefresh(copy);
			log(`  ${sources}: writing the import's word pairs …`);
			const written = await writeLocalPairs(copy);
			log(`  ${sources}: refreshes with nothing changed, after the import …`);
			const after = await unchangedRefreshes(copy);
			out.push({
				sources,
				newWords,
				importSeconds,
				before,
				counting,
				pairs: {
					written: written.written,
					rounds: written.rounds,
					seconds: written.duration_ms / 1000,
					longestMs: written.longest_statement_ms,
				},
				after,
			});
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	}
	return out;
}

const n = (x: number) => Math.round(x).toLocaleString("en");
const count = (c: RefreshCount) => `${c.statements} / ${n(c.rowsRead)} / ${n(c.d1Ms)} ms`;

export function vocabularyTable(measures: readonly VocabularyImport[]): string {
	return [
		"| sources | new words | refresh, nothing changed, before: statements / rows read / D1 ms | the refresh counting them: rows read / longest statement | pair writer: sources / rounds / wall / longest statement | refresh, nothing changed, after: statements / rows read / D1 ms | rows read after ÷ before |",
		"| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
		...measures.map(
			(m) =>
				`| ${n(m.sources)} | ${n(m.newWords)} | ${count(m.before)} | ${n(m.counting.rowsRead)} / ${n(m.counting.longestMs)} ms | ${m.pairs.written} / ${m.pairs.rounds} / ${m.pairs.seconds.toFixed(1)} s / ${n(m.pairs.longestMs)} ms | ${count(m.after)} | ${(m.after.rowsRead / m.before.rowsRead).toFixed(2)} |`,
		),
	].join("\n");
}

/** The Done-when of issue 53, at every size measured. */
export function vocabularyMet(measures: readonly VocabularyImport[]): boolean {
	return measures.every(
		(m) => m.after.rowsRead <= 2 * m.before.rowsRead && m.after.statements <= m.before.statements,
	);
}

export const USAGE = `usage: npx tsx scripts/bench/cost/vocabulary-import.ts [--sizes N,N,…] [--write]

  --sizes N,N,…   the bench states measured (default 1000,100000); each is copied, never modified
  --write         put the table into BENCHMARKS.md's vocabulary-import block and benchmarks.json`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sizes: [1000, 100_000], write: false });
}

async function run({ sizes, write }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	const measures = await measureVocabularyImport(sizes);
	const table = vocabularyTable(measures);
	console.log(table);
	if (write) {
		const { commit, subject, uncommitted_changes } = measuredCommit();
		const measured = `Measured on commit \`${commit.slice(0, 12)}\` ("${subject}")${uncommitted_changes ? " **with uncommitted changes to the code**" : ""} by \`npx tsx scripts/bench/cost/vocabulary-import.ts --sizes ${sizes.join(",")} --write\`, ${new Date().toISOString()}.`;
		writeResults({ "vocabulary-import": `${measured}\n\n${table}` }, { vocabulary_import: measures });
		console.log("\nBENCHMARKS.md (vocabulary-import block) and benchmarks.json (vocabulary_import) written");
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
