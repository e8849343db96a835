/**
 * `npx tsx scripts/bench/cpu/profile-path.ts [--sources 100000] [--duration 10] [--connections 10] [--tool get_topic_signal] [--top N]`
 * (`--tool`: any label of OUR_REQUESTS or searchRequests in requests.ts, e.g. "search_sources AI search")
 *
 * Where a tool call's CPU goes inside the Worker. Our Worker runs on the cached benchmark state with
 * the devtools inspector on (the only script that turns it on: it costs the dev server CPU, so no
 * timing is taken from this run); V8's sampling profiler records while the load generator sends the
 * tool call, and every sample is charged, through the bundle's source map, to the part of the code
 * it ran in: the transport (src/http), the rate limiter, the protocol layer (src/mcp), validation
 * (valibot), the tool (src/tools), data access (src/data) and the request log line. Built-ins (JSON,
 * crypto, fetch) are charged to the code that called them; the bindings' own modules (D1's, and
 * Miniflare's simulated rate limiter) are parts of their own.
 * Prints microseconds per request for each part, and the workerd process's whole CPU per request
 * (JavaScript plus everything workerd does outside it) for scale.
 *
 * Read the shares, not the microseconds: with the inspector on, workerd reports every subrequest
 * (each D1 query is one) to it with its response body, which inflates the D1 binding's own
 * JavaScript (`cloudflare-internal:d1-api`) most of all; for `search_sources` it showed as over half
 * of the isolate's time. SQLite itself runs in another isolate on the same thread and is not sampled.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { SourceMap } from "node:module";
import { join, resolve } from "node:path";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked, UsageError } from "../../lib/command";
import { freePort, REPO_ROOT } from "../../lib/dev-server";
import { progress, runScenario, startWorker } from "../lib/harness";
import { OUR_REQUESTS, searchRequests } from "../lib/requests";
import { ensureBenchState } from "../lib/state";

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
	columnNumber: number;
}
interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function devtools(port: number) {
	const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
		webSocketDebuggerUrl: string;
		title?: string;
	}[];
	const target = targets.find((t) => t.webSocketDebuggerUrl);
	if (!target) throw new Error(`no inspector target on port ${port}`);
	// The inspector proxy wants a local Origin; Node's WebSocket (undici) takes headers as an extension.
	const socket = new WebSocket(target.webSocketDebuggerUrl, {
		headers: { origin: "http://127.0.0.1" },
	} as unknown as string[]);
	await new Promise((ready, fail) => {
		socket.addEventListener("open", ready, { once: true });
		socket.addEventListener("error", fail, { once: true });
	});
	let next = 1;
	const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
	socket.addEventListener("message", (event) => {
		const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
		if (message.id !== undefined) pending.get(message.id)?.(message);
	});
	return {
		async send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
			const id = next++;
			const reply = await new Promise<{ result?: unknown; error?: unknown }>((done) => {
				pending.set(id, done);
				socket.send(JSON.stringify({ id, method, params }));
			});
			if (reply.error) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
			return reply.result as T;
		},
		close: () => socket.close(),
	};
}

/** The bundle wrangler built for this run (the newest under .wrangler/tmp) and its source map. */
function newestBundleMap(): SourceMap {
	const tmp = resolve(REPO_ROOT, ".wrangler/tmp");
	const maps = readdirSync(tmp, { recursive: true, encoding: "utf8" })
		.filter((name) => name.endsWith(".js.map"))
		.map((name) => join(tmp, name))
		.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
	if (!maps[0]) throw new Error(`no source map under ${tmp}`);
	return new SourceMap(JSON.parse(readFileSync(maps[0], "utf8")));
}

/** The URL workerd gives the Worker's bundle; other scripts (workerd's own modules) are not in its map. */
const BUNDLE_URL = "index.js";

const PARTS: [RegExp, string][] = [
	[/node_modules\/(@valibot|valibot)\//, "validation (valibot)"],
	[/src\/http\/request-log\.ts$/, "request log line (src/http/request-log.ts)"],
	[/src\/ratelimit\//, "rate limiter (src/ratelimit)"],
	[/src\/http\//, "transport (src/http)"],
	[/src\/mcp\//, "protocol (src/mcp)"],
	[/src\/tools\//, "tool (src/tools)"],
	[/src\/data\//, "data access (src/data)"],
	[/src\//, "other (src)"],
];

function partOf(source: string): string {
	for (const [pattern, part] of PARTS) if (pattern.test(source)) return part;
	return "runtime glue (bundle, unenv, wrangler's shims)";
}

function attribute(
	profile: CpuProfile,
	map: SourceMap,
): { totals: Map<string, number>; frames: Map<string, number> } {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const ownPart = (node: ProfileNode): string | null => {
		const frame = node.callFrame;
		if (frame.functionName.startsWith("(")) return frame.functionName; // (idle), (program), (garbage collector)
		if (frame.url === "" || frame.lineNumber < 0) return null; // a built-in: charged to its caller
		if (frame.url === "cloudflare-internal:ratelimit:module")
			return "rate-limit binding (Miniflare's local simulation)";
		if (frame.url !== BUNDLE_URL) return `runtime module ${frame.url}`;
		const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
		return entry.originalSource
			? partOf(entry.originalSource)
			: "runtime glue (bundle, unenv, wrangler's shims)";
	};
	const partCache = new Map<number, string>();
	const partFor = (id: number): string => {
		const cached = partCache.get(id);
		if (cached) return cached;
		const node = byId.get(id) as ProfileNode;
		const up = parent.get(id);
		const part = ownPart(node) ?? (up === undefined ? "built-ins without a caller" : partFor(up));
		partCache.set(id, part);
		return part;
	};
	const totals = new Map<string, number>();
	const frames = new Map<string, number>();
	profile.samples.forEach((id, i) => {
		const part = partFor(id);
		const us = profile.timeDeltas[i] ?? 0;
		totals.set(part, (totals.get(part) ?? 0) + us);
		const frame = frameName(id);
		frames.set(frame, (frames.get(frame) ?? 0) + us);
	});
	return { totals, frames };

	/** The sampled function, with the caller's source when it is a built-in: for the --top listing. */
	function frameName(id: number): string {
		const node = byId.get(id) as ProfileNode;
		const frame = node.callFrame;
		const own = located(frame);
		if (own) return `${frame.functionName || "(anonymous)"} ${own}`;
		const up = parent.get(id);
		return `${frame.functionName || "(anonymous)"} [built-in] < ${up === undefined ? "" : frameName(up)}`;
	}
	function located(frame: CallFrame): string | null {
		if (frame.url === "" || frame.lineNumber < 0) return null;
		if (frame.url !== BUNDLE_URL) return frame.url;
		const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
			originalSource?: string;
			originalLine?: number;
		};
		return entry.originalSource
			? `${entry.originalSource.replace(/^.*?(src\/|node_modules\/)/, "$1")}:${(entry.originalLine ?? 0) + 1}`
			: `bundle:${frame.lineNumber + 1}`;
	}
}

export const USAGE = `usage: npx tsx scripts/bench/cpu/profile-path.ts [--sources N] [--duration S] [--connections N] [--tool LABEL] [--top N]

  --sources N       the bench state's size (default 100000)
  --duration S      seconds profiled (default 10)
  --connections N   concurrent connections (default 10)
  --tool LABEL      a label of OUR_REQUESTS or searchRequests in lib/requests.ts (default get_topic_signal)
  --top N           also print the N functions with the most self time (default 0)`;

function parse(argv: string[]) {
	return readCommandLine(argv, {
		sources: 100_000,
		duration: 10,
		connections: 10,
		tool: "get_topic_signal",
		top: 0,
	});
}

async function run(values: ReturnType<typeof parse>): Promise<number> {
	const known = [...OUR_REQUESTS(), ...searchRequests()];
	const request = known.find((r) => r.label === values.tool);
	if (!request) throw new UsageError(`--tool: one of ${known.map((r) => r.label).join(", ")}`);
	const state = await ensureBenchState(values.sources);
	const inspectorPort = await freePort();
	const worker = await startWorker("ours", state.persistTo, {}, "api", { inspectorPort });
	try {
		const cdp = await devtools(inspectorPort);
		await cdp.send("Profiler.enable");
		await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
		// A short warm-up outside the profile, so the profile holds the steady state.
		await runScenario(worker, "warm-up", {
			connections: 1,
			warmupSeconds: 0,
			durationSeconds: 2,
			requests: [request],
		});
		await cdp.send("Profiler.start");
		progress(`profiling ${values.tool} under ${values.connections} connections for ${values.duration} s …`);
		const load = await runScenario(worker, values.tool, {
			connections: values.connections,
			warmupSeconds: 0,
			durationSeconds: values.duration,
			requests: [request],
		});
		const { profile } = await cdp.send<{ profile: CpuProfile }>("Profiler.stop");
		cdp.close();
		const { totals, frames } = attribute(profile, newestBundleMap());
		const requests = Math.max(1, load.responses);
		const busy = [...totals].filter(([part]) => part !== "(idle)").reduce((sum, [, us]) => sum + us, 0);
		console.log(
			`\n${values.tool}: ${load.responses} answers in ${load.duration_s} s under ${values.connections} connections (inspector on: no timing from this run)`,
		);
		console.log(
			`workerd process CPU per request: ${(load.cpu_ms_per_request.workerd * 1000).toFixed(0)} µs; V8 busy per request: ${(busy / requests).toFixed(0)} µs\n`,
		);
		console.log(`${"part".padEnd(52)} ${"µs/request".padStart(10)} ${"share of V8 busy".padStart(17)}`);
		for (const [part, us] of [...totals].sort((a, b) => b[1] - a[1])) {
			if (part === "(idle)") continue;
			console.log(
				`${part.padEnd(52)} ${(us / requests).toFixed(1).padStart(10)} ${`${((us / busy) * 100).toFixed(1)} %`.padStart(17)}`,
			);
		}
		const { top } = values;
		if (top > 0) {
			console.log(`\nTop ${top} sampled functions (self time):`);
			for (const [frame, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, top)) {
				console.log(`${(us / requests).toFixed(1).padStart(8)} µs  ${frame.slice(0, 160)}`);
			}
		}
	} finally {
		await worker.server.stop();
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
