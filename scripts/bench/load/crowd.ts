/**
 * `npm run bench:crowd [-- --sources 100000] [-- --seconds 60] [-- --crowds 30,100]` (--help for every option)
 *
 * The one database shared by a crowd (not CI). Against wrangler's local dev server with the
 * production configuration (the native rate-limit binding, the Durable Objects, the database gate)
 * on the bench state of --sources sources, every request sent to the Worker's runtime past the dev
 * server's proxy (../lib/runtime-socket.ts), every client by its own CF-Connecting-IP:
 *
 * - ordinary agents, each one call every 1.5 s (searches of two or three words, get_source,
 *   get_topic, get_topic_signal, get_creator): their latency quiet, then beside N paced costly
 *   identities that each keep two of the costliest searches in flight and, when refused, wait what
 *   Retry-After says (and a hostile crowd that retries every 200 ms whatever it is told);
 * - after each paced crowd, its control: its requests replayed as pings, each when it was sent, which
 *   read nothing and never meet the gate, so what is the local machine's doing shows apart;
 * - thirty agents behind one address of a hosted platform's listed range (SHARED_EGRESS), each an
 *   eight-call research session within a minute, and the same behind one unlisted address.
 *
 * What the gate admitted is read from the Worker's own request log: each line's D1 time (D1's own
 * clock) and the gate's verdict, timed as it arrives, so the gated work's share of every minute is
 * measured, not inferred. Writes its block of BENCHMARKS.md and its key of benchmarks.json.
 */

import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { DATABASE_GATE, RATE_LIMIT } from "../../../src/limits";
import { SHARED_EGRESS } from "../../../src/ratelimit/shared-egress";
import { FIXTURES } from "../../corpus/generate";
import { CURATED_CREATORS } from "../../corpus/vocabulary";
import {
	EXIT_OK,
	OPTIONAL,
	readCommandLine,
	runCommand,
	runWhenInvoked,
	UsageError,
} from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { progress, startWorker } from "../lib/harness";
import { workerdThreadsCpuMs } from "../lib/memory";
import { measuredCommit, writeResults } from "../lib/report";
import {
	type BenchRequest,
	mcpRequest,
	toolCall,
	topicRequest,
	topicSignalRequest,
	WORST_SEARCH_CASES,
} from "../lib/requests";
import { runtimeOrigin } from "../lib/runtime-socket";
import { ensureBenchState } from "../lib/state";

export const USAGE = `usage: npm run bench:crowd [-- --sources N] [-- --seconds S] [-- --crowds N,N] [-- --agents N] [-- --out DIR]

  --sources N    the corpus size the server holds (default 100000)
  --seconds S    seconds each crowd scenario runs, 20-120 (default 60)
  --crowds N,N   sizes of the paced costly crowd (default 30,100)
  --agents N     ordinary agents, one call every 1.5 s each (default 6)
  --gate off     the database gate off (DATABASE_GATE_MODE), to measure what it changes; printed, not written
  --via-proxy    send through wrangler's dev proxy, as before 2026-12-04, rather than to the Worker's runtime; printed, not written
  --quick        the quiet and paced crowd scenarios only (no hostile crowd, no sessions); printed, not written
  --log FILE     every request-log line of the run, with when it arrived, as JSON lines
  --out DIR      where BENCHMARKS.md and benchmarks.json are (default: the repository)`;

const AGENT_PERIOD_MS = 1500;
const SESSION_CALLS = 8;

/**
 * How long a crowd's first burst is taken to last, a fixed figure: its every request in flight is
 * sent at one instant, and a `--quick` run beside 100 clients had every agent's call above 150 ms
 * sent in its first 2.1 s (docs/decisions/2026-12-04-past-the-dev-proxy.md).
 */
const FIRST_BURST_MS = 5000;

/** Who is sending, as the bench's own address plan (RFC 2544's 198.18.0.0/15 and a platform's range). */
const address = {
	agent: (i: number) => `198.19.1.${i}`,
	crowd: (scenario: number, i: number) => `198.19.${10 + scenario}.${i}`,
	unlisted: "198.19.250.1",
};

const from = (request: BenchRequest, ip: string): BenchRequest => ({
	...request,
	headers: { ...request.headers, "cf-connecting-ip": ip },
});

const SAM = (CURATED_CREATORS[0] as { handle: string }).handle;

/** An ordinary agent's round: what a research session asks, in turn. */
const AGENT_CALLS: BenchRequest[] = [
	toolCall("search AI search", "search_sources", { query: "AI search" }),
	toolCall("get_source", "get_source", { source_id: FIXTURES.manyPassagesSource.source_id }),
	topicRequest(),
	toolCall("search internal links", "search_sources", { query: "internal links" }),
	topicSignalRequest(),
	toolCall("get_creator", "get_creator", { handle: SAM }),
	toolCall("search schema markup for voice search", "search_sources", {
		query: "schema markup voice search",
	}),
];

/** The costliest shapes a crowd can get admitted: deep pages and phrases of common words. */
const COSTLY = [
	"eleven common words offset 980 limit 20",
	"a quoted pair of common words offset 980 limit 20",
	"four common words offset 980 limit 20",
	"a common phrase held by about four pools and a common word offset 980 limit 20",
	"stop words among common words offset 980 limit 20",
	"AI search offset 980 limit 20",
].map((label) => {
	const found = WORST_SEARCH_CASES.find((c) => c.label === label);
	if (!found) throw new Error(`no bench search case "${label}"`);
	return toolCall(label, "search_sources", found.args);
});

interface Sent {
	status: number;
	ms: number;
	/** A JSON-RPC error or a tool result with isError. */
	failed: boolean;
	reason?: string;
	retryAfterS?: number;
}

async function send(origin: string, request: BenchRequest): Promise<Sent> {
	const started = performance.now();
	try {
		const response = await fetch(`${origin}${request.path}`, {
			method: request.method,
			headers: request.headers,
			body: request.body,
			signal: AbortSignal.timeout(90_000),
		});
		const text = await response.text();
		const ms = performance.now() - started;
		const json = JSON.parse(text) as {
			result?: { isError?: boolean };
			error?: { data?: { reason?: string } };
		};
		const retry = Number(response.headers.get("retry-after"));
		return {
			status: response.status,
			ms,
			failed: json.error !== undefined || json.result?.isError === true,
			reason: json.error?.data?.reason ?? (response.status === 429 ? "client_budget" : undefined),
			...(Number.isFinite(retry) && retry > 0 ? { retryAfterS: retry } : {}),
		};
	} catch {
		return { status: 0, ms: performance.now() - started, failed: true, reason: "connection" };
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], p: number) => {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** The Worker's request-log lines, each with when it arrived (the bench's clock). */
interface LoggedRequest {
	at: number;
	status: number;
	d1Ms: number;
	gate?: string;
	/** The salted digest of the caller's identity, and the Worker's own time for the request. */
	identity?: string;
	durationMs: number;
	/** The whole line, for --log. */
	line: Record<string, unknown>;
}

function watchLog(stream: NodeJS.ReadableStream): LoggedRequest[] {
	const lines: LoggedRequest[] = [];
	let partial = "";
	stream.on("data", (chunk: Buffer) => {
		const text = partial + chunk.toString();
		const parts = text.split("\n");
		partial = parts.pop() ?? "";
		for (const line of parts) {
			const start = line.indexOf('{"event":"mcp_request"');
			if (start < 0) continue;
			try {
				const entry = JSON.parse(line.slice(start)) as {
					status: number;
					d1_ms?: number;
					gate?: string;
					identity?: string;
					duration_ms?: number;
				};
				lines.push({
					at: Date.now(),
					status: entry.status,
					d1Ms: entry.d1_ms ?? 0,
					gate: entry.gate,
					identity: entry.identity,
					durationMs: entry.duration_ms ?? 0,
					line: entry,
				});
			} catch {
				// a line cut by the stream: not counted
			}
		}
	});
	return lines;
}

const ADMITTED = new Set(["fits", "borrowed", "waited"]);

/** The most D1 time gated work took in any 60 s window of [from, to], as a share of the window. */
function peakGatedShare(lines: LoggedRequest[], fromMs: number, toMs: number): number {
	const gated = lines.filter(
		(l) => l.at >= fromMs && l.at <= toMs && l.gate !== undefined && ADMITTED.has(l.gate),
	);
	const span = Math.min(60_000, toMs - fromMs);
	let peak = 0;
	for (let start = fromMs; start + span <= toMs; start += 1000) {
		const sum = gated.filter((l) => l.at >= start && l.at < start + span).reduce((s, l) => s + l.d1Ms, 0);
		peak = Math.max(peak, sum / span);
	}
	return peak;
}

/**
 * The p95 of the Worker's own time (its log's duration_ms) for the agents' requests in [from, to]:
 * the agents are the identities the quiet scenario logged, as only they send then.
 */
function agentsWorkerP95(lines: LoggedRequest[], agents: ReadonlySet<string>, fromMs: number, toMs: number) {
	return percentile(
		lines
			.filter((l) => l.at >= fromMs && l.at <= toMs && l.identity !== undefined && agents.has(l.identity))
			.map((l) => l.durationMs),
		95,
	);
}

/** How busy the runtime was over a span: its busiest thread's share of the span, all its threads' cores, and the whole machine's. */
interface RuntimeLoad {
	busiestThread: number;
	cores: number;
	machineCores: number;
}

/** The machine's busy CPU time so far, in ms (/proc/stat: every state but idle and iowait). */
function machineBusyMs(): number {
	try {
		const fields =
			readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
		const busy = fields.reduce((a, b) => a + b, 0) - (fields[3] ?? 0) - (fields[4] ?? 0);
		return busy * 10;
	} catch {
		return Number.NaN;
	}
}

/** Starts timing the runtime's threads and the machine; the returned function reads their load since. */
function timeRuntime(root: number | undefined): () => RuntimeLoad | undefined {
	if (root === undefined) return () => undefined;
	const before = workerdThreadsCpuMs(root);
	const machineBefore = machineBusyMs();
	const started = Date.now();
	return () => {
		const after = workerdThreadsCpuMs(root);
		const span = Date.now() - started;
		const used = [...after].map(([thread, ms]) => ms - (before.get(thread) ?? 0));
		if (used.length === 0 || span <= 0) return undefined;
		return {
			busiestThread: Math.max(...used) / span,
			cores: used.reduce((a, b) => a + b, 0) / span,
			machineCores: (machineBusyMs() - machineBefore) / span,
		};
	};
}

interface AgentResults {
	/** Each call: when it was sent (Date.now()), how long it took, and whether it was a search (the gate meters searches; lookups never wait on it). */
	calls: Array<{ sentAt: number; ms: number; search: boolean }>;
	refused: number;
	failed: number;
}

/** Ordinary agents, each one call every AGENT_PERIOD_MS until `stop`, their latency and refusals recorded. */
async function runAgents(origin: string, agents: number, until: number): Promise<AgentResults> {
	const results: AgentResults = { calls: [], refused: 0, failed: 0 };
	await Promise.all(
		Array.from({ length: agents }, async (_, agent) => {
			await sleep((agent * AGENT_PERIOD_MS) / agents);
			for (let turn = agent; Date.now() < until; turn++) {
				const next = Date.now() + AGENT_PERIOD_MS;
				const call = AGENT_CALLS[turn % AGENT_CALLS.length] as BenchRequest;
				const sentAt = Date.now();
				const sent = await send(origin, from(call, address.agent(agent)));
				results.calls.push({ sentAt, ms: sent.ms, search: call.label.startsWith("search") });
				if (sent.status !== 200) results.refused++;
				else if (sent.failed) results.failed++;
				await sleep(Math.max(0, next - Date.now()));
			}
		}),
	);
	return results;
}

interface CrowdResults {
	admitted: number;
	refused: Record<string, number>;
	/** When each request was sent (ms after the crowd began) and by which of its identities. */
	arrivals: Array<{ afterMs: number; client: number }>;
}

/** N costly identities, two searches in flight each, honouring Retry-After (or every `retryMs` when hostile). */
async function runCrowd(origin: string, scenario: number, size: number, until: number, retryMs?: number) {
	const results: CrowdResults = { admitted: 0, refused: {}, arrivals: [] };
	const start = Date.now();
	await Promise.all(
		Array.from({ length: size * 2 }, async (_, loop) => {
			const ip = address.crowd(scenario, loop % size);
			for (let turn = loop; Date.now() < until; turn++) {
				results.arrivals.push({ afterMs: Date.now() - start, client: loop % size });
				const sent = await send(origin, from(COSTLY[turn % COSTLY.length] as BenchRequest, ip));
				if (sent.status === 200) {
					results.admitted++;
					continue;
				}
				const reason = sent.reason ?? String(sent.status);
				results.refused[reason] = (results.refused[reason] ?? 0) + 1;
				await sleep(retryMs ?? (sent.retryAfterS ?? 1) * 1000);
			}
		}),
	);
	return results;
}

/**
 * The control: the crowd's requests replayed as pings, each sent as long after the start as its
 * request was, by the same one of as many identities, so its bursts arrive as the crowd's did. A
 * ping reads nothing and never meets the gate: what it does to the agents is the local machine's
 * doing (HTTP, the runtime, the load generator), not the database's.
 */
async function replayAsPings(origin: string, scenario: number, arrivals: CrowdResults["arrivals"]) {
	const start = Date.now();
	const ping = mcpRequest("ping", "ping");
	await Promise.all(
		arrivals.map(async ({ afterMs, client }) => {
			await sleep(Math.max(0, start + afterMs - Date.now()));
			await send(origin, from(ping, address.crowd(scenario, client)));
		}),
	);
}

/** Thirty agents behind one address, each an eight-call session started within the first half minute. */
async function runSessions(origin: string, ip: string, sessions: number) {
	const outcomes = await Promise.all(
		Array.from({ length: sessions }, async (_, s) => {
			await sleep((s * 30_000) / sessions);
			let ok = 0;
			for (let call = 0; call < SESSION_CALLS; call++) {
				const sent = await send(
					origin,
					from(AGENT_CALLS[(s + call) % AGENT_CALLS.length] as BenchRequest, ip),
				);
				if (sent.status === 200 && !sent.failed) ok++;
				await sleep(3000);
			}
			return ok;
		}),
	);
	return {
		complete: outcomes.filter((ok) => ok === SESSION_CALLS).length,
		refusedCalls: outcomes.reduce((n, ok) => n + SESSION_CALLS - ok, 0),
	};
}

interface Scenario {
	name: string;
	agents?: {
		p50: number;
		p95: number;
		p99: number;
		max: number;
		calls: number;
		refused: number;
		failed: number;
		searchP95: number;
		lookupP95: number;
		/** The calls sent FIRST_BURST_MS or more after the crowd began. */
		afterFirstBurst?: { p95: number; p99: number; calls: number };
	};
	/** The p95 of the Worker's own time for the agents' requests (its request log). */
	workerP95?: number;
	/** How busy the local runtime and the machine were meanwhile. */
	runtime?: RuntimeLoad;
	crowd?: Omit<CrowdResults, "arrivals"> & { size: number; retry: string };
	/** The control: this many identities sending this many pings, nothing read. */
	pings?: { size: number; sent: number };
	gatedPeakShare?: number;
	sessions?: { address: string; complete: number; of: number; refusedCalls: number };
}

const msOf = (calls: AgentResults["calls"]) => calls.map((c) => c.ms);

/** The agents' calls sent at or after `from` (Date.now()). */
function callsSentFrom(r: AgentResults, from: number) {
	const later = msOf(r.calls.filter((c) => c.sentAt >= from));
	return {
		p95: percentile(later, 95),
		p99: percentile(later, 99),
		calls: later.length,
	};
}

/** `crowdFrom`: when a crowd (or its control) began, to read the agents' calls after its first burst apart. */
function summarize(r: AgentResults, crowdFrom?: number): Scenario["agents"] {
	const all = msOf(r.calls);
	return {
		...(crowdFrom === undefined ? {} : { afterFirstBurst: callsSentFrom(r, crowdFrom + FIRST_BURST_MS) }),
		p50: percentile(all, 50),
		p95: percentile(all, 95),
		p99: percentile(all, 99),
		max: Math.max(...all),
		calls: all.length,
		refused: r.refused,
		failed: r.failed,
		searchP95: percentile(msOf(r.calls.filter((c) => c.search)), 95),
		lookupP95: percentile(msOf(r.calls.filter((c) => !c.search)), 95),
	};
}

function parse(argv: string[]) {
	const read = readCommandLine(argv, {
		sources: 100_000,
		seconds: 60,
		crowds: [30, 100] as readonly number[],
		agents: 6,
		gate: "on",
		quick: false,
		viaProxy: false,
		log: OPTIONAL,
		out: REPO_ROOT,
	});
	if (read.gate !== "on" && read.gate !== "off")
		throw new UsageError(`--gate is on or off, not ${JSON.stringify(read.gate)}`);
	return { ...read, seconds: Math.min(120, Math.max(20, read.seconds)) };
}

const fmt = (n: number | undefined, digits = 0) =>
	n === undefined || Number.isNaN(n) ? "–" : n.toLocaleString("en-US", { maximumFractionDigits: digits });

function block(command: string, sources: number, scenarios: Scenario[], quietP95: number): string {
	const platform = SHARED_EGRESS[0];
	const rows = scenarios
		.filter((s) => s.agents !== undefined)
		.map((s) => {
			const a = s.agents as NonNullable<Scenario["agents"]>;
			const crowd = s.pings
				? `${s.pings.sent} pings from ${s.pings.size} identities (nothing read)`
				: s.crowd
					? `${s.crowd.admitted} admitted; refused ${
							Object.entries(s.crowd.refused)
								.map(([why, n]) => `${why} ${n}`)
								.join(", ") || "none"
						}`
					: "–";
			const after = a.afterFirstBurst;
			const steady =
				after === undefined
					? "–"
					: `${fmt(after.p95)} (${fmt(after.p95 / quietP95, 1)}×) / ${fmt(after.p99)} (${after.calls} calls)`;
			return `| ${s.name} | ${fmt(a.p50)} | ${fmt(a.p95)} (${fmt(a.p95 / quietP95, 1)}×) | ${fmt(a.p99)} | ${fmt(a.max)} | ${steady} | ${fmt(a.searchP95)} / ${fmt(a.lookupP95)} | ${fmt(s.workerP95)} | ${s.runtime === undefined ? "–" : `${fmt(100 * s.runtime.busiestThread)}% / ${fmt(s.runtime.cores, 2)} / ${fmt(s.runtime.machineCores, 2)}`} | ${a.calls} | ${a.refused} | ${crowd} | ${s.gatedPeakShare === undefined ? "–" : `${fmt(100 * s.gatedPeakShare, 1)}%`} |`;
		});
	const sessions = scenarios
		.filter((s) => s.sessions !== undefined)
		.map((s) => {
			const x = s.sessions as NonNullable<Scenario["sessions"]>;
			return `| ${s.name} | \`${x.address}\` | ${x.complete} of ${x.of} | ${x.refusedCalls} |`;
		});
	return [
		`Command: \`${command}\` (${new Date().toISOString()}; load average at start ${loadavg()
			.map((n) => n.toFixed(2))
			.join(" ")}; commit ${measuredCommit().commit.slice(0, 12)}).`,
		"",
		`wrangler's local dev server with the production configuration on the ${sources.toLocaleString("en-US")}-source bench state, every request sent to the Worker's runtime past wrangler's dev proxy, which Cloudflare does not have. Ordinary agents make one call every ${AGENT_PERIOD_MS / 1000} s; a costly identity keeps two of the costliest searches in flight and, refused, waits what Retry-After says (the hostile crowd retries every 200 ms). The gated share is the most D1 time (D1's own clock, from the Worker's request log) the gate admitted in any 60 s of the scenario, against the stated bound of ${fmt(100 * DATABASE_GATE.maxShareOfMinute)}%. "p95 in the Worker" is the Worker's own time for the agents' requests (the log's duration_ms, the wait for the database included). "workerd" is the local runtime's CPU over the scenario, from /proc: its busiest thread's share of the time, all its threads together in cores, then every process's on the machine (of 2 cores), the load generator's and wrangler's included. Each paced crowd is followed by its control: that crowd's requests replayed as pings, each as long after the start as it was sent and from as many identities, so that the control's bursts are the crowd's; a ping reads nothing and never meets the gate. A crowd starts with every one of its requests in flight sent at one instant (two per identity), which on this machine waits on the one runtime thread that also runs the Worker and D1: the agents' calls sent ${FIRST_BURST_MS / 1000} s or more after a crowd (or its control) began are read apart too (docs/decisions/2026-12-04-past-the-dev-proxy.md).`,
		"",
		`| scenario | agents p50 ms | agents p95 ms (× quiet) | agents p99 ms | agents max ms | sent ${FIRST_BURST_MS / 1000} s or more after the crowd began: agents p95 (× quiet) / p99 ms (calls) | p95 of their searches / lookups | p95 in the Worker | workerd's busiest thread / its cores / the machine's cores | agents' calls | agents refused | costly crowd | gated share of the busiest minute |`,
		"|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|",
		...rows,
		"",
		`Sessions of ${SESSION_CALLS} calls within a minute, thirty behind one address (${platform?.publisher ?? "a listed platform"}'s range: ${platform?.requests ?? "–"} messages a minute for all its agents; an unlisted address: ${RATE_LIMIT.requests}).`,
		"",
		"| scenario | address | sessions complete | calls refused |",
		"|---|---|---:|---:|",
		...sessions,
	].join("\n");
}

async function run(options: ReturnType<typeof parse>): Promise<number> {
	const state = await ensureBenchState(options.sources, { log: (line) => progress(line) });
	const worker = await startWorker(
		"production",
		state.persistTo,
		options.gate === "off" ? { DATABASE_GATE_MODE: "off" } : {},
	);
	const stdout = worker.server.process.stdout;
	if (!stdout) throw new Error("the dev server's output is not readable");
	const log = watchLog(stdout);
	const scenarios: Scenario[] = [];
	try {
		const direct = options.viaProxy
			? undefined
			: await runtimeOrigin(worker.server.process.pid ?? -1, worker.server.origin);
		if (!options.viaProxy && direct === undefined)
			throw new Error("the Worker's runtime socket was not found under the dev server (see --via-proxy)");
		const origin = direct ?? worker.server.origin;
		progress(`sending to ${options.viaProxy ? "wrangler's dev proxy" : "the Worker's runtime"} at ${origin}`);
		// Warm the isolate's copies from an address no scenario uses.
		for (const request of [...AGENT_CALLS, ...COSTLY]) await send(origin, from(request, "198.19.0.1"));
		const seconds = options.seconds * 1000;
		progress(`quiet: ${options.agents} agents for ${options.seconds} s`);
		const root = worker.server.process.pid;
		const quietLoad = timeRuntime(root);
		const quietFrom = Date.now();
		const quiet = summarize(await runAgents(origin, options.agents, quietFrom + seconds));
		const quietRuntime = quietLoad();
		await sleep(2000);
		const agentIds = new Set(
			log.filter((l) => l.at >= quietFrom && l.identity !== undefined).map((l) => l.identity as string),
		);
		scenarios.push({
			name: `quiet, ${options.agents} agents`,
			agents: quiet,
			workerP95: agentsWorkerP95(log, agentIds, quietFrom, Date.now()),
			runtime: quietRuntime,
		});
		/** A paced crowd's control: its requests replayed as pings from as many identities, beside the agents. */
		const control = async (size: number, crowd: CrowdResults, scenario: number): Promise<Scenario> => {
			const sent = crowd.arrivals.length;
			await sleep(DATABASE_GATE.halfLifeSeconds * 1000);
			progress(`control: ${size} identities sending ${sent} pings beside ${options.agents} agents`);
			const start = Date.now();
			const until = start + seconds;
			const load = timeRuntime(root);
			const [agents] = await Promise.all([
				runAgents(origin, options.agents, until),
				replayAsPings(origin, 100 + scenario, crowd.arrivals),
			]);
			const runtime = load();
			await sleep(2000);
			return {
				name: `control: that crowd's requests replayed as pings`,
				agents: summarize(agents, start),
				workerP95: agentsWorkerP95(log, agentIds, start, until + 2000),
				runtime,
				pings: { size, sent },
			};
		};
		const crowds = [
			...options.crowds.map((size) => ({ size, retryMs: undefined as number | undefined })),
			...(options.quick ? [] : [{ size: options.crowds[0] ?? 30, retryMs: 200 }]),
		];
		for (const [i, { size, retryMs }] of crowds.entries()) {
			await sleep(DATABASE_GATE.halfLifeSeconds * 1000);
			const label =
				retryMs === undefined
					? `${size} paced costly identities`
					: `${size} costly identities retrying every ${retryMs} ms`;
			progress(`${label} beside ${options.agents} agents for ${options.seconds} s`);
			const start = Date.now();
			const until = start + seconds;
			const load = timeRuntime(root);
			const [agents, crowd] = await Promise.all([
				runAgents(origin, options.agents, until),
				runCrowd(origin, i + 1, size, until, retryMs),
			]);
			const runtime = load();
			await sleep(2000);
			scenarios.push({
				name: label,
				agents: summarize(agents, start),
				workerP95: agentsWorkerP95(log, agentIds, start, until + 2000),
				runtime,
				crowd: {
					admitted: crowd.admitted,
					refused: crowd.refused,
					size,
					retry: retryMs === undefined ? "Retry-After" : `${retryMs} ms`,
				},
				gatedPeakShare: peakGatedShare(log, start, until + 2000),
			});
			if (retryMs === undefined) scenarios.push(await control(size, crowd, i + 1));
		}
		const platform = SHARED_EGRESS[0];
		for (const [name, ip] of options.quick
			? []
			: ([
					[`thirty agents behind one ${platform?.id ?? "platform"} address`, "160.79.104.10"],
					["thirty agents behind one unlisted address", address.unlisted],
				] as const)) {
			await sleep(RATE_LIMIT.periodSeconds * 1000 - (Date.now() % (RATE_LIMIT.periodSeconds * 1000)) + 500);
			progress(`${name}: thirty sessions of ${SESSION_CALLS} calls`);
			scenarios.push({ name, sessions: { address: ip, of: 30, ...(await runSessions(origin, ip, 30)) } });
		}
	} finally {
		await worker.server.stop();
		if (options.log !== undefined)
			writeFileSync(options.log, log.map((l) => JSON.stringify({ at: l.at, ...l.line })).join("\n"));
	}
	const command = `npm run bench:crowd -- --sources ${options.sources} --seconds ${options.seconds} --crowds ${options.crowds.join(",")}${options.gate === "off" ? " --gate off" : ""}${options.viaProxy ? " --via-proxy" : ""}`;
	const quietP95 = scenarios[0]?.agents?.p95 ?? Number.NaN;
	const text = block(command, options.sources, scenarios, quietP95);
	process.stdout.write(`${text}\n`);
	if (options.gate === "on" && !options.quick && !options.viaProxy)
		writeResults({ crowd: text }, { crowd: { command, sources: options.sources, scenarios } }, options.out);
	return EXIT_OK;
}

export const main = (argv: string[]) => runCommand(argv, { usage: USAGE, parse, run });

runWhenInvoked(import.meta.url, main, { exit: true });
