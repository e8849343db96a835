/**
 * Valibot pieces shared by several tools' schemas: the public boundary, a source reference with its
 * citation links, and the freshness stamp of counts. Each tool's JSON Schema is derived from these.
 */
import * as v from "valibot";

import { PLATFORMS } from "./constants";

export { PLATFORMS, type Platform, PUBLIC_BOUNDARY } from "./constants";

export const PublicBoundarySchema = v.pipe(
	v.object({
		scope: v.string(),
		excludes: v.array(v.string()),
		cite: v.array(v.string()),
		do_not_present_as: v.array(v.string()),
	}),
	v.description("What this data is and is not. Cite both URLs of every source you use."),
);

export const PlatformSchema = v.pipe(
	v.picklist(PLATFORMS),
	v.description("Platform of the original video: tiktok, youtube_shorts or instagram_reels."),
);

/** A source as cited: enough to quote it and link both the original and the Base2026 page. */
export const SourceRefSchema = v.object({
	source_id: v.string(),
	title: v.string(),
	platform: v.picklist(PLATFORMS),
	creator_handle: v.string(),
	published_at: v.string(),
	original_url: v.string(),
	source_page_url: v.string(),
});
export type SourceRef = v.InferOutput<typeof SourceRefSchema>;

/** When a count was computed, and from what: a projection refresh, or the public tables at call time. */
export const FreshnessSchema = v.pipe(
	v.object({
		computed_at: v.string(),
		basis: v.picklist(["projection", "live"]),
		refresh_id: v.nullable(v.number()),
	}),
	v.description("When these counts were computed. Counts are a bounded view of the public collection."),
);
export type Freshness = v.InferOutput<typeof FreshnessSchema>;

export const TopicRefSchema = v.object({ topic_id: v.string(), label: v.string() });

/**
 * Tool argument pieces reused across tools. String lengths count characters (code points), as JSON
 * Schema's minLength/maxLength do (src/tools/registry.ts publishes them as those), not UTF-16 units.
 */
export const TopicIdArgument = v.pipe(
	v.string(),
	v.minCodePoints(1, "topic_id must not be empty."),
	v.maxCodePoints(100, "topic_id is at most 100 characters."),
	v.description(
		'Exact topic id, a lower-case slug such as "ai-overviews". get_public_manifest and search results show them.',
	),
);

export const HandleArgument = v.pipe(
	v.string(),
	v.minCodePoints(1, "handle must not be empty."),
	v.maxCodePoints(100, "handle is at most 100 characters."),
	v.description('Creator handle, with or without "@"; case does not matter.'),
);
