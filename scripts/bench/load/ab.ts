/**
 * `npx tsx scripts/bench/load/ab.ts --base <commit> [--tool get_topic_signal] [--rounds 3] [--duration 5] [--connections 10] [--sources 100000]`
 *
 * Before and after in one run: our Worker as of `--base` (a git worktree under .tmp/ab-base, sharing
 * this checkout's node_modules) and as in the working tree, both on the cached benchmark state,
 * measured in alternating rounds so that drift on this shared machine falls on both. Prints each
 * round's throughput, p50 / p99 and workerd CPU per request, and the median of the per-round ratios
 * (working tree ÷ base).
 */
import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { resolve } from "node:path";
import {
	EXIT_OK,
	OPTIONAL,
	readCommandLine,
	runCommand,
	runWhenInvoked,
	UsageError,
} from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { progress, type RunningWorker, runScenario, type ScenarioResult, startWorker } from "../lib/harness";
import { median } from "../lib/median";
import { OUR_REQUESTS } from "../lib/requests";
import { ensureBenchState } from "../lib/state";

const BASE_DIR = resolve(REPO_ROOT, ".tmp/ab-base");

function checkoutBase(commit: string): void {
	if (existsSync(BASE_DIR))
		execFileSync("git", ["worktree", "remove", "--force", BASE_DIR], { cwd: REPO_ROOT });
	execFileSync("git", ["worktree", "add", "--detach", BASE_DIR, commit], { cwd: REPO_ROOT, stdio: "ignore" });
	symlinkSync(resolve(REPO_ROOT, "node_modules"), resolve(BASE_DIR, "node_modules"));
}

export const USAGE = `usage: npx tsx scripts/bench/load/ab.ts --base COMMIT [--tool LABEL] [--rounds N] [--duration S] [--connections N] [--sources N]

  --base COMMIT     the commit measured against the working tree (required)
  --tool LABEL      the request sent, a label of OUR_REQUESTS in lib/requests.ts (default get_topic_signal)
  --rounds N        alternating rounds, the median ratio kept (default 3)
  --duration S      seconds measured per worker and round (default 5)
  --connections N   concurrent connections (default 10)
  --sources N       the bench state's size (default 100000)`;

function parse(argv: string[]) {
	const read = readCommandLine(argv, {
		base: OPTIONAL,
		tool: "get_topic_signal",
		rounds: 3,
		duration: 5,
		connections: 10,
		sources: 100_000,
	});
	if (!read.help && !read.base) throw new UsageError("--base <commit> is required");
	return { ...read, base: read.base ?? "" };
}

async function run(values: ReturnType<typeof parse>): Promise<number> {
	const request = OUR_REQUESTS().find((r) => r.label === values.tool);
	if (!request)
		throw new UsageError(
			`--tool: one of ${OUR_REQUESTS()
				.map((r) => r.label)
				.join(", ")}`,
		);
	const state = await ensureBenchState(values.sources);
	checkoutBase(values.base);
	const workers: Record<"base" | "current", RunningWorker | null> = { base: null, current: null };
	try {
		workers.base = await startWorker("ours", state.persistTo, {}, "api", {
			configPath: resolve(BASE_DIR, "wrangler.toml"),
		});
		workers.current = await startWorker("ours", state.persistTo);
		const spec = {
			connections: values.connections,
			warmupSeconds: 2,
			durationSeconds: values.duration,
			requests: [request],
		};
		const ratios: { throughput: number[]; p50: number[]; p99: number[]; cpu: number[] } = {
			throughput: [],
			p50: [],
			p99: [],
			cpu: [],
		};
		const line = (name: string, r: ScenarioResult) =>
			`  ${name.padEnd(8)} ${r.requests_per_s.toFixed(1).padStart(7)} req/s  p50 ${r.latency_ms.p50.toFixed(2)} ms  p99 ${r.latency_ms.p99.toFixed(2)} ms  workerd ${r.cpu_ms_per_request.workerd.toFixed(3)} ms/request`;
		for (let round = 1; round <= values.rounds; round++) {
			const order = round % 2 === 1 ? (["base", "current"] as const) : (["current", "base"] as const);
			const results: Partial<Record<"base" | "current", ScenarioResult>> = {};
			for (const name of order) {
				results[name] = await runScenario(workers[name] as RunningWorker, `${values.tool} ${name}`, spec);
			}
			const base = results.base as ScenarioResult;
			const current = results.current as ScenarioResult;
			progress(
				`round ${round} (${order.join(" then ")}):\n${line("base", base)}\n${line("current", current)}`,
			);
			ratios.throughput.push(current.requests_per_s / base.requests_per_s);
			ratios.p50.push(current.latency_ms.p50 / base.latency_ms.p50);
			ratios.p99.push(current.latency_ms.p99 / base.latency_ms.p99);
			ratios.cpu.push(current.cpu_ms_per_request.workerd / base.cpu_ms_per_request.workerd);
		}
		console.log(
			`\n${values.tool}, working tree ÷ base ${values.base} (median of ${values.rounds} rounds, ${values.connections} connections):` +
				` throughput ${median(ratios.throughput).toFixed(3)} ×, p50 ${median(ratios.p50).toFixed(3)} ×,` +
				` p99 ${median(ratios.p99).toFixed(3)} ×, workerd CPU per request ${median(ratios.cpu).toFixed(3)} ×`,
		);
	} finally {
		await workers.base?.server.stop();
		await workers.current?.server.stop();
		execFileSync("git", ["worktree", "remove", "--force", BASE_DIR], { cwd: REPO_ROOT });
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
