/** Who this server is and how agents must use what it returns, said once for both eras. */
import packageJson from "../../package.json";
import { MAX_BATCH_MESSAGES, RATE_LIMIT } from "../limits";

export const SERVER_INFO = {
	name: "base2026-public-mcp",
	title: "Base2026 Public MCP",
	version: packageJson.version,
} as const;

/** How long, and for whom, a client may reuse a 2026-07-28 result. */
export interface CacheHints {
	readonly ttlMs: number;
	readonly cacheScope: "public";
}

/** Cache hints for server/discover and tools/list: the same for every caller, stable between deploys. */
export const LIST_CACHE_HINTS = { ttlMs: 300_000, cacheScope: "public" } as const satisfies CacheHints;

/**
 * Cache hints for what the collection's rows make (resources/list, resources/read): the same for every
 * caller, but a takedown must not linger, so a client may reuse them for at most 30 seconds.
 */
export const DATA_CACHE_HINTS = { ttlMs: 30_000, cacheScope: "public" } as const satisfies CacheHints;

/** The capabilities both eras declare (server/discover, initialize). */
export const CAPABILITIES = { tools: {}, resources: {}, prompts: {}, completions: {} } as const;

export const INSTRUCTIONS = [
	"Base2026 Public MCP: read-only, keyless research over a curated public collection of short-form practitioner videos (TikTok, YouTube Shorts, Instagram Reels) about SEO and AI search.",
	"Start with search_sources, then follow a hit with get_source (passages and applied evidence cards), get_creator, get_topic or get_topic_signal. get_public_manifest lists what the collection holds and when its counts were computed.",
	"Only public, published records are served: no unpublished or removed sources, no unreviewed cards, no raw captions or ASR, no media, no private data.",
	"Every source, creator and topic, and the manifest, is also a resource (base2026://sources/{source_id}, base2026://creators/{handle}, base2026://topics/{topic_id}, base2026://manifest); the prompts research_topic, check_claim and brief_creator start a well-formed task.",
	"Cite every source you use with both its original_url and its source_page_url.",
	"Do not present a result as a real-time ranking, a complete corpus, a full transcript or independent confirmation of a creator's claim; get_topic_signal is a deterministic evidence gate, not a trend.",
	`Limits: ${RATE_LIMIT.requests} JSON-RPC messages per minute per client (each message of a batch counts; batches hold at most ${MAX_BATCH_MESSAGES}), search limit 1-20 and offset 0-1000, at most 8 passages and 3 cards per source.`,
].join("\n");
