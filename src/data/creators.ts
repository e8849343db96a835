import { closestMatches } from "./closest";
import type { PublicDb } from "./public-db";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";

export interface CreatorRow {
	creator_id: string;
	handle: string;
	display_name: string;
	platform: string;
	profile_url: string;
	bio: string;
}

export const CREATOR_SAMPLE_SOURCES = 5;

/** A creator is public while at least one of their sources is published. */
const CREATOR_SQL = `
SELECT c.creator_id, c.handle, c.display_name, c.platform, c.profile_url, c.bio FROM creators c
WHERE c.handle_key = ?1
  AND EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')`;

/** Read live, for a creator the projection does not hold yet. */
const SAMPLE_SOURCES_SQL = `
SELECT ${SOURCE_REF_COLUMNS}
FROM sources s JOIN creators c ON c.creator_id = s.creator_id
WHERE s.creator_id = ?1 AND s.publication_state = 'published'
ORDER BY s.published_at DESC, s.source_id LIMIT ${CREATOR_SAMPLE_SOURCES}`;

/** The samples the last refresh chose, joined back to the public rows (unpublished since: gone). */
const PROJECTED_SAMPLE_SOURCES_SQL = `
SELECT ${SOURCE_REF_COLUMNS}
FROM json_each((SELECT sample_source_ids FROM creator_projection WHERE creator_id = ?1)) j
JOIN sources s ON s.source_id = j.value JOIN creators c ON c.creator_id = s.creator_id
WHERE s.publication_state = 'published' ORDER BY j.key`;

/**
 * Public handles whose length is within the suggestion distance of the one asked for: the only ones
 * closestMatches can accept (edit distance >= length difference), whatever letter the typo is in.
 */
const HANDLE_CANDIDATES_SQL = `
SELECT c.handle FROM creators c
WHERE length(c.handle_key) BETWEEN ?1 AND ?2
  AND EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')`;

export async function findPublicCreator(db: PublicDb, key: string): Promise<CreatorRow | null> {
	return db.prepare(CREATOR_SQL).bind(key).first<CreatorRow>();
}

export async function creatorSampleSources(db: PublicDb, creatorId: string): Promise<SourceRefRow[]> {
	const { results } = await db.prepare(SAMPLE_SOURCES_SQL).bind(creatorId).all<SourceRefRow>();
	return results;
}

export async function projectedCreatorSampleSources(
	db: PublicDb,
	creatorId: string,
): Promise<SourceRefRow[]> {
	const { results } = await db.prepare(PROJECTED_SAMPLE_SOURCES_SQL).bind(creatorId).all<SourceRefRow>();
	return results;
}

export async function suggestHandles(db: PublicDb, key: string): Promise<string[]> {
	const length = [...key].length;
	if (length === 0) return [];
	const slack = Math.max(2, Math.ceil(length / 3));
	const { results } = await db
		.prepare(HANDLE_CANDIDATES_SQL)
		.bind(Math.max(1, length - slack), length + slack)
		.all<{ handle: string }>();
	return closestMatches(
		key,
		results.map((r) => r.handle),
		(handle) => handle.toLowerCase(),
	);
}
