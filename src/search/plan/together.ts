/**
 * What it means for a source to hold a query's words together (the tier of words adjacent,
 * src/search/execute/statement.ts), and the bound on the spellings that makes it cheap enough to look for: pure
 * decisions over the terms in query order.
 */
import { MAX_PHRASE_WORDS, MAX_TERM_TOKENS } from "../query/parse";
import { isStopTerm } from "../query/stop-words";
import type { SearchTerm } from "../query/terms";
import { rawTokens, stem } from "../query/tokens";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import type { LeftOut } from "./left-out";

export interface Together {
	/**
	 * The words adjacent in each of their spellings, as folded words joined by a space (the statement
	 * writes each as an FTS5 phrase, src/search/execute/fts5.ts); none when no spelling is short
	 * enough to look for, and then no source holds them adjacent.
	 */
	phrases: string[];
	/** The same, as stemmed keys: what the excerpt prefers and the pair index is asked for. */
	phraseKeys: string[];
}

/** The terms whose words must stand adjacent: the kept ones, with the stop words between them (not around them). */
function innerRun(ordered: readonly SearchTerm[], kept: readonly SearchTerm[]): SearchTerm[] {
	const inner = ordered.filter((term) => kept.includes(term) || isStopTerm(term));
	while (inner.length > 0 && isStopTerm(inner[0] as SearchTerm)) inner.shift();
	while (inner.length > 0 && isStopTerm(inner.at(-1) as SearchTerm)) inner.pop();
	return inner;
}

const startsWith = (long: readonly string[], short: readonly string[]) =>
	short.length < long.length && short.every((token, i) => long[i] === token);
const endsWith = (long: readonly string[], short: readonly string[]) =>
	startsWith([...long].reverse(), [...short].reverse());

/** A spelling as FTS5 reads it (its folded tokens, which the index stems) and as stemmed keys. */
interface Spelling {
	raw: string[];
	keys: string[];
}

/**
 * A term's spellings a phrase of the words adjacent needs: all of them inside the run; at its end
 * not one that begins with another of them ("… click through rate" holds "… click through"), at its
 * start not one that ends with another. Leaving those out changes no source's tier.
 */
function phraseForms(term: SearchTerm, first: boolean, last: boolean): Spelling[] {
	const forms = [term.text, ...term.alternatives].map(spellingOf);
	return forms.filter(
		(form) =>
			!forms.some(
				(other) => (last && startsWith(form.keys, other.keys)) || (first && endsWith(form.keys, other.keys)),
			),
	);
}

const spellingOf = (text: string): Spelling => {
	const raw = rawTokens(text).slice(0, MAX_TERM_TOKENS);
	return { raw, keys: raw.map(stem) };
};

/**
 * The run's spellings in segments, in order: a term's own (phraseForms), or for the terms a Spanish
 * form was read as, every combination of theirs and, one more, the Spanish form itself: a source in
 * Spanish holds the form's words adjacent when it holds the form.
 */
function segmentSpellings(inner: readonly SearchTerm[]): Spelling[][] {
	const segments: Spelling[][] = [];
	for (let i = 0; i < inner.length; ) {
		const spanish = inner[i]?.spanish;
		let end = i + 1;
		while (spanish !== undefined && end < inner.length && inner[end]?.spanish === spanish) end++;
		let combined: Spelling[] = [{ raw: [], keys: [] }];
		for (let k = i; k < end; k++) {
			const forms = phraseForms(inner[k] as SearchTerm, k === 0, k === inner.length - 1);
			combined = combined.flatMap((start) =>
				forms.map((form) => ({ raw: [...start.raw, ...form.raw], keys: [...start.keys, ...form.keys] })),
			);
		}
		segments.push(spanish === undefined ? combined : [...combined, spellingOf(spanish)]);
		i = end;
	}
	return segments;
}

/**
 * How many phrases the words adjacent are looked for in: one per combination of the run's spellings
 * of at most MAX_PHRASE_WORDS words (counted by length, never listed).
 */
function phraseCount(inner: readonly SearchTerm[]): number {
	// byLength[n]: how many combinations so far are n words long.
	let byLength = [1];
	for (const spellings of segmentSpellings(inner)) {
		const next: number[] = [];
		for (const form of spellings)
			for (const [n, count] of byLength.entries())
				if (count > 0 && n + form.keys.length <= MAX_PHRASE_WORDS)
					next[n + form.keys.length] = (next[n + form.keys.length] ?? 0) + count;
		byLength = next;
	}
	return byLength.reduce((sum, count) => sum + (count ?? 0), 0);
}

/**
 * The query's spellings, bounded: each phrase of the words adjacent reads its words' doclists again,
 * so a run of terms with many spellings each multiplies them (two groups of 12 spellings: 144
 * phrases). While the run needs more than `adjacentPhrases` (SEARCH_TUNING), the term with the most
 * alternatives (the later on a tie) loses its last one; the query's own spelling always stays. An
 * alternative left out is not searched at all, neither for the match nor for the tier, and
 * terms_left_out names it (spelling_beyond_limit): the match and the tier agree with interpreted_as.
 */
export function boundSpellings(
	ordered: readonly SearchTerm[],
	kept: readonly SearchTerm[],
): { ordered: SearchTerm[]; kept: SearchTerm[]; leftOut: LeftOut } {
	const copies = new Map(
		ordered.map((term) => [term, { ...term, alternatives: [...term.alternatives], keys: [...term.keys] }]),
	);
	const copy = (term: SearchTerm) => copies.get(term) as SearchTerm;
	const inner = innerRun(ordered, kept).map(copy);
	const leftOut: LeftOut = [];
	while (inner.length > 1 && phraseCount(inner) > SEARCH_TUNING.adjacentPhrases) {
		const widest = inner.reduce((a, b) => (b.alternatives.length >= a.alternatives.length ? b : a));
		const dropped = widest.alternatives.pop();
		if (dropped === undefined) break;
		// keys holds the term's own key first, then one per alternative kept (query/terms.ts).
		widest.keys.pop();
		leftOut.push({ term: dropped, reason: "spelling_beyond_limit" });
	}
	return { ordered: ordered.map(copy), kept: kept.map(copy), leftOut };
}

/**
 * Every kept term adjacent, in order (stop words between them stay: "return on investment"), in any
 * of their spellings (boundSpellings keeps them few enough to list). The statement ranks the sources
 * holding them so in the title, topic labels or transcript first and in the summary alone a rung
 * below (src/search/execute/statement.ts). A phrase of more than MAX_PHRASE_WORDS words is not looked for, as a
 * quoted one would not be. Undefined when fewer than two terms carry meaning: every match then holds
 * "the words" adjacent.
 */
export function togetherOf(
	ordered: readonly SearchTerm[],
	kept: readonly SearchTerm[],
): Together | undefined {
	const inner = innerRun(ordered, kept);
	if (inner.filter((term) => !isStopTerm(term)).length < 2) return undefined;
	const forms = segmentSpellings(inner);
	// The fewest words the run's terms from each one on can add: a start that cannot end within
	// MAX_PHRASE_WORDS is dropped at once, so no more starts are ever listed than whole phrases.
	const least = forms.map((_, i) =>
		forms.slice(i).reduce((n, spellings) => n + Math.min(...spellings.map((f) => f.keys.length)), 0),
	);
	let phrases: Spelling[] = [{ raw: [], keys: [] }];
	for (const [i, spellings] of forms.entries()) {
		const rest = least[i + 1] ?? 0;
		phrases = phrases
			.flatMap((start) =>
				spellings.map((form) => ({ raw: [...start.raw, ...form.raw], keys: [...start.keys, ...form.keys] })),
			)
			.filter((phrase) => phrase.keys.length + rest <= MAX_PHRASE_WORDS);
	}
	return { phrases: phrases.map((p) => p.raw.join(" ")), phraseKeys: phrases.map((p) => p.keys.join(" ")) };
}
