/**
 * The Spanish pages' mechanical rules, as served: one quotation style («», inside <q> too), one
 * spelling of ID, one variety (Spain's: "vídeo", "pulsa", "en directo", never a Latin American
 * form), one gloss for AI Overviews (Google's label in Spain), no sentence that starts with a digit,
 * and no English left outside an element marked lang="en". And in both languages, a meta description
 * that fits in a search result, and no plural hedged as "(s)". Whether the Spanish reads as Spanish is
 * a reader's call; these are the parts a test can hold (src/pages/text/es.ts says the rules where
 * they are written; test/e2e/browser-languages.test.ts checks the marks Chromium draws for <q>).
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../src/pages/language";
import { EN } from "../../../src/pages/text/en";
import { ES } from "../../../src/pages/text/es";
import { isSpanishStopWord } from "../../../src/search/query/spanish-words";
import { STOP_WORDS } from "../../../src/search/query/stop-words";
import { decodeEntities, textInLanguage } from "../../support/page-text";
import { pageRequest } from "../../support/workers/mcp";

/**
 * The longest meta description a search result shows whole: Google cuts the snippet by width, at
 * about 155 to 160 characters on a desktop, so every page's description is at most this long.
 */
const META_DESCRIPTION_MAX_CHARS = 160;

/** A whole word or phrase: no letter, digit or underscore on either side ("id" is not in "topic_id"). */
const word = (alternatives: readonly string[], flags = "iu"): RegExp =>
	new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, `g${flags}`);

/**
 * Latin American forms, which a page written for Spain does not use, each beside the es-ES word the
 * pages use instead: video (vídeo), presiona (pulsa), computadora (ordenador), celular (móvil), checar
 * (comprobar), ustedes (vosotros, or tú as the pages say), en vivo (en directo), cliquear or clickear
 * (hacer clic, pulsar), tipear (escribir, teclear), agendar (programar), ahorita (ahora), la data (los
 * datos).
 */
const OTHER_VARIETY = word([
	"videos?",
	"presion[ae]",
	"computador(?:a|as|es)?",
	"celular(?:es)?",
	"checar",
	"ustedes",
	"en vivo",
	"cli(?:ck|qu)e\\p{L}*",
	"tipe[ae]\\p{L}*",
	"agendar",
	"ahorita",
	"la data",
]);

/**
 * AI Overviews keeps its name and, glossed, the one gloss: Google's label in Spain, vista(s) creada(s)
 * con IA. Any other Spanish name for it (the press's resúmenes de IA, Latin America's descripción
 * general creada por IA) is a second gloss, and so is any other text in parentheses after the name.
 */
const OTHER_AIO_GLOSS = word([
	"resúmen(?:es)? (?:de|generados? (?:por|con)|creados? (?:por|con)) IA",
	"resumen (?:de|generado (?:por|con)|creado (?:por|con)) IA",
	"descripci(?:ón|ones) generale?s? (?:creadas? |generadas? )?(?:por|con) IA",
	"AI Overviews? \\((?!vistas? creadas? con IA\\))[^)]*\\)",
]);

/** A plural hedged with "(s)": code picks the singular or the plural ("mensaje(s)", "message(s)"). */
const HEDGED_PLURAL = /\p{L}\(s\)/gu;

/** The stylesheet's quotation marks for <q> on a Spanish page: its first pair, or null when it sets none. */
function spanishQMarks(html: string): string | null {
	const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
	const rule = /html\[lang="es"\] q\{quotes:\s*"([^"]*)"\s*"([^"]*)"/.exec(style);
	return rule === null ? null : `${rule[1]}${rule[2]}`;
}

/**
 * English words that have been left in Spanish sentences before, and a few like them. A small
 * denylist, not a dictionary: the pages' other English (field and tool names, quoted examples, the
 * product names practitioners use as they are, such as AI Overviews) is either in code, marked
 * lang="en", or a word Spanish SEO uses as its own (endpoint, ranking, prompt, insights, slug).
 */
const ENGLISH = word([
	"handshake",
	"loopback",
	"script",
	"stop words?",
	"freshness",
	"either way",
	"the",
	"and",
	"of",
]);

/** Any spelling of "id" but "ID" ("Id", "id", "ids", "IDs"). */
const NOT_ID = word(["[Ii]ds?", "IDs"], "u");

/** Quotation marks other than «»: straight or curly double quotes, curly single ones. The literal («") the query's own syntax uses, in parentheses, is not quotation. */
const OTHER_QUOTES = /["“”‘’]/g;
const LITERAL_QUOTE = '(")';

async function spanishPages(): Promise<{ path: string; html: string }[]> {
	const source = await env.DB.prepare(
		"SELECT source_id FROM sources WHERE publication_state = 'published' ORDER BY source_id LIMIT 1",
	).first<{ source_id: string }>();
	if (source === null) throw new Error("the seed holds no public source");
	const paths = ["/es/mcp", `/es/sources/${source.source_id}`, "/es/sources/src_nosuchsource"];
	return Promise.all(
		paths.map(async (path) => ({
			path,
			html: await (await exports.default.fetch(pageRequest(`https://guide.example.test${path}`))).text(),
		})),
	);
}

/** Every match of a pattern, with a little of the text around it so a failure says where. */
function found(text: string, pattern: RegExp): string[] {
	return [...text.matchAll(pattern)].map((m) =>
		text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, " "),
	);
}

/**
 * Sentences that start with a digit. § marks where a paragraph or an item starts (a <dd> holds a
 * value, such as a date or a duration, not a sentence) and ¶ where a block ends, so a heading is not
 * read as a sentence after the paragraph before it. Code is kept, and a name in code (a version such
 * as 2025-06-18) is not a sentence's first word: ‹ marks it.
 */
function digitFirst(html: string): string[] {
	const marked = html
		.replace(/<(p|li)\b[^>]*>/g, "$&§")
		.replace(/<\/(p|li|dd|dt|h[1-6]|td|th|summary|caption)>/g, "¶$&")
		.replace(/<code\b/g, "‹$&");
	return found(textInLanguage(marked, "es", true), /(?:§|[.!?]\s)\s*\p{N}/gu);
}

describe("the Spanish pages, as served", () => {
	it("quote only with «»", async () => {
		for (const { path, html } of await spanishPages()) {
			const text = textInLanguage(html, "es").replaceAll(LITERAL_QUOTE, " ");
			expect(found(text, OTHER_QUOTES), path).toEqual([]);
			expect(text.split("«").length, path).toBe(text.split("»").length);
		}
	});

	it("quote with «» inside <q> too, whatever the quoted words' language", async () => {
		for (const { path, html } of await spanishPages()) expect(spanishQMarks(html), path).toBe("«»");
	});

	it("gloss AI Overviews one way: AI Overviews (vistas creadas con IA)", async () => {
		for (const { path, html } of await spanishPages())
			expect(found(textInLanguage(html, "es"), OTHER_AIO_GLOSS), path).toEqual([]);
		// The guide does gloss it, in the one way.
		const guide = (await spanishPages())[0]?.html ?? "";
		expect(textInLanguage(guide, "es")).toContain("AI Overviews (vistas creadas con IA)");
	});

	it("spell ID one way", async () => {
		for (const { path, html } of await spanishPages())
			expect(found(textInLanguage(html, "es"), NOT_ID), path).toEqual([]);
	});

	it("hold to Spain's Spanish (vídeo, not video)", async () => {
		for (const { path, html } of await spanishPages())
			expect(found(textInLanguage(html, "es"), OTHER_VARIETY), path).toEqual([]);
	});

	it("leave no English outside elements marked lang=en", async () => {
		// A quoted example is mentioned, not used: «the» names a word a query may hold.
		for (const { path, html } of await spanishPages())
			expect(found(textInLanguage(html, "es").replace(/«[^»]*»/g, " "), ENGLISH), path).toEqual([]);
	});

	it("start no sentence with a digit", async () => {
		for (const { path, html } of await spanishPages()) expect(digitFirst(html), path).toEqual([]);
	});

	it("still hold a sentence that breaks each rule to fail", () => {
		const broken =
			'<p>6 herramientas. Un "video" con su id, sin handshake. 2 más. El explorador en vivo: cliquea aquí. En los AI Overviews (resúmenes de IA) y el resumen generado por IA.</p>';
		expect(digitFirst(broken)).toHaveLength(2);
		const text = textInLanguage(broken, "es");
		expect(found(text, OTHER_QUOTES)).toHaveLength(2);
		expect(found(text, OTHER_VARIETY)).toHaveLength(3);
		expect(found(text, OTHER_AIO_GLOSS)).toEqual([
			expect.stringContaining("AI Overviews (resúmenes de IA)"),
			expect.stringContaining("resumen generado por IA"),
		]);
		expect(found("AI Overviews (vistas creadas con IA)", OTHER_AIO_GLOSS)).toEqual([]);
		expect(spanishQMarks("<style>q{color:red}</style>")).toBeNull();
		expect(found("con {count} mensaje(s)", HEDGED_PLURAL)).toHaveLength(1);
		expect(found(text, NOT_ID)).toHaveLength(1);
		expect(found(text, ENGLISH)).toHaveLength(1);
		// Marked as English, the same words are English.
		expect(found(textInLanguage('<p>Sin <span lang="en">handshake</span>.</p>', "es"), ENGLISH)).toEqual([]);
	});
});

describe("both languages' words", () => {
	it("hedge no plural with (s): the code says one or many", () => {
		const strings: string[] = [];
		const walk = (value: unknown): void => {
			if (typeof value === "string") strings.push(value);
			else if (typeof value === "function") {
				// A sentence with its places filled; one that cannot take a placeholder (a date) is left.
				let said: unknown;
				try {
					said = value(...Array.from({ length: value.length }, () => "x"));
				} catch {
					return;
				}
				walk(typeof said === "object" && said !== null && "value" in said ? said.value : said);
			} else if (value !== null && typeof value === "object") for (const v of Object.values(value)) walk(v);
		};
		walk(EN);
		walk(ES);
		expect(strings.length).toBeGreaterThan(300);
		expect(strings.flatMap((text) => found(text, HEDGED_PLURAL))).toEqual([]);
	});
});

describe("what the Spanish says of the search", () => {
	it("names as palabras vacías only words the server ignores", () => {
		const clause = /stop_word: ([^.]*)\./.exec(
			ES.agent.tools.search_sources?.returns.terms_left_out ?? "",
		)?.[1];
		const examples = [...(clause ?? "").matchAll(/«([^»]+)»/g)].map((m) => m[1]);
		expect(examples).toEqual(["the", "how", "for", "de", "la", "cómo"]);
		// The English ones in every query, the Spanish ones in a query written in Spanish.
		for (const example of examples.slice(0, 3)) expect(STOP_WORDS).toContain(example);
		for (const example of examples.slice(3)) expect(isSpanishStopWord(example ?? ""), example).toBe(true);
	});
});

describe("meta descriptions", () => {
	it(`fit in a search result in both languages: at most ${META_DESCRIPTION_MAX_CHARS} characters`, async () => {
		for (const text of [EN, ES]) {
			for (const description of [
				text.guide.description,
				text.sourcePage.missing.description,
				text.sourcePage.unavailable.description,
			])
				expect([...description].length, description).toBeLessThanOrEqual(META_DESCRIPTION_MAX_CHARS);
		}
		for (const language of LANGUAGES) {
			const html = await (
				await exports.default.fetch(pageRequest(`https://guide.example.test/${language}/mcp`))
			).text();
			const served = decodeEntities(/<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? "");
			expect(served, language).not.toBe("");
			expect([...served].length, language).toBeLessThanOrEqual(META_DESCRIPTION_MAX_CHARS);
		}
	});
});
