/**
 * The Spanish vocabulary's measure (issue 32): for every Spanish form of data/search-lexicon.json,
 * how many of its top 10 are in the top 10 of the English form it is searched as. The Workers test
 * (test/workers/search/spanish.test.ts, on the sample) and `npm run bench:spanish` (the sample and
 * 100,000 sources) both judge by it.
 *
 * Pure TypeScript with no Node imports: the Workers tests use it too.
 */
import { readOnlyInSpanish } from "../../../src/search/query/terms";
import { type LexiconGroup, spanishForms } from "../../lib/lexicon-rows";

/** How many results are compared. */
export const TOP = 10;
/** Of a Spanish form's top 10, at least this many must be in its English form's (all, when it finds fewer). */
const SHARED_MIN = 8;

export interface SpanishCase {
	english: string;
	spanish: string;
	/**
	 * A form read as English only in a query written in Spanish ("IA": readOnlyInSpanish) is measured
	 * after a Spanish stop word, and its English form after the English one ("para IA", "for AI").
	 */
	context?: { spanish: string; english: string };
}

/** The stop words a form read only in Spanish is measured after. */
const SPANISH_CONTEXT = { spanish: "para", english: "for" } as const;

/** Every Spanish form of the lexicon file with its English form, in the file's order. */
export const spanishCases = (groups: readonly LexiconGroup[]): SpanishCase[] =>
	groups.flatMap((group) => {
		const forms = spanishForms(group);
		return forms === null
			? []
			: forms.spanish.map((spanish) => ({
					english: forms.english,
					spanish,
					...(readOnlyInSpanish(spanish) ? { context: SPANISH_CONTEXT } : {}),
				}));
	});

/** The queries a case compares: the Spanish form as typed (`typed`: accents or none) and its English form. */
export const caseQueries = (c: SpanishCase, typed = c.spanish): { spanish: string; english: string } =>
	c.context === undefined
		? { spanish: typed, english: c.english }
		: { spanish: `${c.context.spanish} ${typed}`, english: `${c.context.english} ${c.english}` };

/** How many of `spanish` (source ids) are in `english`. */
export const sharedCount = (spanish: readonly string[], english: readonly string[]): number =>
	spanish.filter((id) => english.includes(id)).length;

/** Whether a Spanish form's top 10 shares enough with its English form's. */
export const sharesEnough = (spanish: readonly string[], english: readonly string[]): boolean =>
	sharedCount(spanish, english) >= Math.min(SHARED_MIN, english.length);

/** A form as typed without accents or tildes ("búsqueda" as "busqueda"): input that must find the same. */
export const withoutAccents = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "");

/** One term of interpreted_as. */
export interface Reading {
	term: string;
	phrase: boolean;
	alternatives: string[];
}

/**
 * Whether a Spanish form was read as its English form: the English form's terms, in order, each with
 * the English form's alternatives and then the Spanish form as typed, one more spelling (so a source
 * in Spanish is found by its own words too). A case with a context compares the terms after it.
 */
export function readAsEnglish(
	spanishReading: readonly Reading[],
	englishReading: readonly Reading[],
	typed: string,
	context?: SpanishCase["context"],
): boolean {
	const spanish = context === undefined ? spanishReading : spanishReading.slice(1);
	const english = context === undefined ? englishReading : englishReading.slice(1);
	return (
		spanish.length === english.length &&
		spanish.every((term, i) => {
			const their = english[i];
			return (
				their !== undefined &&
				term.term === their.term &&
				term.phrase === their.phrase &&
				JSON.stringify(term.alternatives) === JSON.stringify([...their.alternatives, typed])
			);
		})
	);
}
