/**
 * Benchmark only: src/data/aggregates.ts with get_topic_signal's counts computed live from the public
 * tables (test/support/live-counts.ts) instead of read from topic_signal_projection.
 * scripts/bench/workers/wrangler.counting-live.toml aliases the tools' "../data/aggregates" import to this file, so
 * the counted "live" Worker is our Worker, byte for byte, except where the signal's counts come from.
 */
import type { CountStamp } from "../../../src/data/counts";
import type { TopicSignalView } from "../../../src/data/projected-counts";
import type { PublicDb } from "../../../src/data/public-db";
import { GATE_NAMES, SIGNAL_THRESHOLDS } from "../../../src/data/signal-gates";
import { findTopic } from "../../../src/data/topics";
import { liveTopicCounts } from "../../../test/support/live-counts";

// Everything but the signal is the Worker's own (the manifest from its projection copy).
export { manifestView, suggestTopics, topicIdsNearUnknown, topicView } from "../../../src/data/aggregates";

export async function topicSignal(db: PublicDb, topicId: string): Promise<TopicSignalView | null> {
	const topic = await findTopic(db, topicId);
	if (topic === null) return null;
	const live = await liveTopicCounts(db, topicId);
	if (live === null) return { topic, projected: null };
	const counts = {
		sources: live.public_sources,
		creators: live.creators,
		applied_insights: live.applied_insights,
	};
	const failed = GATE_NAMES.filter((gate) => counts[gate] < SIGNAL_THRESHOLDS[gate]);
	const stamp: CountStamp = live.stamp;
	return {
		topic,
		projected: {
			counts,
			thresholds: { ...SIGNAL_THRESHOLDS },
			signal: failed.length === 0 ? "strong" : "not_strong",
			failed,
			stamp,
		},
	};
}
