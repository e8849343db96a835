/**
 * The shape of every count the tools serve, whatever computed it (projection tables or a live read),
 * stamped with when and how it was computed.
 */

export const CREATOR_TOPICS_LIMIT = 10;

export interface CountStamp {
	computed_at: string;
	basis: "projection" | "live";
	refresh_id: number | null;
}

export interface CreatorCounts {
	public_sources: number;
	/** Distinct topics across the creator's public sources. */
	topic_count: number;
	/** The creator's most covered topics, at most CREATOR_TOPICS_LIMIT. */
	topics: { topic_id: string; label: string; source_count: number }[];
	stamp: CountStamp;
}

export interface TopicCounts {
	public_sources: number;
	creators: number;
	applied_insights: number;
	stamp: CountStamp;
}

export interface ManifestCounts {
	public_sources: number;
	creators: number;
	topics: number;
	public_passages: number;
	applied_insights: number;
	by_platform: Record<string, number>;
	stamp: CountStamp;
}
