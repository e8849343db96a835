/**
 * Benchmark only (`npm run bench:cost`): our Worker, byte for byte, with its D1 binding wrapped by
 * the counter the Workers tests use (test/support/d1-cost.ts). Each answer carries what it cost the
 * database in an `x-d1-cost` header: round trips, their depth, statements, rows read and D1 time.
 */
import worker from "../../../src/index";
import { CostRecorder } from "../../../test/support/d1-cost";

export { DatabaseGateObject, RateLimiterObject } from "../../../src/index";

export default {
	async fetch(request, env, ctx) {
		const recorder = new CostRecorder();
		const response = await worker.fetch(request, { ...env, DB: recorder.database(env.DB) }, ctx);
		// The whole body first: a streamed answer may still be reading.
		const body = await response.arrayBuffer();
		const headers = new Headers(response.headers);
		headers.set("x-d1-cost", JSON.stringify(recorder.total()));
		return new Response(body, { status: response.status, headers });
	},
} satisfies ExportedHandler<Env>;
