/** Who this server is and what it declares, said once for both eras (what agents are told: instructions.ts). */
import packageJson from "../../package.json";

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

/**
 * Cache hints for what the server's constants make (server/discover, tools/list, prompts/list,
 * resources/templates/list): the same for every caller, stable between deploys.
 */
export const LIST_CACHE_HINTS = { ttlMs: 300_000, cacheScope: "public" } as const satisfies CacheHints;

/**
 * Cache hints for what the collection's rows make (resources/list, resources/read): the same for every
 * caller, but a takedown must not linger, so a client may reuse them for at most 30 seconds.
 */
export const DATA_CACHE_HINTS = { ttlMs: 30_000, cacheScope: "public" } as const satisfies CacheHints;

/** The capabilities both eras declare (server/discover, initialize). */
export const CAPABILITIES = { tools: {}, resources: {}, prompts: {}, completions: {} } as const;
