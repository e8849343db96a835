/**
 * An oracle for tests: the public counts the server should report for a set of corpus records,
 * computed straight from the records. Public means: sources with publication_state "published", and
 * evidence cards with review_state "applied" on such a source.
 *
 * - topic.sources: published sources that list the topic in topic_ids
 * - topic.creators: distinct creators of those sources
 * - topic.applied_insights: applied cards with that topic_id on a published source
 * - creator.sources: the creator's published sources (0 => the creator is not public)
 *
 * Pure TypeScript (no Node imports).
 */
import type { CorpusRecordInput } from "./format";

interface PublicTopicCounts {
	sources: number;
	creators: number;
	applied_insights: number;
}

interface PublicCounts {
	topics: Map<string, PublicTopicCounts>;
	/** creator_id -> number of published sources */
	creatorSources: Map<string, number>;
	totals: {
		sources: number;
		/** creators with at least one published source */
		creators: number;
		/** topics with at least one published source */
		topics: number;
		applied_insights: number;
		/** passages of published sources */
		passages: number;
	};
}

export function publicCounts(records: Iterable<CorpusRecordInput>): PublicCounts {
	const published = new Map<string, string>(); // source_id -> creator_id
	const topicSources = new Map<string, Set<string>>();
	const topicCreators = new Map<string, Set<string>>();
	const creatorSources = new Map<string, number>();
	const cards: { source_id: string; topic_id: string }[] = [];
	const topicIds: string[] = [];
	let passages = 0;
	for (const record of records) {
		if (record.kind === "topic") topicIds.push(record.topic_id);
		if (record.kind === "creator")
			creatorSources.set(record.creator_id, creatorSources.get(record.creator_id) ?? 0);
		if (record.kind === "source" && record.publication_state === "published") {
			published.set(record.source_id, record.creator_id);
			creatorSources.set(record.creator_id, (creatorSources.get(record.creator_id) ?? 0) + 1);
			passages += record.passages.length;
			for (const topicId of record.topic_ids) {
				if (!topicSources.has(topicId)) topicSources.set(topicId, new Set());
				if (!topicCreators.has(topicId)) topicCreators.set(topicId, new Set());
				topicSources.get(topicId)?.add(record.source_id);
				topicCreators.get(topicId)?.add(record.creator_id);
			}
		}
		if (record.kind === "card" && record.review_state === "applied") {
			cards.push({ source_id: record.source_id, topic_id: record.topic_id });
		}
	}
	const applied = new Map<string, number>();
	let appliedTotal = 0;
	for (const card of cards) {
		if (!published.has(card.source_id)) continue;
		applied.set(card.topic_id, (applied.get(card.topic_id) ?? 0) + 1);
		appliedTotal++;
	}
	const topics = new Map<string, PublicTopicCounts>();
	for (const topicId of new Set([...topicIds, ...topicSources.keys(), ...applied.keys()])) {
		topics.set(topicId, {
			sources: topicSources.get(topicId)?.size ?? 0,
			creators: topicCreators.get(topicId)?.size ?? 0,
			applied_insights: applied.get(topicId) ?? 0,
		});
	}
	return {
		topics,
		creatorSources,
		totals: {
			sources: published.size,
			creators: [...creatorSources.values()].filter((n) => n > 0).length,
			topics: topicSources.size,
			applied_insights: appliedTotal,
			passages,
		},
	};
}
