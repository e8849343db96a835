/**
 * The query's words, read once from the caller's text: a term is a whitespace-separated word, or a
 * double-quoted part of the query (its words adjacent and in order), each keyed by the index's own
 * tokens, stemmed (src/search/query/tokens.ts), and by its Spanish stems (the lexicon's Spanish forms
 * are looked up so). Only the double quote is special here; how the words are written for FTS5 is
 * src/search/execute/fts5.ts's business, and the terms they are searched as are terms.ts's. The
 * bounds below keep what a query can make the database read bounded (BENCHMARKS.md, "Why the query
 * bounds").
 */
import { spanishStem } from "./spanish-stem";
import { rawTokens, stem, tokens } from "./tokens";

/** At most this many terms are searched; the rest of a long query is ignored, and the result says so. */
export const MAX_QUERY_TERMS = 24;
/**
 * FTS5 reads every token's whole doclist (with positions) for a phrase, so a long phrase of common
 * tokens costs like that many searches (BENCHMARKS.md, "Why the query bounds"). A term keeps at most
 * this many tokens, a query this many in all (distinct terms); the rest is cut and the result says
 * query_truncated.
 */
export const MAX_TERM_TOKENS = 12;
export const MAX_QUERY_TOKENS = 32;
/**
 * A phrase (a quoted part, a hyphenated word) found nowhere costs most of all: learning that it is
 * nowhere reads every position of every row holding its words. A query keeps at most this many
 * phrases, of at most MAX_PHRASE_WORDS words together; a phrase past either bound is searched as its
 * separate words (interpreted_as shows them). Bounded so, the costliest searches are the phrases of
 * common words found nowhere that the bench measures (BENCHMARKS.md, "Why the query bounds").
 */
export const MAX_QUERY_PHRASES = 2;
export const MAX_PHRASE_WORDS = 12;
/** The longest run of query words looked up in the lexicon ("your money or your life"). */
export const LEXICON_MAX_WORDS = 5;

export interface QueryWord {
	/** As typed (NFKC, without quotes or control characters). */
	text: string;
	/** Its index tokens, stemmed and joined by one space: equal keys are the same word. */
	key: string;
	/** Its tokens stemmed as Spanish (spanishKey): how it is looked up among the lexicon's Spanish forms. */
	spanishKey: string;
	/** From a double-quoted part of the query: its words adjacent, never expanded (still stemmed). */
	quoted: boolean;
	/** The Spanish form this word was read from (inEnglish), as typed. */
	spanish?: string;
}

export interface ParsedQuery {
	/** The words in query order, repeats included (a repeat can belong to a lexicon entry). */
	words: QueryWord[];
	/** True when the query had more than MAX_QUERY_TERMS distinct words, or more tokens than allowed. */
	truncated: boolean;
}

/** Keys already computed: a lexicon's forms are keyed again by every query that holds them. Bounded: cleared when full. */
const keys = new Map<string, string>();
const KEY_MEMO_MAX = 5000;

/** The lexicon key of any text: the index's tokens joined by one space. */
export function termKey(text: string): string {
	let key = keys.get(text);
	if (key === undefined) {
		if (keys.size >= KEY_MEMO_MAX) keys.clear();
		key = tokens(text).join(" ");
		keys.set(text, key);
	}
	return key;
}

/**
 * The lexicon key of a Spanish form: its folded tokens stemmed by Snowball's Spanish algorithm
 * (spanish-stem.ts), so that its plural and singular meet ("actualizaciones principales" and
 * "actualización principal" are "actualiz principal"), which the index's English stemming does not
 * do. Only the lexicon's Spanish forms are keyed so, and only they are looked up so.
 */
export const spanishKey = (text: string): string => rawTokens(text).map(spanishStem).join(" ");

/** What is left of a query's bounds as its words are read, and what was read. */
interface Reading {
	words: QueryWord[];
	distinct: Set<string>;
	tokens: number;
	phrases: number;
	phraseWords: number;
	truncated: boolean;
	/** Each word's folded tokens and Spanish stems, once per parse: a query may repeat a word many times. */
	folded: Map<string, { tokens: string[]; spanish: string[] }>;
}

function foldedOf(reading: Reading, text: string): { tokens: string[]; spanish: string[] } {
	let found = reading.folded.get(text);
	if (found === undefined) {
		const tokens = rawTokens(text).slice(0, MAX_TERM_TOKENS + 1);
		found = { tokens, spanish: tokens.map(spanishStem) };
		reading.folded.set(text, found);
	}
	return found;
}

/**
 * Whether a new key of `count` tokens fits what is left of the bounds, and takes its share; false when
 * the query is past them (the rest is cut: truncated).
 */
function takes(reading: Reading, count: number, phrase: boolean): boolean {
	if (reading.distinct.size === MAX_QUERY_TERMS || count > reading.tokens) {
		reading.truncated = true;
		return false;
	}
	reading.tokens -= count;
	if (phrase) {
		reading.phrases--;
		reading.phraseWords -= count;
	}
	return true;
}

/** Reads one word (or quoted part); false once the query's bounds are reached. */
function readWord(reading: Reading, raw: string, quoted: boolean): boolean {
	let text = raw.trim().replace(/\s+/gu, " ");
	const folded = foldedOf(reading, text);
	if (folded.tokens.length > MAX_TERM_TOKENS) {
		// Its first tokens, as a phrase of the same tokens.
		text = folded.tokens.slice(0, MAX_TERM_TOKENS).join(" ");
		reading.truncated = true;
	}
	const kept = folded.tokens.slice(0, MAX_TERM_TOKENS);
	// The same tokens, stemmed: what termKey(text) computes, without tokenising the word again.
	const key = kept.map(stem).join(" ");
	if (key === "") return true;
	if (!reading.distinct.has(key)) {
		const phrase = kept.length > 1;
		if (phrase && (reading.phrases === 0 || kept.length > reading.phraseWords)) {
			// Past the phrase bounds: its words, each searched on its own as a plain word.
			for (const token of kept) if (!readWord(reading, token, false)) return false;
			return true;
		}
		if (!takes(reading, kept.length, phrase)) return false;
	}
	reading.distinct.add(key);
	const spanish = folded.spanish.slice(0, MAX_TERM_TOKENS).join(" ");
	reading.words.push({ text, key, spanishKey: spanish, quoted });
	return true;
}

export function parseQuery(query: string): ParsedQuery {
	// Inside an FTS5 string only the double quote is special; control characters are dropped too.
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips.
	const text = query.normalize("NFKC").replace(/[\u0000-\u001f\u007f]/gu, " ");
	const parts = text.split('"');
	// An unpaired quote is plain text: only the parts between pairs of quotes are phrases.
	const pairedParts = parts.length % 2 === 1 ? parts.length : parts.length - 1;
	const reading: Reading = {
		words: [],
		distinct: new Set(),
		tokens: MAX_QUERY_TOKENS,
		phrases: MAX_QUERY_PHRASES,
		phraseWords: MAX_PHRASE_WORDS,
		truncated: false,
		folded: new Map(),
	};
	outer: for (const [index, part] of parts.entries()) {
		if (index % 2 === 1 && index < pairedParts) {
			if (!readWord(reading, part, true)) break;
			continue;
		}
		for (const word of part.split(/\s+/u)) if (!readWord(reading, word, false)) break outer;
	}
	return { words: reading.words, truncated: reading.truncated };
}
