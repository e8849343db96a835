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

interface ToolCaller {
	callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

/**
 * Follows a search hit through every tool. The SDK validates each structuredContent against the
 * tool's outputSchema from tools/list, so a shape that drifted from its schema fails here.
 */
async function walkAllSixTools(client: ToolCaller) {
	const call = async (name: string, args: Record<string, unknown>) => {
		const result = (await client.callTool({ name, arguments: args })) as {
			isError?: boolean;
			structuredContent: Record<string, any>;
		};
		expect(result.isError, name).toBeFalsy();
		return result.structuredContent;
	};
	const search = await call("search_sources", { query: "AI search", limit: 3 });
	expect(search.results.length).toBe(3);
	const hit = search.results[0];
	const source = await call("get_source", { source_id: hit.source_id });
	expect(source.source.original_url).toBe(hit.original_url);
	const creator = await call("get_creator", { handle: hit.creator_handle });
	expect(creator.creator.handle).toBe(hit.creator_handle);
	const topicId = source.source.topics[0].topic_id;
	const topic = await call("get_topic", { topic_id: topicId });
	expect(topic.counts.public_sources).toBeGreaterThan(0);
	const signal = await call("get_topic_signal", { topic_id: topicId });
	expect(["strong", "not_strong"]).toContain(signal.signal);
	const manifest = await call("get_public_manifest", {});
	expect(manifest.dimensions.public_sources).toBeGreaterThan(0);
}

describe("1.x SDK client (legacy era)", () => {
	const client = new LegacyClient({ name: "e2e-legacy", version: "1.0.0" });
	const transport = new LegacyTransport(url);

	beforeAll(async () => {
		await client.connect(transport);
	});
	afterAll(async () => {
		await client.close();
	});

	it("negotiates 2025-11-25 and reads the server's identity", () => {
		// The client keeps the version initialize agreed, and sends it as MCP-Protocol-Version.
		expect(transport.protocolVersion).toBe("2025-11-25");
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

	it("calls all six tools along a search hit, each result valid against its outputSchema", async () => {
		await client.listTools();
		await walkAllSixTools(client);
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

	it("calls all six tools along a search hit, each result valid against its outputSchema", async () => {
		await client.listTools();
		await walkAllSixTools(client);
	});

	it("surfaces a bad argument as a tool error the model can read", async () => {
		await client.listTools();
		const result = (await client.callTool({
			name: "search_sources",
			arguments: { query: "seo", limit: 50 },
		})) as {
			isError?: boolean;
			content: { text: string }[];
		};
		expect(result.isError).toBe(true);
		expect(result.content[0]?.text).toMatch(/limit is at most 20/);
	});
});
