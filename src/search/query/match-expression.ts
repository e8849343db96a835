/**
 * Turns user text into a safe FTS5 MATCH expression. User text never reaches MATCH raw: every term
 * becomes a double-quoted FTS5 string (a phrase of its tokens), so operators (AND, OR, NOT, NEAR),
 * column filters (NOTE:), prefixes (*), parentheses and quotes are all plain text. "multi-agent"
 * becomes the phrase "multi-agent" (multi followed by agent).
 *
 * A term is a whitespace-separated word, or a double-quoted part of the query (its words adjacent and
 * in order). The index stems every word (migrations/0007_search_stemming.sql) and FTS5 stems the
 * expression the same way, so a term matches its English word forms; a quoted phrase too (quotes mean
 * adjacency, not unstemmed text). Unquoted words found in the search lexicon (src/search/vocabulary/lexicon.ts)
 * are searched together with their alternatives: `("aio" OR "ai overviews")`; a Spanish form the
 * lexicon knows, recognised by its Spanish stems in the plural or the singular (spanishKey), is
 * searched as the words of its English form ("auditorías de contenido" as "content audit"), so that
 * it finds what the English form finds.
 */
import type { Lexicon, LexiconEntry } from "./lexicon-entry";
import { spanishStem } from "./spanish-stem";
import { isSpanishMarker, isSpanishStopWord } from "./spanish-words";
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

/** The lexicon key of any text: the index's tokens joined by one space. */
export const termKey = (text: string): string => tokens(text).join(" ");

/**
 * The lexicon key of a Spanish form: its folded tokens stemmed by Snowball's Spanish algorithm
 * (spanish-stem.ts), so that its plural and singular meet ("actualizaciones principales" and
 * "actualización principal" are "actualiz principal"), which the index's English stemming does not
 * do. Only the lexicon's Spanish forms are keyed so, and only they are looked up so.
 */
export const spanishKey = (text: string): string => rawTokens(text).map(spanishStem).join(" ");

export function parseQuery(query: string): ParsedQuery {
	// Inside an FTS5 string only the double quote is special; control characters are dropped too.
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips.
	const text = query.normalize("NFKC").replace(/[\u0000-\u001f\u007f]/gu, " ");
	const parts = text.split('"');
	// An unpaired quote is plain text: only the parts between pairs of quotes are phrases.
	const pairedParts = parts.length % 2 === 1 ? parts.length : parts.length - 1;
	const distinct = new Set<string>();
	const words: QueryWord[] = [];
	let truncated = false;
	let tokenBudget = MAX_QUERY_TOKENS;
	let phrasesLeft = MAX_QUERY_PHRASES;
	let phraseWordsLeft = MAX_PHRASE_WORDS;
	const add = (raw: string, quoted: boolean): boolean => {
		let wordText = raw.trim().replace(/\s+/gu, " ");
		const folded = rawTokens(wordText);
		if (folded.length > MAX_TERM_TOKENS) {
			// Its first tokens, as a phrase of the same tokens.
			wordText = folded.slice(0, MAX_TERM_TOKENS).join(" ");
			truncated = true;
		}
		const kept = folded.slice(0, MAX_TERM_TOKENS);
		// The same tokens, stemmed: what termKey(wordText) computes, without tokenising the word again.
		const key = kept.map(stem).join(" ");
		if (key === "") return true;
		if (!distinct.has(key)) {
			const phrase = kept.length > 1;
			if (phrase && (phrasesLeft === 0 || kept.length > phraseWordsLeft)) {
				// Past the phrase bounds: its words, each searched on its own as a plain word.
				for (const token of kept) if (!add(token, false)) return false;
				return true;
			}
			if (distinct.size === MAX_QUERY_TERMS || kept.length > tokenBudget) {
				truncated = true;
				return false;
			}
			tokenBudget -= kept.length;
			if (phrase) {
				phrasesLeft--;
				phraseWordsLeft -= kept.length;
			}
		}
		distinct.add(key);
		words.push({ text: wordText, key, spanishKey: kept.map(spanishStem).join(" "), quoted });
		return true;
	};
	outer: for (const [index, part] of parts.entries()) {
		const quoted = index % 2 === 1 && index < pairedParts;
		if (quoted) {
			if (!add(part, true)) break;
			continue;
		}
		for (const word of part.split(/\s+/u)) if (!add(word, false)) break outer;
	}
	return { words, truncated };
}

/** A searched term: one query word (or run of words the lexicon knows), with its alternatives. */
export interface SearchTerm {
	/** As the query wrote it. */
	text: string;
	quoted: boolean;
	/** Other forms searched for it (from the lexicon), in the lexicon's order; empty when none. */
	alternatives: string[];
	/** Every form's key (its own first): what the excerpt looks for. */
	keys: string[];
	/**
	 * The Spanish form the term's words were read from, as typed (every term of that form carries it):
	 * searched as one more spelling of each, which is the form's English words or the Spanish form,
	 * (a AND b) OR s being (a OR s) AND (b OR s), so a source in Spanish that says it is found too. It
	 * decides nothing else (required, left out, anchor, spelling bound): the English query's decisions
	 * stand. Its words adjacent are one more spelling of the words adjacent (search-together.ts).
	 */
	spanish?: string;
	/**
	 * Set on a word of a query written in Spanish (readAsSpanish) that is a Spanish stop word there
	 * (spanish-words.ts: "de", "cómo", "con"): left out as the English stop words are.
	 */
	spanishStopWord?: true;
}

const runKey = (run: readonly QueryWord[]) => run.map((w) => w.key).join(" ");
const runSpanishKey = (run: readonly QueryWord[]) => run.map((w) => w.spanishKey).join(" ");

/**
 * Lexicon keys a query can use: every run of 1..LEXICON_MAX_WORDS consecutive unquoted words, as
 * the index stems it and as Spanish is stemmed.
 */
export function lexiconKeys(parsed: ParsedQuery): string[] {
	const keys = new Set<string>();
	const { words } = parsed;
	for (let i = 0; i < words.length; i++) {
		for (let n = 1; n <= LEXICON_MAX_WORDS && i + n <= words.length; n++) {
			const run = words.slice(i, i + n);
			if (run.some((w) => w.quoted)) break;
			keys.add(runKey(run));
			keys.add(runSpanishKey(run));
		}
	}
	return [...keys];
}

/** What the lexicon says of a run of words: an entry to use, or undefined. */
type RunLookup = (run: readonly QueryWord[]) => LexiconEntry | undefined;

/**
 * The longest run of unquoted words from `i` (at most LEXICON_MAX_WORDS) the lexicon knows (`find`),
 * with its entry.
 */
function longestRun(
	words: readonly QueryWord[],
	i: number,
	find: RunLookup,
): { n: number; entry: LexiconEntry } | null {
	for (let n = Math.min(LEXICON_MAX_WORDS, words.length - i); n >= 1; n--) {
		const run = words.slice(i, i + n);
		if (run.some((w) => w.quoted)) continue;
		const entry = find(run);
		if (entry !== undefined) return { n, entry };
	}
	return null;
}

/** A run's entry with alternatives, looked up by the index's stems (English forms, acronyms…). */
const withAlternatives =
	(lexicon: Lexicon): RunLookup =>
	(run) => {
		const entry = lexicon.get(runKey(run));
		return entry !== undefined && entry.alternatives.length > 0 ? entry : undefined;
	};

/**
 * A one-word Spanish form this short is an abbreviation, and an abbreviation is an English one too:
 * "IA" is AI in Spanish and information architecture (or Iowa) in English. Such a form is read as
 * its English form only in a query written in Spanish (spanishQuery).
 */
const SHORT_SPANISH_FORM_MAX = 2;

/** Whether a Spanish form is read as its English form only in a query written in Spanish ("IA"). */
export function readOnlyInSpanish(form: string): boolean {
	const folded = rawTokens(form);
	return folded.length === 1 && [...(folded[0] ?? "")].length <= SHORT_SPANISH_FORM_MAX;
}

/**
 * A run's entry as a Spanish form, looked up by its Spanish stems (or, a form two groups' stems
 * would confuse, by its index tokens: sharedSpanishStems in scripts/lib/lexicon-rows.ts): unless the
 * run already is the English form it stands for ("niche" and "nicho" are both "nich" stemmed as
 * Spanish), and, a short form, unless the query is not written in Spanish.
 */
const asSpanishForm =
	(lexicon: Lexicon, inSpanish: boolean): RunLookup =>
	(run) => {
		const english = (key: string) => {
			const entry = lexicon.get(key);
			return entry?.english === undefined ? undefined : entry;
		};
		const entry = english(runSpanishKey(run)) ?? english(runKey(run));
		if (entry?.english === undefined || termKey(entry.english) === runKey(run)) return undefined;
		return inSpanish || !readOnlyInSpanish(run.map((w) => w.text).join(" ")) ? entry : undefined;
	};

/**
 * Whether a query is written in Spanish: one of its words is a Spanish function word that English
 * queries do not hold (spanish-words.ts: "para", "cómo", "con"), or a Spanish form the lexicon knows
 * that is no short form. So "SEO para IA", "tráfico de IA" and "IA generativa en buscador" read IA as
 * AI, and "IA" alone or "IA for ecommerce" search for ia as written.
 */
function spanishQuery(words: readonly QueryWord[], lexicon: Lexicon): boolean {
	if (words.some((w) => isSpanishMarker(w.text))) return true;
	const form = asSpanishForm(lexicon, false);
	return words.some((_, i) => longestRun(words, i, form) !== null);
}

/** Whether words keep to the query's bounds: MAX_QUERY_TERMS distinct words of MAX_QUERY_TOKENS tokens in all. */
function withinBounds(words: readonly QueryWord[]): boolean {
	const keys = new Set(words.map((w) => w.key));
	let count = 0;
	for (const key of keys) count += key.split(" ").length;
	return keys.size <= MAX_QUERY_TERMS && count <= MAX_QUERY_TOKENS;
}

/**
 * The query's words with each Spanish form the lexicon knows (left to right, the longest run first,
 * as terms are found) replaced by the words of the English form it stands for, as if the query had
 * written them: the same terms, alternatives, adjacency and ranking as the English query, each word
 * remembering the Spanish form (searched too: SearchTerm.spanish). A translation that would take the
 * query past its bounds (an English form can be more words than the Spanish) is not made: that form
 * is searched as written.
 */
function inEnglish(words: readonly QueryWord[], lexicon: Lexicon, inSpanish: boolean): QueryWord[] {
	let out = [...words];
	const spanishForm = asSpanishForm(lexicon, inSpanish);
	const englishTerm = withAlternatives(lexicon);
	// A run the lexicon knows as an English term is kept whole (its words are not read as Spanish),
	// and only a Spanish form's entry is translated.
	const knows: RunLookup = (run) => {
		const form = spanishForm(run);
		if (form !== undefined) return form;
		const term = englishTerm(run);
		return term === undefined ? undefined : { alternatives: term.alternatives };
	};
	for (let i = 0; i < out.length; ) {
		const found = longestRun(out, i, knows);
		if (found === null) {
			i++;
			continue;
		}
		const english = found.entry.english?.split(" ").filter((text) => text !== "") ?? [];
		const spanish = out
			.slice(i, i + found.n)
			.map((w) => w.text)
			.join(" ");
		const translated = english.map((text) => ({
			text,
			key: termKey(text),
			spanishKey: spanishKey(text),
			quoted: false,
			spanish,
		}));
		const candidate = [...out.slice(0, i), ...translated, ...out.slice(i + found.n)];
		if (translated.length > 0 && translated.every((w) => w.key !== "") && withinBounds(candidate)) {
			out = candidate;
			i += translated.length;
		} else i += found.n;
	}
	return out;
}

/** Whether a query is read as written in Spanish (spanishQuery): its Spanish stop words are stop words. */
export const readAsSpanish = (parsed: ParsedQuery, lexicon: Lexicon): boolean =>
	spanishQuery(parsed.words, lexicon);

/**
 * The terms searched: Spanish forms read as their English forms (inEnglish), then left to right,
 * the longest run of unquoted words the lexicon knows becomes one term with its alternatives; every
 * other word is a term of its own, and in a query written in Spanish a Spanish stop word is one.
 */
export function searchTerms(parsed: ParsedQuery, lexicon: Lexicon): SearchTerm[] {
	const terms: SearchTerm[] = [];
	const seen = new Set<string>();
	const inSpanish = readAsSpanish(parsed, lexicon);
	const words = inEnglish(parsed.words, lexicon, inSpanish);
	const termOf = withAlternatives(lexicon);
	for (let i = 0; i < words.length; ) {
		const found = longestRun(words, i, termOf);
		const taken = found?.n ?? 1;
		const alternatives = found?.entry.alternatives ?? [];
		const run = words.slice(i, i + taken);
		const text = run.map((w) => w.text).join(" ");
		const key = run.map((w) => w.key).join(" ");
		const keys = [key];
		const kept: string[] = [];
		for (const alternative of alternatives) {
			const altKey = termKey(alternative);
			if (altKey === "" || keys.includes(altKey)) continue;
			keys.push(altKey);
			kept.push(alternative);
		}
		// The run's Spanish form, when all its words were read from the same one.
		const spanish = run.every((w) => w.spanish !== undefined && w.spanish === run[0]?.spanish)
			? run[0]?.spanish
			: undefined;
		const quoted = run[0]?.quoted ?? false;
		const stop = inSpanish && !quoted && taken === 1 && spanish === undefined && isSpanishStopWord(text);
		// A repeated term counts once ("seo seo" is "seo").
		if (!seen.has(key))
			terms.push({
				text,
				quoted,
				alternatives: kept,
				keys,
				...(spanish === undefined ? {} : { spanish }),
				...(stop ? { spanishStopWord: true as const } : {}),
			});
		seen.add(key);
		i += taken;
	}
	return terms;
}

/** Text as one FTS5 string: a phrase of its tokens, whatever it holds. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', "")}"`;

/**
 * A token shaped like a filter's index token ("0", a letter, …: migrations/0014 writes them in the
 * facets column, and the projection refresh counts no such token as a word).
 */
const FACET_SHAPED = /^0[a-z]/;

/**
 * One form as FTS5 text. A caller's words are looked for in the title, summary, topic labels and
 * transcript only: a form with a token shaped like a filter's names those columns, so that typing a
 * filter's token finds nothing it would not find in the text. Any other form names no column, the
 * same match at no cost (the facets column holds only such tokens).
 */
const formExpression = (form: string) =>
	tokens(form).some((token) => FACET_SHAPED.test(token))
		? `({title summary topics body} : ${ftsPhrase(form)})`
		: ftsPhrase(form);

/** Every spelling a term is searched in: its own, the lexicon's alternatives, the Spanish form it stands for. */
export const termForms = (term: SearchTerm): string[] =>
	term.spanish === undefined
		? [term.text, ...term.alternatives]
		: [term.text, ...term.alternatives, term.spanish];

/** One term as FTS5 text: its phrase, or its forms as alternatives. */
export function termExpression(term: SearchTerm): string {
	const forms = termForms(term).map(formExpression);
	return forms.length === 1 ? (forms[0] as string) : `(${forms.join(" OR ")})`;
}

/** Every term must match. */
export const allTerms = (terms: readonly SearchTerm[]): string => terms.map(termExpression).join(" AND ");

/** Any term may match; BM25 still ranks sources that match more terms higher. */
export const anyTerm = (terms: readonly SearchTerm[]): string => terms.map(termExpression).join(" OR ");

/** Terms for text with no lexicon: what tests and the bench use to build expressions directly. */
export const plainTerms = (query: string): SearchTerm[] => searchTerms(parseQuery(query), new Map());
