/**
 * The word-pair index, built (issue 40): what it costs at the bench's size. On a copy of the cached
 * bench state (never the state itself) it prints:
 * - the database's size with and without the pair index (dbstat: the pages each table holds), and
 *   how many sources one 10 GB database then holds;
 * - the time and the longest statement of rebuilding the index (migrations/0023 run again, which
 *   queues every source, then the writer the cron runs, src/projections/pair-writer.ts) and of a
 *   full projection refresh;
 * - what counting every pair's holders costs (FTS5's vocabulary of the pair index read whole: what a
 *   refresh would pay to know which pairs crowd the index, as search_term_projection knows which
 *   words do), and, for the pair the most sources hold, its count read from that vocabulary by its
 *   token against the read the search statement makes (its holders, a pool and one): time and rows;
 * - the hostile search shapes' D1 time and rows with every source queued (the state right after the
 *   migration or a large import: every pair condition admits the queued mark, so a search reads
 *   positions as before the index), and once the writer has written them;
 * - on two fresh databases of --import-sources sources, an import's time with the pair index's
 *   triggers and without them.
 * BENCHMARKS.md, "The word-pair index, built", reads its figures.
 */
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sqlStatements } from "../../../src/projections/sql-statements";
import { QUEUED_MARK } from "../../../src/search/pairs/pair-conditions";
import { generateCorpusLines } from "../../corpus/generate";
import { importCorpus } from "../../corpus/import";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { applyLocalMigrations, d1Query } from "../../lib/wrangler";
import { writeLocalPairs } from "../../search-pairs";
import { startWorker } from "../lib/harness";
import { median } from "../lib/median";
import { toolCall, WORST_SEARCH_CASES } from "../lib/requests";
import { type MedianTiming, SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";
import { type CaseCost, countedSend } from "./edge-cost";

export const USAGE = `usage: npx tsx scripts/bench/cost/pair-index.ts [--sources N] [--import-sources N]

  --sources N          the bench state's size (default 100000); the state is copied, never modified
  --import-sources N   the size of the two imports timed with and without the pair triggers (default 20000)`;

const PAIR_MIGRATION = resolve(REPO_ROOT, "migrations", "0023_search_pairs.sql");
/** D1's caps: a database's size and one statement's time. */
const D1_DATABASE_BYTES = 10e9;
const D1_STATEMENT_MS = 30_000;

function parse(argv: string[]) {
	return readCommandLine(argv, { sources: 100_000, "import-sources": 20_000 });
}

/** The D1 database file of a state directory (Miniflare names it by a hash of the database id). */
function databaseFile(persistTo: string): string {
	const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
	const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
	if (file === undefined) throw new Error(`no D1 database file in ${dir}`);
	return join(dir, file);
}

interface Sizes {
	/** Bytes of the pages in use (the file less its free pages). */
	inUse: number;
	file: number;
	/** The pair index's pages: search_pairs, its shadow tables and its queue. */
	pairs: number;
	/** The word index's pages: search_index and its shadow tables. */
	words: number;
}

/** The pages each index holds (dbstat, read from the closed file), and the file's in use. */
function sizesOf(persistTo: string): Sizes {
	const file = databaseFile(persistTo);
	const db = new DatabaseSync(file, { readOnly: true });
	try {
		const owned = (prefix: string) =>
			Number(
				(
					db
						.prepare(
							"SELECT COALESCE(SUM(pgsize), 0) AS bytes FROM dbstat WHERE name = ?1 OR name GLOB ?1 || '_*'",
						)
						.get(prefix) as { bytes: number }
				).bytes,
			);
		const pragma = (name: string) => Number(Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0]);
		const bytes = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
		return {
			inUse: bytes - pragma("freelist_count") * pragma("page_size"),
			file: bytes,
			pairs: owned("search_pairs"),
			words: owned("search_index"),
		};
	} finally {
		db.close();
	}
}

interface Timed {
	seconds: number;
	longestMs: number;
}

/** Runs SQL statements as one D1 batch in the state: its wall time and its longest statement. */
async function batchTimed(
	persistTo: string,
	statements: { sql: string; params: unknown[] }[],
): Promise<Timed> {
	const timer = new SqlTimer(persistTo);
	try {
		const started = performance.now();
		const durations = await timer.batch(statements);
		return { seconds: (performance.now() - started) / 1000, longestMs: Math.max(...durations) };
	} finally {
		await timer.close();
	}
}

/** A full projection refresh as the cron runs it: its record, then the work in one transaction. */
async function fullRefresh(persistTo: string): Promise<Timed> {
	const read = (name: string) => readFileSync(resolve(REPO_ROOT, "projections", name), "utf8");
	const timer = new SqlTimer(persistTo);
	let refreshId: unknown;
	try {
		refreshId = (await timer.time(sqlStatements(read("start.sql"))[0] as string, ["full"], 1)).rows[0]
			?.refresh_id;
	} finally {
		await timer.close();
	}
	return batchTimed(persistTo, [
		{ sql: sqlStatements(read("claim.sql"))[0] as string, params: [refreshId] },
		...sqlStatements(`${read("begin-full.sql")}\n${read("recompute.sql")}`).map((sql) => ({
			sql,
			params: [],
		})),
	]);
}

interface PairVocabulary {
	ms: number;
	tokens: number;
	crowded: number;
	/** The pair the most sources hold: how many, and its count read two ways (median of five). */
	commonest: { holders: number; byToken: MedianTiming; bounded: MedianTiming };
}

/**
 * Every pair token's holders counted (an fts5vocab table over the pair index, made in the copy
 * only): the statement's time, and how many tokens it found. Then the commonest pair's count, from
 * that vocabulary by its token (the whole doclist read, one row out) and as the search statement
 * reads it (src/search/execute/sql/census.ts: no further than a pool and one).
 */
async function pairVocabulary(persistTo: string): Promise<PairVocabulary> {
	const timer = new SqlTimer(persistTo);
	try {
		await timer.time(
			"CREATE VIRTUAL TABLE pair_index_bench_vocab USING fts5vocab(search_pairs, 'row')",
			[],
			1,
		);
		// MAX's bare column: the term of the row holding the most.
		const counted = await timer.time(
			`SELECT COUNT(*) AS tokens, SUM(doc > (SELECT pool FROM search_settings)) AS crowded,
			        MAX(doc) AS holders, term AS commonest
			 FROM pair_index_bench_vocab WHERE term <> '${QUEUED_MARK}'`,
			[],
			1,
		);
		const row = counted.rows[0] as { tokens: number; crowded: number; holders: number; commonest: string };
		const byToken = await timer.median(
			"SELECT doc FROM pair_index_bench_vocab WHERE term = ?1",
			[row.commonest],
			5,
		);
		const bounded = await timer.median(
			`SELECT COUNT(*) FROM (SELECT 1 FROM search_pairs WHERE search_pairs MATCH ?1
			 LIMIT (SELECT pool FROM search_settings) + 1)`,
			[`"${row.commonest}"`],
			5,
		);
		return {
			ms: counted.d1[0] as number,
			tokens: row.tokens,
			crowded: row.crowded,
			commonest: { holders: row.holders, byToken, bounded },
		};
	} finally {
		await timer.close();
	}
}

interface SearchCost {
	d1Ms: number;
	rowsRead: number;
}

/**
 * Each hostile search shape (WORST_SEARCH_CASES) on the copy as it is: D1's time (the median of
 * three sends after a warming one) and its rows read.
 */
async function searchCosts(persistTo: string): Promise<Map<string, SearchCost>> {
	const worker = await startWorker("counting", persistTo);
	try {
		const costs = new Map<string, SearchCost>();
		for (const { label, args } of WORST_SEARCH_CASES) {
			const costCase = {
				label,
				kind: "search" as const,
				request: toolCall(label, "search_sources", args),
				maxDepth: 2,
			};
			await countedSend(worker.server.origin, costCase);
			const sends: CaseCost[] = [];
			for (let i = 0; i < 3; i++) sends.push((await countedSend(worker.server.origin, costCase)).cost);
			costs.set(label, {
				d1Ms: median(sends.map((send) => send.d1Ms)),
				rowsRead: (sends[0] as CaseCost).rowsRead,
			});
		}
		return costs;
	} finally {
		await worker.server.stop();
	}
}

/** An import of `sources` generated sources into a fresh database, with or without the pair triggers. */
async function importSeconds(sources: number, pairTriggers: boolean): Promise<number> {
	const dir = mkdtempSync(join(tmpdir(), "pair-index-import-"));
	try {
		applyLocalMigrations(dir);
		if (!pairTriggers) {
			const triggers = d1Query<{ name: string }>(
				{ remote: false, persistTo: dir },
				"SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'search_pairs_*'",
			);
			d1Query({ remote: false, persistTo: dir }, triggers.map((t) => `DROP TRIGGER ${t.name}`).join(";\n"));
		}
		const file = join(dir, "corpus.jsonl");
		writeFileSync(file, `${[...generateCorpusLines({ sources })].join("\n")}\n`);
		const started = performance.now();
		await importCorpus({ file, persistTo: dir, skipMigrations: true, progress: false, log: () => {} });
		return (performance.now() - started) / 1000;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** A migration's statements: each ends at a semicolon closing a line, a trigger's at its `END;`. */
function migrationStatements(text: string): string[] {
	const statements: string[] = [];
	let current: string[] = [];
	for (const line of text.split("\n")) {
		if (line.startsWith("--") || (current.length === 0 && line.trim() === "")) continue;
		current.push(line);
		const inTrigger = /^CREATE TRIGGER/.test(current[0] as string);
		if (inTrigger ? line.trim() === "END;" : line.trimEnd().endsWith(";")) {
			statements.push(current.join("\n").replace(/;\s*$/, ""));
			current = [];
		}
	}
	return statements;
}

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(3)} GB`;
const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const ms = (n: number) => `${Math.round(n).toLocaleString("en")} ms`;

async function run({ sources, "import-sources": importSize }: ReturnType<typeof parse>): Promise<number> {
	const state = await ensureBenchState(sources);
	const copy = mkdtempSync(join(tmpdir(), "pair-index-"));
	try {
		cpSync(state.persistTo, copy, { recursive: true });
		const sizes = sizesOf(copy);
		const without = sizes.inUse - sizes.pairs;
		const queueAll = await batchTimed(
			copy,
			migrationStatements(readFileSync(PAIR_MIGRATION, "utf8")).map((sql) => ({ sql, params: [] })),
		);
		const searchesQueued = await searchCosts(copy);
		const rebuilt = await writeLocalPairs(copy);
		const searchesWritten = await searchCosts(copy);
		const refresh = await fullRefresh(copy);
		const vocabulary = await pairVocabulary(copy);
		const withTriggers = await importSeconds(importSize, true);
		const withoutTriggers = await importSeconds(importSize, false);
		const rows: [string, string][] = [
			["pages in use without the pair index", gb(without)],
			["pair index (search_pairs, its shadow tables, its queue)", gb(sizes.pairs)],
			["word index (search_index, its shadow tables), for scale", gb(sizes.words)],
			["pages in use with it (file)", `${gb(sizes.inUse)} (${gb(sizes.file)})`],
			["with ÷ without", `${(sizes.inUse / without).toFixed(3)}×`],
			[
				"sources one 10 GB database holds (pages in use)",
				`about ${Math.floor((D1_DATABASE_BYTES / sizes.inUse) * sources).toLocaleString("en")}`,
			],
			[
				"queueing every source (migrations/0023 run again): wall / longest statement",
				`${s(queueAll.seconds)} / ${ms(queueAll.longestMs)}`,
			],
			[
				`writing every source's pairs (${rebuilt.written.toLocaleString("en")}): wall / longest statement`,
				`${s(rebuilt.duration_ms / 1000)} / ${ms(rebuilt.longest_statement_ms)}`,
			],
			[
				"full projection refresh: wall / longest statement",
				`${s(refresh.seconds)} / ${ms(refresh.longestMs)}`,
			],
			[
				`every pair token's holders counted (${vocabulary.tokens.toLocaleString("en")} tokens, ${vocabulary.crowded.toLocaleString("en")} held by more than a pool): one statement`,
				ms(vocabulary.ms),
			],
			[
				`the commonest pair's count (${vocabulary.commonest.holders.toLocaleString("en")} holders), from the vocabulary by its token: time / rows read`,
				`${vocabulary.commonest.byToken.ms.toFixed(1)} ms / ${vocabulary.commonest.byToken.rowsRead.toLocaleString("en")}`,
			],
			[
				"the same pair's holders read as the search statement reads them, a pool and one: time / rows read",
				`${vocabulary.commonest.bounded.ms.toFixed(1)} ms / ${vocabulary.commonest.bounded.rowsRead.toLocaleString("en")}`,
			],
			["D1's cap on one statement", ms(D1_STATEMENT_MS)],
			[
				`import of ${importSize.toLocaleString("en")} sources with the pair triggers / without`,
				`${s(withTriggers)} / ${s(withoutTriggers)} (${(withTriggers / withoutTriggers).toFixed(2)}×)`,
			],
			[
				"the bench state's own build: import / pairs",
				`${s(state.info.import_seconds)} / ${state.info.pairs_seconds === undefined ? "?" : s(state.info.pairs_seconds)}`,
			],
		];
		console.log(`The word-pair index at ${sources.toLocaleString("en")} sources (state ${state.key}):\n`);
		const width = Math.max(...rows.map(([label]) => label.length));
		console.log(`| ${"measured".padEnd(width)} | value |\n| ${"-".repeat(width)} | ----: |`);
		for (const [label, value] of rows) console.log(`| ${label.padEnd(width)} | ${value} |`);
		console.log(
			"\nThe hostile search shapes (D1 ms, median of three sends; rows read), every source queued and its pairs written:\n",
		);
		console.log(
			"| search | queued: D1 ms | rows | written: D1 ms | rows |\n| --- | ---: | ---: | ---: | ---: |",
		);
		for (const [label, queued] of searchesQueued) {
			const written = searchesWritten.get(label) as SearchCost;
			const cells = [queued.d1Ms, queued.rowsRead, written.d1Ms, written.rowsRead].map((n) =>
				n.toLocaleString("en"),
			);
			console.log(`| ${label} | ${cells.join(" | ")} |`);
		}
		if (rebuilt.queued > 0) throw new Error(`${rebuilt.queued} sources still queued after the rebuild`);
		return EXIT_OK;
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
