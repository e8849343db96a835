/**
 * The search lexicon (created by migrations/0008_search_lexicon.sql, its rows written by the newest
 * lexicon migration from data/search-lexicon.json): the field's acronyms, abbreviations, variant
 * spellings and shorter ways of saying a long form, kept as data so an operator can correct it
 * without a release (npm run lexicon).
 * One row per direction: looking up "aio" gives "AI Overviews" and looking up "ai overview" gives
 * "AIO". Keys are the index's stemmed tokens (src/data/tokens.ts), so "SERPs" finds the "serp" entry.
 */
import type { PublicDb } from "./public-db";

export interface LexiconRow {
	term_key: string;
	expansion: string;
}

/** Every row, in the order alternatives are searched (the isolate's copy holds them). */
export const LEXICON_ALL_SQL = "SELECT term_key, expansion FROM search_lexicon ORDER BY term_key, expansion";

export function lexiconMap(rows: readonly LexiconRow[]): Map<string, string[]> {
	const found = new Map<string, string[]>();
	for (const row of rows) {
		const list = found.get(row.term_key);
		if (list) list.push(row.expansion);
		else found.set(row.term_key, [row.expansion]);
	}
	return found;
}

/** Runs of 1-5 query words are looked up (at most 24 distinct words), each with a few alternatives. */
const LEXICON_ROWS_MAX = 512;

const LEXICON_SQL = `
SELECT term_key, expansion FROM search_lexicon
WHERE term_key IN (SELECT value FROM json_each(?1))
ORDER BY term_key, expansion LIMIT ${LEXICON_ROWS_MAX}`;

/** The alternatives of every key the lexicon knows, in one bounded read (none when no keys). */
export async function lexiconAlternatives(db: PublicDb, keys: string[]): Promise<Map<string, string[]>> {
	if (keys.length === 0) return new Map();
	const { results } = await db.prepare(LEXICON_SQL).bind(JSON.stringify(keys)).all<LexiconRow>();
	return lexiconMap(results);
}
