/**
 * The terms a query's words are searched as: the longest run of unquoted words the search lexicon
 * knows (src/search/vocabulary/lexicon.ts) becomes one term with its alternatives ("aio" with "AI
 * Overviews"); a Spanish form the lexicon knows, recognised by its Spanish stems in the plural or the
 * singular (spanishKey), is read as the words of its English form ("auditorías de contenido" as
 * "content audit"), so that it finds what the English form finds, and searched as written too; every
 * other word is a term of its own.
 */
import type { Lexicon, LexiconEntry } from "./lexicon-entry";
import {
	LEXICON_MAX_WORDS,
	MAX_QUERY_TERMS,
	MAX_QUERY_TOKENS,
	type ParsedQuery,
	parseQuery,
	type QueryWord,
	spanishKey,
	termKey,
} from "./parse";
import { isSpanishMarker, isSpanishStopWord } from "./spanish-words";
import { rawTokens } from "./tokens";

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
	 * stand. Its words adjacent are one more spelling of the words adjacent (src/search/plan/together.ts).
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
 * For each word a lexicon key begins with, the most words such a key holds (an English key or a
 * Spanish one: a run is looked up both ways), kept per lexicon: a run whose first word begins no key
 * is never looked up, so a 500-character query costs a few lookups a word, not five.
 */
const runBounds = new WeakMap<Lexicon, Map<string, number>>();

function runBound(lexicon: Lexicon, word: QueryWord): number {
	let bounds = runBounds.get(lexicon);
	if (bounds === undefined) {
		bounds = new Map();
		for (const key of lexicon.keys()) {
			const words = key.split(" ");
			const first = words[0] ?? "";
			bounds.set(first, Math.max(bounds.get(first) ?? 0, words.length));
		}
		runBounds.set(lexicon, bounds);
	}
	const english = bounds.get(word.key.split(" ")[0] ?? "") ?? 0;
	return Math.max(english, bounds.get(word.spanishKey.split(" ")[0] ?? "") ?? 0);
}

/**
 * The longest run of unquoted words from `i` (at most LEXICON_MAX_WORDS) the lexicon knows (`find`,
 * which looks its keys up in `lexicon`), with its entry.
 */
function longestRun(
	words: readonly QueryWord[],
	i: number,
	find: RunLookup,
	lexicon: Lexicon,
): { n: number; entry: LexiconEntry } | null {
	const first = words[i];
	const most = first === undefined ? 0 : runBound(lexicon, first);
	for (let n = Math.min(LEXICON_MAX_WORDS, words.length - i, most); n >= 1; n--) {
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
	return words.some((_, i) => longestRun(words, i, form, lexicon) !== null);
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
		const found = longestRun(out, i, knows, lexicon);
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
		const found = longestRun(words, i, termOf, lexicon);
		const run = words.slice(i, i + (found?.n ?? 1));
		const key = runKey(run);
		// A repeated term counts once ("seo seo" is "seo").
		if (!seen.has(key)) terms.push(termOfRun(run, key, found?.entry.alternatives ?? [], inSpanish));
		seen.add(key);
		i += run.length;
	}
	return terms;
}

/** One term: a run of words, its key, and the lexicon's alternatives not already among its keys. */
function termOfRun(
	run: readonly QueryWord[],
	key: string,
	alternatives: readonly string[],
	inSpanish: boolean,
): SearchTerm {
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
	const text = run.map((w) => w.text).join(" ");
	const quoted = run[0]?.quoted ?? false;
	const stop = inSpanish && !quoted && run.length === 1 && spanish === undefined && isSpanishStopWord(text);
	return {
		text,
		quoted,
		alternatives: kept,
		keys,
		...(spanish === undefined ? {} : { spanish }),
		...(stop ? { spanishStopWord: true as const } : {}),
	};
}

/** Every spelling a term is searched in: its own, the lexicon's alternatives, the Spanish form it stands for. */
export const termForms = (term: SearchTerm): string[] =>
	term.spanish === undefined
		? [term.text, ...term.alternatives]
		: [term.text, ...term.alternatives, term.spanish];

/** Terms for text with no lexicon: what tests and the bench use to build expressions directly. */
export const plainTerms = (query: string): SearchTerm[] => searchTerms(parseQuery(query), new Map());
