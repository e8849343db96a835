/**
 * Where the tools read their counts from: the projection tables (one indexed row per call), and for
 * the small ones almost every session reads, the isolate's copy of them (projection-copy.ts).
 * test/support/live-counts.ts computes the same counts from the public tables; tests hold the two equal
 * and the benchmarks compare their cost (scripts/bench/workers/live-aggregates.ts stands in for this file there).
 */
import { projectedManifest, projectedTopicSignal, type TopicSignalView } from "./projected-counts";
import { projectionCopy } from "./projection-copy";
import type { PublicDb } from "./public-db";
import { listTopics } from "./topic-list";
import { closestTopicIds, suggestTopicIds } from "./topics";

export { projectedTopicView as topicView } from "./projected-counts";

/**
 * A topic and its gate: from the isolate's copy when it holds the topic (no database read), else one
 * read (a typo, or a topic added since the copy was loaded); null when there is no such topic.
 */
export async function topicSignal(db: PublicDb, topicId: string): Promise<TopicSignalView | null> {
	return (await projectionCopy(db))?.signals.get(topicId) ?? projectedTopicSignal(db, topicId);
}

/**
 * The topic ids nearest a typo: over the isolate's copy of every topic (no read; a topic added since
 * the copy was loaded is suggested once the copy is), else over the topics table.
 */
export async function suggestTopics(db: PublicDb, topicId: string): Promise<string[]> {
	const copy = await projectionCopy(db);
	if (copy === null) return suggestTopicIds(db, topicId);
	return closestTopicIds(
		topicId,
		copy.topics.map((t) => t.topic_id),
	);
}

/**
 * For a topic id the isolate's copy does not hold, the nearest ids it does: what a search filtered by
 * a mistyped topic id answers with (no read, so no round trip after the search's). Null when the copy
 * holds the id, or there is no copy to compare with.
 */
export async function topicIdsNearUnknown(db: PublicDb, topicId: string): Promise<string[] | null> {
	const copy = await projectionCopy(db);
	if (copy === null || copy.topics.some((t) => t.topic_id === topicId)) return null;
	return closestTopicIds(
		topicId,
		copy.topics.map((t) => t.topic_id),
	);
}

/** The manifest's counts and freshness and every topic: from the isolate's copy, else read. */
export async function manifestView(db: PublicDb) {
	const copy = await projectionCopy(db);
	if (copy !== null) return { manifest: copy.manifest, topics: [...copy.topics] };
	const [manifest, topics] = await Promise.all([projectedManifest(db), listTopics(db)]);
	return { manifest, topics };
}
