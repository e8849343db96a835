/**
 * The official MCP clients against `wrangler dev`: the 1.x SDK speaks the legacy era (initialize), the
 * 2.x client negotiates the modern era (server/discover). Both validate every structured result
 * against the tool's outputSchema from tools/list.
 */
import {
	Client as ModernClient,
	StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const TOOL_NAMES = [
	"search_sources",
	"get_source",
	"get_creator",
	"get_topic",
	"get_topic_signal",
	"get_public_manifest",
];

const url = new URL(inject("mcpUrl"));

describe("1.x SDK client (legacy era)", () => {
	const client = new LegacyClient({ name: "e2e-legacy", version: "1.0.0" });

	beforeAll(async () => {
		await client.connect(new LegacyTransport(url));
	});
	afterAll(async () => {
		await client.close();
	});

	it("negotiates 2025-11-25 and reads the server's identity", () => {
		expect(client.getServerVersion()).toMatchObject({ name: "base2026-public-mcp" });
		expect(client.getServerCapabilities()).toEqual({ tools: {} });
		expect(client.getInstructions()).toContain("source_page_url");
	});

	it("lists the six tools in order with read-only annotations", async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
		for (const tool of tools) {
			expect(tool.annotations).toMatchObject({
				readOnlyHint: true,
				destructiveHint: false,
				idempotentHint: true,
				openWorldHint: false,
			});
			expect(tool.outputSchema?.type).toBe("object");
		}
	});

	it("calls get_public_manifest and the result matches its outputSchema", async () => {
		await client.listTools();
		const result = await client.callTool({ name: "get_public_manifest", arguments: {} });
		expect(result.isError).toBeFalsy();
		expect((result.structuredContent as Record<string, any>).policy.read_only).toBe(true);
	});

	it("pings", async () => {
		await expect(client.ping()).resolves.toEqual({});
	});
});

describe("2.x client (modern era, auto negotiation)", () => {
	const client = new ModernClient(
		{ name: "e2e-modern", version: "1.0.0" },
		{ versionNegotiation: { mode: "auto" } },
	);

	beforeAll(async () => {
		await client.connect(new ModernTransport(url));
	});
	afterAll(async () => {
		await client.close();
	});

	it("negotiates the modern era through server/discover", () => {
		expect(client.getProtocolEra()).toBe("modern");
		expect(client.getServerVersion()).toMatchObject({ name: "base2026-public-mcp" });
	});

	it("lists the six tools in order", async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
	});

	it("calls get_public_manifest and the result matches its outputSchema", async () => {
		await client.listTools();
		const result = await client.callTool({ name: "get_public_manifest", arguments: {} });
		expect(result.isError).toBeFalsy();
		expect((result.structuredContent as Record<string, any>).protocol.current).toBe("2026-07-28");
	});
});
