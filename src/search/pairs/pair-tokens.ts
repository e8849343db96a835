/**
 * The word-pair index's tokens (migrations/0023_search_pairs.sql): every two tokens adjacent in one
 * column of a source's indexed text, as FTS5 itself tokenized and stemmed them, as one token. Lucene's
 * `index_phrases` in FTS5: a phrase's pairs are looked up without reading any word's positions.
 *
 * Adjacent means what an FTS5 phrase means, no more: the index keeps every word (stop words are
 * words to it) and no sentence boundary, so "the ranking" is a pair and so are the last word of one
 * sentence and the first of the next. A pair never spans two columns, as a phrase never does.
 *
 * A token is shaped like a facet (migrations/0014): '0', the first word's UTF-8 bytes in hex, a
 * letter no hex digit is ('g' for the title, topic labels and transcript, the columns of the words
 * adjacent tier; 'h' for the summary), the second word's bytes in hex, '0'. unicode61 keeps it whole.
 *
 * Two sides make pairs. A source's are written by SQL from FTS5's own tokens (PAIR_TOKEN_SQL,
 * src/projections/pair-writer.ts, migrations/0024), so they are the index's whatever the text holds.
 * A query's are made in TypeScript from the tokenizer mirror (query/tokens.ts), which reads some
 * text apart from unicode61 (NFKC, every mark stripped, V8's Unicode tables rather than SQLite's):
 * a phrase's pairs are asked for only where the mirror is known to read its text as FTS5 does
 * (mirrorReadsAsIndex); anywhere else its phrase is answered from positions, as before the index.
 */

/** Where a pair was found: the columns the words-adjacent tier reads (near) or the summary. */
export type PairPlace = "near" | "summary";

const LETTER: Record<PairPlace, string> = { near: "g", summary: "h" };

const encoder = new TextEncoder();
const hexOf = (word: string) =>
	Array.from(encoder.encode(word), (b) => b.toString(16).padStart(2, "0")).join("");

/** Two stemmed words adjacent in `place`, as the index's token. */
export const pairToken = (first: string, second: string, place: PairPlace): string =>
	`0${hexOf(first)}${LETTER[place]}${hexOf(second)}0`;

/** Each pair of adjacent stemmed words, in order (none for fewer than two words). */
export function pairsOfWords(words: readonly string[], place: PairPlace): string[] {
	const pairs: string[] = [];
	for (let i = 0; i + 1 < words.length; i++)
		pairs.push(pairToken(words[i] as string, words[i + 1] as string, place));
	return pairs;
}

/**
 * pairToken in SQL, for the writer: over rows whose `term` and `next` are two FTS5 tokens adjacent
 * in the column named by `col` (an fts5vocab column name). The same bytes, in the same hex.
 */
export const PAIR_TOKEN_SQL = `'0' || lower(hex(term)) || CASE col WHEN 'summary' THEN '${LETTER.summary}' ELSE '${LETTER.near}' END || lower(hex(next)) || '0'`;

type CodePoints = readonly [from: number, to: number];

/**
 * The blocks in which the mirror and FTS5's unicode61 (remove_diacritics 2) were compared code point
 * by code point, alone, doubled and inside and at either end of a word, and in random text of them
 * (test/workers/search/pairs-tokens.test.ts): Latin (ASCII, Latin-1, Extended-A and -B, Extended
 * Additional), Cyrillic, general punctuation, CJK symbols and punctuation, CJK unified ideographs.
 * Every code point of them is assigned, so a newer Unicode in V8 adds nothing to them.
 */
export const COMPARED_BLOCKS: readonly CodePoints[] = [
	[0x0000, 0x024f],
	[0x0400, 0x04ff],
	[0x1e00, 0x1eff],
	[0x2000, 0x206f],
	[0x3000, 0x303f],
	[0x4e00, 0x9fff],
];

/**
 * The code points of those blocks the two read apart, each listed by the test: ordinals,
 * superscripts and fractions, ligatures and digraphs NFKC spells out (ĳ ŀ ŉ ǆ ǳ ẚ); letters with
 * two marks unicode61 keeps (ǡ ǣ ǯ ǽ ǿ); Cyrillic letters with a mark unicode61 keeps (ё й ї ќ ў …)
 * and Cyrillic's combining marks; the bidirectional isolates; ideographic tone marks and Hangzhou
 * numerals.
 */
export const READ_APART: readonly CodePoints[] = [
	[0x00aa, 0x00aa],
	[0x00b2, 0x00b3],
	[0x00b9, 0x00ba],
	[0x00bc, 0x00be],
	[0x0132, 0x0133],
	[0x013f, 0x0140],
	[0x0149, 0x0149],
	[0x01c4, 0x01cc],
	[0x01e0, 0x01e3],
	[0x01ee, 0x01ef],
	[0x01f1, 0x01f3],
	[0x01fc, 0x01ff],
	[0x0400, 0x0401],
	[0x0403, 0x0403],
	[0x0407, 0x0407],
	[0x040c, 0x040e],
	[0x0419, 0x0419],
	[0x0439, 0x0439],
	[0x0450, 0x0451],
	[0x0453, 0x0453],
	[0x0457, 0x0457],
	[0x045c, 0x045e],
	[0x0476, 0x0477],
	[0x0483, 0x0489],
	[0x04c1, 0x04c2],
	[0x04d0, 0x04d3],
	[0x04d6, 0x04d7],
	[0x04da, 0x04df],
	[0x04e2, 0x04e7],
	[0x04ea, 0x04f5],
	[0x04f8, 0x04f9],
	[0x1e9a, 0x1e9a],
	[0x2065, 0x2069],
	[0x302a, 0x302f],
	[0x3038, 0x303a],
];

/** The compared blocks without what they read apart, as one character class. */
function alikeClass(): string {
	const alike: [number, number][] = [];
	for (const [from, to] of COMPARED_BLOCKS) {
		let next = from;
		for (const [apartFrom, apartTo] of READ_APART) {
			if (apartTo < from || apartFrom > to) continue;
			if (apartFrom > next) alike.push([next, apartFrom - 1]);
			next = apartTo + 1;
		}
		if (next <= to) alike.push([next, to]);
	}
	const at = (cp: number) => `\\u{${cp.toString(16)}}`;
	return alike.map(([from, to]) => `${at(from)}-${at(to)}`).join("");
}

const READ_ALIKE = new RegExp(`^[${alikeClass()}]*$`, "u");

/**
 * Whether the mirror's tokens of `text` are FTS5's, so that pairs made from them are pairs the index
 * holds: every code point of it is one the two were shown to read alike.
 */
export const mirrorReadsAsIndex = (text: string): boolean => READ_ALIKE.test(text);
