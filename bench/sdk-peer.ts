/**
 * Benchmark only: the peer. The same get_topic_signal, get_topic and search_sources, served by the official
 * SDK's stateless handler (`@modelcontextprotocol/server` 2.x `createMcpHandler`, a fresh McpServer
 * per request as the SDK prescribes) with zod schemas. The answers are built by the project's own
 * answer functions (src/tools/*-answer.ts, free of valibot), so the SQL and the results are identical.
 * No rate limiter, no request log: only the protocol layer differs (ours pays for both, see
 * BENCHMARKS.md).
 */
import { env } from "cloudflare:workers";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { MAX_QUERY_TERMS } from "../src/data/match-expression";
import type { PublicDb } from "../src/data/public-db";
import { PLATFORMS } from "../src/tools/constants";
import { answerSearch } from "../src/tools/search-answer";
import { ToolError } from "../src/tools/tool";
import { answerTopic } from "../src/tools/topic-answer";
import { answerTopicSignal } from "../src/tools/topic-signal-answer";

interface PeerEnv {
	DB: D1Database;
	PUBLIC_BASE_URL: string;
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const Boundary = z.object({
	scope: z.string(),
	excludes: z.array(z.string()),
	cite: z.array(z.string()),
	do_not_present_as: z.array(z.string()),
});
const Gate = z.object({ count: z.number(), threshold: z.number(), passed: z.boolean() });
const Freshness = z.object({
	computed_at: z.string(),
	basis: z.enum(["projection", "live"]),
	refresh_id: z.number().nullable(),
});
const SourceRef = z.object({
	source_id: z.string(),
	title: z.string(),
	platform: z.enum(PLATFORMS),
	creator_handle: z.string(),
	published_at: z.string(),
	original_url: z.string(),
	source_page_url: z.string(),
});

const SignalInput = z.object({ topic_id: z.string().min(1).max(100) }).strict();
const SignalOutput = z.object({
	topic_id: z.string(),
	label: z.string(),
	signal: z.enum(["strong", "not_strong", "not_yet_projected"]),
	gates: z.object({ sources: Gate, creators: Gate, applied_insights: Gate }).nullable(),
	failed_gates: z.array(z.enum(["sources", "creators", "applied_insights"])),
	computed: Freshness.nullable(),
	note: z.string(),
	public_boundary: Boundary,
});

const TopicInput = z.object({ topic_id: z.string().min(1).max(100) }).strict();
const TopicOutput = z.object({
	topic: z.object({ topic_id: z.string(), label: z.string(), description: z.string() }),
	counts: z
		.object({
			public_sources: z.number(),
			creators: z.number(),
			applied_insights: z.number(),
			computed: Freshness,
		})
		.nullable(),
	sample_sources: z.array(SourceRef),
	sample_creators: z.array(
		z.object({ handle: z.string(), display_name: z.string(), source_count: z.number() }),
	),
	sample_insights: z.array(
		z.object({
			card_id: z.string(),
			source_id: z.string(),
			claim: z.string(),
			reviewed_at: z.string().nullable(),
		}),
	),
	public_boundary: Boundary,
});

const SearchInput = z
	.object({
		query: z.string().min(1).max(500),
		creator_handle: z.string().min(1).max(100).optional(),
		topic_id: z.string().min(1).max(100).optional(),
		platform: z.enum(PLATFORMS).optional(),
		limit: z.number().int().min(1).max(20).default(5),
		offset: z.number().int().min(0).max(1000).default(0),
	})
	.strict();
const SearchOutput = z.object({
	query: z.string(),
	filters: z.object({
		creator_handle: z.string().nullable(),
		topic_id: z.string().nullable(),
		platform: z.enum(PLATFORMS).nullable(),
	}),
	match_mode: z.enum(["all_terms", "known_terms", "any_term"]),
	query_truncated: z.boolean(),
	interpreted_as: z.array(
		z.object({ term: z.string(), phrase: z.boolean(), alternatives: z.array(z.string()) }),
	),
	terms_left_out: z.array(
		z.object({ term: z.string(), reason: z.enum(["found_nowhere", "in_most_sources", "beyond_limit"]) }),
	),
	ranked_among: z.number().nullable(),
	total_estimate: z.number(),
	offset: z.number(),
	limit: z.number(),
	next_offset: z.number().nullable(),
	results: z.array(
		SourceRef.extend({
			rank: z.number(),
			excerpt: z.object({
				passage_ordinal: z.number(),
				start_ms: z.number(),
				end_ms: z.number(),
				text: z.string(),
				matched_terms: z.array(z.string()),
			}),
		}),
	),
	public_boundary: Boundary,
});

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
			inputSchema: SignalInput,
			outputSchema: SignalOutput,
			annotations: READ_ONLY,
		},
		(args) => asResult(() => answerTopicSignal(args, { db })),
	);

	server.registerTool(
		"get_topic",
		{
			title: "Get a topic",
			description: "One topic by its exact topic_id, with counts and samples (benchmark peer).",
			inputSchema: TopicInput,
			outputSchema: TopicOutput,
			annotations: READ_ONLY,
		},
		(args) => asResult(() => answerTopic(args, { db, publicBaseUrl })),
	);

	server.registerTool(
		"search_sources",
		{
			title: "Search public sources",
			description: `Full-text search over the public Base2026 collection (benchmark peer); at most ${MAX_QUERY_TERMS} words are used.`,
			inputSchema: SearchInput,
			outputSchema: SearchOutput,
			annotations: READ_ONLY,
		},
		(args) => asResult(() => answerSearch(args, { db, publicBaseUrl })),
	);
	return server;
}

const handler = createMcpHandler(() => buildServer(), { responseMode: "json" });

export default {
	async fetch(request: Request): Promise<Response> {
		const { pathname } = new URL(request.url);
		if (pathname !== "/api/mcp") return new Response("Not found", { status: 404 });
		// Same readiness probe as the real endpoint: GET /api/mcp answers 405 (stateless: no GET stream).
		if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
		return handler.fetch(request);
	},
};
