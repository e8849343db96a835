/**
 * Turns user text into a safe FTS5 MATCH expression. User text never reaches MATCH raw: every
 * whitespace-separated word becomes a double-quoted FTS5 string (a phrase of its tokens), so
 * operators (AND, OR, NOT, NEAR), column filters (NOTE:), prefixes (*), parentheses and quotes are
 * all plain text. "multi-agent" becomes the phrase "multi-agent" (multi followed by agent).
 */

/** At most this many words are searched; the rest of a long query is ignored, and the result says so. */
export const MAX_QUERY_TERMS = 24;

const WORD_HAS_TOKEN = /[\p{L}\p{N}]/u;

export interface MatchTerms {
	/** The quoted phrases, in query order, duplicates removed. */
	phrases: string[];
	/** True when the query had more than MAX_QUERY_TERMS searchable words. */
	truncated: boolean;
}

export function matchTerms(query: string): MatchTerms {
	const seen = new Set<string>();
	const phrases: string[] = [];
	let truncated = false;
	for (const rawWord of query.normalize("NFKC").split(/\s+/u)) {
		// Inside an FTS5 string only the double quote is special; drop it and any control character.
		// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips.
		const word = rawWord.replace(/["\u0000-\u001f\u007f]/gu, "");
		if (!WORD_HAS_TOKEN.test(word)) continue;
		const key = word.toLowerCase();
		if (seen.has(key)) continue;
		if (phrases.length === MAX_QUERY_TERMS) {
			truncated = true;
			break;
		}
		seen.add(key);
		phrases.push(`"${word}"`);
	}
	return { phrases, truncated };
}

/** Every term must match (implicit AND of the phrases). */
export const allTerms = (terms: MatchTerms): string => terms.phrases.join(" ");

/** Any term may match; BM25 still ranks sources that match more terms higher. */
export const anyTerm = (terms: MatchTerms): string => terms.phrases.join(" OR ");
