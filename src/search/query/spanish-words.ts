/**
 * Spanish function words in a query, from Snowball's list (snowball-spanish-stop-words.ts), not
 * picked by hand. Two decisions are made here, and only here, each word with its reason:
 *
 * - Which of them say that a query is written in Spanish (markers). Every word of the list, but
 *   those an English query in this field holds as words of its own: English words (a, no, me, he,
 *   has, ha, han, hay, son, sea, seas, sean, era, eras, sin, soy, yo, ante, antes), a letter and
 *   abbreviations English writes as words (e, as in "e commerce"; es, ES or the language code; se,
 *   SE Ranking; os, OS) and algo (the algorithm: "algo update"). Found with an English word list
 *   (Debian's wamerican, from SCOWL), in which 50 of the list's 308 words are, in some case: the
 *   others of those 50 stay markers, being in it as names or abbreviations only (de, los, las, del,
 *   un, al, le, les, ni, como, ella, durante, mía, estés: De, Los Angeles, Del, UN, Al, Mia…), as
 *   musical notes or words a search about SEO does not hold (la, mi, ti, lo, nos, mas, sere, sera),
 *   or as the conjunctions and preposition a Spanish query holds where an English one says and, or,
 *   with (y, o, con: "SEO y SEM", "SEO con IA"; markers are compared unstemmed, so the English
 *   "cons" is no "con"). Most markers of before (de, la, los, las, del, un, al, mi, y, con) are
 *   among them. test/workers/search/spanish.test.ts holds that no sentence of the sample corpus
 *   reads as Spanish.
 * - Which of them are stop words in a query written in Spanish: every word of the list, but sea
 *   (SEA, search engine advertising: "SEO y SEA") and estado, estados (the status of códigos de
 *   estado, estado de indexación), which a search in this field means. In a query not read as Spanish,
 *   only the English stop words are (stop-words.ts): "no", "son" or "era" mean what English means.
 *
 * Compared as the index folds words (lower case, accents removed: "cómo" is "como"), one word at a
 * time: a hyphenated or quoted word of several tokens is no function word ("de-index").
 */
import { SNOWBALL_SPANISH_STOP_WORDS } from "./snowball-spanish-stop-words";
import { rawTokens } from "./tokens";

/** Words of the list an English query holds as its own: they do not say a query is Spanish. */
const ENGLISH_TOO =
	"a no me he has ha han hay son sea seas sean era eras sin soy yo ante antes e es se os algo".split(" ");

/** Words of the list this field means when a Spanish query holds them: never stop words. */
const MEANT_IN_THE_FIELD = "sea estado estados".split(" ");

/** One word as the index folds it, or undefined for text of more or fewer than one token. */
function folded(text: string): string | undefined {
	const found = rawTokens(text);
	return found.length === 1 ? found[0] : undefined;
}

const foldedSet = (words: readonly string[]): ReadonlySet<string> =>
	new Set(words.flatMap((word) => rawTokens(word)));

const ENGLISH = foldedSet(ENGLISH_TOO);
const MEANT = foldedSet(MEANT_IN_THE_FIELD);
const LIST = foldedSet(SNOWBALL_SPANISH_STOP_WORDS);

/** The words that say a query is written in Spanish. */
export const SPANISH_MARKERS: ReadonlySet<string> = new Set([...LIST].filter((word) => !ENGLISH.has(word)));

/** The stop words of a query written in Spanish. */
export const SPANISH_STOP_WORDS: ReadonlySet<string> = new Set([...LIST].filter((word) => !MEANT.has(word)));

/** Whether a word of a query says it is written in Spanish ("cómo", "para", "con"). */
export const isSpanishMarker = (text: string): boolean => SPANISH_MARKERS.has(folded(text) ?? "");

/** Whether a word is a stop word of a query written in Spanish ("de", "es", "con"). */
export const isSpanishStopWord = (text: string): boolean => SPANISH_STOP_WORDS.has(folded(text) ?? "");
