import { describe, expect, it } from "vitest";
import { TOOL_NAMES, toolNames } from "../../support/registry";
import { legacy, post } from "../../support/workers/mcp";

const initialize = (protocolVersion: unknown, id: string | number = 1) => ({
	jsonrpc: "2.0",
	id,
	method: "initialize",
	params: { protocolVersion, capabilities: {}, clientInfo: { name: "test", version: "1" } },
});

describe("initialize", () => {
	it.each(["2025-11-25", "2025-06-18", "2025-03-26"])("echoes the supported version %s", async (version) => {
		const answer = await post(initialize(version));
		expect(answer.status).toBe(200);
		const result = answer.json.result;
		expect(result.protocolVersion).toBe(version);
		expect(result.capabilities).toEqual({ tools: {}, resources: {}, prompts: {}, completions: {} });
		expect(result.serverInfo).toMatchObject({ name: "base2026-public-mcp", version: expect.any(String) });
		expect(result.instructions).toContain("source_page_url");
		expect(answer.headers.get("mcp-session-id")).toBeNull();
	});

	it.each(["2024-11-05", "2026-07-28", "1999-01-01", 42])(
		"answers 2025-11-25 to %s (never the modern version)",
		async (version) => {
			const answer = await post(initialize(version));
			expect(answer.status).toBe(200);
			expect(answer.json.result.protocolVersion).toBe("2025-11-25");
		},
	);

	it("ignores an MCP-Protocol-Version header on initialize itself", async () => {
		const answer = await post(initialize("2025-06-18"), { "MCP-Protocol-Version": "2025-06-18" });
		expect(answer.json.result.protocolVersion).toBe("2025-06-18");
	});
});

describe("after initialize", () => {
	it("notifications are 202 with no body", async () => {
		const answer = await post(
			{ jsonrpc: "2.0", method: "notifications/initialized" },
			{ "MCP-Protocol-Version": "2025-11-25" },
		);
		expect(answer.status).toBe(202);
		expect(answer.text).toBe("");
	});

	it("a posted JSON-RPC response is 202 with no body", async () => {
		const answer = await post(
			{ jsonrpc: "2.0", id: 5, result: {} },
			{ "MCP-Protocol-Version": "2025-11-25" },
		);
		expect(answer.status).toBe(202);
	});

	it("ping answers exactly {}", async () => {
		const answer = await legacy("ping", undefined);
		expect(answer.json.result).toEqual({});
	});

	it("tools/list lists every registered tool without modern fields", async () => {
		const answer = await legacy("tools/list");
		expect(answer.status).toBe(200);
		expect(toolNames(answer.json.result)).toEqual(TOOL_NAMES);
		expect(answer.json.result.resultType).toBeUndefined();
		expect(answer.json.result.ttlMs).toBeUndefined();
	});

	it("tools/call works", async () => {
		const answer = await legacy("tools/call", { name: "get_public_manifest", arguments: {} });
		expect(answer.json.result.structuredContent.policy.read_only).toBe(true);
		expect(answer.json.result.resultType).toBeUndefined();
	});

	it("an absent header means 2025-03-26 and still works", async () => {
		const answer = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		expect(answer.status).toBe(200);
		expect(toolNames(answer.json.result)).toEqual(TOOL_NAMES);
	});

	it.each(["2024-11-05", "v999", "2025-13-45"])("an unsupported header %s is 400", async (version) => {
		const answer = await legacy("tools/list", {}, version);
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32600);
		expect(answer.json.error.message).toContain("MCP-Protocol-Version");
	});

	it("handler errors travel with HTTP 200", async () => {
		const unknownMethod = await legacy("resources/subscribe");
		expect(unknownMethod.status).toBe(200);
		expect(unknownMethod.json.error.code).toBe(-32601);
		const unknownTool = await legacy("tools/call", { name: "nope", arguments: {} });
		expect(unknownTool.status).toBe(200);
		expect(unknownTool.json.error.code).toBe(-32602);
	});

	it("server/discover without _meta is a legacy unknown method", async () => {
		const answer = await legacy("server/discover");
		expect(answer.status).toBe(200);
		expect(answer.json.error.code).toBe(-32601);
	});
});

describe("batches", () => {
	it("2025-03-26 (no header) answers a batch with an array, skipping notifications", async () => {
		const answer = await post([
			{ jsonrpc: "2.0", id: 1, method: "ping" },
			{ jsonrpc: "2.0", method: "notifications/initialized" },
			{ jsonrpc: "2.0", id: 2, method: "tools/list" },
			{ jsonrpc: "2.0", id: 3, method: "nope" },
			{ jsonrpc: "1.0", id: 4, method: "ping" },
			{ jsonrpc: "2.0", id: 5, method: "initialize", params: {} },
		]);
		expect(answer.status).toBe(200);
		const replies = answer.json as unknown as Record<string, any>[];
		expect(replies.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
		expect(replies[0]?.result).toEqual({});
		expect(toolNames(replies[1]?.result)).toEqual(TOOL_NAMES);
		expect(replies[2]?.error.code).toBe(-32601);
		expect(replies[3]?.error.code).toBe(-32600);
		expect(replies[4]?.error.code).toBe(-32600);
	});

	it("a batch of notifications only is 202", async () => {
		const answer = await post([{ jsonrpc: "2.0", method: "notifications/initialized" }]);
		expect(answer.status).toBe(202);
	});

	it("an empty batch is 400 -32600", async () => {
		const answer = await post([]);
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32600);
	});

	it("batches are refused after 2025-03-26", async () => {
		const answer = await post([{ jsonrpc: "2.0", id: 1, method: "ping" }], {
			"MCP-Protocol-Version": "2025-06-18",
		});
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32600);
	});
});
