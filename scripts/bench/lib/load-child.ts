/**
 * The load generator, run in its own process so it never shares a CPU queue with the runner:
 * autocannon's programmatic API with fixed connections and duration. A warm-up run comes first and
 * is thrown away. Latencies are taken from autocannon's per-response event in fractional
 * milliseconds (its own histogram rounds to whole milliseconds, too coarse for a local Worker).
 *
 *   tsx scripts/bench/lib/load-child.ts <spec.json>     (prints one JSON line: LoadResult)
 *
 * With `identities`, each request is sent as one of N edge identities (CF-Connecting-IP), round
 * robin, and the result counts, per identity, what was sent and what was admitted (not 429).
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type { BenchRequest } from "./requests";

export interface LoadSpec {
	url: string;
	connections: number;
	warmupSeconds: number;
	durationSeconds: number;
	requests: BenchRequest[];
	/** Per-request timeout, seconds. */
	timeoutSeconds?: number;
	identities?: { count: number; prefix: string };
	/** Epoch ms: wait until then before the measured run (the load test starts inside a fresh rate-limit window). */
	startAt?: number;
}

interface LatencySummary {
	samples: number;
	mean: number;
	p50: number;
	p90: number;
	p99: number;
	max: number;
}

export interface LoadResult {
	duration_s: number;
	responses: number;
	requests_per_s: number;
	ok_per_s: number;
	latency_ms: LatencySummary;
	status: Record<string, number>;
	/** Connection errors and timeouts (no HTTP answer). */
	errors: number;
	timeouts: number;
	/** 200 answers whose JSON-RPC result says isError, or that carry a JSON-RPC error. */
	tool_errors: number;
	mean_body_bytes: number;
	identities?: { sent: number[]; answered: number[]; admitted: number[]; other: number[] };
	/** When the measured run began (epoch ms). */
	started_at_ms: number;
}

function summarise(values: number[]): LatencySummary {
	const sorted = Float64Array.from(values).sort();
	const at = (q: number) =>
		sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
	const mean = sorted.length === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / sorted.length;
	const r = (n: number) => Math.round(n * 1000) / 1000;
	return {
		samples: sorted.length,
		mean: r(mean),
		p50: r(at(0.5)),
		p90: r(at(0.9)),
		p99: r(at(0.99)),
		max: r(sorted.length === 0 ? 0 : (sorted[sorted.length - 1] ?? 0)),
	};
}

interface Tally {
	latencies: number[];
	status: Record<string, number>;
	toolErrors: number;
	bodyBytes: number;
	bodies: number;
	sent: number[];
	answered: number[];
	admitted: number[];
	other: number[];
}

function run(spec: LoadSpec, seconds: number, tally: Tally | null): Promise<autocannon.Result> {
	let next = 0;
	const identityCount = spec.identities?.count ?? 0;
	const requests = spec.requests.map((r) => ({
		method: r.method,
		path: r.path,
		headers: r.headers,
		body: r.body,
		setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
			if (identityCount === 0) return req;
			const identity = next++ % identityCount;
			context.identity = identity;
			if (tally) tally.sent[identity] = (tally.sent[identity] ?? 0) + 1;
			return {
				...req,
				headers: { ...req.headers, "cf-connecting-ip": `${spec.identities?.prefix}${identity}` },
			};
		},
		onResponse: (status: number, body: string, context: Record<string, unknown>) => {
			if (!tally) return;
			tally.status[status] = (tally.status[status] ?? 0) + 1;
			if (status === 200) {
				tally.bodyBytes += Buffer.byteLength(body);
				tally.bodies++;
				if (body.includes('"isError":true') || body.includes('"error":{')) tally.toolErrors++;
			}
			if (identityCount > 0 && typeof context.identity === "number") {
				const i = context.identity;
				tally.answered[i] = (tally.answered[i] ?? 0) + 1;
				if (status === 200) tally.admitted[i] = (tally.admitted[i] ?? 0) + 1;
				else if (status !== 429) tally.other[i] = (tally.other[i] ?? 0) + 1;
			}
		},
	}));
	const instance = autocannon({
		url: spec.url,
		connections: spec.connections,
		duration: seconds,
		timeout: spec.timeoutSeconds ?? 30,
		requests,
	});
	if (tally) {
		instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
			if (statusCode === 200) tally.latencies.push(responseTime);
		});
	}
	return Promise.resolve(instance);
}

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
	if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds, null);
	const wait = (spec.startAt ?? 0) - Date.now();
	if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 120_000)));
	const startedAt = Date.now();
	const n = spec.identities?.count ?? 0;
	const tally: Tally = {
		latencies: [],
		status: {},
		toolErrors: 0,
		bodyBytes: 0,
		bodies: 0,
		sent: new Array(n).fill(0),
		answered: new Array(n).fill(0),
		admitted: new Array(n).fill(0),
		other: new Array(n).fill(0),
	};
	const result = await run(spec, spec.durationSeconds, tally);
	const responses = Object.values(tally.status).reduce((a, b) => a + b, 0);
	const duration = result.duration;
	return {
		duration_s: Math.round(duration * 100) / 100,
		responses,
		requests_per_s: Math.round((responses / duration) * 10) / 10,
		ok_per_s: Math.round(((tally.status[200] ?? 0) / duration) * 10) / 10,
		latency_ms: summarise(tally.latencies),
		status: tally.status,
		errors: result.errors,
		timeouts: result.timeouts,
		tool_errors: tally.toolErrors,
		mean_body_bytes: tally.bodies === 0 ? 0 : Math.round(tally.bodyBytes / tally.bodies),
		identities:
			n > 0
				? { sent: tally.sent, answered: tally.answered, admitted: tally.admitted, other: tally.other }
				: undefined,
		started_at_ms: startedAt,
	};
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const spec = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as LoadSpec;
	runLoad(spec).then(
		(result) => {
			process.stdout.write(`${JSON.stringify(result)}\n`);
			process.exit(0);
		},
		(error: unknown) => {
			process.stderr.write(
				`load generator failed: ${String(error instanceof Error ? error.stack : error)}\n`,
			);
			process.exit(1);
		},
	);
}
