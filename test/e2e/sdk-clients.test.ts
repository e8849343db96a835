/**
 * The official MCP clients against `wrangler dev`: the 1.x SDK speaks the legacy era (initialize), the
 * 2.x client negotiates the modern era (server/discover), and is also run pinned to the legacy era.
 * Both validate every structured result against the tool's outputSchema from tools/list, and every
 * resources, prompts and completion result against their own schemas.
 */
import {
	Client as ModernClient,
	StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TOOL_DESCRIPTORS } from "../../src/tools/registry";
import { argumentsFor, PROMPT_NAMES, TOOL_NAMES } from "../support/registry";

const url = new URL(inject("mcpUrl"));

const CAPABILITIES = { tools: {}, resources: {}, prompts: {}, completions: {} };

/** What both clients offer for resources, prompts and completion (each validates the results against its schemas). */
interface ResourceClient {
	listResources(params?: { cursor?: string }): Promise<{ resources: { uri: string }[]; nextCursor?: string }>;
	listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
	readResource(params: {
		uri: string;
	}): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
	complete(params: {
		ref: { type: "ref/resource"; uri: string } | { type: "ref/prompt"; name: string };
		argument: { name: string; value: string };
	}): Promise<{ completion: { values: string[]; hasMore?: boolean } }>;
	listPrompts(): Promise<{ prompts: { name: string; arguments?: { name: string; required?: boolean }[] }[] }>;
	getPrompt(params: {
		name: string;
		arguments?: Record<string, string>;
	}): Promise<{ messages: { role: string; content: { type: string; text?: string } }[] }>;
}

/**
 * Lists resources (two pages) and templates, reads one resource of each kind, completes a topic id,
 * a handle and a source id from a prefix, lists the prompts and gets each one.
 */
async function walkResourcesAndPrompts(client: ResourceClient) {
	const first = await client.listResources();
	expect(first.resources[0]?.uri).toBe("base2026://manifest");
	const topicUri = first.resources.find((r) => r.uri.startsWith("base2026://topics/"))?.uri as string;
	// The 1.x client returns one page; the 2.x client, asked without a cursor, walks every page itself.
	const second =
		first.nextCursor === undefined ? first : await client.listResources({ cursor: first.nextCursor });
	const sourceUri = second.resources.find((r) => r.uri.startsWith("base2026://sources/"))?.uri as string;
	expect(sourceUri).toBeTypeOf("string");
	const { resourceTemplates } = await client.listResourceTemplates();
	expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
		"base2026://sources/{source_id}",
		"base2026://creators/{handle}",
		"base2026://topics/{topic_id}",
	]);
	const topics = await client.complete({
		ref: { type: "ref/resource", uri: "base2026://topics/{topic_id}" },
		argument: { name: "topic_id", value: "ai" },
	});
	expect(topics.completion.values).toContain("ai-overviews");
	for (const value of topics.completion.values) expect(value.startsWith("ai")).toBe(true);
	const handles = await client.complete({
		ref: { type: "ref/prompt", name: "brief_creator" },
		argument: { name: "handle", value: "s" },
	});
	expect(handles.completion.values.length).toBeGreaterThan(0);
	const sources = await client.complete({
		ref: { type: "ref/resource", uri: "base2026://sources/{source_id}" },
		argument: { name: "source_id", value: "src_" },
	});
	expect(sources.completion.values.length).toBe(20);
	const creatorUri = `base2026://creators/${encodeURIComponent(handles.completion.values[0] as string)}`;
	for (const uri of ["base2026://manifest", topicUri, creatorUri, sourceUri]) {
		const { contents } = await client.readResource({ uri });
		expect(contents).toHaveLength(1);
		expect(contents[0]?.uri).toBe(uri);
		expect(contents[0]?.mimeType).toBe("text/markdown");
		expect(new TextEncoder().encode(contents[0]?.text).byteLength).toBeLessThanOrEqual(8192);
	}
	const source = (await client.readResource({ uri: sourceUri })).contents[0]?.text ?? "";
	expect(source).toMatch(/Original URL: https:\/\//);
	expect(source).toMatch(/Source page URL: https?:\/\/.*\/sources\//);
	const { prompts } = await client.listPrompts();
	expect(prompts.map((p) => p.name)).toEqual(PROMPT_NAMES);
	// Each prompt's required arguments, by name, from what the walk found.
	const values: Record<string, string> = {
		topic_id: topics.completion.values[0] as string,
		claim: "Schema markup gets pages cited in AI Overviews",
		handle: handles.completion.values[0] as string,
	};
	for (const prompt of prompts) {
		const args = Object.fromEntries(
			(prompt.arguments ?? []).filter((a) => a.required).map((a) => [a.name, values[a.name] ?? "x"]),
		);
		const got = await client.getPrompt({ name: prompt.name, arguments: args });
		expect(got.messages[0]?.role).toBe("user");
		expect(got.messages[0]?.content.text).toContain("source_page_url");
	}
}

interface ToolCaller {
	callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

/**
 * Follows a search hit, then calls every tool of the registry with its required arguments taken from
 * that hit by name (a query, a source id, a handle, a topic id). The SDK validates each
 * structuredContent against the tool's outputSchema from tools/list, so a shape that drifted from its
 * schema fails here, for a tool added later too.
 */
async function walkEveryTool(client: ToolCaller) {
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
	const hitSource = await call("get_source", { source_id: hit.source_id });
	const values = {
		query: "AI search",
		source_id: hit.source_id,
		handle: hit.creator_handle,
		topic_id: hitSource.source.topics[0].topic_id,
	};
	const answers: Record<string, Record<string, any>> = {};
	for (const tool of TOOL_DESCRIPTORS) answers[tool.name] = await call(tool.name, argumentsFor(tool, values));
	expect(Object.keys(answers)).toEqual(TOOL_NAMES);
	// What the walk can check of the tools it knows.
	expect(answers.get_source?.source.original_url).toBe(hit.original_url);
	expect(answers.get_creator?.creator.handle).toBe(hit.creator_handle);
	expect(answers.get_topic?.counts.public_sources).toBeGreaterThan(0);
	expect(["strong", "not_strong"]).toContain(answers.get_topic_signal?.signal);
	expect(answers.get_public_manifest?.dimensions.public_sources).toBeGreaterThan(0);
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
		expect(client.getServerCapabilities()).toEqual(CAPABILITIES);
		expect(client.getInstructions()).toContain("source_page_url");
	});

	it("lists every registered tool in order with read-only annotations", async () => {
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

	it("calls every tool along a search hit, each result valid against its outputSchema", async () => {
		await client.listTools();
		await walkEveryTool(client);
	});

	it("lists and reads resources, completes arguments and gets every prompt", async () => {
		await walkResourcesAndPrompts(client as unknown as ResourceClient);
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

	it("lists every registered tool in order", async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
	});

	it("calls get_public_manifest and the result matches its outputSchema", async () => {
		await client.listTools();
		const result = await client.callTool({ name: "get_public_manifest", arguments: {} });
		expect(result.isError).toBeFalsy();
		expect((result.structuredContent as Record<string, any>).protocol.current).toBe("2026-07-28");
	});

	it("calls every tool along a search hit, each result valid against its outputSchema", async () => {
		await client.listTools();
		await walkEveryTool(client);
	});

	it("declares resources, prompts and completions, and uses them", async () => {
		expect(client.getServerCapabilities()).toMatchObject(CAPABILITIES);
		await walkResourcesAndPrompts(client as unknown as ResourceClient);
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

describe("2.x client (legacy era, versionNegotiation legacy)", () => {
	const client = new ModernClient(
		{ name: "e2e-modern-legacy", version: "1.0.0" },
		{ versionNegotiation: { mode: "legacy" } },
	);

	beforeAll(async () => {
		await client.connect(new ModernTransport(url));
	});
	afterAll(async () => {
		await client.close();
	});

	it("initializes in the 2025 era and declares the same capabilities", () => {
		expect(client.getProtocolEra()).toBe("legacy");
		expect(client.getServerCapabilities()).toMatchObject(CAPABILITIES);
	});

	it("lists and reads resources, completes arguments and gets every prompt", async () => {
		await walkResourcesAndPrompts(client as unknown as ResourceClient);
	});
});
