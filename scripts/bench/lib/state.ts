/**
 * Benchmark data: a local D1 state directory per corpus size, generated, imported and projected once
 * and then reused. A large import takes minutes (docs/corpus-format.md, "All or nothing"), so each
 * imported state is cached under .tmp/bench-state/<key>, where the key holds the generator arguments
 * (sources, seed) and a short hash of the generator's source files: change the generator and the key
 * changes.
 * A `.complete.json` marker is written last, so a half-built directory is rebuilt, never reused.
 * On reuse the migrations are applied again (a no-op unless a new one was added). Either way the
 * word pairs of every queued source are written (src/search/pairs/), and the state is refreshed until every crowded word has its merit pool (a refresh computes at most 96 of
 * them, projections/recompute.sql) and the search index is merged into one segment (a refresh merges
 * a bounded part), so that the bench measures searches as a settled collection serves them.
 *
 *   npx tsx scripts/bench/lib/state.ts [--sizes N,N,…]     (build or reuse the states; prints their paths)
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { indexSegmentsSql, stalePoolsSql } from "../../../test/support/pools";
import { DEFAULT_SEED, generateCorpusLines } from "../../corpus/generate";
import { importCorpus } from "../../corpus/import";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { applyLocalMigrations, d1Query } from "../../lib/wrangler";
import { runRefresh } from "../../projections-refresh";
import { writeLocalPairs } from "../../search-pairs";

export const BENCH_STATE_ROOT = resolve(REPO_ROOT, ".tmp", "bench-state");

const GENERATOR_FILES = ["generate.ts", "vocabulary.ts", "format.ts", "statements.ts"].map((f) =>
	resolve(REPO_ROOT, "scripts", "corpus", f),
);

interface BenchState {
	sources: number;
	seed: number;
	key: string;
	persistTo: string;
	/** True when this call built it; false when a cached directory was reused. */
	built: boolean;
	/** What the import wrote (from the marker). */
	info: StateInfo;
}

interface StateInfo {
	sources: number;
	seed: number;
	generator_hash: string;
	built_at: string;
	generate_seconds: number;
	import_seconds: number;
	refresh_seconds: number;
	/** Writing the word pairs of every source (absent from states built before the pair index). */
	pairs_seconds?: number;
	rows: Record<string, number>;
}

function generatorHash(): string {
	const hash = createHash("sha256");
	for (const file of GENERATOR_FILES) if (existsSync(file)) hash.update(readFileSync(file));
	return hash.digest("hex").slice(0, 10);
}

export function stateKey(sources: number, seed = DEFAULT_SEED): string {
	return `sources-${sources}_seed-${seed}_gen-${generatorHash()}`;
}

async function writeCorpus(file: string, sources: number, seed: number): Promise<void> {
	const out = createWriteStream(file);
	let chunk = "";
	for (const line of generateCorpusLines({ sources, seed })) {
		chunk += `${line}\n`;
		if (chunk.length >= 1 << 20) {
			if (!out.write(chunk)) await once(out, "drain");
			chunk = "";
		}
	}
	out.end(chunk);
	await once(out, "finish");
}

/** The cached state for `sources`, building it first when missing or incomplete. */
export async function ensureBenchState(
	sources: number,
	options: { seed?: number; log?: (line: string) => void } = {},
): Promise<BenchState> {
	const seed = options.seed ?? DEFAULT_SEED;
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
	const key = stateKey(sources, seed);
	const persistTo = join(BENCH_STATE_ROOT, key);
	const marker = join(persistTo, ".complete.json");
	if (existsSync(marker)) {
		applyLocalMigrations(persistTo);
		settleState(persistTo, log);
		await writePairs(persistTo, log);
		return {
			sources,
			seed,
			key,
			persistTo,
			built: false,
			info: JSON.parse(readFileSync(marker, "utf8")) as StateInfo,
		};
	}
	rmSync(persistTo, { recursive: true, force: true });
	mkdirSync(persistTo, { recursive: true });
	const corpus = join(persistTo, "corpus.jsonl");
	let t = performance.now();
	log(`  generating ${sources} sources (seed ${seed}) …`);
	await writeCorpus(corpus, sources, seed);
	const generateSeconds = (performance.now() - t) / 1000;
	t = performance.now();
	log(`  importing into ${persistTo} …`);
	const summary = await importCorpus({
		file: corpus,
		persistTo,
		progress: false,
		log: (l) => log(`    ${l}`),
	});
	const importSeconds = (performance.now() - t) / 1000;
	rmSync(corpus, { force: true });
	t = performance.now();
	log("  building the projections (full refresh) …");
	runRefresh("full", { remote: false, persistTo });
	settleState(persistTo, log);
	const refreshSeconds = (performance.now() - t) / 1000;
	const pairsSeconds = await writePairs(persistTo, log);
	const info: StateInfo = {
		sources,
		seed,
		generator_hash: generatorHash(),
		built_at: new Date().toISOString(),
		generate_seconds: round(generateSeconds),
		import_seconds: round(importSeconds),
		refresh_seconds: round(refreshSeconds),
		pairs_seconds: round(pairsSeconds),
		rows: summary.rows,
	};
	writeFileSync(marker, `${JSON.stringify(info, null, 2)}\n`);
	return { sources, seed, key, persistTo, built: true, info };
}

/**
 * Where a settled state records how many crowded words its refreshes left without a pool (a word
 * FTS5 cannot pool: its token is stemmed again when queried).
 */
const UNPOOLED_FILE = ".unpooled.json";

/**
 * Incremental refreshes until no crowded word lacks its pool (a word whose pool stays empty ends the
 * loop too) and the search index is merged into one segment: the state a settled collection serves.
 * A state already settled is left as it is: a refresh rewrites the oldest pools, so refreshing at
 * every reuse for words that will never have one gave every run a state just rewritten to measure.
 */
function settleState(persistTo: string, log: (line: string) => void): void {
	const target = { remote: false, persistTo };
	const count = (sql: string) => d1Query<{ n: number }>(target, sql)[0]?.n ?? 0;
	// A migration may have emptied the crowded words; one refresh counts them again.
	if (count("SELECT COUNT(*) AS n FROM search_term_projection") === 0) runRefresh("incremental", target);
	const unpooledFile = join(persistTo, UNPOOLED_FILE);
	const unpooled = existsSync(unpooledFile)
		? (JSON.parse(readFileSync(unpooledFile, "utf8")) as { words: number }).words
		: 0;
	let missing = count(stalePoolsSql(0));
	let segments = count(indexSegmentsSql);
	for (let round = 0; (missing > unpooled || segments > 1) && round < 64; round++) {
		log(`  refreshing (${missing} crowded words without a pool, the index in ${segments} segments) …`);
		runRefresh("incremental", target);
		const left = count(stalePoolsSql(0));
		segments = count(indexSegmentsSql);
		// A merge's step may leave the count of segments as it was, so only the pools can stall.
		if (left === missing && segments <= 1) break;
		missing = left;
	}
	writeFileSync(unpooledFile, `${JSON.stringify({ words: missing })}\n`);
}

/** The word pairs of every source queued for them (all, after an import or the pair migration): seconds. */
async function writePairs(persistTo: string, log: (line: string) => void): Promise<number> {
	const outcome = await writeLocalPairs(persistTo);
	if (outcome.written > 0)
		log(`  wrote the word pairs of ${outcome.written} sources in ${outcome.duration_ms / 1000} s`);
	if (outcome.queued > 0) throw new Error(`${outcome.queued} sources still queued for their word pairs`);
	return outcome.duration_ms / 1000;
}

const round = (n: number) => Math.round(n * 10) / 10;

export const USAGE = `usage: npx tsx scripts/bench/lib/state.ts [--sizes N,N,…]

  --sizes N,N,…   the corpus sizes whose states are built or reused (default 1000,10000,100000)`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sizes: [1000, 10_000, 100_000] });
}

async function run({ sizes }: ReturnType<typeof parse>): Promise<number> {
	for (const size of sizes) {
		const started = performance.now();
		const state = await ensureBenchState(size);
		console.log(
			`${size}: ${state.persistTo} (${state.built ? "built" : "reused"} in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
		);
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
