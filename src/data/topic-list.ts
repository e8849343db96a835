import type { PublicDb } from "./public-db";

export interface TopicListRow {
	topic_id: string;
	label: string;
}

/** Every topic id with its label: the taxonomy is small and agents need the exact ids. */
export async function listTopics(db: PublicDb): Promise<TopicListRow[]> {
	const { results } = await db
		.prepare("SELECT topic_id, label FROM topics ORDER BY topic_id")
		.all<TopicListRow>();
	return results;
}
