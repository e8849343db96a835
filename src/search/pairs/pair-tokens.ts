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
import { tokens } from "../query/tokens";

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

/** A source's text as the search index holds it (the view search_document_text). */
export interface IndexedText {
	title: string;
	summary: string;
	topics: string;
	body: string;
}

/** Every distinct pair a source holds, as the text FTS5 indexes for it in search_pairs. */
export function documentPairs(text: IndexedText): string {
	const pairs = new Set<string>();
	for (const column of [text.title, text.topics, text.body])
		for (const pair of pairsOfWords(tokens(column), "near")) pairs.add(pair);
	for (const pair of pairsOfWords(tokens(text.summary), "summary")) pairs.add(pair);
	return [...pairs].join(" ");
}
