/**
 * The search's words as FTS5 text: user text never reaches MATCH raw. Every term becomes a
 * double-quoted FTS5 string (a phrase of its tokens), so operators (AND, OR, NOT, NEAR), column
 * filters (NOTE:), prefixes (*), parentheses and quotes are all plain text; "multi-agent" becomes the
 * phrase "multi-agent" (multi followed by agent). The index stems every word
 * (migrations/0007_search_stemming.sql) and FTS5 stems the expression the same way, so a term matches
 * its English word forms; a quoted phrase too (quotes mean adjacency, not unstemmed text). A term with
 * alternatives is searched as any of its forms: `("aio" OR "ai overviews")`.
 */
import type { Match } from "../plan/plan";
import { type SearchTerm, termForms } from "../query/terms";
import { tokens } from "../query/tokens";
import type { SearchFilters } from "../request";
import { SEARCH_TUNING } from "../vocabulary/tuning";

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

/** One term as FTS5 text: its phrase, or its forms as alternatives. */
export function termExpression(term: SearchTerm): string {
	const forms = termForms(term).map(formExpression);
	return forms.length === 1 ? (forms[0] as string) : `(${forms.join(" OR ")})`;
}

/** Every term must match. */
export const allTerms = (terms: readonly SearchTerm[]): string => terms.map(termExpression).join(" AND ");

/** Any term may match; BM25 still ranks sources that match more terms higher. */
export const anyTerm = (terms: readonly SearchTerm[]): string => terms.map(termExpression).join(" OR ");

/** A filter as an index token: what migrations/0014's view writes in the facets column. */
export function facetToken(kind: "c" | "p" | "t", value: string): string {
	const hex = [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, "0")).join("");
	return `0${kind}${hex}0`;
}

/** Each filter as an expression, the kind that narrows most first (a creator's sources, a topic's, a platform's). */
export const facetParts = (f: SearchFilters): string[] =>
	[
		f.creatorHandleKey === null ? null : facetToken("c", f.creatorHandleKey),
		f.topicId === null ? null : facetToken("t", f.topicId),
		f.platform === null ? null : facetToken("p", f.platform),
	]
		.filter((token) => token !== null)
		.map((token) => `facets : "${token}"`);

/** The filters as a suffix of a match: ` AND facets : "…"` for each. */
export const facetsSuffix = (f: SearchFilters): string =>
	facetParts(f)
		.map((part) => ` AND ${part}`)
		.join("");

/** An expression that matches no source (no facet is named so): the tier of a phrase found too long to look for. */
const NOTHING = 'facets : "0z0"';

/** A match's terms as FTS5 text, every one of them (all) or any. */
export const matchText = (match: Pick<Match, "join" | "terms">): string =>
	match.join === "all" ? allTerms(match.terms) : anyTerm(match.terms);

/**
 * The words adjacent within these columns. Each spelling holds one form of every term, so it implies
 * the match; a match of one term (no tiers) is its own words adjacent.
 */
export function adjacentText(match: Match, columns: string, facets: string): string {
	if (match.together === undefined) return `(${matchText(match)})${facets}`;
	const { phrases } = match.together;
	return phrases.length === 0 ? NOTHING : `${columns} : (${phrases.map(ftsPhrase).join(" OR ")})${facets}`;
}

/**
 * What a pooled source is tested by, in order, each one keyed look-up (src/search/execute/sql/pool.ts):
 * each filter and the `lookedUpAlone` narrowest terms one at a time, then the rest at once (most
 * sources that fail, fail there, and the rest are held by nearly every source left, so testing them
 * one by one would save little and count a row each); for any term, the match whole.
 */
export function lookupTexts(match: Match, filters: SearchFilters): string[] {
	const tests = facetParts(filters);
	if (match.lookups.length === 0) return tests;
	if (match.join === "any") return [...tests, anyTerm(match.lookups)];
	const alone = SEARCH_TUNING.lookedUpAlone;
	const rest = match.lookups.slice(alone);
	return [
		...tests,
		...match.lookups.slice(0, alone).map(termExpression),
		...(rest.length === 0 ? [] : [allTerms(rest)]),
	];
}
