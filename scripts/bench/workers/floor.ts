/**
 * Benchmark only: the physical floor (scripts/bench/workers/cpu-loop.ts calls it beside ours and the SDK peer's). A
 * bare handler that drains the request body and answers a fixed JSON body of FLOOR_BODY_BYTES bytes
 * (default 1,500, about a get_topic_signal answer). No routing, no parsing, no protocol: whatever
 * this costs, every Worker pays.
 */
interface FloorEnv {
	FLOOR_BODY_BYTES?: string;
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
		body ??= fixedBody(Number(env.FLOOR_BODY_BYTES) || 1500);
		return new Response(body, { headers: { "content-type": "application/json" } });
	},
};
