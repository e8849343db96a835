/**
 * Each hit's excerpt: the passage holding the query's words adjacent when it has one, else the most
 * query terms (passages.ts), cut to a bounded window around the place it holds them (excerpt.ts),
 * with the terms it holds. A term's Spanish form counts too: a passage in Spanish that says it holds
 * the term.
 */
import type { SearchHitRow } from "../execute/statement";
import { termKey } from "../query/parse";
import type { SearchTerm } from "../query/terms";
import { excerptAt } from "./excerpt";
import { choosePassage } from "./passages";

export interface Excerpt {
	passageOrdinal: number;
	startMs: number;
	endMs: number;
	text: string;
	/** The terms it holds, as the query wrote them, in the query's order. */
	matchedTerms: string[];
}

/** The excerpt of each hit, for the terms searched and their words adjacent (stemmed keys). */
export function excerptsOf(
	rows: readonly SearchHitRow[],
	terms: readonly SearchTerm[],
	phraseKeys: readonly string[],
): Excerpt[] {
	const termKeys = terms.map((t) => (t.spanish === undefined ? t.keys : [...t.keys, termKey(t.spanish)]));
	return rows.map((row) => {
		const passage = choosePassage(row.passages, termKeys, phraseKeys);
		// Every source has at least one passage (the corpus format requires it).
		if (passage === undefined) throw new Error(`source ${row.source_id} has no passages`);
		return {
			passageOrdinal: passage.ordinal,
			startMs: passage.start_ms,
			endMs: passage.end_ms,
			text: excerptAt(passage.text, passage.hitAt),
			matchedTerms: passage.held.map((i) => terms[i]?.text ?? ""),
		};
	});
}
