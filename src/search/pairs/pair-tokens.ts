/**
 * The word-pair index's tokens (migrations/0023_search_pairs.sql): every two words adjacent in one
 * column of a source's indexed text, after the index's own folding and stemming (the tokenizer
 * mirror, query/tokens.ts), as one token. Lucene's `index_phrases` in FTS5: a phrase's pairs are
 * looked up without reading any word's positions.
 *
 * Adjacent means what an FTS5 phrase means, no more: the index keeps every word (stop words are
 * words to it) and no sentence boundary, so "the ranking" is a pair and so are the last word of one
 * sentence and the first of the next. A pair never spans two columns, as a phrase never does.
 *
 * A token is shaped like a facet (migrations/0014): '0', the first word's UTF-8 bytes in hex, a
 * letter no hex digit is ('g' for the title, topic labels and transcript, the columns of the words
 * adjacent tier; 'h' for the summary), the second word's bytes in hex, '0'. unicode61 keeps it whole.
 */
import { rawTokens, stem } from "../query/tokens";

/** Where a pair was found: the columns the words-adjacent tier reads (near) or the summary. */
export type PairPlace = "near" | "summary";

const LETTER: Record<PairPlace, string> = { near: "g", summary: "h" };

const encoder = new TextEncoder();
const hexOf = (word: string) =>
	Array.from(encoder.encode(word), (b) => b.toString(16).padStart(2, "0")).join("");

const joined = (first: string, second: string, place: PairPlace) => `0${first}${LETTER[place]}${second}0`;

/** Two stemmed words adjacent in `place`, as the index's token. */
export const pairToken = (first: string, second: string, place: PairPlace): string =>
	joined(hexOf(first), hexOf(second), place);

/** Each pair of adjacent stemmed words, in order (none for fewer than two words). */
export function pairsOfWords(words: readonly string[], place: PairPlace): string[] {
	const pairs: string[] = [];
	for (let i = 0; i + 1 < words.length; i++)
		pairs.push(pairToken(words[i] as string, words[i + 1] as string, place));
	return pairs;
}

/** A source's text as the search index holds it (the view search_document_text). */
export interface IndexedText {
	title: string;
	summary: string;
	topics: string;
	body: string;
}

/**
 * Each folded word's stem in hex, remembered: a collection repeats a small vocabulary, and stemming
 * and encoding every word of every transcript again is most of a write's time. Bounded: cleared
 * when full.
 */
const stemHex = new Map<string, string>();
const STEM_MEMO_MAX = 50_000;

function hexStemsOf(text: string): string[] {
	return rawTokens(text).map((word) => {
		let hex = stemHex.get(word);
		if (hex === undefined) {
			if (stemHex.size >= STEM_MEMO_MAX) stemHex.clear();
			hex = hexOf(stem(word));
			stemHex.set(word, hex);
		}
		return hex;
	});
}

/** Every distinct pair a source holds, as the text FTS5 indexes for it in search_pairs. */
export function documentPairs(text: IndexedText): string {
	const pairs = new Set<string>();
	const add = (column: string, place: PairPlace) => {
		const hex = hexStemsOf(column);
		for (let i = 0; i + 1 < hex.length; i++) pairs.add(joined(hex[i] as string, hex[i + 1] as string, place));
	};
	for (const column of [text.title, text.topics, text.body]) add(column, "near");
	add(text.summary, "summary");
	return [...pairs].join(" ");
}
