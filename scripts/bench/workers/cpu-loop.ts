/**
 * Benchmark only (`npm run bench:cpu`): the CPU our Worker's own code spends per call, without HTTP
 * or a load generator. One request to /loop?target=ours|sdk|floor&n=N calls that handler N times in
 * this isolate with the request's body and headers, awaiting each answer's body; the caller times
 * the whole request. The three handlers get identical stand-ins: the real D1 binding (after the
 * first call get_topic_signal reads nothing from it: the projection copy) and rate-limit bindings
 * that always admit, so the limiter's own code and the log line stay in ours. "ours-sink" is ours with
 * console.log writing the line to a stand-in sink (its length is kept, so the line is still built):
 * the local runtime's console forwards every line to wrangler's process, which on Cloudflare is Workers
 * Logs, outside the isolate. The sink also adds up the lines' d1_ms, so a search's time can be split
 * into D1's own and the rest (scripts/bench/cpu/search-cpu.ts). "predict" only predicts what the
 * request's messages cost, as the route does before it admits or refuses them (src/mcp/predicted-cost.ts),
 * from the copy an earlier call of ours loaded (scripts/bench/cpu/predict-cpu.ts).
 */

import worker from "../../../src/index";
import { predictedCosts } from "../../../src/mcp/predicted-cost";
import floor from "./floor";
import peer from "./sdk-peer";

export { DatabaseGateObject, RateLimiterObject } from "../../../src/index";

const admitAll = { limit: async () => ({ success: true }) } as unknown as RateLimit;
/** A window already spent: what a refused request costs (scripts/bench/cpu/refusal-cpu.ts). */
const refuseAll = { limit: async () => ({ success: false }) } as unknown as RateLimit;
let sunk = 0;
/** D1 time the sunk request-log lines report (d1_ms): what of a call's time was the database's. */
let sunkD1Ms = 0;
const sink = (line: unknown) => {
	const text = String(line);
	sunk += text.length;
	const d1 = /"d1_ms":(\d+(?:\.\d+)?)/.exec(text)?.[1];
	if (d1 !== undefined) sunkD1Ms += Number(d1);
};

export default {
	async fetch(request, env, ctx) {
		const url = new URL(request.url);
		// Anything else is our Worker's (the harness waits for GET /api/mcp to answer 405).
		if (url.pathname !== "/loop") return worker.fetch(request as never, env, ctx);
		const target = url.searchParams.get("target");
		const n = Math.min(100_000, Math.max(1, Number(url.searchParams.get("n")) || 1));
		const body = await request.text();
		const headers = JSON.parse(request.headers.get("x-call-headers") ?? "{}") as Record<string, string>;
		const standIns = { ...env, MCP_RATE_LIMIT: admitAll, PAGE_RATE_LIMIT: admitAll };
		// The status every call must answer: 200, or a refusal's when a refusal is what is measured.
		const expected = Number(url.searchParams.get("status")) || 200;
		const handlers: Record<string, (r: Request) => Promise<Response>> = {
			ours: (r) => worker.fetch(r as never, standIns, ctx),
			"ours-spent": (r) => worker.fetch(r as never, { ...standIns, MCP_RATE_LIMIT: refuseAll }, ctx),
			sdk: (r) => peer.fetch(r),
			floor: (r) => floor.fetch(r, {}),
			predict: async (r) => {
				const predicted = predictedCosts(await r.json(), r.headers);
				return new Response(String(predicted.costs.reduce((sum, cost) => sum + cost.ms, 0)));
			},
			"ours-sink": async (r) => {
				const log = console.log;
				console.log = sink;
				try {
					return await worker.fetch(r as never, standIns, ctx);
				} finally {
					console.log = log;
				}
			},
		};
		const handle = handlers[target ?? ""];
		if (handle === undefined)
			return new Response("target must be ours, ours-sink, sdk, floor or predict", { status: 400 });
		let bytes = 0;
		const d1Before = sunkD1Ms;
		for (let i = 0; i < n; i++) {
			const answer = await handle(
				new Request("https://base2026.dev/api/mcp", { method: "POST", headers, body }),
			);
			bytes += (await answer.text()).length;
			if (answer.status !== expected)
				return new Response(`call ${i}: HTTP ${answer.status}`, { status: 500 });
		}
		return new Response(JSON.stringify({ n, bytes, sunk, d1Ms: sunkD1Ms - d1Before }), {
			headers: { "content-type": "application/json" },
		});
	},
} satisfies ExportedHandler<Env>;
