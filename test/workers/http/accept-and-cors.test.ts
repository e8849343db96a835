/**
 * One Accept rule for every route, honouring q=0: POST /api/mcp with `Accept: application/json;q=0`
 * (or `*\/*;q=0`) was answered 200 while the discovery documents answered 406 to the same header.
 * And CORS on every discovery answer, refusals included: after 300 discovery requests from one
 * identity the 429 carried no Access-Control-Allow-Origin, nor did the 503 or a refused preflight,
 * and no Access-Control-Max-Age let a browser keep a preflight, so a cross-origin revalidation cost
 * two page units.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { PAGE_RATE_LIMIT } from "../../../src/limits";
import { freshAddress, inOneWindow, modernHeaders, post } from "../../support/workers/mcp";

// The budget test may first wait up to 20 s for the next rate-limit window (inOneWindow), then sends
// 300 requests (about 15 s with the machine's other core busy): three times both.
vi.setConfig({ testTimeout: 120_000 });

const BASE = "https://base2026.dev";
const CARD = "/api/mcp/server-card";
const DISCOVERY = [CARD, "/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"];
const ORIGIN = { origin: "https://some-browser-client.test" };

async function get(path: string, headers: Record<string, string> = {}, method = "GET", ip = freshAddress()) {
	const response = await exports.default.fetch(
		new Request(`${BASE}${path}`, { method, headers: { "cf-connecting-ip": ip, ...headers } }),
	);
	return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A request through the Worker with some bindings replaced, and a limiter that records every key it is asked. */
async function getWith(path: string, bindings: Partial<Record<keyof Env, unknown>>, method = "GET") {
	const ctx = createExecutionContext();
	const response = await worker.fetch(
		new Request(`${BASE}${path}`, {
			method,
			headers: { "cf-connecting-ip": freshAddress(), ...ORIGIN },
		}) as Parameters<typeof worker.fetch>[0],
		{ ...env, ...bindings } as Env,
		ctx,
	);
	await waitOnExecutionContext(ctx);
	return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A page limiter that admits everything and records every key it is asked about. */
function countingLimiter() {
	const keys: string[] = [];
	const counting = {
		limit: async ({ key }: { key: string }) => {
			keys.push(key);
			return { success: true };
		},
	};
	return { keys, counting };
}

const mcpWith = (accept: string) =>
	post(
		{ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
		{ accept, "MCP-Protocol-Version": "2025-11-25" },
	);

const ruledOut = [
	"application/json;q=0",
	"*/*;q=0",
	"application/json;q=0, */*;q=0.5",
	"APPLICATION/JSON; Q=0.000",
	"application/*;q=0",
	"text/html",
];
const accepted = [
	"",
	"*/*",
	"application/json;q=0.001",
	"*/*;q=0, application/json",
	"application/*;q=0, application/json;q=0.5",
	"application/json;q=nonsense",
	"text/event-stream, application/json",
];

describe("one Accept rule for every route", () => {
	it("the MCP endpoint honours q=0: JSON ruled out is 406, free; JSON at any q above 0 is answered", async () => {
		for (const accept of ruledOut) {
			const answer = await mcpWith(accept);
			expect(answer.status, accept).toBe(406);
			expect(answer.json.error.code, accept).toBe(-32600);
		}
		for (const accept of accepted) expect((await mcpWith(accept)).status, accept).toBe(200);
	});

	it("the discovery documents answer the same headers the same way, and a 406 costs no page unit", async () => {
		const { keys, counting } = countingLimiter();
		for (const accept of ruledOut) {
			const ctx = createExecutionContext();
			const response = await worker.fetch(
				new Request(`${BASE}${CARD}`, {
					headers: { accept, "cf-connecting-ip": freshAddress() },
				}) as Parameters<typeof worker.fetch>[0],
				{ ...env, PAGE_RATE_LIMIT: counting } as Env,
				ctx,
			);
			await waitOnExecutionContext(ctx);
			// The card offers its own type too: */* at 0.5 still accepts that one.
			expect(response.status, accept).toBe(accept.includes("*/*;q=0.5") ? 200 : 406);
		}
		expect(keys).toHaveLength(1);
		for (const accept of accepted) expect((await get(CARD, { accept })).status, accept).toBe(200);
	});

	it("the human pages are HTML only: a client that rules text/html out gets 406, before any budget", async () => {
		for (const path of ["/mcp", "/sources/src_fixllm1"]) {
			for (const accept of ["application/json", "text/html;q=0", "*/*;q=0"]) {
				const answer = await get(path, { accept });
				expect(answer.status, `${path} ${accept}`).toBe(406);
				expect(answer.text).toContain("text/html");
			}
			for (const accept of ["", "text/html", "text/html,application/xhtml+xml,*/*;q=0.8", "*/*"])
				expect((await get(path, { accept })).status, `${path} ${accept}`).toBe(200);
		}
	});
});

const CORS = {
	"access-control-allow-origin": "*",
	"access-control-allow-methods": "GET",
	"access-control-allow-headers": "Content-Type, If-None-Match",
	"access-control-expose-headers": "ETag, Retry-After",
};

function expectCors(headers: Headers, what: string) {
	for (const [name, value] of Object.entries(CORS)) expect(headers.get(name), `${what}: ${name}`).toBe(value);
}

describe("CORS on every discovery answer, refusals included", () => {
	it(`the 429 after ${PAGE_RATE_LIMIT.requests} discovery requests from one identity carries CORS and exposes Retry-After`, async () => {
		await inOneWindow(20_000);
		const ip = freshAddress();
		const statuses = await Promise.all(
			Array.from({ length: PAGE_RATE_LIMIT.requests }, () =>
				get(CARD, ORIGIN, "GET", ip).then((a) => a.status),
			),
		);
		expect(statuses.every((status) => status === 200)).toBe(true);
		for (const path of DISCOVERY) {
			const refused = await get(path, ORIGIN, "GET", ip);
			expect(refused.status, path).toBe(429);
			expect(refused.headers.get("retry-after")).toBe(String(PAGE_RATE_LIMIT.periodSeconds));
			expectCors(refused.headers, `${path} 429`);
			// The preflight runs nothing and is not counted: it still answers, with CORS and Max-Age.
			const preflight = await get(
				path,
				{
					...ORIGIN,
					"access-control-request-method": "GET",
					"access-control-request-headers": "if-none-match",
				},
				"OPTIONS",
				ip,
			);
			expect(preflight.status, `${path} preflight`).toBe(204);
			expectCors(preflight.headers, `${path} preflight`);
			expect(preflight.headers.get("access-control-max-age")).toBe("7200");
		}
	});

	it("the 503 with no limiter, the 405, the 406 and the 304 carry CORS too", async () => {
		for (const path of DISCOVERY) {
			const closed = await getWith(path, { PAGE_RATE_LIMIT: undefined, RATE_LIMITER: undefined });
			expect(closed.status, path).toBe(503);
			expectCors(closed.headers, `${path} 503`);
			const write = await get(path, ORIGIN, "POST");
			expect(write.status).toBe(405);
			expectCors(write.headers, `${path} 405`);
			const refused = await get(path, { ...ORIGIN, accept: "text/html" });
			expect(refused.status).toBe(406);
			expectCors(refused.headers, `${path} 406`);
			const tag = (await get(path, ORIGIN)).headers.get("etag") ?? "";
			const revalidated = await get(path, { ...ORIGIN, "if-none-match": tag });
			expect(revalidated.status).toBe(304);
			expectCors(revalidated.headers, `${path} 304`);
		}
	});

	it("a cross-origin revalidation costs one page unit: the preflight is free and may be kept for 2 hours", async () => {
		const { keys, counting } = countingLimiter();
		const preflight = await getWith(CARD, { PAGE_RATE_LIMIT: counting }, "OPTIONS");
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-max-age")).toBe("7200");
		expect(keys).toHaveLength(0);
		const revalidation = await getWith(CARD, { PAGE_RATE_LIMIT: counting });
		expect(revalidation.status).toBe(200);
		expect(keys).toHaveLength(1);
	});
});

describe("202 answers", () => {
	it("carry Cache-Control: no-store like every other answer of the endpoint, in both eras", async () => {
		const legacy = await post(
			{ jsonrpc: "2.0", method: "notifications/initialized" },
			{
				"MCP-Protocol-Version": "2025-11-25",
			},
		);
		const modernNotification = await post(
			{
				jsonrpc: "2.0",
				method: "notifications/initialized",
				params: {
					_meta: {
						"io.modelcontextprotocol/protocolVersion": "2026-07-28",
						"io.modelcontextprotocol/clientCapabilities": {},
					},
				},
			},
			modernHeaders("notifications/initialized"),
		);
		const response = await post(
			{ jsonrpc: "2.0", id: 9, result: {} },
			{ "MCP-Protocol-Version": "2025-11-25" },
		);
		for (const answer of [legacy, modernNotification, response]) {
			expect(answer.status).toBe(202);
			expect(answer.text).toBe("");
			expect(answer.headers.get("cache-control")).toBe("no-store");
			expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
		}
	});
});
