/**
 * The Spanish words of a query that say it is written in Spanish: the Spanish stop words (articles,
 * prepositions, question words: stop-words.ts takes them from here) and "con", which is no stop word
 * only because the index stems it as the English "cons" ("SEO con IA" is as Spanish as "SEO para
 * IA"). Left out: "sin", "son" and "es", English words or abbreviations too.
 */
import { rawTokens } from "./tokens";

export const SPANISH_STOP_WORDS: readonly string[] = (
	"de del la las el los un una unos unas y en por para al que qué como cómo cual cuál cuales cuáles " +
	"cuando cuándo donde dónde quien quién su sus mi mis tu tus sobre entre desde hasta muy"
).split(" ");

/** As the index folds them ("cómo" is "como"): a query's words are compared folded, unstemmed. */
const SPANISH_MARKERS: ReadonlySet<string> = new Set([...SPANISH_STOP_WORDS, "con"].flatMap(rawTokens));

/** Whether a word of a query, folded, is one of the Spanish words above. */
export const isSpanishMarker = (text: string): boolean => rawTokens(text).some((t) => SPANISH_MARKERS.has(t));
