/**
 * The pages of resources/list: topics and public sources in id order, read by keyset (`> after`) on
 * their primary keys. Each read scans at most `scan` index entries, whatever an `after` value says,
 * so a page costs the same bounded work wherever it starts; a page of sources may hold fewer public
 * rows than it scanned (unpublished ones are skipped), and `lastScanned` says where the next starts.
 */
import type { PublicDb } from "./public-db";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";
import type { TopicListRow } from "./topic-list";

export const TOPIC_PAGE_SQL =
	"SELECT topic_id, label FROM topics WHERE topic_id > ?1 ORDER BY topic_id LIMIT ?2";

export const SOURCE_PAGE_SQL = `
WITH scanned AS MATERIALIZED (
  SELECT source_id, publication_state FROM sources WHERE source_id > ?1 ORDER BY source_id LIMIT ?2)
SELECT (SELECT COUNT(*) FROM scanned) AS scanned, (SELECT MAX(source_id) FROM scanned) AS last_scanned,
       ${SOURCE_REF_COLUMNS}
FROM (SELECT 1) one
LEFT JOIN scanned k ON k.publication_state = 'published'
LEFT JOIN sources s ON s.source_id = k.source_id
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY s.source_id`;

export async function topicPage(db: PublicDb, after: string, limit: number): Promise<TopicListRow[]> {
	const { results } = await db.prepare(TOPIC_PAGE_SQL).bind(after, limit).all<TopicListRow>();
	return results;
}

export interface SourcePage {
	rows: SourceRefRow[];
	/** The last source id the page scanned (public or not); null when none was left. */
	lastScanned: string | null;
	/** Whether the scan stopped at its bound (then there may be more). */
	full: boolean;
}

export async function sourcePage(db: PublicDb, after: string, scan: number): Promise<SourcePage> {
	const { results } = await db
		.prepare(SOURCE_PAGE_SQL)
		.bind(after, scan)
		.all<SourceRefRow & { scanned: number; last_scanned: string | null }>();
	const first = results[0];
	return {
		rows: results
			.filter((row) => row.source_id !== null)
			.map(({ scanned: _s, last_scanned: _l, ...row }) => row),
		lastScanned: first?.last_scanned ?? null,
		full: (first?.scanned ?? 0) >= scan,
	};
}
