/**
 * The pages of resources/list: topics and public sources in id order, read by keyset (`> after`) on
 * their id indexes. A page of sources holds the next `limit` published sources after `after`, and
 * nothing else decides it: which id `after` is (public, hidden or none at all) and how many hidden
 * rows lie in between change neither what a page holds nor how many it holds, so a page, and the
 * cursor after it (its last public id), say nothing about hidden sources. The read walks the id index
 * from `after` and passes over the hidden entries on its way; they are never returned or counted.
 */
import type { PublicDb } from "./public-db";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";
import type { TopicListRow } from "./topic-list";

export const TOPIC_PAGE_SQL =
	"SELECT topic_id, label FROM topics WHERE topic_id > ?1 ORDER BY topic_id LIMIT ?2";

export const SOURCE_PAGE_SQL = `
WITH page AS MATERIALIZED (
  SELECT source_id FROM sources
  WHERE source_id > ?1 AND publication_state = 'published' ORDER BY source_id LIMIT ?2)
SELECT ${SOURCE_REF_COLUMNS}
FROM page k
CROSS JOIN sources s ON s.source_id = k.source_id
CROSS JOIN creators c ON c.creator_id = s.creator_id
ORDER BY s.source_id`;

export async function topicPage(db: PublicDb, after: string, limit: number): Promise<TopicListRow[]> {
	const { results } = await db.prepare(TOPIC_PAGE_SQL).bind(after, limit).all<TopicListRow>();
	return results;
}

export interface SourcePage {
	/** The next public sources after `after`, at most `limit`. */
	rows: SourceRefRow[];
	/** Whether another public source follows the last of them. */
	more: boolean;
}

export async function sourcePage(db: PublicDb, after: string, limit: number): Promise<SourcePage> {
	const { results } = await db
		.prepare(SOURCE_PAGE_SQL)
		.bind(after, limit + 1)
		.all<SourceRefRow>();
	return { rows: results.slice(0, limit), more: results.length > limit };
}
