/**
 * The search lexicon (created by migrations/0008_search_lexicon.sql, its rows written by the newest
 * lexicon migration from data/search-lexicon.json): the field's acronyms, abbreviations, variant
 * spellings and shorter ways of saying a long form, and the Spanish ways of saying them, kept as
 * data so an operator can correct it without a release (npm run lexicon).
 * One row per direction: looking up "aio" gives "AI Overviews" and looking up "ai overview" gives
 * "AIO". Keys are the index's stemmed tokens (src/search/query/tokens.ts), so "SERPs" finds the "serp" entry.
 * A Spanish form's row leads to the English form it is searched as, keyed by its Spanish stems
 * (spanishKey: "enlac intern" gives "internal links", for "enlace interno" and "enlaces internos"
 * alike); no English form leads to a Spanish one.
 */

import type { PublicDb } from "../../data/public-db";
import type { LexiconEntry } from "../query/lexicon-entry";
import { parseQuery } from "../query/parse";
import { lexiconKeys } from "../query/terms";

export interface LexiconRow {
	term_key: string;
	expansion: string;
	kind: string;
}

/** Every row, in the order alternatives are searched (the isolate's copy holds them). */
export const LEXICON_ALL_SQL =
	"SELECT term_key, expansion, kind FROM search_lexicon ORDER BY term_key, expansion";

export function lexiconMap(rows: readonly LexiconRow[]): Map<string, LexiconEntry> {
	const found = new Map<string, { alternatives: string[]; english?: string }>();
	for (const row of rows) {
		let entry = found.get(row.term_key);
		if (entry === undefined) {
			entry = { alternatives: [] };
			found.set(row.term_key, entry);
		}
		if (row.kind !== "spanish") entry.alternatives.push(row.expansion);
		else entry.english ??= row.expansion;
	}
	return found;
}

/** Runs of 1-5 query words are looked up (at most 24 distinct words), each with a few alternatives. */
const LEXICON_ROWS_MAX = 512;

const LEXICON_SQL = `
SELECT term_key, expansion, kind FROM search_lexicon
WHERE term_key IN (SELECT value FROM json_each(?1))
ORDER BY term_key, expansion LIMIT ${LEXICON_ROWS_MAX}`;

/**
 * The entries of every key the lexicon knows, in one bounded read (none when no keys); when some
 * are Spanish forms, a second read for the runs of their English forms' words, which the query is
 * searched as.
 */
export async function lexiconAlternatives(db: PublicDb, keys: string[]): Promise<Map<string, LexiconEntry>> {
	const read = async (wanted: string[]) =>
		(await db.prepare(LEXICON_SQL).bind(JSON.stringify(wanted)).all<LexiconRow>()).results;
	if (keys.length === 0) return new Map();
	const rows = await read(keys);
	const english = [
		...new Set(rows.filter((r) => r.kind === "spanish").flatMap((r) => lexiconKeys(parseQuery(r.expansion)))),
	];
	const more = english.filter((key) => !keys.includes(key));
	return lexiconMap(more.length === 0 ? rows : [...rows, ...(await read(more))]);
}
