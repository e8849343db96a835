/**
 * Completion candidates by prefix: topic ids, public creator handles (by handle key) and public
 * source ids; and public source ids by word prefixes of their title (the title-word index, at most
 * TITLE_SCAN of its rows). Each is a range on a primary-key or unique index (`>= prefix AND < prefix + U+10FFFF`),
 * scans at most COMPLETION_SCAN index entries and returns at most `limit`, so a short or empty
 * prefix costs the same bounded work as a long one. Unpublished sources and creators with no
 * published source are filtered after the bounded scan: they are never returned.
 */

import { rawTokens } from "../search/query/tokens";
import type { PublicDb } from "./public-db";

/** Index entries one completion may scan. */
export const COMPLETION_SCAN = 200;

const PREFIX_END = String.fromCodePoint(0x10ffff);

export const TOPIC_PREFIX_SQL = `
SELECT topic_id AS value FROM topics
WHERE topic_id >= ?1 AND topic_id < ?2 AND substr(topic_id, 1, length(?1)) = ?1
ORDER BY topic_id LIMIT ?3`;

export const HANDLE_PREFIX_SQL = `
WITH scanned AS MATERIALIZED (
  SELECT creator_id, handle, handle_key FROM creators
  WHERE handle_key >= ?1 AND handle_key < ?2 ORDER BY handle_key LIMIT ${COMPLETION_SCAN})
SELECT k.handle AS value FROM scanned k
WHERE substr(k.handle_key, 1, length(?1)) = ?1
  AND EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = k.creator_id AND s.publication_state = 'published')
ORDER BY k.handle_key LIMIT ?3`;

export const SOURCE_PREFIX_SQL = `
WITH scanned AS MATERIALIZED (
  SELECT source_id, publication_state FROM sources
  WHERE source_id >= ?1 AND source_id < ?2 ORDER BY source_id LIMIT ${COMPLETION_SCAN})
SELECT source_id AS value FROM scanned
WHERE publication_state = 'published' AND substr(source_id, 1, length(?1)) = ?1
ORDER BY source_id LIMIT ?3`;

/** Title-word index rows (one per public source, migrations/0019_title_words.sql) a title completion reads. */
const TITLE_SCAN = 200;

export const SOURCE_TITLE_SQL = `
WITH hits AS MATERIALIZED (
  SELECT rowid AS doc_id FROM title_words WHERE title_words MATCH ?1 LIMIT ${TITLE_SCAN})
SELECT s.source_id AS value
FROM hits h
CROSS JOIN search_documents d ON d.doc_id = h.doc_id
CROSS JOIN sources s ON s.source_id = d.source_id
WHERE s.publication_state = 'published'
ORDER BY s.source_id LIMIT ?2`;

/** Words a title completion uses: the first few are enough to name a title. */
const MAX_TITLE_WORDS = 6;

/**
 * The title_words expression for a value's words, each a word prefix ("optimi" finds
 * "optimization"), all required; null when the value has no word. The words are the index's own
 * (unicode61 with remove_diacritics 2: letters and digits, folded), so the expression holds
 * nothing but quoted words and prefix stars: no operator a caller writes reaches FTS5.
 */
export function titleWordsMatch(value: string): string | null {
	const words = rawTokens(value).slice(0, MAX_TITLE_WORDS);
	return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(" ");
}

/** `match` is a titleWordsMatch expression. */
export async function publicSourceIdsByTitle(db: PublicDb, match: string, limit: number): Promise<string[]> {
	const { results } = await db.prepare(SOURCE_TITLE_SQL).bind(match, limit).all<{ value: string }>();
	return results.map((row) => row.value);
}

async function byPrefix(statement: D1PreparedStatement, prefix: string, limit: number): Promise<string[]> {
	const { results } = await statement.bind(prefix, `${prefix}${PREFIX_END}`, limit).all<{ value: string }>();
	return results.map((row) => row.value);
}

export const topicIdsByPrefix = (db: PublicDb, prefix: string, limit: number) =>
	byPrefix(db.prepare(TOPIC_PREFIX_SQL), prefix, limit);

/** `keyPrefix` is a handle key prefix (src/text/handle-key.ts); the handles come back as written. */
export const publicHandlesByPrefix = (db: PublicDb, keyPrefix: string, limit: number) =>
	byPrefix(db.prepare(HANDLE_PREFIX_SQL), keyPrefix, limit);

export const publicSourceIdsByPrefix = (db: PublicDb, prefix: string, limit: number) =>
	byPrefix(db.prepare(SOURCE_PREFIX_SQL), prefix, limit);
