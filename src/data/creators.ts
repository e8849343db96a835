import { closestMatches } from "./closest";
import type { CreatorCounts } from "./counts";
import { CREATOR_COUNTS_COLUMNS, creatorCountsFrom } from "./projected-counts";
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

/** The public creator the handle key ?1 names, as a subquery each statement below finds for itself. */
const CREATOR_ID = `(SELECT creator_id FROM (${CREATOR_SQL}))`;

const COUNTS_SQL = `SELECT ${CREATOR_COUNTS_COLUMNS} FROM creator_projection WHERE creator_id = ${CREATOR_ID}`;

/** The samples the last refresh chose, joined back to the public rows (unpublished since: gone). */
const PROJECTED_SAMPLE_SOURCES_SQL = `
SELECT ${SOURCE_REF_COLUMNS}
FROM json_each((SELECT sample_source_ids FROM creator_projection WHERE creator_id = ${CREATOR_ID})) j
JOIN sources s ON s.source_id = j.value JOIN creators c ON c.creator_id = s.creator_id
WHERE s.publication_state = 'published' ORDER BY j.key`;

/** Read live only for a creator the projection does not hold yet (otherwise the gate reads nothing). */
const LIVE_SAMPLE_SOURCES_SQL = `
SELECT ${SOURCE_REF_COLUMNS}
FROM sources s JOIN creators c ON c.creator_id = s.creator_id
WHERE s.creator_id = ${CREATOR_ID} AND s.publication_state = 'published'
ORDER BY s.published_at DESC, s.source_id
LIMIT CASE WHEN EXISTS (SELECT 1 FROM creator_projection WHERE creator_id = ${CREATOR_ID}) THEN 0 ELSE ${CREATOR_SAMPLE_SOURCES} END`;

/**
 * Only when no public creator has the key (gated through LIMIT: a false WHERE term would still scan
 * every creator): public handles whose length is within the suggestion
 * distance of it (?2..?3), the only ones closestMatches can accept (edit distance >= length
 * difference), whatever letter the typo is in.
 */
const HANDLE_CANDIDATES_SQL = `
SELECT c.handle FROM creators c
WHERE length(c.handle_key) BETWEEN ?2 AND ?3
  AND EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')
LIMIT CASE WHEN ${CREATOR_ID} IS NULL THEN -1 ELSE 0 END`;

export async function findPublicCreator(db: PublicDb, key: string): Promise<CreatorRow | null> {
	return db.prepare(CREATOR_SQL).bind(key).first<CreatorRow>();
}

export interface CreatorRead {
	creator: CreatorRow | null;
	/** The last refresh's counts; null when the creator was added since. */
	counts: CreatorCounts | null;
	samples: SourceRefRow[];
	/** Closest public handles, when no public creator has the key. */
	suggestions: string[];
}

/**
 * Everything get_creator answers with, in one round trip (on the edge each is a network hop): the
 * creator, the counts and samples of the last refresh, the live samples of a creator not projected
 * yet, and the handles a typo is compared with.
 */
export async function readPublicCreator(db: PublicDb, key: string): Promise<CreatorRead> {
	const length = [...key].length;
	const slack = Math.max(2, Math.ceil(length / 3));
	const range = [Math.max(1, length - slack), length + slack];
	const [creator, counts, projected, live, candidates] = await db.batch([
		db.prepare(CREATOR_SQL).bind(key),
		db.prepare(COUNTS_SQL).bind(key),
		db.prepare(PROJECTED_SAMPLE_SOURCES_SQL).bind(key),
		db.prepare(LIVE_SAMPLE_SOURCES_SQL).bind(key),
		db.prepare(HANDLE_CANDIDATES_SQL).bind(key, ...range),
	]);
	const row = (creator?.results[0] as CreatorRow | undefined) ?? null;
	const projectedCounts = creatorCountsFrom(counts?.results[0] as Parameters<typeof creatorCountsFrom>[0]);
	const handles = ((candidates?.results ?? []) as { handle: string }[]).map((r) => r.handle);
	return {
		creator: row,
		counts: projectedCounts,
		samples: ((projectedCounts === null ? live : projected)?.results ?? []) as SourceRefRow[],
		suggestions: row === null && length > 0 ? closestMatches(key, handles, (h) => h.toLowerCase()) : [],
	};
}
