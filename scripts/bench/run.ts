/**
 * `npm run bench [-- --sizes 1000,10000,100000] [-- --duration 10] [-- --search-duration 30] [-- --warmup 3] [-- --connections 10]`
 *
 * The benchmark: a script that prints figures (never a timed test). On locally generated corpora
 * (cached under .tmp/bench-state, see state.ts) it measures, in one run, on the same data and the
 * same runtime (`wrangler dev`, workerd):
 *
 * - projection refresh time, full and incremental, at every size (operator path: wrangler d1 execute);
 * - per Worker (started one at a time, so they never share the two cores): throughput and latency
 *   under a fixed number of connections for a fixed time after a warm-up that is thrown away, driven
 *   by autocannon in a separate process; peak RSS of the workerd processes;
 *   our tools and list methods, the bare floor Worker, the SDK peer and the live-count variant;
 * - the rate limiter's added latency (native binding, Durable Object) against the limiter switched off;
 * - search latency at every corpus size, sequential per query and under load;
 * - bundle sizes (ours and the SDK peer's) from `wrangler deploy --dry-run --outdir`.
 *
 * Writes benchmarks.json, BENCHMARKS.md and docs/search-latency.svg (report.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { inlineStatement } from "../corpus/statements";
import { buildBundle } from "../deploy";
import { REPO_ROOT } from "../lib/dev-server";
import { d1Query, runWrangler } from "../lib/wrangler";
import { type RefreshRecord, runRefresh } from "../projections-refresh";
import {
	probe,
	progress,
	type RunningWorker,
	type Runtime,
	runScenario,
	type ScenarioResult,
	sequentialLatency,
	startWorker,
	type Variant,
} from "./harness";
import { type LatencySummary, summarise } from "./load-child";
import { writeReport } from "./report";
import {
	type BenchRequest,
	mcpRequest,
	OUR_REQUESTS,
	SEARCH_CASES,
	searchRequests,
	topicRequest,
	topicSignalRequest,
} from "./requests";
import { type BenchState, ensureBenchState } from "./state";

export interface BundleSize {
	worker: "ours" | "sdk";
	config: string;
	minified: boolean;
	bytes: number;
	gzip_bytes: number;
}

export interface RefreshTiming {
	sources: number;
	mode: "full" | "incremental";
	changed: string;
	/** Wall time of the operator command (wrangler start-up included). */
	command_ms: number;
	/** Inside the database: finished_at - work_started_at of the refresh's own record. */
	db_ms: number;
	creators_recomputed: number;
	topics_recomputed: number;
	rows_written: number;
}

export interface SequentialTiming {
	label: string;
	kind: string;
	latency_ms: LatencySummary;
	total_estimate?: number;
	bytes: number;
}

export interface SizeResults {
	sources: number;
	state: Pick<BenchState, "key" | "persistTo" | "built"> & { rows: Record<string, number> };
	sequential: SequentialTiming[];
	scenarios: ScenarioResult[];
}

export interface BenchResults {
	generated_at: string;
	command: string;
	machine: { cpus: number; node: string; loadavg_start: number[]; loadavg_end: number[] };
	settings: {
		connections: number;
		duration_s: number;
		search_duration_s: number;
		warmup_s: number;
		limiter_connections: number;
	};
	wrangler_overhead_ms: number;
	bundles: BundleSize[];
	refresh: RefreshTiming[];
	sizes: SizeResults[];
	response_bytes: Record<string, number>;
	idle_rss_mib: Record<string, number>;
	/** The rate limiter's added latency: one request at a time, interleaved across three running Workers. */
	limiter_interleaved?: { rounds_seconds: number; latency_ms: Record<string, LatencySummary> };
	/** scripts/bench/profile-search.ts at the largest size: SQL-level before/after of the search change. */
	search_profile?: SearchProfile;
}

export interface SearchProfile {
	sources: number;
	repeat: number;
	components: { label: string; ms: number; result: unknown }[];
	cases: {
		label: string;
		kind: string;
		before_ms: number;
		after_ms: number;
		statements: number;
		same_ranking: boolean;
		total_before: number;
		total_after: number;
		total_exact: boolean;
	}[];
	plans: Record<string, string[][]>;
	/** The whole search_sources answer (every statement), for the fixed set and the worst shapes. */
	answers?: { label: string; kind: string; ms: number; statements: number; mode: string; total: number }[];
}

const { values } = parseArgs({
	options: {
		sizes: { type: "string", default: "1000,10000,100000" },
		duration: { type: "string", default: "10" },
		warmup: { type: "string", default: "3" },
		connections: { type: "string", default: "10" },
		"search-duration": { type: "string", default: "30" },
		"skip-bundles": { type: "boolean", default: false },
		"skip-refresh": { type: "boolean", default: false },
		out: { type: "string", default: REPO_ROOT },
	},
});

const sizes = values.sizes
	.split(",")
	.map(Number)
	.filter((n) => Number.isInteger(n) && n > 0)
	.sort((a, b) => a - b);
const largest = sizes.at(-1) as number;
const searchSeconds = Number(values["search-duration"]);
const settings = {
	search_duration_s: searchSeconds,
	connections: Number(values.connections),
	duration_s: Number(values.duration),
	warmup_s: Number(values.warmup),
	limiter_connections: 1,
};

const results: BenchResults = {
	generated_at: new Date().toISOString(),
	command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
	machine: {
		cpus: (await import("node:os")).cpus().length,
		node: process.version,
		loadavg_start: loadavg().map((n) => Math.round(n * 100) / 100),
		loadavg_end: [],
	},
	settings,
	wrangler_overhead_ms: 0,
	bundles: [],
	refresh: [],
	sizes: [],
	response_bytes: {},
	idle_rss_mib: {},
};

function bundleGzipBytes(dir: string): number {
	return readdirSync(dir)
		.filter((file) => /\.(js|mjs|sql|wasm)$/.test(file))
		.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file))).length, 0);
}

function measureBundles(): void {
	const configs = [
		{ worker: "ours" as const, config: "wrangler.toml" },
		{ worker: "sdk" as const, config: "bench/wrangler.sdk.toml" },
	];
	for (const { worker, config } of configs) {
		for (const minified of [false, true]) {
			const outDir = resolve(REPO_ROOT, ".tmp", "bench-bundles", `${worker}-${minified ? "min" : "plain"}`);
			rmSync(outDir, { recursive: true, force: true });
			const extra = ["--config", resolve(REPO_ROOT, config), ...(minified ? ["--minify"] : [])];
			const bytes = buildBundle(outDir, extra);
			const gzip = bundleGzipBytes(outDir);
			results.bundles.push({ worker, config, minified, bytes, gzip_bytes: gzip });
			progress(`bundle ${worker} (${minified ? "minified" : "not minified"}): ${bytes} B, gzip ${gzip} B`);
		}
	}
}

const target = (state: BenchState) => ({ remote: false, persistTo: state.persistTo });
const ms = (record: RefreshRecord) =>
	record.finished_at && record.work_started_at
		? Date.parse(record.finished_at) - Date.parse(record.work_started_at)
		: Number.NaN;

function timedRefresh(state: BenchState, mode: "full" | "incremental", changed: string): RefreshTiming {
	const t = performance.now();
	const record = runRefresh(mode, target(state));
	const timing: RefreshTiming = {
		sources: state.sources,
		mode,
		changed,
		command_ms: Math.round(performance.now() - t),
		db_ms: ms(record),
		creators_recomputed: record.creators_recomputed,
		topics_recomputed: record.topics_recomputed,
		rows_written: record.rows_written,
	};
	progress(
		`refresh ${state.sources} ${mode} (${changed}): ${timing.command_ms} ms command, ${timing.db_ms} ms in the database`,
	);
	return timing;
}

/** Full; incremental with nothing changed; incremental after 10 sources are unpublished, and after they are restored. */
function measureRefresh(state: BenchState): void {
	results.refresh.push(timedRefresh(state, "full", "everything"));
	results.refresh.push(timedRefresh(state, "incremental", "nothing changed"));
	const ids = d1Query<{ source_id: string }>(
		target(state),
		"SELECT source_id FROM sources WHERE publication_state = 'published' ORDER BY source_id LIMIT 10",
	).map((r) => r.source_id);
	const setState = (value: string) =>
		d1Query(
			target(state),
			inlineStatement({
				sql: `UPDATE sources SET publication_state = ? WHERE source_id IN (${ids.map(() => "?").join(", ")})`,
				params: [value, ...ids],
			}),
		);
	setState("unpublished");
	results.refresh.push(timedRefresh(state, "incremental", "10 sources unpublished"));
	setState("published");
	results.refresh.push(timedRefresh(state, "incremental", "the same 10 restored"));
}

async function withWorker<T>(
	variant: Variant,
	state: BenchState,
	run: (worker: RunningWorker) => Promise<T>,
	extraVars: Record<string, string> = {},
	runtime: Runtime = "api",
): Promise<T> {
	const t = performance.now();
	const worker = await startWorker(variant, state.persistTo, extraVars, runtime);
	results.idle_rss_mib[`${variant}@${state.sources}${runtime === "cli" ? " (wrangler dev CLI)" : ""}`] =
		worker.idleRssMiB;
	progress(
		`${variant} @ ${state.sources} (${runtime === "cli" ? "wrangler dev command" : "dev server API, inspector off"}): up in ${((performance.now() - t) / 1000).toFixed(1)} s, workerd RSS ${worker.idleRssMiB} MiB`,
	);
	try {
		return await run(worker);
	} finally {
		await worker.server.stop();
	}
}

function printScenario(s: ScenarioResult): void {
	const statuses = Object.entries(s.status)
		.map(([code, n]) => `${code}:${n}`)
		.join(" ");
	progress(
		`  ${s.variant}${s.runtime === "cli" ? " (CLI)" : ""} ${s.name} c=${s.connections}: ${s.requests_per_s} req/s, p50 ${s.latency_ms.p50} ms, p99 ${s.latency_ms.p99} ms, [${statuses}] errors ${s.errors}, tool errors ${s.tool_errors}, peak RSS ${s.peak_rss_mib} MiB, CPU ms/request workerd ${s.cpu_ms_per_request.workerd} wrangler ${s.cpu_ms_per_request.wrangler}`,
	);
}

async function load(
	worker: RunningWorker,
	size: SizeResults,
	name: string,
	requests: BenchRequest[],
	connections = settings.connections,
	durationSeconds = settings.duration_s,
): Promise<ScenarioResult> {
	for (const request of requests) await probe(worker.server.origin, request);
	const result = await runScenario(worker, name, {
		connections,
		warmupSeconds: settings.warmup_s,
		durationSeconds,
		requests,
	});
	printScenario(result);
	size.scenarios.push(result);
	return result;
}

async function sequentialSearch(worker: RunningWorker, size: SizeResults): Promise<void> {
	const signal = topicSignalRequest();
	const signalTimes = await sequentialLatency(worker.server.origin, signal, { samples: 30 });
	size.sequential.push({
		label: "get_topic_signal",
		kind: "signal",
		latency_ms: summarise(signalTimes),
		bytes: (await probe(worker.server.origin, signal)).bytes,
	});
	for (const [i, request] of searchRequests().entries()) {
		const times = await sequentialLatency(worker.server.origin, request, { samples: 12, maxSeconds: 6 });
		const last = await probe(worker.server.origin, request);
		const sc = (JSON.parse(last.body) as { result: { structuredContent: { total_estimate: number } } }).result
			.structuredContent;
		const searchCase = SEARCH_CASES[i] as (typeof SEARCH_CASES)[number];
		size.sequential.push({
			label: searchCase.label,
			kind: searchCase.kind,
			latency_ms: summarise(times),
			total_estimate: sc.total_estimate,
			bytes: last.bytes,
		});
	}
	const line = size.sequential.map((s) => `${s.label} ${s.latency_ms.p50}`).join("; ");
	progress(`  sequential p50 ms @ ${size.sources}: ${line}`);
}

/** The three limiter settings running at once; a child process sends one request at a time to each in turn. */
async function interleavedLimiter(
	state: BenchState,
): Promise<NonNullable<BenchResults["limiter_interleaved"]>> {
	const variants: Variant[] = ["ours-limiter-off", "ours", "ours-limiter-do"];
	const names = ["off", "native", "durable_object"];
	const workers: RunningWorker[] = [];
	const dir = mkdtempSync(join(tmpdir(), "bench-interleave-"));
	try {
		for (const variant of variants) workers.push(await startWorker(variant, state.persistTo));
		for (const w of workers) await probe(w.server.origin, topicSignalRequest());
		const seconds = Math.max(20, settings.duration_s * 2);
		const spec = {
			origins: Object.fromEntries(names.map((n, i) => [n, (workers[i] as RunningWorker).server.origin])),
			request: topicSignalRequest(),
			warmupSeconds: settings.warmup_s,
			durationSeconds: seconds,
			maxRounds: 100_000,
		};
		const specFile = join(dir, "spec.json");
		writeFileSync(specFile, JSON.stringify(spec));
		const child = spawnSync(
			process.execPath,
			[
				resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"),
				resolve(REPO_ROOT, "scripts/bench/interleave-child.ts"),
				specFile,
			],
			{ cwd: REPO_ROOT, encoding: "utf8", timeout: (seconds + settings.warmup_s + 60) * 1000 },
		);
		if (child.status !== 0) throw new Error(`interleaved limiter run failed:\n${child.stderr}`);
		return {
			rounds_seconds: seconds,
			latency_ms: JSON.parse(child.stdout.trim().split("\n").at(-1) as string) as Record<
				string,
				LatencySummary
			>,
		};
	} finally {
		for (const w of workers) await w.server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	progress(
		`benchmark: sizes ${sizes.join(", ")}; ${settings.connections} connections, ${settings.warmup_s} s warm-up + ${settings.duration_s} s per scenario; load average ${results.machine.loadavg_start.join(" ")}`,
	);
	const states = new Map<number, BenchState>();
	for (const sources of sizes) {
		progress(`data: ${sources} sources …`);
		const state = await ensureBenchState(sources, { log: (line) => progress(line) });
		states.set(sources, state);
		progress(`data: ${sources} sources ${state.built ? "built" : "reused from cache"}: ${state.persistTo}`);
	}

	const t = performance.now();
	runWrangler([
		"d1",
		"execute",
		"DB",
		"--local",
		"--persist-to",
		(states.get(largest) as BenchState).persistTo,
		"--command",
		"SELECT 1",
	]);
	results.wrangler_overhead_ms = Math.round(performance.now() - t);
	progress(`wrangler d1 execute start-up (SELECT 1): ${results.wrangler_overhead_ms} ms`);

	if (!values["skip-bundles"]) measureBundles();
	if (!values["skip-refresh"]) for (const sources of sizes) measureRefresh(states.get(sources) as BenchState);

	for (const sources of sizes) {
		const state = states.get(sources) as BenchState;
		const size: SizeResults = {
			sources,
			state: { key: state.key, persistTo: state.persistTo, built: state.built, rows: state.info.rows },
			sequential: [],
			scenarios: [],
		};
		results.sizes.push(size);
		const full = sources === largest;

		let signalBytes = 0;
		await withWorker("ours", state, async (worker) => {
			if (full) {
				for (const request of OUR_REQUESTS()) {
					const answer = await probe(worker.server.origin, request);
					results.response_bytes[request.label] = answer.bytes;
				}
				signalBytes = results.response_bytes.get_topic_signal ?? 0;
				results.response_bytes["server/discover"] = results.response_bytes["server/discover"] ?? 0;
				for (const request of OUR_REQUESTS()) await load(worker, size, request.label, [request]);
				await load(worker, size, "get_topic_signal (1 connection)", [topicSignalRequest()], 1);
			} else {
				await load(worker, size, "get_topic_signal", [topicSignalRequest()]);
			}
			// Common words take hundreds of ms at the largest size: a longer run gives the p99 enough samples.
			await load(
				worker,
				size,
				"search_sources (mix)",
				searchRequests(),
				settings.connections,
				full ? searchSeconds : settings.duration_s,
			);
			await sequentialSearch(worker, size);
		});
		if (!full) continue;

		await withWorker("ours-limiter-off", state, async (worker) => {
			await load(worker, size, "get_topic_signal", [topicSignalRequest()]);
			await load(worker, size, "get_topic_signal (1 connection)", [topicSignalRequest()], 1);
		});
		await withWorker("ours-limiter-do", state, async (worker) => {
			await load(worker, size, "get_topic_signal", [topicSignalRequest()]);
			await load(worker, size, "get_topic_signal (1 connection)", [topicSignalRequest()], 1);
		});
		progress(
			"rate limiter: off, native and Durable Object side by side, one request at a time, interleaved …",
		);
		results.limiter_interleaved = await interleavedLimiter(state);
		progress(
			`  limiter p50 / p99 ms: ${Object.entries(results.limiter_interleaved.latency_ms)
				.map(([k, v]) => `${k} ${v.p50} / ${v.p99}`)
				.join("; ")}`,
		);
		await withWorker(
			"floor",
			state,
			async (worker) => {
				await load(worker, size, "fixed body", [topicSignalRequest()]);
				await load(worker, size, "fixed body (1 connection)", [topicSignalRequest()], 1);
			},
			{ FLOOR_BODY_BYTES: String(signalBytes) },
		);
		await withWorker(
			"floor-d1",
			state,
			async (worker) => {
				await load(worker, size, "fixed body + the D1 read", [topicSignalRequest()]);
			},
			{ FLOOR_BODY_BYTES: String(signalBytes) },
		);
		await withWorker("sdk", state, async (worker) => {
			results.response_bytes["sdk get_topic_signal"] = (
				await probe(worker.server.origin, topicSignalRequest())
			).bytes;
			const discover = mcpRequest("server/discover", "server/discover");
			results.response_bytes["sdk server/discover"] = (await probe(worker.server.origin, discover)).bytes;
			await load(worker, size, "get_topic_signal", [topicSignalRequest()]);
			await load(worker, size, "get_topic", [topicRequest()]);
			await load(worker, size, "server/discover", [discover]);
			await load(worker, size, "search_sources (mix)", searchRequests(), settings.connections, searchSeconds);
		});
		await withWorker("live", state, async (worker) => {
			results.response_bytes["live get_topic_signal"] = (
				await probe(worker.server.origin, topicSignalRequest())
			).bytes;
			await load(worker, size, "get_topic_signal", [topicSignalRequest()]);
			await load(worker, size, "get_topic_signal (1 connection)", [topicSignalRequest()], 1);
			const times = await sequentialLatency(worker.server.origin, topicSignalRequest(), { samples: 30 });
			size.sequential.push({
				label: "get_topic_signal (live counts)",
				kind: "signal-live",
				latency_ms: summarise(times),
				bytes: results.response_bytes["live get_topic_signal"] ?? 0,
			});
		});
		// The same floor, floor + D1 and ours under the `wrangler dev` command (its devtools inspector on).
		const cli = "cli" as const;
		await withWorker(
			"floor",
			state,
			(w) => load(w, size, "fixed body", [topicSignalRequest()]),
			{ FLOOR_BODY_BYTES: String(signalBytes) },
			cli,
		);
		await withWorker(
			"floor-d1",
			state,
			(w) => load(w, size, "fixed body + the D1 read", [topicSignalRequest()]),
			{ FLOOR_BODY_BYTES: String(signalBytes) },
			cli,
		);
		await withWorker(
			"ours",
			state,
			async (w) => {
				await load(w, size, "get_topic_signal", [topicSignalRequest()]);
				await load(w, size, "server/discover", [mcpRequest("server/discover", "server/discover")]);
			},
			{},
			cli,
		);
		await withWorker("sdk", state, (w) => load(w, size, "get_topic_signal", [topicSignalRequest()]), {}, cli);
	}

	progress(`search profile (SQL inside workerd, before vs after) at ${largest} sources …`);
	const profileFile = resolve(REPO_ROOT, ".tmp", "bench-search-profile.json");
	rmSync(profileFile, { force: true });
	const profile = spawnSync(
		process.execPath,
		[
			resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"),
			resolve(REPO_ROOT, "scripts/bench/profile-search.ts"),
			"--sources",
			String(largest),
			"--json",
			profileFile,
		],
		{ cwd: REPO_ROOT, encoding: "utf8", timeout: 600_000 },
	);
	if (profile.status !== 0) throw new Error(`search profile failed:\n${profile.stdout}\n${profile.stderr}`);
	results.search_profile = JSON.parse(readFileSync(profileFile, "utf8")) as SearchProfile;
	progress(
		`search profile: ${results.search_profile.cases.length} queries, rankings ${results.search_profile.cases.every((c) => c.same_ranking) ? "identical" : "DIFFERENT"} before and after`,
	);

	results.machine.loadavg_end = loadavg().map((n) => Math.round(n * 100) / 100);
	const written = writeReport(results, values.out);
	progress(`wrote ${written.join(", ")}; load average now ${results.machine.loadavg_end.join(" ")}`);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
