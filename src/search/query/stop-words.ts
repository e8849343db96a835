/**
 * Words that carry no meaning of their own in a search: articles, pronouns, auxiliaries, common
 * prepositions and the question words of a plain-language question. An unquoted single-word term
 * without lexicon alternatives that is one of them is neither required nor reported as matched
 * (quoting keeps it: "the who"). Kept short on purpose: a word with a meaning in the field ("not",
 * "vs", "best", "top", "new") is not one of them.
 *
 * A query written in Spanish has its own (spanish-words.ts: Snowball's Spanish list), stop words only
 * there, so that "cómo mejorar los enlaces internos" does not require "cómo" and "los" of every
 * source in a collection holding sources in Spanish, while "no", "son" or "era" in an English query
 * keep their meaning. A term carries that decision (SearchTerm.spanishStopWord).
 */
import { termKey } from "./parse";
import type { SearchTerm } from "./terms";

export const STOP_WORDS: readonly string[] = (
	"a an the and or but of to in on at by for from with into about as is are was were be been it its " +
	"this that these those i me my we our you your they their do does did can should would will how " +
	"what why when which who there so if then than some any"
).split(" ");

/** The stop words as the index stems them: how a term's key is compared. */
const STOP_KEYS: ReadonlySet<string> = new Set(STOP_WORDS.map(termKey));

export const isStopKey = (key: string): boolean => STOP_KEYS.has(key);

/** An unquoted single word without alternatives that is a stop word ("the", "how"; "de" in Spanish). */
export const isStopTerm = (term: SearchTerm): boolean =>
	!term.quoted &&
	term.alternatives.length === 0 &&
	(term.spanishStopWord === true || isStopKey(term.keys[0] ?? ""));
