/**
 * Counts computed straight from the public tables at call time. The tools read projections; these
 * stay as the reference the projections are checked against and the baseline they are measured by.
 */
import type { CreatorCounts, ManifestCounts, TopicCounts } from "../../src/data/counts";
import { CREATOR_TOPICS_LIMIT } from "../../src/data/counts";
import type { PublicDb } from "../../src/data/public-db";

const liveStamp = () => ({ computed_at: new Date().toISOString(), basis: "live" as const, refresh_id: null });

const CREATOR_SOURCES_SQL = `
SELECT COUNT(*) AS n FROM sources WHERE creator_id = ?1 AND publication_state = 'published'`;

const CREATOR_TOPICS_SQL = `
SELECT t.topic_id, t.label, COUNT(*) AS source_count
FROM sources s JOIN source_topics st ON st.source_id = s.source_id JOIN topics t ON t.topic_id = st.topic_id
WHERE s.creator_id = ?1 AND s.publication_state = 'published'
GROUP BY t.topic_id ORDER BY source_count DESC, t.topic_id LIMIT ${CREATOR_TOPICS_LIMIT}`;

const CREATOR_TOPIC_TOTAL_SQL = `
SELECT COUNT(DISTINCT st.topic_id) AS n
FROM sources s JOIN source_topics st ON st.source_id = s.source_id
WHERE s.creator_id = ?1 AND s.publication_state = 'published'`;

const TOPIC_COUNTS_SQL = `
SELECT
  (SELECT COUNT(*) FROM source_topics st JOIN sources s ON s.source_id = st.source_id
    WHERE st.topic_id = ?1 AND s.publication_state = 'published') AS public_sources,
  (SELECT COUNT(DISTINCT s.creator_id) FROM source_topics st JOIN sources s ON s.source_id = st.source_id
    WHERE st.topic_id = ?1 AND s.publication_state = 'published') AS creators,
  (SELECT COUNT(*) FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
    WHERE e.topic_id = ?1 AND e.review_state = 'applied' AND s.publication_state = 'published') AS applied_insights`;

const MANIFEST_SQL = `
SELECT
  (SELECT COUNT(*) FROM sources WHERE publication_state = 'published') AS public_sources,
  (SELECT COUNT(DISTINCT creator_id) FROM sources WHERE publication_state = 'published') AS creators,
  (SELECT COUNT(*) FROM topics) AS topics,
  (SELECT COUNT(*) FROM passages p JOIN sources s ON s.source_id = p.source_id
    WHERE s.publication_state = 'published') AS public_passages,
  (SELECT COUNT(*) FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
    WHERE e.review_state = 'applied' AND s.publication_state = 'published') AS applied_insights`;

const PLATFORMS_SQL = `
SELECT platform, COUNT(*) AS n FROM sources WHERE publication_state = 'published' GROUP BY platform`;

export async function liveCreatorCounts(db: PublicDb, creatorId: string): Promise<CreatorCounts | null> {
	const [sources, topics, topicTotal] = await db.batch([
		db.prepare(CREATOR_SOURCES_SQL).bind(creatorId),
		db.prepare(CREATOR_TOPICS_SQL).bind(creatorId),
		db.prepare(CREATOR_TOPIC_TOTAL_SQL).bind(creatorId),
	]);
	return {
		public_sources: (sources?.results[0] as { n: number } | undefined)?.n ?? 0,
		topics: (topics?.results ?? []) as CreatorCounts["topics"],
		topic_count: (topicTotal?.results[0] as { n: number } | undefined)?.n ?? 0,
		stamp: liveStamp(),
	};
}

export async function liveTopicCounts(db: PublicDb, topicId: string): Promise<TopicCounts | null> {
	const row = await db.prepare(TOPIC_COUNTS_SQL).bind(topicId).first<Omit<TopicCounts, "stamp">>();
	return {
		public_sources: row?.public_sources ?? 0,
		creators: row?.creators ?? 0,
		applied_insights: row?.applied_insights ?? 0,
		stamp: liveStamp(),
	};
}

export async function liveManifestCounts(db: PublicDb): Promise<ManifestCounts> {
	const [totals, platforms] = await db.batch([db.prepare(MANIFEST_SQL), db.prepare(PLATFORMS_SQL)]);
	const row = totals?.results[0] as Omit<ManifestCounts, "by_platform" | "stamp"> | undefined;
	const byPlatform: Record<string, number> = {};
	for (const p of (platforms?.results ?? []) as { platform: string; n: number }[])
		byPlatform[p.platform] = p.n;
	return {
		public_sources: row?.public_sources ?? 0,
		creators: row?.creators ?? 0,
		topics: row?.topics ?? 0,
		public_passages: row?.public_passages ?? 0,
		applied_insights: row?.applied_insights ?? 0,
		by_platform: byPlatform,
		stamp: liveStamp(),
	};
}
