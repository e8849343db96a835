/**
 * The recorded sessions' claims say no more than their sources, in every language: each claim's
 * paraphrase (its words around {quote}) keeps the hedges of the quoted words and their attribution,
 * names a format as a format, adds no scope, uses no verb stronger than its source and says when
 * other creators the session returned say the same words (test/support/paraphrase-check.ts). The page texts that
 * paraphrase a recorded answer are held to the same (the evidence gate's sentence).
 * test/workers/pages/recordings.test.ts already holds that the quoted words are verbatim; this holds what
 * is said about them.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
	recorded,
	recordings,
	SESSION_KEYS,
	SESSIONS,
	type SessionKey,
} from "../../../src/pages/guide/recordings";
import { EN } from "../../../src/pages/text/en";
import { ES } from "../../../src/pages/text/es";
import type { PageText } from "../../../src/pages/text/page-text";
import { visibleText } from "../../support/page-text";
import { holdsQuote, paraphraseProblems } from "../../support/paraphrase-check";
import { pageRequest } from "../../support/workers/mcp";

const LANGUAGES = ["en", "es"] as const;
const TEXT: Record<(typeof LANGUAGES)[number], PageText> = { en: EN, es: ES };

/** Every text a session's recorded answers show of each creator: search hits and the source it opened. */
function textsByCreator(session: SessionKey): Map<string, string[]> {
	const { recording } = recordings();
	const steps: readonly string[] = SESSIONS[session];
	const byCreator = new Map<string, string[]>();
	const add = (creator: string, ...texts: string[]) =>
		byCreator.set(creator, [...(byCreator.get(creator) ?? []), ...texts]);
	for (const exchange of recording.exchanges.filter((e) => steps.includes(e.key))) {
		const content = (
			exchange.response.body as {
				result?: {
					structuredContent?: {
						results?: { creator_handle: string; title: string; excerpt?: { text: string } }[];
						source?: { creator_handle: string; title: string; summary?: string };
						passages?: { text: string }[];
						evidence_cards?: Record<string, unknown>[];
					};
				};
			} | null
		)?.result?.structuredContent;
		for (const hit of content?.results ?? []) add(hit.creator_handle, hit.title, hit.excerpt?.text ?? "");
		const source = content?.source;
		if (source !== undefined)
			add(
				source.creator_handle,
				source.title,
				source.summary ?? "",
				...(content?.passages ?? []).map((p) => p.text),
				...(content?.evidence_cards ?? []).flatMap((card) =>
					Object.values(card).filter((v): v is string => typeof v === "string"),
				),
			);
	}
	return byCreator;
}

/** How many creators the session's recorded answers show saying the quoted words. */
function creatorsSaying(session: SessionKey, quote: string): number {
	return [...textsByCreator(session).values()].filter((texts) => texts.some((t) => holdsQuote(t, quote)))
		.length;
}

/** A recorded tools/call answer's text block. */
const answerText = (key: Parameters<typeof recorded>[0]): string =>
	(
		(recorded(key).response.body as { result?: { content?: { text: string }[] } } | null)?.result?.content ??
		[]
	)
		.map((part) => part.text)
		.join("\n");

/** The evidence gate's sentence as the guide serves it in one language: the paragraph after the covered session's claims. */
async function gateSentence(language: (typeof LANGUAGES)[number]): Promise<string> {
	const page = await (
		await exports.default.fetch(pageRequest(`https://guide.example.test/${language}/mcp`))
	).text();
	const start = page.indexOf('<section class="session" aria-labelledby="session-covered">');
	const section = page.slice(start, page.indexOf("</section>", start));
	const after = section.slice(section.indexOf("</ol>", section.indexOf('<ol class="claims">')));
	return visibleText(/<p>([\s\S]*?)<\/p>/.exec(after)?.[1] ?? "").trim();
}

describe("the recorded sessions' claims", () => {
	const { answers } = recordings();
	const claims = SESSION_KEYS.flatMap((session) =>
		answers.sessions[session].claims.map((claim) => ({ session, claim })),
	);

	it("say no more than their sources, in both languages, in every session", () => {
		expect(claims.length).toBeGreaterThan(answers.sessions.covered.claims.length);
		const problems = claims.flatMap(({ session, claim }) =>
			LANGUAGES.flatMap((language) =>
				paraphraseProblems(claim.quote, claim[language], language, {
					creatorsSaying: "source_id" in claim ? creatorsSaying(session, claim.quote) : 1,
				}),
			),
		);
		expect(problems).toEqual([]);
	});

	it("say so when other creators the session returned say the same words", () => {
		const counts = answers.sessions.covered.claims.map((claim) => creatorsSaying("covered", claim.quote));
		// Claims 1 and 2: three creators' answers hold the words (one of them cut short in its excerpt).
		expect(counts).toEqual([3, 3, 1, 1]);
	});
});

describe("the page texts that paraphrase a recorded answer", () => {
	it("say no more than the answer: the evidence gate's sentence, as served", async () => {
		const source = answerText("get-topic-signal");
		expect(source).toMatch(/evidence gate/);
		for (const language of LANGUAGES) {
			const sentence = await gateSentence(language);
			expect(sentence).toContain(TEXT[language].gate("applied_insights"));
			expect(paraphraseProblems(source, sentence, language)).toEqual([]);
		}
	});
});

describe("the paraphrase check", () => {
	it("refuses a claim that drops a hedge or reports advice as the creator's practice", () => {
		const quote = "Measure it for at least 21 days before you decide whether it worked.";
		// Claim 4 as first written (7e6cff7).
		expect(
			paraphraseProblems(
				quote,
				"Before judging a change, {creator} measures it for three weeks: {quote}",
				"en",
			),
		).toEqual([
			expect.stringContaining('says "at least"'),
			expect.stringContaining("the source advises"),
			expect.stringContaining('"it" points at something'),
		]);
		// A denial is not a hedge; a statement is not advice.
		expect(paraphraseProblems("You can't opt out of AI Overviews.", "{creator} says: {quote}", "en")).toEqual(
			[],
		);
	});

	// The four wordings issue 52's reader found, each as the page said it, each refused for what it does.
	it("refuses a format read as a manner, and a claim several creators make given to one", () => {
		const quote =
			"The pages Google cites in AI Overviews are usually the ones that answer the question in one clean paragraph.";
		const three = { creatorsSaying: 3 };
		expect(
			paraphraseProblems(
				quote,
				"{creator} sostiene que las páginas citadas suelen ser las que responden sin rodeos: {quote}",
				"es",
				three,
			),
		).toEqual([
			expect.stringContaining('a format ("paragraph"), the claim drops it'),
			expect.stringContaining('reads it as a manner ("sin rodeos")'),
			expect.stringContaining("3 creators the session returned say these words"),
		]);
		expect(
			paraphraseProblems(
				quote,
				"{creator} says the cited pages are usually the ones that answer plainly: {quote}",
				"en",
				three,
			),
		).toEqual([
			expect.stringContaining('a format ("paragraph"), the claim drops it'),
			expect.stringContaining('reads it as a manner ("plainly")'),
			expect.stringContaining("3 creators the session returned say these words"),
		]);
	});

	it("refuses a verb stronger than its source", () => {
		expect(
			paraphraseProblems(
				"Search engines reward pages that answer the question first and explain second.",
				"{creator} insiste en el orden: {quote}",
				"es",
			),
		).toEqual([expect.stringContaining('verb ("insiste") says the source insists')]);
	});

	it("refuses a scope the source does not give", () => {
		const quote = "Measure it for at least 21 days before you decide whether it worked.";
		for (const [language, claim, scope] of [
			[
				"es",
				"Cambies lo que cambies para que te citen, {creator} aconseja medirlo durante al menos 21 días antes de decidir si ha funcionado: {quote}",
				"Cambies lo que cambies",
			],
			[
				"en",
				"Whatever you change to get cited, {creator} advises measuring it for at least 21 days before deciding whether it worked: {quote}",
				"Whatever",
			],
		] as const)
			expect(paraphraseProblems(quote, claim, language)).toEqual([
				expect.stringContaining(`adds a scope the source does not give ("${scope}")`),
				expect.stringContaining('"it" points at something the passage does not name'),
			]);
	});

	it("refuses a page text whose verb says more than the answer it paraphrases: the gate sentence as it was", () => {
		const source = answerText("get-topic-signal");
		const before =
			"ai-overviews supera su umbral de evidencia (49 fuentes, 21 creadores, 13 insights aplicados, contados el 2 dic 2026): hay evidencia pública suficiente para tenerla en cuenta, aunque eso no demuestra que el consejo funcione ni indica una tendencia.";
		expect(paraphraseProblems(source, before, "es")).toEqual([
			expect.stringContaining('verb ("tenerla en cuenta") says the source is to be relied on'),
		]);
	});

	it("reads a negated verb as the denial it is, and an excerpt cut inside the words as holding them", () => {
		expect(paraphraseProblems("Strong evidence gate.", "{quote} No demuestra que funcione.", "es")).toEqual(
			[],
		);
		const quote = "If the AI Overview already answers the query, your content has to offer the next step.";
		expect(holdsQuote("Intro. If the AI Overview already answers the query, your…", quote)).toBe(true);
		expect(holdsQuote("Intro. If the AI…", quote)).toBe(false);
		expect(holdsQuote("Something else entirely.", quote)).toBe(false);
	});
});
