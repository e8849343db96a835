import * as v from "valibot";
import { manifestView } from "../data/aggregates";
import { SIGNAL_THRESHOLDS } from "../data/signal-gates";
import { GUIDE_PATH, MCP_PATH } from "../http/paths";
import {
	DATABASE_GATE,
	MAX_BATCH_MESSAGES,
	MAX_BODY_BYTES,
	MAX_CARDS,
	MAX_PASSAGES,
	PAGE_RATE_LIMIT,
	RATE_LIMIT,
	SEARCH_LIMIT_MAX,
	SEARCH_OFFSET_MAX,
} from "../limits";
import { SERVER_INFO } from "../mcp/server-info";
import { MODERN_VERSION, SUPPORTED_VERSIONS } from "../mcp/versions";
import { SHARED_EGRESS } from "../ratelimit/shared-egress";
import { sourcePageUrl } from "./citations";
import { FreshnessSchema, PLATFORMS, PUBLIC_BOUNDARY, PublicBoundarySchema, TopicRefSchema } from "./shapes";
import { defineTool } from "./tool";

const Input = v.strictObject({});

const RefreshSchema = v.object({
	refresh_id: v.number(),
	mode: v.picklist(["full", "incremental"]),
	started_at: v.string(),
	finished_at: v.nullable(v.string()),
	outcome: v.picklist(["running", "succeeded", "failed"]),
	rows_written: v.number(),
});

const Output = v.object({
	server: v.object({ name: v.string(), version: v.string() }),
	dimensions: v.pipe(
		v.nullable(
			v.object({
				public_sources: v.number(),
				creators: v.number(),
				topics: v.number(),
				public_passages: v.number(),
				applied_insights: v.number(),
				sources_by_platform: v.object(
					Object.fromEntries(PLATFORMS.map((p) => [p, v.number()])) as Record<
						(typeof PLATFORMS)[number],
						v.NumberSchema<undefined>
					>,
				),
				computed: FreshnessSchema,
			}),
		),
		v.description(
			"Counts of the public collection at the last projection refresh; null before the first one.",
		),
	),
	projection: v.pipe(
		v.object({
			last_refresh: v.nullable(RefreshSchema),
			last_attempt: v.nullable(RefreshSchema),
			pending_changes: v.number(),
		}),
		v.description(
			"Freshness of every count: the last successful refresh, the last attempt (a failed one keeps the previous counts serving), and how many creators and topics changed since.",
		),
	),
	topics: v.pipe(
		v.array(TopicRefSchema),
		v.description("Every topic id, for get_topic, get_topic_signal and search filters."),
	),
	endpoints: v.object({
		mcp: v.string(),
		guide: v.string(),
		source_page_template: v.string(),
	}),
	protocol: v.object({ current: v.string(), supported: v.array(v.string()), transport: v.string() }),
	policy: v.object({
		read_only: v.boolean(),
		keyless: v.boolean(),
		public_only: v.boolean(),
		rate_limit_per_minute: v.pipe(
			v.number(),
			v.description("JSON-RPC messages per minute per client; every message of a batch counts."),
		),
		shared_egress: v.pipe(
			v.array(
				v.object({
					publisher: v.string(),
					ranges: v.array(v.string()),
					rate_limit_per_minute: v.number(),
				}),
			),
			v.description(
				"Hosted agent platforms' published egress ranges: each range is one client with this budget for all of the platform's agents together; any other address has rate_limit_per_minute.",
			),
		),
		database_share: v.pipe(
			v.object({ light_search_ms: v.number(), light_searches: v.number(), heavy_searches: v.number() }),
			v.description(
				"Of each second of the database's time, what every client's searches together may take: searches predicted at most light_search_ms, and heavier ones (one at a time). Under contention each client gets a fair share, and the clients using the most wait; lookups are never held.",
			),
		),
		max_batch_messages: v.number(),
		page_rate_limit_per_minute: v.number(),
		max_request_bytes: v.number(),
		search_limit_max: v.number(),
		search_offset_max: v.number(),
		source_max_passages: v.number(),
		source_max_cards: v.number(),
		signal_thresholds: v.object({ sources: v.number(), creators: v.number(), applied_insights: v.number() }),
	}),
	public_boundary: PublicBoundarySchema,
});

/** The limits the code enforces, stated from the same constants. */
const POLICY = {
	read_only: true,
	keyless: true,
	public_only: true,
	rate_limit_per_minute: RATE_LIMIT.requests,
	shared_egress: SHARED_EGRESS.map((platform) => ({
		publisher: platform.publisher,
		ranges: [...platform.ranges],
		rate_limit_per_minute: platform.requests,
	})),
	database_share: {
		light_search_ms: DATABASE_GATE.lightMs,
		light_searches: DATABASE_GATE.light.share,
		heavy_searches: DATABASE_GATE.heavy.share,
	},
	max_batch_messages: MAX_BATCH_MESSAGES,
	page_rate_limit_per_minute: PAGE_RATE_LIMIT.requests,
	max_request_bytes: MAX_BODY_BYTES,
	search_limit_max: SEARCH_LIMIT_MAX,
	search_offset_max: SEARCH_OFFSET_MAX,
	source_max_passages: MAX_PASSAGES,
	source_max_cards: MAX_CARDS,
	signal_thresholds: { ...SIGNAL_THRESHOLDS },
} as const;

export const getPublicManifestTool = defineTool({
	name: "get_public_manifest",
	title: "Get the public manifest",
	guidance: { step: "overview", does: "lists what the collection holds and when its counts were computed" },
	description:
		"What the public collection holds right now (counts of sources, creators, topics, passages and applied insights, by platform), every topic id, the endpoint links, the protocol versions, the policy and limits, and when the counts were computed. Takes no arguments.",
	input: Input,
	output: Output,
	async run(_args, { db, publicBaseUrl }) {
		const { manifest, topics } = await manifestView(db);
		const { counts } = manifest;
		const base = publicBaseUrl.replace(/\/+$/, "");
		const structured = {
			server: { name: SERVER_INFO.name, version: SERVER_INFO.version },
			dimensions:
				counts === null
					? null
					: {
							public_sources: counts.public_sources,
							creators: counts.creators,
							topics: counts.topics,
							public_passages: counts.public_passages,
							applied_insights: counts.applied_insights,
							sources_by_platform: Object.fromEntries(
								PLATFORMS.map((p) => [p, counts.by_platform[p] ?? 0]),
							) as Record<(typeof PLATFORMS)[number], number>,
							computed: counts.stamp,
						},
			projection: {
				last_refresh: manifest.lastRefresh,
				last_attempt: manifest.lastAttempt,
				pending_changes: manifest.pendingChanges,
			},
			topics,
			endpoints: {
				mcp: `${base}${MCP_PATH}`,
				guide: `${base}${GUIDE_PATH}`,
				source_page_template: sourcePageUrl(base, "{source_id}").replace("%7Bsource_id%7D", "{source_id}"),
			},
			protocol: {
				current: MODERN_VERSION,
				supported: [...SUPPORTED_VERSIONS],
				transport: "streamable-http (stateless, JSON responses)",
			},
			policy: POLICY,
			public_boundary: PUBLIC_BOUNDARY,
		};
		const text =
			counts === null
				? `Base2026 public collection: no projection refresh has run yet, so counts are not available. Endpoint ${structured.endpoints.mcp}, guide ${structured.endpoints.guide}.`
				: `Base2026 public collection: ${counts.public_sources} public sources from ${counts.creators} creators on ${counts.topics} topics, ${counts.applied_insights} applied insights; counts as of ${counts.stamp.computed_at}. Endpoint ${structured.endpoints.mcp}, guide ${structured.endpoints.guide}.`;
		return { text, structured };
	},
});
