/** Protocol revisions this endpoint speaks, by era. */

/** Modern era: version, identity and capabilities travel in every request's `_meta`. */
export const MODERN_VERSION = "2026-07-28";

/** Legacy era: an `initialize` handshake, newest first. */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];

/** Answered to an `initialize` that asks for a version we do not speak (never the modern one: 1.x clients reject it). */
export const LEGACY_FALLBACK_VERSION: LegacyVersion = "2025-11-25";

/** Assumed for a legacy request without an MCP-Protocol-Version header, as the 2025-06-18 transport says. */
export const LEGACY_HEADERLESS_VERSION: LegacyVersion = "2025-03-26";

/** The only version with JSON-RPC batches (2025-06-18 removed them). */
export const BATCH_VERSION: LegacyVersion = "2025-03-26";

/** Listed by server/discover and in every -32022, so the two never disagree. */
export const SUPPORTED_VERSIONS: readonly string[] = [MODERN_VERSION, ...LEGACY_VERSIONS];

export const isLegacyVersion = (value: string): value is LegacyVersion =>
	(LEGACY_VERSIONS as readonly string[]).includes(value);
