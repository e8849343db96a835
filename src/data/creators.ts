import { type Candidate, closestCandidates, suggestionSlack, toCandidate } from "../text/closest";
import { CONTENT_VERSION_SQL } from "./content-version";
import type { CreatorCounts } from "./counts";
import { CREATOR_COUNTS_COLUMNS, creatorCountsFrom } from "./projected-counts";
import { PROJECTION_COPY_MAX_AGE_MS } from "./projection-copy";
import type { PublicDb } from "./public-db";
import { SOURCE_REF_COLUMNS, type SourceRefRow } from "./source-ref";

interface CreatorRow {
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
 * Every public handle with its key's length, only when no public creator has the key and the
 * isolate cannot use the list it keeps (?2: that list's content version, null when there is none or
 * it is too old): gated through LIMIT, since a false WHERE term would still scan every creator.
 */
const PUBLIC_HANDLES_SQL = `
SELECT c.handle, length(c.handle_key) AS key_length FROM creators c
WHERE EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')
LIMIT CASE WHEN ${CREATOR_ID} IS NULL AND (${CONTENT_VERSION_SQL}) IS NOT ?2 THEN -1 ELSE 0 END`;

interface PublicHandle {
	handle: string;
	/** In code points, as SQLite counts a text's length. */
	key_length: number;
}

/**
 * The public handles a typo is compared with, kept by the isolate with the content version they
 * were read at. Reading them costs a row for every creator and one for each public one, so a stream
 * of typos would read the whole table per call; kept, the batch reads only the version, and the
 * list is used only while that version is unchanged (any write to creators or sources moves it,
 * migration 0010), and for at most PROJECTION_COPY_MAX_AGE_MS, since a database restored to an
 * earlier point can count its version up to the same number again.
 */
let publicHandles: { version: number; readAt: number; handles: readonly KeptHandle[] } | undefined;

/** A public handle as the kept list holds it: prepared for comparison once per read, not once per typo. */
interface KeptHandle {
	keyLength: number;
	candidate: Candidate;
}

export const prepared = (rows: readonly PublicHandle[]): KeptHandle[] =>
	rows.map((h) => ({ keyLength: h.key_length, candidate: toCandidate(h.handle, h.handle.toLowerCase()) }));

/** The version the kept list may be used at, or null when there is none or it is too old. */
const keptVersion = (now: number): number | null =>
	publicHandles !== undefined &&
	now >= publicHandles.readAt &&
	now - publicHandles.readAt < PROJECTION_COPY_MAX_AGE_MS
		? publicHandles.version
		: null;

/**
 * The closest public handles among those whose key's length is within the suggestion distance of the
 * key's: a handle much longer that merely contains the key is not taken for a typo of it.
 */
export function suggestionsFor(key: string, handles: readonly KeptHandle[]): string[] {
	const length = [...key].length;
	const slack = suggestionSlack(length);
	return closestCandidates(
		key,
		handles.filter((h) => Math.abs(h.keyLength - length) <= slack).map((h) => h.candidate),
	);
}

/**
 * The handles a typo is compared with, from a batch that read the creator (null: no public creator
 * has the key), the content version and, when the isolate's list could not be used, the public
 * handles: read at this version just now, or kept from an earlier read at the same version.
 */
function handlesToCompare(
	row: CreatorRow | null,
	version: D1Result | undefined,
	handles: D1Result | undefined,
	kept: number | null,
	now: number,
): readonly KeptHandle[] {
	const current = (version?.results[0] as { version: number } | undefined)?.version ?? null;
	if (row === null && current !== null && current !== kept)
		publicHandles = {
			version: current,
			readAt: now,
			handles: prepared((handles?.results ?? []) as PublicHandle[]),
		};
	return row === null && current !== null ? (publicHandles?.handles ?? []) : [];
}

interface CreatorLookup {
	creator: CreatorRow | null;
	/** Closest public handles, when no public creator has the key. */
	suggestions: string[];
}

/**
 * The public creator a handle key names or, when none does, the closest public handles, as
 * get_creator finds them (the same kept list), in one round trip: for brief_creator.
 */
export async function lookupPublicCreator(
	db: PublicDb,
	key: string,
	now: number = Date.now(),
): Promise<CreatorLookup> {
	const kept = keptVersion(now);
	const [creator, version, handles] = await db.batch([
		db.prepare(CREATOR_SQL).bind(key),
		db.prepare(CONTENT_VERSION_SQL),
		db.prepare(PUBLIC_HANDLES_SQL).bind(key, kept),
	]);
	const row = (creator?.results[0] as CreatorRow | undefined) ?? null;
	return {
		creator: row,
		suggestions: suggestionsFor(key, handlesToCompare(row, version, handles, kept, now)),
	};
}

interface CreatorRead {
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
 * yet, and the content version with, when the isolate's list cannot be used, the public handles a
 * typo is compared with. One batch is one transaction: the version and the handles agree.
 */
export async function readPublicCreator(
	db: PublicDb,
	key: string,
	now: number = Date.now(),
): Promise<CreatorRead> {
	const kept = keptVersion(now);
	const [creator, counts, projected, live, version, handles] = await db.batch([
		db.prepare(CREATOR_SQL).bind(key),
		db.prepare(COUNTS_SQL).bind(key),
		db.prepare(PROJECTED_SAMPLE_SOURCES_SQL).bind(key),
		db.prepare(LIVE_SAMPLE_SOURCES_SQL).bind(key),
		db.prepare(CONTENT_VERSION_SQL),
		db.prepare(PUBLIC_HANDLES_SQL).bind(key, kept),
	]);
	const row = (creator?.results[0] as CreatorRow | undefined) ?? null;
	const projectedCounts = creatorCountsFrom(counts?.results[0] as Parameters<typeof creatorCountsFrom>[0]);
	const compared = handlesToCompare(row, version, handles, kept, now);
	return {
		creator: row,
		counts: projectedCounts,
		samples: ((projectedCounts === null ? live : projected)?.results ?? []) as SourceRefRow[],
		suggestions: suggestionsFor(key, compared),
	};
}
