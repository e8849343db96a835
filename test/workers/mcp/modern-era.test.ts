import { describe, expect, it } from "vitest";
import { SUPPORTED_VERSIONS } from "../../../src/mcp/versions";
import { methodsOnlyIn, TOOL_NAMES, toolNames } from "../../support/registry";
import { MODERN, MODERN_META, modern, modernHeaders, post } from "../../support/workers/mcp";

const request = (method: string, params: Record<string, unknown> = {}, id: string | number = 7) => ({
	jsonrpc: "2.0",
	id,
	method,
	params: { ...params, _meta: MODERN_META },
});

const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

describe("server/discover", () => {
	it("advertises versions, tools, instructions, cache hints and server info", async () => {
		const answer = await modern("server/discover");
		expect(answer.status).toBe(200);
		const result = answer.json.result;
		expect(result.resultType).toBe("complete");
		expect(result.supportedVersions).toEqual(SUPPORTED_VERSIONS);
		expect(result.supportedVersions[0]).toBe(MODERN);
		expect(result.capabilities).toEqual({ tools: {}, resources: {}, prompts: {}, completions: {} });
		expect(result.instructions).toMatch(/original_url/);
		expect(result.instructions).toMatch(/source_page_url/);
		expect(result.ttlMs).toBeGreaterThan(0);
		expect(Number.isInteger(result.ttlMs)).toBe(true);
		expect(result.cacheScope).toBe("public");
		expect(result._meta[SERVER_INFO_KEY]).toEqual({
			name: "base2026-public-mcp",
			version: expect.any(String),
		});
	});

	it("does not require clientInfo", async () => {
		const answer = await modern("server/discover");
		expect(answer.status).toBe(200);
	});

	it("echoes string and numeric ids", async () => {
		for (const id of ["abc", 0, 42]) {
			const answer = await post(request("server/discover", {}, id), modernHeaders("server/discover"));
			expect(answer.json.id).toBe(id);
		}
	});
});

describe("the _meta envelope", () => {
	const cases: [string, Record<string, unknown> | undefined, string][] = [
		["no params at all", undefined, "protocolVersion"],
		["no _meta", {}, "protocolVersion"],
		[
			"no clientCapabilities (the product page's curl example)",
			{ _meta: { "io.modelcontextprotocol/protocolVersion": MODERN } },
			"clientCapabilities",
		],
		[
			"no protocolVersion",
			{ _meta: { "io.modelcontextprotocol/clientCapabilities": {} } },
			"protocolVersion",
		],
	];
	for (const [label, params, missing] of cases) {
		it(`${label} is 400 -32602 naming the missing field`, async () => {
			const body = { jsonrpc: "2.0", id: 1, method: "server/discover", ...(params ? { params } : {}) };
			const answer = await post(body, modernHeaders("server/discover"));
			expect(answer.status).toBe(400);
			expect(answer.json.error.code).toBe(-32602);
			expect(answer.json.error.message).toContain(missing);
			expect(answer.json.id).toBe(1);
		});
	}

	it("a field of the wrong type is named with the type it must have, and only it", async () => {
		const version = "io.modelcontextprotocol/protocolVersion";
		const capabilities = "io.modelcontextprotocol/clientCapabilities";
		const send = async (meta: Record<string, unknown>) =>
			(
				await post(
					{ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta } },
					modernHeaders("server/discover"),
				)
			).json.error;
		const numbered = await send({ [version]: 20260728, [capabilities]: {} });
		expect(numbered.code).toBe(-32602);
		expect(numbered.message).toBe(
			`Invalid params: a ${MODERN} request must carry params._meta with "${version}" (a string).`,
		);
		expect(numbered.data).toEqual({ missing: [version] });
		for (const wrong of [null, [], "none"]) {
			const error = await send({ [version]: MODERN, [capabilities]: wrong });
			expect(error.message).toBe(
				`Invalid params: a ${MODERN} request must carry params._meta with "${capabilities}" (an object; send {} when the client declares none).`,
			);
			expect(error.data).toEqual({ missing: [capabilities] });
		}
	});

	it("an unsupported version is 400 -32022 with supported and requested", async () => {
		const body = {
			jsonrpc: "2.0",
			id: 3,
			method: "server/discover",
			params: { _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": "v999.0.0" } },
		};
		const answer = await post(body, {
			...modernHeaders("server/discover"),
			"MCP-Protocol-Version": "v999.0.0",
		});
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32022);
		expect(answer.json.error.data).toEqual({ supported: SUPPORTED_VERSIONS, requested: "v999.0.0" });
	});

	it("a header version that differs from the body is 400 -32020 (before the version check)", async () => {
		const body = {
			jsonrpc: "2.0",
			id: 4,
			method: "server/discover",
			params: { _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": "v999.0.0" } },
		};
		const answer = await post(body, modernHeaders("server/discover"));
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32020);
		expect(answer.json.error.message).toContain("MCP-Protocol-Version");
	});
});

describe("headers", () => {
	it("a missing MCP-Protocol-Version is 400 -32020", async () => {
		const answer = await post(request("tools/list"), { "Mcp-Method": "tools/list" });
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32020);
		expect(answer.json.error.message).toContain("MCP-Protocol-Version");
	});

	it.each([
		["missing", undefined],
		["mismatched", "prompts/list"],
		["differently cased value", "TOOLS/LIST"],
		["duplicated (joined by a comma)", "tools/list, tools/list"],
	])("Mcp-Method %s is 400 -32020 naming the header", async (_label, value) => {
		const headers: Record<string, string> = { "MCP-Protocol-Version": MODERN };
		if (value !== undefined) headers["Mcp-Method"] = value;
		const answer = await post(request("tools/list"), headers);
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32020);
		expect(answer.json.error.message).toContain("Mcp-Method");
	});

	it.each(["mcp-method", "MCP-METHOD", "Mcp-Method"])(
		"header names are case-insensitive (%s)",
		async (name) => {
			const answer = await post(request("tools/list"), {
				"MCP-Protocol-Version": MODERN,
				[name]: "tools/list",
			});
			expect(answer.status).toBe(200);
			expect(toolNames(answer.json.result)).toEqual(TOOL_NAMES);
		},
	);

	const call = (name: string) => request("tools/call", { name, arguments: {} });

	it.each([
		["missing", undefined],
		["wrong", "get_source"],
		["undecodable base64", "=?base64?!!!?="],
		["non-ASCII plain value", "get_public_manifesté"],
	])("Mcp-Name %s is 400 -32020 naming the header", async (_label, value) => {
		const headers: Record<string, string> = modernHeaders("tools/call");
		if (value !== undefined) headers["Mcp-Name"] = value;
		const answer = await post(call("get_public_manifest"), headers);
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32020);
		expect(answer.json.error.message).toContain("Mcp-Name");
	});

	it("accepts a Base64-encoded Mcp-Name", async () => {
		const encoded = `=?base64?${btoa("get_public_manifest")}?=`;
		const answer = await post(call("get_public_manifest"), {
			...modernHeaders("tools/call"),
			"Mcp-Name": encoded,
		});
		expect(answer.status).toBe(200);
		expect(answer.json.result.isError).toBeUndefined();
	});

	it("decodes a Base64 Mcp-Name before comparing it with a non-ASCII body name", async () => {
		const name = "búsqueda";
		const bytes = new TextEncoder().encode(name);
		const encoded = `=?base64?${btoa(String.fromCharCode(...bytes))}?=`;
		const answer = await post(call(name), { ...modernHeaders("tools/call"), "Mcp-Name": encoded });
		// Headers agree, so the request reaches dispatch, which does not know the tool.
		expect(answer.status).toBe(200);
		expect(answer.json.error.code).toBe(-32602);
	});

	it("a raw non-ASCII Mcp-Name is refused with the Base64 form it must take", async () => {
		const answer = await post(call("búsqueda"), { ...modernHeaders("tools/call"), "Mcp-Name": "búsqueda" });
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32020);
		expect(answer.json.error.message).toBe(
			'Invalid Mcp-Name header: the value is not a valid header value (visible ASCII, spaces and tabs; send any other text as "=?base64?" + the Base64 of its UTF-8 + "?=").',
		);
	});

	it("trims optional whitespace around header values", async () => {
		const answer = await post(call("get_public_manifest"), {
			...modernHeaders("tools/call"),
			"Mcp-Name": "   get_public_manifest  ",
		});
		expect(answer.status).toBe(200);
		expect(answer.json.error).toBeUndefined();
	});
});

describe("methods", () => {
	for (const method of [
		...methodsOnlyIn("legacy"),
		"logging/setLevel",
		"resources/subscribe",
		"resources/unsubscribe",
		"unknown/method",
	]) {
		it(`${method} is 404 -32601`, async () => {
			const answer = await modern(method);
			expect(answer.status).toBe(404);
			expect(answer.json.error.code).toBe(-32601);
		});
	}

	it("a notification is accepted with 202 and no body", async () => {
		const answer = await post(
			{ jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: MODERN_META } },
			modernHeaders("notifications/cancelled"),
		);
		expect(answer.status).toBe(202);
		expect(answer.text).toBe("");
	});

	it("a batch of modern messages is 400 -32600", async () => {
		const answer = await post(
			[request("tools/list"), request("server/discover")],
			modernHeaders("tools/list"),
		);
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32600);
		expect(answer.json.error.message).toBe(
			`Invalid Request: ${MODERN} takes one message per request, not a batch.`,
		);
	});

	it("a batch under a modern header alone is refused as a batch, not as an unsupported version", async () => {
		const answer = await post(
			[
				{ jsonrpc: "2.0", id: 1, method: "tools/list" },
				{ jsonrpc: "2.0", id: 2, method: "ping" },
			],
			modernHeaders("tools/list"),
		);
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32600);
		expect(answer.json.error.message).toBe(
			`Invalid Request: ${MODERN} takes one message per request, not a batch.`,
		);
	});

	it("a header-only modern claim without an envelope is 400 -32602", async () => {
		const answer = await post({ jsonrpc: "2.0", id: 9, method: "tools/list" }, modernHeaders("tools/list"));
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe(-32602);
	});
});

describe("tools", () => {
	it("tools/list carries resultType, cache hints and server info", async () => {
		const answer = await modern("tools/list");
		expect(answer.status).toBe(200);
		const result = answer.json.result;
		expect(result.resultType).toBe("complete");
		expect(result.cacheScope).toBe("public");
		expect(result.ttlMs).toBeGreaterThan(0);
		expect(result._meta[SERVER_INFO_KEY].name).toBe("base2026-public-mcp");
		expect(result.nextCursor).toBeUndefined();
	});

	it("tools/list refuses a cursor it never issued", async () => {
		const answer = await modern("tools/list", { cursor: "abc" });
		expect(answer.json.error.code).toBe(-32602);
	});

	it("an unknown tool is -32602 naming the tools", async () => {
		const answer = await modern("tools/call", { name: "delete_everything", arguments: {} });
		expect(answer.json.error.code).toBe(-32602);
		expect(answer.json.error.message).toContain("search_sources");
	});

	it("tools/call without a name is -32602", async () => {
		const answer = await post(request("tools/call", { arguments: {} }), modernHeaders("tools/call"));
		expect(answer.json.error.code).toBe(-32602);
	});

	it("a tool result is complete, with serverInfo and no cache hints", async () => {
		const answer = await modern("tools/call", { name: "get_public_manifest", arguments: {} });
		const result = answer.json.result;
		expect(result.resultType).toBe("complete");
		expect(result._meta[SERVER_INFO_KEY]).toBeDefined();
		expect(result.ttlMs).toBeUndefined();
		expect(result.content[0].type).toBe("text");
		expect(result.structuredContent.public_boundary).toBeDefined();
	});
});
