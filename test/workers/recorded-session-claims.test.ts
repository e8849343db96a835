/**
 * The recorded sessions' claims say no more than their sources: each claim's paraphrase (its words
 * around {quote}) keeps the hedges of the quoted words and their attribution, in every language.
 * test/workers/recordings.test.ts already holds that the quoted words are verbatim; this holds what
 * is said about them. The tables are small on purpose: they name the hedges and the advice the
 * sources use, and a new kind of source adds its row.
 */
import { describe, expect, it } from "vitest";
import { recordings, SESSION_KEYS } from "../../src/pages/guide/recordings";

type ClaimLanguage = "en" | "es";

/** A whole word or phrase, case aside; letters on either side (accented ones too) break the match. */
const words = (...alternatives: string[]): RegExp =>
	new RegExp(`(?<!\\p{L})(?:${alternatives.join("|")})(?!\\p{L})`, "iu");

/**
 * A hedge the quoted words may carry, and the words that carry it in a claim in each language. A
 * paraphrase that drops it says more than the source did.
 */
const HEDGES: readonly { hedge: string; source: RegExp; claim: Record<ClaimLanguage, RegExp> }[] = [
	{
		hedge: "usually",
		source: words("usually", "typically", "generally"),
		claim: {
			en: words("usually", "typically", "generally", "tends? to"),
			es: words("suele", "suelen", "normalmente", "por lo general", "habitualmente"),
		},
	},
	{
		hedge: "often",
		source: words("often", "frequently"),
		claim: {
			en: words("often", "frequently"),
			es: words("a menudo", "con frecuencia", "muchas veces"),
		},
	},
	{
		hedge: "sometimes",
		source: words("sometimes"),
		claim: { en: words("sometimes"), es: words("a veces", "en ocasiones") },
	},
	{
		hedge: "at least",
		source: words("at least"),
		claim: { en: words("at least"), es: words("al menos", "como mínimo") },
	},
	{
		hedge: "may",
		source: words("may", "might", "could"),
		claim: {
			en: words("may", "might", "could"),
			es: words("puede", "pueden", "podría", "podrían", "quizá", "quizás", "tal vez"),
		},
	},
	{
		// "can't" is a denial, not a hedge.
		hedge: "can",
		source: /(?<!\p{L})can(?!['’]t)(?!\p{L})/iu,
		claim: {
			en: words("can", "could", "may"),
			es: words("puede", "pueden", "podría", "podrían"),
		},
	},
];

/**
 * Advice in the quoted words: an imperative first word (from the verbs the collection's creators
 * use), or a reader told what they have to do. A claim about advice says the creator advises it; it
 * does not turn it into something the creator does.
 */
const IMPERATIVE_START = words(
	"measure",
	"check",
	"use",
	"write",
	"stop",
	"start",
	"open",
	"make",
	"add",
	"avoid",
	"keep",
	"don['’]t",
	"do",
	"try",
	"put",
	"test",
	"track",
	"focus",
	"publish",
);
const TOLD_TO = /\byour?\b[^.]*\b(should|must|need to|needs to|has to|have to)\b/i;
const ADVISES: Record<ClaimLanguage, RegExp> = {
	en: words("advises?", "recommends?", "suggests?", "urges?", "tells? (?:you|readers)"),
	es: words("aconseja", "recomienda", "sugiere", "propone", "pide"),
};

const isAdvice = (quote: string): boolean =>
	IMPERATIVE_START.test(quote.trim().split(/\s+/)[0] ?? "") || TOLD_TO.test(quote);

/** What a claim says beyond its source, in one language: one line a problem, none when it is faithful. */
function claimProblems(quote: string, claim: string, language: ClaimLanguage): string[] {
	const paraphrase = claim.replace("{quote}", " ");
	const problems: string[] = [];
	for (const { hedge, source, claim: counterpart } of HEDGES)
		if (source.test(quote) && !counterpart[language].test(paraphrase))
			problems.push(`${language}: the source says "${hedge}", the claim drops it: ${claim}`);
	if (isAdvice(quote) && !ADVISES[language].test(paraphrase))
		problems.push(`${language}: the source advises, the claim does not say the creator advises it: ${claim}`);
	return problems;
}

describe("the recorded sessions' claims", () => {
	const { answers } = recordings();
	const claims = SESSION_KEYS.flatMap((session) => answers.sessions[session].claims);

	it("keep their sources' hedges and attribution, in both languages, in every session", () => {
		expect(claims.length).toBeGreaterThan(answers.sessions.covered.claims.length);
		const problems = claims.flatMap((claim) =>
			(["en", "es"] as const).flatMap((language) => claimProblems(claim.quote, claim[language], language)),
		);
		expect(problems).toEqual([]);
	});

	it("refuse a claim that drops a hedge or reports advice as the creator's practice", () => {
		const quote = "Measure it for at least 21 days before you decide whether it worked.";
		// Claim 4 as first written (7e6cff7).
		expect(
			claimProblems(quote, "Before judging a change, {creator} measures it for three weeks: {quote}", "en"),
		).toEqual([expect.stringContaining('says "at least"'), expect.stringContaining("the source advises")]);
		expect(
			claimProblems(
				quote,
				"Antes de juzgar un cambio, {creator} lo mide durante tres semanas: {quote}",
				"es",
			),
		).toHaveLength(2);
		// Claim 1 as first written.
		expect(
			claimProblems(
				"The pages Google cites in AI Overviews are usually the ones that answer the question in one clean paragraph.",
				"{creator} sostiene que las páginas citadas son las que responden sin rodeos: {quote}",
				"es",
			),
		).toEqual([expect.stringContaining('says "usually"')]);
		// A denial is not a hedge; a statement is not advice.
		expect(claimProblems("You can't opt out of AI Overviews.", "{creator} says: {quote}", "en")).toEqual([]);
	});
});
