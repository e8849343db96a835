/**
 * Benchmark only: the peer. The same get_topic_signal, get_topic and search_sources, served by the official
 * SDK's stateless handler (`@modelcontextprotocol/server` 2.x `createMcpHandler`, a fresh McpServer
 * per request as the SDK prescribes) with zod schemas, as the SDK documents it. The zod schemas are
 * derived from the tools' own valibot schemas, once at module load, and the answers are built by the
 * project's own answer functions (src/tools/*-answer.ts), so the bounds, the SQL and the results are
 * identical. No rate limiter, no request log: only the protocol layer differs (ours pays for both,
 * see BENCHMARKS.md).
 */
import { env } from "cloudflare:workers";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import type * as v from "valibot";
import { z } from "zod";
import type { PublicDb } from "../../../src/data/public-db";
import { MCP_PATH } from "../../../src/http/paths";
import { MAX_QUERY_TERMS } from "../../../src/search/query/parse";
import { getTopicTool } from "../../../src/tools/get-topic";
import { getTopicSignalTool } from "../../../src/tools/get-topic-signal";
import { jsonSchemaOf } from "../../../src/tools/registry";
import { answerSearch, searchSourcesTool } from "../../../src/tools/search-sources";
import { READ_ONLY_ANNOTATIONS, ToolError } from "../../../src/tools/tool";
import { answerTopic } from "../../../src/tools/topic-answer";
import { answerTopicSignal } from "../../../src/tools/topic-signal-answer";

interface PeerEnv {
	DB: D1Database;
	PUBLIC_BASE_URL: string;
}

/**
 * A valibot schema as zod, through the JSON Schema our tools/list publishes for it. zod reads JSON
 * Schema untyped; the type is the valibot schema's, which the zod one was made from.
 */
const zodOf = <Schema extends v.GenericSchema>(schema: Schema) =>
	z.fromJSONSchema(jsonSchemaOf(schema) as z.core.JSONSchema.JSONSchema) as z.ZodType<
		v.InferOutput<Schema>,
		v.InferInput<Schema>
	>;

const PEER_SCHEMAS = {
	get_topic_signal: { input: zodOf(getTopicSignalTool.input), output: zodOf(getTopicSignalTool.output) },
	get_topic: { input: zodOf(getTopicTool.input), output: zodOf(getTopicTool.output) },
	search_sources: { input: zodOf(searchSourcesTool.input), output: zodOf(searchSourcesTool.output) },
};

/** Our tool answer as the SDK's tool result; a ToolError becomes `isError`, as on our endpoint. */
async function asResult(answer: () => Promise<{ text: string; structured: Record<string, unknown> }>) {
	try {
		const { text, structured } = await answer();
		return { content: [{ type: "text" as const, text }], structuredContent: structured };
	} catch (error) {
		if (!(error instanceof ToolError)) throw error;
		return { content: [{ type: "text" as const, text: error.message }], isError: true };
	}
}

function buildServer(): McpServer {
	const peerEnv = env as unknown as PeerEnv;
	const db: PublicDb = peerEnv.DB.withSession("first-unconstrained");
	const publicBaseUrl = peerEnv.PUBLIC_BASE_URL;
	const server = new McpServer(
		{ name: "base2026-sdk-peer", version: "0.0.0" },
		{ capabilities: { tools: {} } },
	);

	server.registerTool(
		"get_topic_signal",
		{
			title: "Get a topic's evidence gate",
			description: "Deterministic evidence gate for one topic_id (benchmark peer).",
			inputSchema: PEER_SCHEMAS.get_topic_signal.input,
			outputSchema: PEER_SCHEMAS.get_topic_signal.output,
			annotations: READ_ONLY_ANNOTATIONS,
		},
		(args) => asResult(() => answerTopicSignal(args, { db })),
	);

	server.registerTool(
		"get_topic",
		{
			title: "Get a topic",
			description: "One topic by its exact topic_id, with counts and samples (benchmark peer).",
			inputSchema: PEER_SCHEMAS.get_topic.input,
			outputSchema: PEER_SCHEMAS.get_topic.output,
			annotations: READ_ONLY_ANNOTATIONS,
		},
		(args) => asResult(() => answerTopic(args, { db, publicBaseUrl })),
	);

	server.registerTool(
		"search_sources",
		{
			title: "Search public sources",
			description: `Full-text search over the public Base2026 collection (benchmark peer); at most ${MAX_QUERY_TERMS} words are used.`,
			inputSchema: PEER_SCHEMAS.search_sources.input,
			outputSchema: PEER_SCHEMAS.search_sources.output,
			annotations: READ_ONLY_ANNOTATIONS,
		},
		(args) => asResult(() => answerSearch(args, { db, publicBaseUrl })),
	);
	return server;
}

const handler = createMcpHandler(() => buildServer(), { responseMode: "json" });

export default {
	async fetch(request: Request): Promise<Response> {
		const { pathname } = new URL(request.url);
		if (pathname !== MCP_PATH) return new Response("Not found", { status: 404 });
		// Same readiness probe as the real endpoint: GET on it answers 405 (stateless: no GET stream).
		if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
		return handler.fetch(request);
	},
};
