/**
 * Pieces the benchmark scripts share: progress lines, the Workers under test, and one load scenario
 * (the load generator in a child process, the runtime's memory sampled meanwhile).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
	type DevServer,
	freePort,
	REPO_ROOT,
	startDevServer,
	stopProcessGroup,
	untilEndpointAnswers,
	wranglerEnv,
} from "../../lib/dev-server";
import type { LoadResult, LoadSpec } from "./load-child";
import { RssSampler, treeCpuMs } from "./memory";
import type { BenchRequest } from "./requests";
import { ensureBenchState } from "./state";

const started = performance.now();

/** One progress line on stderr, with the time since the run began. */
export function progress(line: string): void {
	const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
	process.stderr.write(`[${seconds} s] ${line}\n`);
}

type Variant = "ours" | "counting" | "counting-live" | "cpu-loop" | "production";

/**
 * Where the Workers run: "api" is wrangler's local dev server started through its API with the
 * devtools inspector off (scripts/bench/lib/dev-worker.ts explains why), "cli" the `wrangler dev` command.
 */
type Runtime = "api" | "cli";

const VARIANT_CONFIG: Record<
	Variant,
	{ configPath?: string; environment?: string; vars?: Record<string, string> }
> = {
	ours: { environment: "bench" },
	counting: { configPath: resolve(REPO_ROOT, "scripts/bench/workers/wrangler.counting.toml") },
	"counting-live": { configPath: resolve(REPO_ROOT, "scripts/bench/workers/wrangler.counting-live.toml") },
	"cpu-loop": { configPath: resolve(REPO_ROOT, "scripts/bench/workers/wrangler.cpu.toml") },
	/** wrangler.toml as deployed: the production budget of 60 requests per minute. */
	production: {},
};

interface RunningWorker {
	variant: Variant;
	server: DevServer;
	idleRssMiB: number;
	runtime: Runtime;
}

/** A Worker of `variant` on the bench state of `sources` sources, given to `use`, and stopped after. */
export async function onBenchWorker<T>(
	variant: Variant,
	sources: number,
	use: (worker: RunningWorker) => Promise<T>,
): Promise<T> {
	const state = await ensureBenchState(sources);
	const worker = await startWorker(variant, state.persistTo);
	try {
		return await use(worker);
	} finally {
		await worker.server.stop();
	}
}

export async function startWorker(
	variant: Variant,
	persistTo: string,
	extraVars: Record<string, string> = {},
	runtime: Runtime = "api",
): Promise<RunningWorker> {
	const config = VARIANT_CONFIG[variant];
	const server =
		runtime === "cli"
			? await startDevServer({
					persistTo,
					configPath: config.configPath,
					environment: config.environment,
					vars: { ...config.vars, ...extraVars },
				})
			: await startApiDevServer({
					config: config.configPath ?? resolve(REPO_ROOT, "wrangler.toml"),
					env: config.environment,
					persistTo,
					vars: { ...config.vars, ...extraVars },
				});
	const pid = server.process.pid;
	const idle = pid === undefined ? 0 : new RssSampler(pid).stop();
	return { variant, server, idleRssMiB: idle, runtime };
}

/** scripts/bench/lib/dev-worker.ts in its own process group, ready when GET /api/mcp answers 405. */
async function startApiDevServer(options: {
	config: string;
	env?: string;
	persistTo: string;
	vars: Record<string, string>;
}): Promise<DevServer> {
	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	const spec = { ...options, port, vars: { PUBLIC_BASE_URL: origin, ...options.vars } };
	const child = spawn(
		process.execPath,
		[
			resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"),
			resolve(REPO_ROOT, "scripts/bench/lib/dev-worker.ts"),
			JSON.stringify(spec),
		],
		{ cwd: REPO_ROOT, env: wranglerEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true },
	);
	// The last chunks of output only, kept without copying: the Worker logs a line per request, and
	// this process must not spend CPU on it while the load runs.
	const chunks: string[] = [];
	let partial = "";
	const keep = (chunk: Buffer) => {
		const text = chunk.toString();
		chunks.push(text);
		if (chunks.length > 400) chunks.splice(0, chunks.length - 200);
		// Count the statuses our Worker's own request log reports (one JSON line per MCP request).
		const lines = (partial + text).split("\n");
		partial = lines.pop() ?? "";
		for (const line of lines) {
			if (!line.includes('"event":"mcp_request"')) continue;
			const status = /"status":(\d+)/.exec(line)?.[1];
			if (status) workerStatuses[status] = (workerStatuses[status] ?? 0) + 1;
		}
	};
	const workerStatuses: Record<string, number> = {};
	child.stdout.on("data", keep);
	child.stderr.on("data", keep);
	const log = () => chunks.join("");
	const stop = () => stopProcessGroup(child, 8000);
	await untilEndpointAnswers(origin, child, stop, "dev-worker", log);
	return Object.assign(
		{ origin, url: `${origin}/api/mcp`, process: child, stop, output: log },
		{ workerStatuses: () => ({ ...workerStatuses }) },
	);
}

interface ProbeResult {
	label: string;
	status: number;
	bytes: number;
	ms: number;
	body: string;
}

/** One request, checked: HTTP 200, a JSON-RPC result, and no tool error. Fails loudly otherwise. */
export async function probe(origin: string, request: BenchRequest): Promise<ProbeResult> {
	const t = performance.now();
	const response = await fetch(`${origin}${request.path}`, {
		method: request.method,
		headers: request.headers,
		body: request.body,
		signal: AbortSignal.timeout(60_000),
	});
	const body = await response.text();
	const ms = performance.now() - t;
	let ok = response.status === 200;
	try {
		const json = JSON.parse(body) as { result?: { isError?: boolean }; error?: unknown };
		ok &&= json.result !== undefined && json.result.isError !== true;
	} catch {
		ok = false;
	}
	if (!ok) throw new Error(`${request.label}: HTTP ${response.status}: ${body.slice(0, 500)}`);
	return { label: request.label, status: response.status, bytes: Buffer.byteLength(body), ms, body };
}

interface ScenarioResult extends LoadResult {
	name: string;
	variant: Variant;
	runtime: Runtime;
	connections: number;
	peak_rss_mib: number;
	/**
	 * Statuses our Worker's own request log reported during the scenario (warm-up included), when the
	 * runtime exposes them: an answer the load generator saw but the Worker never logged came from the
	 * dev server around it.
	 */
	worker_statuses?: Record<string, number>;
	/** CPU time per answered request during the measured run and its warm-up, in ms: workerd, and wrangler's Node process. */
	cpu_ms_per_request: { workerd: number; wrangler: number };
}

/** Runs the load generator (scripts/bench/lib/load-child.ts) in its own process against a running Worker. */
export async function runScenario(
	worker: RunningWorker,
	name: string,
	spec: Omit<LoadSpec, "url">,
): Promise<ScenarioResult> {
	const dir = mkdtempSync(join(tmpdir(), "bench-load-"));
	const specFile = join(dir, "spec.json");
	writeFileSync(specFile, JSON.stringify({ ...spec, url: worker.server.origin }));
	const pid = worker.server.process.pid;
	const sampler = pid === undefined ? null : new RssSampler(pid).start();
	const cpuBefore = pid === undefined ? { workerd: 0, other: 0 } : treeCpuMs(pid);
	const statusesOf = (worker.server as { workerStatuses?: () => Record<string, number> }).workerStatuses;
	const statusesBefore = statusesOf?.() ?? {};
	const waitMs = Math.max(0, (spec.startAt ?? 0) - Date.now());
	const budgetMs = (spec.warmupSeconds + spec.durationSeconds + 60) * 1000 + waitMs;
	try {
		const child = spawn(
			process.execPath,
			[
				resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"),
				resolve(REPO_ROOT, "scripts/bench/lib/load-child.ts"),
				specFile,
			],
			{
				cwd: REPO_ROOT,
				stdio: ["ignore", "pipe", "pipe"],
			},
		);
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		const timer = setTimeout(() => child.kill("SIGKILL"), budgetMs);
		const code = await new Promise<number | null>((done) => child.once("exit", done));
		clearTimeout(timer);
		if (code !== 0) throw new Error(`load generator for ${name} exited with ${code}:\n${stderr}`);
		const result = JSON.parse(stdout.trim().split("\n").at(-1) as string) as LoadResult;
		const cpuAfter = pid === undefined ? { workerd: 0, other: 0 } : treeCpuMs(pid);
		// The warm-up ran too: spread the CPU over its requests as well (same request rate, roughly).
		const requests = Math.max(
			1,
			result.responses * ((spec.warmupSeconds + spec.durationSeconds) / spec.durationSeconds),
		);
		const per = (ms: number) => Math.round((ms / requests) * 1000) / 1000;
		const statusesAfter = statusesOf?.();
		const workerStatuses = statusesAfter
			? Object.fromEntries(
					Object.entries(statusesAfter)
						.map(([code, n]) => [code, n - (statusesBefore[code] ?? 0)] as const)
						.filter(([, n]) => n > 0),
				)
			: undefined;
		return {
			worker_statuses: workerStatuses,
			cpu_ms_per_request: {
				workerd: per(cpuAfter.workerd - cpuBefore.workerd),
				wrangler: per(cpuAfter.other - cpuBefore.other),
			},
			name,
			variant: worker.variant,
			runtime: worker.runtime,
			connections: spec.connections,
			...result,
			peak_rss_mib: sampler?.stop() ?? 0,
		};
	} finally {
		sampler?.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}
