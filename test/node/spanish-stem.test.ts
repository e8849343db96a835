/**
 * The Spanish stemmer (src/search/query/spanish-stem.ts) against Snowball's own, over a real
 * vocabulary: the 40,000 commonest words of Spanish subtitles and the 49,000 of Spanish Wikipedia
 * (@zxcvbn-ts/language-es-es), each stemmed by Snowball's Spanish algorithm as its project generates
 * it for JavaScript (@orama/stemmers) and by ours, which stems the index's folded token (no accents).
 *
 * The two agree on every word but where ours differs on purpose, in one of two ways:
 *
 * - It removes less: the suffixes left out (below), which, unaccented, are the endings of common
 *   nouns. Such a word's stem is Snowball's stem of the word with that accent dropped ("había" is
 *   "habi", as Snowball stems "habia").
 * - It removes more: it cannot see accents, so an ending Snowball reads as a suffix only when it is
 *   accented ("erá" in "será") is read so in a word written without one ("primera" is "prim"), and
 *   an ending an accent hides from Snowball ("én" is not "en") is read in the folded word
 *   ("también" is "tambi"). Such a stem is Snowball's stem of the same letters accented otherwise.
 *
 * Anything else is a rule of Snowball's missing or changed here, and fails.
 */
import { stemmer as snowballStem } from "@orama/stemmers/spanish";
import { dictionary } from "@zxcvbn-ts/language-es-es";
import { describe, expect, it } from "vitest";
import { spanishStem } from "../../src/search/query/spanish-stem";
import { rawTokens } from "../../src/search/query/tokens";

/**
 * Snowball's suffixes ours leaves out, on purpose: unaccented, "ía", "ías", "ió" and "ís" end
 * "estrategia", "estrategias", "dominio" and "análisis" (the verb forms they are for are rare in a
 * search), and the residual "í" any final "i". A word's stem is then Snowball's stem of the word with
 * that accent dropped.
 */
const LEFT_OUT = ["ías", "ía", "ió", "ís", "í"];

const VOCABULARY = [
	...new Set([...dictionary["commonWords-es-es"], ...dictionary["wikipedia-es-es"]]),
].filter((word) => /^[a-záéíóúüñ]+$/.test(word));

/** As the index folds a token (lower case, accents removed): what ours is given. */
const fold = (text: string) => rawTokens(text).join("");

const ACUTE: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú" };

/** The word's spellings that differ from `folded` only by acute accents on its last six letters. */
function accentings(folded: string): string[] {
	let tails = [""];
	for (const c of folded.slice(-6))
		tails = tails.flatMap((t) => (ACUTE[c] ? [t + c, t + ACUTE[c]] : [t + c]));
	return tails.map((tail) => folded.slice(0, -6) + tail);
}

type Verdict = "same" | "left out" | "read unaccented" | "differs";

/** How ours stands to Snowball on one word. */
function compare(word: string, ours: (folded: string) => string = spanishStem): Verdict {
	const reference = fold(snowballStem(word));
	const stem = ours(fold(word));
	if (stem === reference) return "same";
	if (stem.length > reference.length || !reference.startsWith(stem)) {
		// A suffix left out, in what Snowball cut, read as written without its accent: a verb ending
		// ends the word, the residual í may stand before what an earlier step cut.
		for (let at = reference.length; at < word.length; at++) {
			const left = LEFT_OUT.find(
				(s) => word.startsWith(s, at) && (s === "í" || at + s.length === word.length),
			);
			if (left === undefined) continue;
			const unaccented = word.slice(0, at) + fold(left) + word.slice(at + left.length);
			if (fold(snowballStem(unaccented)) === stem) return "left out";
		}
		return "differs";
	}
	return accentings(fold(word)).some((spelling) => fold(snowballStem(spelling)) === stem)
		? "read unaccented"
		: "differs";
}

describe("the Spanish stemmer against Snowball's, over a real vocabulary", () => {
	it("is a real vocabulary: tens of thousands of words, accented ones and every step's suffixes among them", () => {
		expect(VOCABULARY.length).toBeGreaterThan(50_000);
		for (const word of [
			"solución",
			"actualizaciones",
			"tecnología",
			"rápidamente",
			"había",
			"atribuyen",
			"dándole",
		])
			expect(VOCABULARY, word).toContain(word);
	});

	it("agrees on every word but the suffixes left out and the endings read unaccented", () => {
		const verdicts = new Map<Verdict, string[]>();
		for (const word of VOCABULARY) {
			const verdict = compare(word);
			verdicts
				.set(verdict, verdicts.get(verdict) ?? [])
				.get(verdict)
				?.push(word);
		}
		const differs = (verdicts.get("differs") ?? []).map(
			(word) => `${word}: Snowball ${fold(snowballStem(word))}, ours ${spanishStem(fold(word))}`,
		);
		expect(differs).toEqual([]);
		// Most words agree exactly; the deviations stay the exception they are documented as.
		expect(verdicts.get("same")?.length).toBeGreaterThan(VOCABULARY.length * 0.95);
		expect(verdicts.get("left out")).toEqual(expect.arrayContaining(["había", "comió", "aquí"]));
		expect(verdicts.get("read unaccented")).toEqual(expect.arrayContaining(["también", "primera"]));
	});

	it("would find a rule missing (the check is not vacuous): Snowball's ución/uciones removed", () => {
		// Without the rule, nothing else of Snowball's cuts "solucion": it stays whole.
		const withoutUcion = (folded: string) => (/ucion(es)?$/.test(folded) ? folded : spanishStem(folded));
		expect(compare("evolución")).toBe("same");
		expect(compare("evolución", withoutUcion)).toBe("differs");
		expect(compare("revoluciones", withoutUcion)).toBe("differs");
	});
});
