import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_DRAIN_BYTES, RATE_LIMIT } from "../../../src/limits";
import { ENDPOINT, inOneWindow, MODERN_META, modernHeaders, post } from "../../support/workers/mcp";

const discover = { jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: MODERN_META } };

function expectJsonRpcError(answer: { json: Record<string, any>; headers: Headers }, code: number) {
	expect(answer.headers.get("content-type")).toBe("application/json");
	expect(answer.json.jsonrpc).toBe("2.0");
	expect(answer.json.error.code).toBe(code);
	expect(typeof answer.json.error.message).toBe("string");
}

describe("methods other than POST", () => {
	for (const method of ["GET", "DELETE", "PUT", "PATCH", "OPTIONS"]) {
		it(`${method} /api/mcp is 405 with Allow: POST`, async () => {
			const response = await exports.default.fetch(new Request(ENDPOINT, { method }));
			expect(response.status).toBe(405);
			expect(response.headers.get("allow")).toBe("POST");
			const body = (await response.json()) as Record<string, any>;
			expect(body.error.code).toBe(-32600);
		});
	}

	it("HEAD /api/mcp is 405 too", async () => {
		const response = await exports.default.fetch(new Request(ENDPOINT, { method: "HEAD" }));
		expect(response.status).toBe(405);
	});
});

describe("content types", () => {
	it("refuses a body that is not application/json with 415", async () => {
		const answer = await post(discover, {
			"content-type": "text/plain",
			...modernHeaders("server/discover"),
		});
		expect(answer.status).toBe(415);
		expectJsonRpcError(answer, -32600);
	});

	it("accepts application/json with a charset parameter", async () => {
		const answer = await post(discover, {
			"content-type": "application/json; charset=utf-8",
			...modernHeaders("server/discover"),
		});
		expect(answer.status).toBe(200);
	});

	it.each([
		["absent", undefined],
		["*/*", "*/*"],
		["application/json", "application/json"],
		["a list with json", "text/event-stream, application/json;q=0.9"],
	])("reads Accept leniently (%s)", async (_label, accept) => {
		const headers: Record<string, string> = { ...modernHeaders("server/discover") };
		const response = await exports.default.fetch(
			new Request(ENDPOINT, {
				method: "POST",
				headers: { "content-type": "application/json", ...(accept ? { accept } : {}), ...headers },
				body: JSON.stringify(discover),
			}),
		);
		expect(response.status).toBe(200);
	});

	it("answers 406 only when Accept excludes JSON", async () => {
		const answer = await post(discover, { accept: "text/html", ...modernHeaders("server/discover") });
		expect(answer.status).toBe(406);
		expectJsonRpcError(answer, -32600);
	});
});

describe("body size", () => {
	const padded = (bytes: number) => {
		const base = JSON.stringify({ ...discover, params: { _meta: MODERN_META, pad: "" } });
		return base.replace('"pad":""', `"pad":"${"x".repeat(bytes - base.length)}"`);
	};

	it("accepts a body of exactly 64 KiB", async () => {
		const body = padded(MAX_BODY_BYTES);
		expect(new TextEncoder().encode(body).byteLength).toBe(MAX_BODY_BYTES);
		const answer = await post(body, modernHeaders("server/discover"));
		expect(answer.status).toBe(200);
	});

	it("refuses one byte more with 413", async () => {
		const answer = await post(padded(MAX_BODY_BYTES + 1), modernHeaders("server/discover"));
		expect(answer.status).toBe(413);
		expectJsonRpcError(answer, -32600);
	});

	it("refuses a declared Content-Length over the cap without reading", async () => {
		const answer = await post("{}", {
			...modernHeaders("server/discover"),
			"content-length": String(MAX_BODY_BYTES * 10),
		});
		expect(answer.status).toBe(413);
	});

	it("counts the bytes of a chunked body with no Content-Length", async () => {
		const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
		let sent = 0;
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				// Far more than the cap and the drain bound: the server must stop reading, not buffer it all.
				if (sent >= 256) return controller.close();
				sent++;
				controller.enqueue(chunk);
			},
		});
		const answer = await post(stream, modernHeaders("server/discover"), { duplex: "half" } as RequestInit);
		expect(answer.status).toBe(413);
		expect(sent * chunk.byteLength).toBeLessThanOrEqual(MAX_DRAIN_BYTES + 2 * chunk.byteLength);
	});

	it("accepts a chunked body under the cap", async () => {
		const bytes = new TextEncoder().encode(JSON.stringify(discover));
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(bytes.slice(0, 10));
				controller.enqueue(bytes.slice(10));
				controller.close();
			},
		});
		const answer = await post(stream, modernHeaders("server/discover"), { duplex: "half" } as RequestInit);
		expect(answer.status).toBe(200);
		expect(answer.json.result.resultType).toBe("complete");
	});
});

describe("malformed bodies", () => {
	it.each([
		["not JSON", "{nope"],
		["truncated JSON", '{"jsonrpc":"2.0","id":1'],
		["empty body", ""],
	])("%s is 400 -32700", async (_label, body) => {
		const answer = await post(body, modernHeaders("server/discover"));
		expect(answer.status).toBe(400);
		expectJsonRpcError(answer, -32700);
		expect(answer.json.id).toBeNull();
	});

	it("invalid UTF-8 is 400 -32700", async () => {
		const answer = await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), modernHeaders("server/discover"));
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32700);
	});

	it.each([
		["a number", 42],
		["a string", JSON.stringify("hello")],
		["null", null],
		["no jsonrpc", { id: 1, method: "tools/list" }],
		["jsonrpc 1.0", { jsonrpc: "1.0", id: 1, method: "tools/list" }],
		["method not a string", { jsonrpc: "2.0", id: 1, method: 7 }],
		["id an object", { jsonrpc: "2.0", id: { a: 1 }, method: "tools/list" }],
		["params an array", { jsonrpc: "2.0", id: 1, method: "tools/list", params: [1] }],
	])("%s is 400 -32600", async (_label, body) => {
		const answer = await post(body);
		expect(answer.status).toBe(400);
		expectJsonRpcError(answer, -32600);
	});

	it("echoes a readable id in envelope errors", async () => {
		const answer = await post({ jsonrpc: "1.0", id: "keep-me", method: "tools/list" });
		expect(answer.json.id).toBe("keep-me");
	});
});

describe("origin", () => {
	it("refuses a foreign Origin with 403", async () => {
		const answer = await post(discover, {
			...modernHeaders("server/discover"),
			origin: "https://evil.example",
		});
		expect(answer.status).toBe(403);
		expectJsonRpcError(answer, -32600);
	});

	it("refuses a rebinding attempt whose Host matches its Origin", async () => {
		const answer = await post(discover, {
			...modernHeaders("server/discover"),
			host: "evil.example.com:8787",
			origin: "http://evil.example.com:8787",
		});
		expect(answer.status).toBe(403);
	});

	it.each(["https://base2026.dev", "http://localhost:8787", "http://127.0.0.1:3000", "http://[::1]:8787"])(
		"allows %s",
		async (origin) => {
			const answer = await post(discover, { ...modernHeaders("server/discover"), origin });
			expect(answer.status).toBe(200);
		},
	);

	it("allows requests without an Origin (non-browser clients)", async () => {
		const answer = await post(discover, modernHeaders("server/discover"));
		expect(answer.status).toBe(200);
	});

	// Decided (docs/contract.md, "Transport"): a loopback origin is allowed in every deployment.
	it("a developer's own tool (the MCP Inspector serves from localhost:6274) reaches the public endpoint; a name that only starts like localhost does not", async () => {
		const allowed = await post(discover, {
			...modernHeaders("server/discover"),
			origin: "http://localhost:6274",
		});
		expect(allowed.status).toBe(200);
		for (const origin of ["http://localhost.evil.example", "http://127.0.0.1.nip.io", "http://[::2]:8787"])
			expect((await post(discover, { ...modernHeaders("server/discover"), origin })).status, origin).toBe(
				403,
			);
	});
});

describe("stateless", () => {
	it("never mints or echoes a session id", async () => {
		const answer = await post(discover, { ...modernHeaders("server/discover"), "mcp-session-id": "abc" });
		expect(answer.status).toBe(200);
		expect(answer.headers.get("mcp-session-id")).toBeNull();
	});

	it("answers single-line JSON", async () => {
		const answer = await post(discover, modernHeaders("server/discover"));
		expect(answer.text.includes("\n")).toBe(false);
	});
});

describe("content encodings", () => {
	it.each(["gzip", "GZIP", "br", "deflate", "identity, gzip", "x-unknown"])(
		"refuses Content-Encoding: %s with 415 and Accept-Encoding: identity",
		async (coding) => {
			const answer = await post(discover, {
				...modernHeaders("server/discover"),
				"content-encoding": coding,
			});
			expect(answer.status).toBe(415);
			expectJsonRpcError(answer, -32600);
			expect(answer.json.error.message).toContain("Content-Encoding");
			expect(answer.json.error.data).toEqual({ content_encoding: "identity" });
			expect(answer.headers.get("accept-encoding")).toBe("identity");
		},
	);

	it("takes an identity Content-Encoding as no encoding", async () => {
		for (const coding of ["identity", "Identity", "identity, identity"]) {
			const answer = await post(discover, {
				...modernHeaders("server/discover"),
				"content-encoding": coding,
			});
			expect(answer.status, coding).toBe(200);
		}
	});

	it("refuses a gzip body before the rate limiter: more refusals than the budget, and the address still has all of it", async () => {
		await inOneWindow();
		const address = "192.0.2.151";
		const gzipped = await new Response(
			new Blob([JSON.stringify(discover)]).stream().pipeThrough(new CompressionStream("gzip")),
		).arrayBuffer();
		for (let i = 0; i <= RATE_LIMIT.requests; i++) {
			const answer = await post(new Uint8Array(gzipped), {
				...modernHeaders("server/discover"),
				"content-encoding": "gzip",
				"cf-connecting-ip": address,
			});
			expect(answer.status).toBe(415);
		}
		const served = await post(discover, { ...modernHeaders("server/discover"), "cf-connecting-ip": address });
		expect(served.status).toBe(200);
	});
});
