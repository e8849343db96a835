import { closestMatches } from "../text/closest";
import type { PublicDb } from "./public-db";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";

export interface TopicRow {
	topic_id: string;
	label: string;
	description: string;
	created_at: string;
}

interface TopicSampleCreator {
	handle: string;
	display_name: string;
	source_count: number;
}

interface TopicSampleInsight {
	card_id: string;
	source_id: string;
	claim: string;
	reviewed_at: string | null;
}

export interface TopicSamples {
	sources: SourceRefRow[];
	creators: TopicSampleCreator[];
	insights: TopicSampleInsight[];
}

export const TOPIC_SAMPLE_SOURCES = 5;
export const TOPIC_SAMPLE_CREATORS = 5;
export const TOPIC_SAMPLE_INSIGHTS = 3;

export const TOPIC_SQL = "SELECT topic_id, label, description, created_at FROM topics WHERE topic_id = ?1";

const SAMPLE_SOURCES_SQL = `
SELECT ${SOURCE_REF_COLUMNS}
FROM source_topics st
JOIN sources s ON s.source_id = st.source_id
JOIN creators c ON c.creator_id = s.creator_id
WHERE st.topic_id = ?1 AND s.publication_state = 'published'
ORDER BY s.published_at DESC, s.source_id LIMIT ${TOPIC_SAMPLE_SOURCES}`;

const SAMPLE_CREATORS_SQL = `
SELECT c.handle, c.display_name, COUNT(*) AS source_count
FROM source_topics st
JOIN sources s ON s.source_id = st.source_id
JOIN creators c ON c.creator_id = s.creator_id
WHERE st.topic_id = ?1 AND s.publication_state = 'published'
GROUP BY c.creator_id ORDER BY source_count DESC, c.creator_id LIMIT ${TOPIC_SAMPLE_CREATORS}`;

const SAMPLE_INSIGHTS_SQL = `
SELECT e.card_id, e.source_id, e.claim, e.reviewed_at
FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
WHERE e.topic_id = ?1 AND e.review_state = 'applied' AND s.publication_state = 'published'
ORDER BY e.reviewed_at DESC, e.card_id LIMIT ${TOPIC_SAMPLE_INSIGHTS}`;

export async function findTopic(db: PublicDb, topicId: string): Promise<TopicRow | null> {
	return db.prepare(TOPIC_SQL).bind(topicId).first<TopicRow>();
}

/** Samples read live from the public tables, for a topic the projection does not hold yet. */
export async function topicSamples(db: PublicDb, topicId: string): Promise<TopicSamples> {
	return samplesOf(
		await db.batch([
			db.prepare(SAMPLE_SOURCES_SQL).bind(topicId),
			db.prepare(SAMPLE_CREATORS_SQL).bind(topicId),
			db.prepare(SAMPLE_INSIGHTS_SQL).bind(topicId),
		]),
	);
}

// The samples the last refresh chose (ids in topic_projection), joined back to the public rows at
// call time: a source unpublished since is already gone (the list is one shorter until the next
// refresh). No projection row: json_each(NULL) is empty.
const PROJECTED_SAMPLE_SOURCES_SQL = `
SELECT ${SOURCE_REF_COLUMNS}
FROM json_each((SELECT sample_source_ids FROM topic_projection WHERE topic_id = ?1)) j
JOIN sources s ON s.source_id = j.value JOIN creators c ON c.creator_id = s.creator_id
WHERE s.publication_state = 'published' ORDER BY j.key`;

const PROJECTED_SAMPLE_CREATORS_SQL = `
SELECT c.handle, c.display_name, json_extract(j.value, '$.source_count') AS source_count
FROM json_each((SELECT sample_creators_json FROM topic_projection WHERE topic_id = ?1)) j
JOIN creators c ON c.creator_id = json_extract(j.value, '$.creator_id')
WHERE EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')
ORDER BY j.key`;

const PROJECTED_SAMPLE_CARDS_SQL = `
SELECT e.card_id, e.source_id, e.claim, e.reviewed_at
FROM json_each((SELECT sample_card_ids FROM topic_projection WHERE topic_id = ?1)) j
JOIN evidence_cards e ON e.card_id = j.value JOIN sources s ON s.source_id = e.source_id
WHERE e.review_state = 'applied' AND s.publication_state = 'published' ORDER BY j.key`;

/** Sources, creators and insights, in that order (samplesOf reads them so), each bound to ?1. */
export function projectedSampleStatements(db: PublicDb, topicId: string): D1PreparedStatement[] {
	return [
		db.prepare(PROJECTED_SAMPLE_SOURCES_SQL).bind(topicId),
		db.prepare(PROJECTED_SAMPLE_CREATORS_SQL).bind(topicId),
		db.prepare(PROJECTED_SAMPLE_CARDS_SQL).bind(topicId),
	];
}

/** The three sample results (sources, creators, insights) of a batch. */
export function samplesOf(results: readonly (D1Result | undefined)[]): TopicSamples {
	const [sources, creators, insights] = results;
	return {
		sources: (sources?.results ?? []) as SourceRefRow[],
		creators: (creators?.results ?? []) as TopicSampleCreator[],
		insights: (insights?.results ?? []) as TopicSampleInsight[],
	};
}

/** The taxonomy is small (a few dozen ids), so the nearest ids are ranked over all of them. */
export const closestTopicIds = (topicId: string, ids: readonly string[]): string[] =>
	closestMatches(topicId.toLowerCase(), [...ids]);

export async function suggestTopicIds(db: PublicDb, topicId: string): Promise<string[]> {
	const { results } = await db
		.prepare("SELECT topic_id FROM topics ORDER BY topic_id")
		.all<{ topic_id: string }>();
	return closestTopicIds(
		topicId,
		results.map((r) => r.topic_id),
	);
}
