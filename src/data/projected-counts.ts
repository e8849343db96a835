/**
 * Counts read from the projection tables the cron keeps fresh: one indexed row per call, whatever
 * the size of the collection. `null` means "not yet projected" (added after the last refresh).
 */
import type { CountStamp, CreatorCounts, ManifestCounts, TopicCounts } from "./counts";
import type { PublicDb } from "./public-db";
import type { GateName } from "./signal-gates";
import {
	projectedSampleStatements,
	samplesOf,
	TOPIC_SQL,
	type TopicRow,
	type TopicSamples,
	topicSamples,
} from "./topics";

/** Every projection row is stamped with the refresh that wrote it. */
interface Stamped {
	refresh_id: number;
	computed_at: string;
}

/** The three counts topic_projection and topic_signal_projection both hold. */
interface TopicCountColumns extends Stamped {
	public_source_count: number;
	creator_count: number;
	applied_insight_count: number;
}

const stamp = (row: Stamped): CountStamp => ({
	computed_at: row.computed_at,
	basis: "projection",
	refresh_id: row.refresh_id,
});

/** A creator's projected counts, as creatorCountsFrom reads them. */
export const CREATOR_COUNTS_COLUMNS =
	"public_source_count, topic_count, top_topics_json, refresh_id, computed_at";
const CREATOR_COUNTS_SQL = `SELECT ${CREATOR_COUNTS_COLUMNS} FROM creator_projection WHERE creator_id = ?1`;

type CreatorCountsRow = Stamped & {
	public_source_count: number;
	topic_count: number;
	top_topics_json: string;
};

export function creatorCountsFrom(row: CreatorCountsRow | undefined | null): CreatorCounts | null {
	if (row === undefined || row === null) return null;
	return {
		public_sources: row.public_source_count,
		topic_count: row.topic_count,
		topics: JSON.parse(row.top_topics_json),
		stamp: stamp(row),
	};
}

export async function projectedCreatorCounts(db: PublicDb, creatorId: string): Promise<CreatorCounts | null> {
	return creatorCountsFrom(await db.prepare(CREATOR_COUNTS_SQL).bind(creatorId).first<CreatorCountsRow>());
}

interface TopicSampleIds {
	sourceIds: string[];
	creators: { creator_id: string; source_count: number }[];
	cardIds: string[];
}

interface ProjectedTopic {
	counts: TopicCounts;
	sampleIds: TopicSampleIds;
}

/** A topic's counts and the samples its last refresh chose, from one row. */
export async function projectedTopic(db: PublicDb, topicId: string): Promise<ProjectedTopic | null> {
	const row = await db
		.prepare(
			`SELECT public_source_count, creator_count, applied_insight_count, sample_source_ids, sample_creators_json,
			        sample_card_ids, refresh_id, computed_at
			 FROM topic_projection WHERE topic_id = ?1`,
		)
		.bind(topicId)
		.first<
			TopicCountColumns & { sample_source_ids: string; sample_creators_json: string; sample_card_ids: string }
		>();
	if (row === null) return null;
	return {
		counts: topicCounts(row),
		sampleIds: {
			sourceIds: JSON.parse(row.sample_source_ids),
			creators: JSON.parse(row.sample_creators_json),
			cardIds: JSON.parse(row.sample_card_ids),
		},
	};
}

const TOPIC_COUNTS_SQL = `
SELECT public_source_count, creator_count, applied_insight_count, refresh_id, computed_at
FROM topic_projection WHERE topic_id = ?1`;

const topicCounts = (row: TopicCountColumns): TopicCounts => ({
	public_sources: row.public_source_count,
	creators: row.creator_count,
	applied_insights: row.applied_insight_count,
	stamp: stamp(row),
});

interface TopicView {
	topic: TopicRow;
	/** null: the topic was added after the last refresh (not yet projected). */
	counts: TopicCounts | null;
	samples: TopicSamples;
}

/**
 * Everything get_topic shows, in one round trip: the topic, its projected counts, and the samples the
 * last refresh chose joined back to the public rows (so a source unpublished since is already gone).
 * Only a topic not yet projected costs a second trip, for samples read live.
 */
export async function projectedTopicView(db: PublicDb, topicId: string): Promise<TopicView | null> {
	const [topic, counts, ...samples] = await db.batch([
		db.prepare(TOPIC_SQL).bind(topicId),
		db.prepare(TOPIC_COUNTS_SQL).bind(topicId),
		...projectedSampleStatements(db, topicId),
	]);
	const topicRow = topic?.results[0] as TopicRow | undefined;
	if (topicRow === undefined) return null;
	const countsRow = counts?.results[0] as TopicCountColumns | undefined;
	if (countsRow === undefined)
		return { topic: topicRow, counts: null, samples: await topicSamples(db, topicId) };
	return { topic: topicRow, counts: topicCounts(countsRow), samples: samplesOf(samples) };
}

interface ProjectedSignal {
	counts: { sources: number; creators: number; applied_insights: number };
	thresholds: { sources: number; creators: number; applied_insights: number };
	signal: "strong" | "not_strong";
	failed: GateName[];
	stamp: CountStamp;
}

export interface TopicSignalView {
	topic: Pick<TopicRow, "topic_id" | "label">;
	/** null: the topic was added after the last refresh (not yet projected). */
	projected: ProjectedSignal | null;
}

/** Every topic with its projected gate (LEFT JOIN: a topic added after the last refresh has none). */
export const TOPIC_SIGNALS_SQL = `
SELECT t.topic_id, t.label, p.public_source_count, p.creator_count, p.applied_insight_count,
       p.sources_threshold, p.creators_threshold, p.applied_insights_threshold, p.signal,
       p.failed_gates_json, p.refresh_id, p.computed_at
FROM topics t LEFT JOIN topic_signal_projection p ON p.topic_id = t.topic_id`;

export type TopicSignalRow = Pick<TopicRow, "topic_id" | "label"> &
	TopicCountColumns & {
		sources_threshold: number;
		creators_threshold: number;
		applied_insights_threshold: number;
		signal: "strong" | "not_strong" | null;
		failed_gates_json: string;
	};

export function topicSignalView(row: TopicSignalRow): TopicSignalView {
	const topic = { topic_id: row.topic_id, label: row.label };
	if (row.signal === null) return { topic, projected: null };
	return {
		topic,
		projected: {
			counts: {
				sources: row.public_source_count,
				creators: row.creator_count,
				applied_insights: row.applied_insight_count,
			},
			thresholds: {
				sources: row.sources_threshold,
				creators: row.creators_threshold,
				applied_insights: row.applied_insights_threshold,
			},
			signal: row.signal,
			failed: JSON.parse(row.failed_gates_json),
			stamp: stamp(row),
		},
	};
}

/** The topic and its projected gate in one statement (one round trip); null when no such topic. */
export async function projectedTopicSignal(db: PublicDb, topicId: string): Promise<TopicSignalView | null> {
	const row = await db
		.prepare(`${TOPIC_SIGNALS_SQL} WHERE t.topic_id = ?1`)
		.bind(topicId)
		.first<TopicSignalRow>();
	return row === null ? null : topicSignalView(row);
}

interface RefreshRecord {
	refresh_id: number;
	mode: "full" | "incremental";
	started_at: string;
	finished_at: string | null;
	outcome: "running" | "succeeded" | "failed";
	rows_written: number;
}

export interface ProjectedManifest {
	/** null before the first successful refresh. */
	counts: ManifestCounts | null;
	lastRefresh: RefreshRecord | null;
	lastAttempt: RefreshRecord | null;
	pendingChanges: number;
}

const REFRESH_COLUMNS = "refresh_id, mode, started_at, finished_at, outcome, rows_written";

/** The manifest's four reads, for one batch (alone, or inside the per-isolate copy's). */
export function manifestStatements(db: PublicDb): D1PreparedStatement[] {
	return [
		db.prepare(
			"SELECT public_sources, creators, topics, public_passages, applied_insights, by_platform_json, refresh_id, computed_at FROM manifest_projection WHERE manifest_key = 'current'",
		),
		db.prepare(
			`SELECT ${REFRESH_COLUMNS} FROM projection_refreshes WHERE outcome = 'succeeded' ORDER BY refresh_id DESC LIMIT 1`,
		),
		db.prepare(`SELECT ${REFRESH_COLUMNS} FROM projection_refreshes ORDER BY refresh_id DESC LIMIT 1`),
		db.prepare("SELECT COUNT(*) AS n FROM projection_changes WHERE kind <> 'manifest'"),
	];
}

export function manifestFrom(results: D1Result[]): ProjectedManifest {
	const [manifest, lastRefresh, lastAttempt, pending] = results;
	const row = manifest?.results[0] as
		| (Omit<ManifestCounts, "by_platform" | "stamp"> & Stamped & { by_platform_json: string })
		| undefined;
	return {
		counts:
			row === undefined
				? null
				: {
						public_sources: row.public_sources,
						creators: row.creators,
						topics: row.topics,
						public_passages: row.public_passages,
						applied_insights: row.applied_insights,
						by_platform: JSON.parse(row.by_platform_json),
						stamp: stamp(row),
					},
		lastRefresh: (lastRefresh?.results[0] as RefreshRecord | undefined) ?? null,
		lastAttempt: (lastAttempt?.results[0] as RefreshRecord | undefined) ?? null,
		pendingChanges: (pending?.results[0] as { n: number } | undefined)?.n ?? 0,
	};
}

export async function projectedManifest(db: PublicDb): Promise<ProjectedManifest> {
	return manifestFrom(await db.batch(manifestStatements(db)));
}
