/**
 * Benchmark only: the physical floor. A bare Worker on the same runtime (`wrangler dev`, workerd)
 * that drains the request body and answers a fixed JSON body of FLOOR_BODY_BYTES bytes, the size of
 * a get_topic_signal answer (the runner measures that answer and passes its size). No routing, no
 * parsing, no protocol: whatever this costs, every Worker pays.
 *
 * With bench/wrangler.floor-d1.toml it also makes the D1 read get_topic_signal makes (the topic with
 * its projected signal, through the project's own src/data function) before answering the same fixed
 * body: the floor of any Worker that needs that data, protocol excluded.
 */
import { projectedTopicSignal as topicSignal } from "../src/data/projected-counts";

interface FloorEnv {
	FLOOR_BODY_BYTES?: string;
	DB?: D1Database;
}

let body: string | undefined;

/** A JSON-RPC result padded to exactly `bytes` bytes (ASCII, so characters are bytes). */
function fixedBody(bytes: number): string {
	const head = '{"jsonrpc":"2.0","id":1,"result":{"pad":"';
	const tail = '"}}';
	return `${head}${"x".repeat(Math.max(0, bytes - head.length - tail.length))}${tail}`;
}

export default {
	async fetch(request: Request, env: FloorEnv): Promise<Response> {
		// Same readiness probe as the real endpoint: GET /api/mcp answers 405.
		if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
		await request.arrayBuffer();
		if (env.DB) {
			const db = env.DB.withSession("first-unconstrained");
			await topicSignal(db, "ai-overviews");
		}
		body ??= fixedBody(Number(env.FLOOR_BODY_BYTES) || 1500);
		return new Response(body, { headers: { "content-type": "application/json" } });
	},
};
