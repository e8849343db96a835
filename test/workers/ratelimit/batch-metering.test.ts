/**
 * The budget meters JSON-RPC messages, not POSTs: every element of a 2025-03-26 batch counts, a
 * batch that does not fit what is left (or is longer than any batch may be) is refused whole before
 * anything runs, requests the transport refuses cost nothing, and a batch answer stays bounded.
 * Real Worker, real D1, Miniflare's real rate-limit binding and Durable Object.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { UNKNOWN_NAME } from "../../../src/http/request-log";
import worker from "../../../src/index";
import {
	MAX_ANSWER_BYTES,
	MAX_BATCH_ANSWER_BYTES,
	MAX_BATCH_MESSAGES,
	MAX_BODY_BYTES,
	RATE_LIMIT,
} from "../../../src/limits";
import { ENDPOINT, inOneWindow, MODERN_META, modernHeaders } from "../../support/workers/mcp";
import { one } from "../../support/workers/tool-helpers";

// A test may first wait for the next rate-limit window (inOneWindow: up to 10 seconds), then send a
// minute's budget: three times what that takes on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

let addressCounter = 0;
/** A documentation-range address (RFC 3849, IPv6) no other test uses: each test has its own budget. */
const uniqueIp = () => `2001:db8:ba7c:${(++addressCounter).toString(16)}::1`;

const TOPIC = FIXTURES.topics.llmCitations.topic_id;

const signalCall = (id: number) => ({
	jsonrpc: "2.0",
	id,
	method: "tools/call",
	params: { name: "get_topic_signal", arguments: { topic_id: TOPIC } },
});
const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });
const batchOf = (length: number, element: (id: number) => unknown = signalCall) =>
	Array.from({ length }, (_, i) => element(i + 1));

interface Sent {
	status: number;
	headers: Headers;
	json: any;
	bytes: number;
}

/** A 2025-03-26 POST (no MCP-Protocol-Version header) through the Worker, with some bindings replaced. */
async function send(
	ip: string,
	body: unknown,
	options: { headers?: Record<string, string>; bindings?: Partial<Record<keyof Env, unknown>> } = {},
): Promise<Sent> {
	const request = new Request(ENDPOINT, {
		method: "POST",
		headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...options.headers },
		body: typeof body === "string" ? body : JSON.stringify(body),
	});
	const response = await worker.fetch(
		request as Parameters<typeof worker.fetch>[0],
		{ ...env, ...options.bindings } as Env,
		createExecutionContext(),
	);
	const text = await response.text();
	return {
		status: response.status,
		headers: response.headers,
		json: text === "" ? undefined : JSON.parse(text),
		bytes: new TextEncoder().encode(text).byteLength,
	};
}

/** Tool results answered in a 200 batch answer. */
const answeredCalls = (sent: Sent) =>
	sent.status === 200 && Array.isArray(sent.json) ? sent.json.filter((reply) => "result" in reply).length : 0;

const validDiscover = (ip: string) =>
	send(
		ip,
		{ jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: MODERN_META } },
		{
			headers: modernHeaders("server/discover"),
		},
	);

function expectRefusedWhole(sent: Sent) {
	expect(sent.status).toBe(429);
	// One error object, not a batch answer: nothing in the batch ran.
	expect(Array.isArray(sent.json)).toBe(false);
	expect(sent.json.error.code).toBe(-31429);
}

describe("every message of a batch counts", () => {
	it("60 POSTs of batches of 7 answer at most 60 calls; the batch that does not fit gets 429 and runs nothing", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		let answered = 0;
		const statuses: number[] = [];
		for (let post = 0; post < 60; post++) {
			const sent = await send(ip, batchOf(7));
			statuses.push(sent.status);
			answered += answeredCalls(sent);
			if (sent.status === 429) expectRefusedWhole(sent);
		}
		expect(answered).toBeLessThanOrEqual(RATE_LIMIT.requests);
		expect(answered).toBe(56);
		expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
		expect(statuses.slice(8)).toEqual(Array(52).fill(429));
		const refused = await send(ip, batchOf(7));
		expect(refused.json.error.data.messages).toBe(7);
		expect(refused.json.error.message).toMatch(/batch of 7 does not fit/);
		expect(refused.headers.get("retry-after")).toBe(String(RATE_LIMIT.periodSeconds));
	});

	it("on the Durable Object path a refused batch uses nothing: the rest of the budget still serves a smaller batch", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const bindings = { MCP_RATE_LIMIT: undefined };
		for (let post = 0; post < 8; post++)
			expect(answeredCalls(await send(ip, batchOf(7), { bindings }))).toBe(7);
		expectRefusedWhole(await send(ip, batchOf(5), { bindings }));
		expect(answeredCalls(await send(ip, batchOf(4), { bindings }))).toBe(4);
		expect((await send(ip, signalCall(1), { bindings })).status).toBe(429);
	});

	it("notifications and responses in a batch count like requests", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const notification = () => ({ jsonrpc: "2.0", method: "notifications/initialized" });
		const response = (id: number) => ({ jsonrpc: "2.0", id, result: {} });
		expect((await send(ip, batchOf(MAX_BATCH_MESSAGES, notification))).status).toBe(202);
		expect((await send(ip, batchOf(MAX_BATCH_MESSAGES, response))).status).toBe(202);
		expect(answeredCalls(await send(ip, batchOf(MAX_BATCH_MESSAGES, ping)))).toBe(MAX_BATCH_MESSAGES);
		expectRefusedWhole(await send(ip, ping(1)));
	});

	it("a batch longer than the maximum is refused whole with 429, runs nothing and costs nothing", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const sent = await send(ip, batchOf(MAX_BATCH_MESSAGES + 1));
		expectRefusedWhole(sent);
		expect(sent.json.error.data).toMatchObject({
			max_batch_messages: MAX_BATCH_MESSAGES,
			messages: MAX_BATCH_MESSAGES + 1,
		});
		// Waiting would not help, so no Retry-After.
		expect(sent.headers.get("retry-after")).toBeNull();
		expectRefusedWhole(await send(ip, batchOf(500, ping)));
		// Nothing was counted: the whole budget is still there.
		for (let i = 0; i < RATE_LIMIT.requests; i++) expect((await send(ip, ping(i))).status).toBe(200);
		expect((await send(ip, ping(0))).status).toBe(429);
	});

	it("a batch refused whole (a 2026-07-28 claim, or a version without batches) costs one, not its length", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const modernElement = (id: number) => ({ ...ping(id), params: { _meta: MODERN_META } });
		const refusals = [
			// Every element claims 2026-07-28, which has no batches: 20 messages, none of them run.
			() => send(ip, batchOf(MAX_BATCH_MESSAGES, modernElement)),
			// One element's claim is enough.
			() => send(ip, [...batchOf(MAX_BATCH_MESSAGES - 1, ping), modernElement(99)]),
			// The header names 2026-07-28, or a 2025 version after 2025-03-26.
			() =>
				send(ip, batchOf(MAX_BATCH_MESSAGES, ping), { headers: { "MCP-Protocol-Version": "2026-07-28" } }),
			() =>
				send(ip, batchOf(MAX_BATCH_MESSAGES, ping), { headers: { "MCP-Protocol-Version": "2025-11-25" } }),
		];
		for (let i = 0; i < 10; i++) {
			for (const refuse of refusals) {
				const sent = await refuse();
				expect(sent.status).toBe(400);
				expect(Array.isArray(sent.json)).toBe(false);
				expect(sent.json.error.code).toBe(-32600);
			}
		}
		// 40 refusals of 20-message batches cost 40: 20 single messages are still answered.
		for (let i = 0; i < 20; i++) expect((await send(ip, ping(i))).status).toBe(200);
		expect((await send(ip, ping(0))).status).toBe(429);
	});

	it("a single message and an empty batch each cost one", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		for (let i = 0; i < 30; i++) expect((await send(ip, [])).status).toBe(400);
		for (let i = 0; i < 30; i++) expect((await send(ip, ping(i))).status).toBe(200);
		expect((await send(ip, ping(0))).status).toBe(429);
	});
});

describe("refusals that run nothing cost nothing", () => {
	it("60 foreign-Origin and 60 text/plain POSTs, then a valid request from the same identity is answered", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		for (let i = 0; i < 60; i++) {
			const foreign = await send(ip, batchOf(3), { headers: { origin: "https://evil.example" } });
			expect(foreign.status).toBe(403);
			// What a page's no-cors form post looks like: text/plain, a foreign origin or none.
			const plain = await send(ip, batchOf(3), { headers: { "content-type": "text/plain" } });
			expect(plain.status).toBe(415);
		}
		expect((await validDiscover(ip)).status).toBe(200);
	});

	it("oversize bodies, bodies that refuse JSON answers and wrong methods cost nothing either", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		for (let i = 0; i < 70; i++) {
			expect((await send(ip, " ".repeat(MAX_BODY_BYTES + 1))).status).toBe(413);
			expect((await send(ip, ping(i), { headers: { accept: "text/html" } })).status).toBe(406);
		}
		expect((await validDiscover(ip)).status).toBe(200);
	});

	it("still fails closed: with no limiter able to answer, a batch runs nothing", async () => {
		await inOneWindow();
		const sent = await send(uniqueIp(), batchOf(3), {
			bindings: { MCP_RATE_LIMIT: undefined, RATE_LIMITER: undefined },
		});
		expect(sent.status).toBe(503);
		expect(Array.isArray(sent.json)).toBe(false);
	});
});

describe("a batch answer is bounded", () => {
	it("the heaviest batch within the limits stays under the per-answer and whole-batch bounds", async () => {
		await inOneWindow();
		const biggest = await one<{ source_id: string }>(
			`SELECT s.source_id FROM sources s JOIN passages p ON p.source_id = s.source_id
			 WHERE s.publication_state = 'published' GROUP BY s.source_id ORDER BY SUM(length(p.text)) DESC LIMIT 1`,
		);
		const busiest = await one<{ handle: string }>(
			`SELECT c.handle FROM creators c JOIN sources s ON s.creator_id = c.creator_id
			 GROUP BY c.creator_id ORDER BY COUNT(*) DESC LIMIT 1`,
		);
		const heavy: [string, Record<string, unknown>][] = [
			["search_sources", { query: "seo search content ai", limit: 20 }],
			["search_sources", { query: "how to rank in ai overviews with schema and internal links", limit: 20 }],
			["get_source", { source_id: biggest.source_id }],
			["get_creator", { handle: busiest.handle }],
			["get_topic", { topic_id: TOPIC }],
			["get_public_manifest", {}],
		];
		const batch = Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => {
			const [name, args] = heavy[i % heavy.length] ?? ["get_public_manifest", {}];
			return { jsonrpc: "2.0", id: i, method: "tools/call", params: { name, arguments: args } };
		});
		const sent = await send(uniqueIp(), batch);
		expect(sent.status).toBe(200);
		expect(answeredCalls(sent)).toBe(MAX_BATCH_MESSAGES);
		const sizes = (sent.json as unknown[]).map(
			(reply) => new TextEncoder().encode(JSON.stringify(reply)).byteLength,
		);
		for (const reply of sent.json as { result: { isError?: boolean } }[])
			expect(reply.result.isError ?? false).toBe(false);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
		expect(sent.bytes).toBeLessThanOrEqual(MAX_BATCH_ANSWER_BYTES);
	});
});

describe("the request log holds only what the server defines", () => {
	afterEach(() => vi.restoreAllMocks());

	async function loggedLines(run: () => Promise<unknown>): Promise<string[]> {
		const lines: string[] = [];
		vi.spyOn(console, "log").mockImplementation((line: unknown) => {
			if (typeof line === "string" && line.includes('"mcp_request"')) lines.push(line);
		});
		await run();
		return lines;
	}

	it("hostile methods, tool names and batches leave a placeholder and a length, never the text", async () => {
		await inOneWindow();
		const secret = "someone@example.com";
		const hostileMethod = `${"x".repeat(60_000)} ${secret}`;
		const ip = uniqueIp();
		const lines = await loggedLines(async () => {
			await send(ip, { jsonrpc: "2.0", id: 1, method: hostileMethod });
			await send(ip, { jsonrpc: "2.0", method: `notifications/${secret}` });
			await send(ip, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: secret } });
			await send(ip, {
				jsonrpc: "2.0",
				id: 3,
				method: "tools/call",
				params: { name: `get_topic\n${secret}` },
			});
			await send(ip, [{ jsonrpc: "2.0", id: 4, method: hostileMethod }, signalCall(5)]);
			await send(
				ip,
				{ jsonrpc: "2.0", id: 6, method: `tools/${secret}`, params: { _meta: MODERN_META } },
				{ headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": `tools/${secret}` } },
			);
			await send(ip, signalCall(7));
		});
		expect(lines).toHaveLength(7);
		for (const line of lines) {
			expect(line.length).toBeLessThan(400);
			expect(line).not.toContain("example.com");
			expect(line).not.toContain("\\n");
		}
		const parsed = lines.map((line) => JSON.parse(line));
		expect(parsed[0]).toMatchObject({
			method: UNKNOWN_NAME,
			method_chars: [...hostileMethod].length,
			messages: 1,
		});
		expect(parsed[1]).toMatchObject({ method: UNKNOWN_NAME, status: 202 });
		expect(parsed[2]).toMatchObject({ method: "tools/call", tool: UNKNOWN_NAME, tool_chars: secret.length });
		expect(parsed[3]).toMatchObject({ tool: UNKNOWN_NAME });
		expect(parsed[4]).toMatchObject({ method: "batch", messages: 2 });
		expect(parsed[5]).toMatchObject({ era: "modern", method: UNKNOWN_NAME });
		expect(parsed[6]).toMatchObject({
			method: "tools/call",
			tool: "get_topic_signal",
			status: 200,
			messages: 1,
		});
	});

	it("resources, prompts and completion log their method, never the URI, prompt arguments or prefix", async () => {
		await inOneWindow();
		const secret = "someone@example.com";
		const uri = `base2026://sources/${encodeURIComponent(secret)}`;
		const ip = uniqueIp();
		const lines = await loggedLines(async () => {
			await send(
				ip,
				{ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri, _meta: MODERN_META } },
				{
					headers: modernHeaders("resources/read", uri),
				},
			);
			await send(
				ip,
				{ jsonrpc: "2.0", id: 2, method: "resources/read", params: { uri } },
				{
					headers: { "mcp-protocol-version": "2025-11-25" },
				},
			);
			await send(ip, {
				jsonrpc: "2.0",
				id: 3,
				method: "prompts/get",
				params: { name: "check_claim", arguments: { claim: secret } },
			});
			await send(ip, {
				jsonrpc: "2.0",
				id: 4,
				method: "completion/complete",
				params: {
					ref: { type: "ref/prompt", name: "brief_creator" },
					argument: { name: "handle", value: secret },
				},
			});
			// A 2025-03-26 batch of reads costs one message each.
			await send(ip, [
				{ jsonrpc: "2.0", id: 5, method: "resources/list" },
				{ jsonrpc: "2.0", id: 6, method: "resources/read", params: { uri: "base2026://manifest" } },
			]);
		});
		expect(lines).toHaveLength(5);
		for (const line of lines) expect(line).not.toContain("example.com");
		const parsed = lines.map((line) => JSON.parse(line));
		expect(parsed.map((p) => p.method)).toEqual([
			"resources/read",
			"resources/read",
			"prompts/get",
			"completion/complete",
			"batch",
		]);
		expect(parsed.map((p) => p.messages)).toEqual([1, 1, 1, 1, 2]);
		for (const p of parsed) expect(p.tool).toBeUndefined();
	});

	it("a refused request logs that it was not counted", async () => {
		await inOneWindow();
		const lines = await loggedLines(() =>
			send(uniqueIp(), ping(1), { headers: { origin: "https://evil.example" } }),
		);
		expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
			status: 403,
			messages: 0,
			rate_limit: "not_counted",
		});
	});
});
