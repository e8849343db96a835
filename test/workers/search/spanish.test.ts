/**
 * Spanish questions find the English sources (issue 32): a Spanish form of the search lexicon
 * (data/search-lexicon.json, kind "spanish") is searched as the English form it stands for. On the
 * sample corpus, every Spanish form's top 10 shares at least 8 with its English form's
 * (scripts/bench/spanish/spanish-cases.ts; `npm run bench:spanish` prints the same at 100,000 sources),
 * typed with or without its accents, and interpreted_as shows the English terms it stood for;
 * no English query meets a Spanish form. Issue 41: Spanish forms are keyed by their Spanish stems,
 * so a form's plural and singular meet; "IA" in a Spanish question is AI. Issue 52: the forms a
 * practitioner in Spain types that were missing, and Snowball's Spanish stop words left out of a
 * question written in Spanish only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import lexiconFile from "../../../data/search-lexicon.json";
import {
	caseQueries,
	readAsEnglish,
	sharedCount,
	sharesEnough,
	spanishCases,
	TOP,
	withoutAccents,
} from "../../../scripts/bench/spanish/spanish-cases";
import * as sampleVocabulary from "../../../scripts/corpus/vocabulary";
import { type LexiconGroup, lexiconRows, spanishForms } from "../../../scripts/lib/lexicon-rows";
import { MAX_QUERY_TERMS, MAX_QUERY_TOKENS, parseQuery, spanishKey } from "../../../src/search/query/parse";
import { SNOWBALL_SPANISH_STOP_WORDS } from "../../../src/search/query/snowball-spanish-stop-words";
import { SPANISH_MARKERS, SPANISH_STOP_WORDS } from "../../../src/search/query/spanish-words";
import { lexiconKeys, readAsSpanish, searchTerms } from "../../../src/search/query/terms";
import { rawTokens } from "../../../src/search/query/tokens";
import { lexiconAlternatives, lexiconMap } from "../../../src/search/vocabulary/lexicon";
import { ok } from "../../support/workers/tool-helpers";

const GROUPS = lexiconFile as LexiconGroup[];
const LEXICON = lexiconMap(lexiconRows(GROUPS));
const search = (query: string) => ok("search_sources", { query, limit: TOP });
const ids = (sc: any): string[] => sc.results.map((r: any) => r.source_id);

describe("every Spanish form finds what its English form finds (the sample corpus)", () => {
	it("the issue's examples are among the Spanish forms", () => {
		const spanish = spanishCases(GROUPS).map((c) => c.spanish);
		for (const example of [
			"búsqueda con IA",
			"enlaces internos",
			"auditoría de contenido",
			"fragmentos destacados",
			"perfil de empresa de Google",
			// Issue 52's: what a practitioner in Spain types.
			"citas",
			"entidades",
			"ficha de empresa en Google",
			"resúmenes creados con IA",
			"intención del usuario",
			"crawleo",
			"modelos de lenguaje",
			"desautorizar",
			"enlaces tóxicos",
		])
			expect(spanish).toContain(example);
	});

	for (const group of GROUPS) {
		const forms = spanishForms(group);
		if (forms === null) continue;
		it(`${forms.spanish.join(", ")} -> ${forms.english}: at least 8 of the top 10 shared, with or without accents`, async () => {
			for (const c of spanishCases([group])) {
				const english = (await search(caseQueries(c).english)).sc;
				for (const typed of new Set([c.spanish, withoutAccents(c.spanish), c.spanish.toUpperCase()])) {
					const { sc } = await search(caseQueries(c, typed).spanish);
					const shared = sharedCount(ids(sc), ids(english));
					expect(sharesEnough(ids(sc), ids(english)), `${typed}: ${shared} of ${ids(english).length}`).toBe(
						true,
					);
					// Read as the English form's terms, alternatives and all, the Spanish one more spelling.
					expect(readAsEnglish(sc.interpreted_as, english.interpreted_as, typed, c.context), typed).toBe(
						true,
					);
				}
			}
		});
	}
});

/** Spanish as practitioners type it that is no form of the file, and the English it must find as. */
const TYPED_SPANISH: [spanish: string, english: string][] = [
	// Issue 41's examples: Google's own plural, and IA inside a Spanish phrase.
	["actualizaciones principales", "core update"],
	["SEO para IA", "SEO for AI"],
	["tráfico de IA", "AI traffic"],
	// Plurals and singulars, feminine forms, verbs: one Spanish stem with a form of the file.
	["enlace interno", "internal links"],
	["fragmento destacado", "featured snippets"],
	["página huérfana", "orphan pages"],
	["enlace roto", "broken links"],
	["auditorías SEO", "SEO audit"],
	["estrategias de contenido", "content strategy"],
	["factor de posicionamiento", "ranking factors"],
	["optimizar", "optimization"],
	["indexar", "indexing"],
	["orgánica", "organic"],
	["renderización", "rendering"],
	["metaetiqueta", "meta tags"],
	["URL amigable", "SEO friendly URLs"],
	["algoritmos", "algorithm"],
	["encabezado", "headings"],
	["consulta informativa", "informational queries"],
	["paginaciones", "pagination"],
];

describe("Spanish as typed: plural or singular, and IA in a Spanish phrase (issue 41)", () => {
	for (const [spanish, english] of TYPED_SPANISH)
		it(`${spanish} finds at least 8 of what ${english} finds`, async () => {
			const theirs = ids((await search(english)).sc);
			for (const typed of new Set([spanish, withoutAccents(spanish)])) {
				const mine = ids((await search(typed)).sc);
				expect(sharesEnough(mine, theirs), `${typed}: ${sharedCount(mine, theirs)} of ${theirs.length}`).toBe(
					true,
				);
			}
		});

	it("the typed forms are read as their English forms' words, the Spanish as typed one more spelling", () => {
		const read = (query: string) => searchTerms(parseQuery(query), LEXICON).map((t) => [t.text, t.spanish]);
		expect(read("actualizaciones principales")).toEqual([
			["core", "actualizaciones principales"],
			["update", "actualizaciones principales"],
		]);
		expect(read("SEO para IA")).toEqual([
			["SEO", "SEO para IA"],
			["for", "SEO para IA"],
			["AI", "SEO para IA"],
		]);
		expect(read("marketing para IA")).toEqual([
			["marketing", undefined],
			["para", undefined],
			["AI", "IA"],
		]);
		expect(read("tráfico de IA")).toEqual([
			["traffic", "tráfico"],
			["de", undefined],
			["AI", "IA"],
		]);
		// Página and paginación are one Spanish stem: each is keyed as written, and means its own.
		expect(read("páginas")).toEqual([["page", "páginas"]]);
		expect(read("paginación")).toEqual([["pagination", "paginación"]]);
	});

	it("IA is AI only in a query written in Spanish: alone or beside English words it is searched as written", () => {
		const ia = (query: string) =>
			searchTerms(parseQuery(query), LEXICON).some(
				(t) => t.text === "AI" && t.spanish?.toUpperCase() === "IA",
			);
		for (const spanish of [
			"SEO con IA",
			"marketing para IA",
			"la IA",
			"tráfico IA",
			"qué es la ia",
			"buscador IA",
		])
			expect(ia(spanish), spanish).toBe(true);
		// In English IA is information architecture (and Iowa).
		for (const english of ["IA", "ia", "IA for ecommerce", "SEO IA", "site IA and navigation"])
			expect(ia(english), english).toBe(false);
	});

	it("no sentence of the sample corpus's English is read as Spanish", () => {
		const strings: string[] = [];
		const walk = (value: unknown) => {
			if (typeof value === "string") strings.push(value);
			else if (value !== null && typeof value === "object") for (const v of Object.values(value)) walk(v);
		};
		walk(sampleVocabulary);
		expect(strings.length).toBeGreaterThan(300);
		for (const text of strings)
			for (const term of searchTerms(parseQuery(text), LEXICON)) expect(term.spanish, text).toBeUndefined();
		// Nor as a question written in Spanish, whose Spanish stop words would be left out: every
		// sentence but the curated creators' names and bios, which are names ("Zoë de Vries") and
		// bios in other languages ("SEO para negocios pequeños", "SEO in het Nederlands en Engels").
		const names = new Set(sampleVocabulary.CURATED_CREATORS.flatMap((c) => [c.display_name, c.bio ?? ""]));
		const english = strings.filter((text) => !names.has(text));
		expect(english.length).toBeGreaterThan(500);
		for (const text of english) expect(readAsSpanish(parseQuery(text), LEXICON), text).toBe(false);
	});
});

describe("Spanish function words (Snowball's list) in a question written in Spanish", () => {
	const read = (query: string) =>
		searchTerms(parseQuery(query), LEXICON).map((t) => [t.text, t.spanishStopWord === true]);

	it("are stop words there, and only there", async () => {
		// "con" was searched as a word (the English "cons"), so this form fell back to "AI" alone.
		expect(read("qué es la búsqueda con IA para ecommerce")).toEqual([
			["qué", true],
			["es", true],
			["la", true],
			["AI", false],
			["search", false],
			["para", true],
			["ecommerce", false],
		]);
		const { sc } = await search("cómo desautorizar enlaces tóxicos sin perder tráfico");
		expect(sc.terms_left_out.filter((t: any) => t.reason === "stop_word").map((t: any) => t.term)).toEqual([
			"cómo",
			"sin",
		]);
		// In a query not read as Spanish the same words mean what English means.
		expect(read("no index tag")).toEqual([
			["no", false],
			["index", false],
			["tag", false],
		]);
		expect(read("son of a ranking era")).toEqual([
			["son", false],
			["of", false],
			["a", false],
			["ranking", false],
			["era", false],
		]);
	});

	it("say a query is Spanish, but for the words English queries hold as their own", () => {
		for (const spanish of ["cómo mejorar", "SEO y SEM", "SEO con IA", "tráfico de IA", "ranking en Google"])
			expect(readAsSpanish(parseQuery(spanish), LEXICON), spanish).toBe(true);
		for (const english of [
			"no follow",
			"son of a gun",
			"SE Ranking",
			"OS updates",
			"hreflang es",
			"algo update",
		])
			expect(readAsSpanish(parseQuery(english), LEXICON), english).toBe(false);
		// Every marker and stop word is a word of Snowball's list, as the index folds it.
		const list = new Set(SNOWBALL_SPANISH_STOP_WORDS.flatMap(rawTokens));
		for (const word of [...SPANISH_MARKERS, ...SPANISH_STOP_WORDS]) expect(list.has(word), word).toBe(true);
		expect(SPANISH_STOP_WORDS.size).toBeGreaterThan(list.size - 4);
	});

	it("keep the field's words: SEA and código de estado are not stop words", () => {
		expect(read("diferencias entre SEO y SEA")).toEqual([
			["diferencias", false],
			["entre", true],
			["SEO", false],
			["y", true],
			["SEA", false],
		]);
		expect(read("estado de indexación")).toEqual([
			["estado", false],
			["de", true],
			["indexing", false],
		]);
	});
});

describe("the uncovered session's question, typed in Spanish", () => {
	it("is read as its recorded English search, and finds nothing either", async () => {
		const english = (await search("disavow toxic backlinks")).sc;
		const { sc } = await search("desautorizar enlaces tóxicos");
		expect(sc.interpreted_as.map((t: any) => t.term)).toEqual(english.interpreted_as.map((t: any) => t.term));
		expect(english.results).toEqual([]);
		expect(sc.results).toEqual([]);
	});
});

describe("Snowball's Spanish stemmer", () => {
	it("stems as the published algorithm does, accents or none", () => {
		// Each checked against Snowball's own Spanish stemmer (its JavaScript build).
		const expected: Record<string, string> = {
			actualizaciones: "actualiz",
			actualización: "actualiz",
			principales: "principal",
			principal: "principal",
			rastrearlo: "rastr",
			atribuyen: "atribu",
			rápidamente: "rapid",
			organizaciones: "organiz",
			felicidad: "felic",
			cantando: "cant",
			conocimientos: "conoc",
			visibilidad: "visibil",
			metaetiquetas: "metaetiquet",
			estrategia: "estrategi",
			estrategias: "estrategi",
			dominio: "domini",
			análisis: "analisis",
		};
		for (const [word, stem] of Object.entries(expected)) {
			expect(spanishKey(word), word).toBe(stem);
			expect(spanishKey(withoutAccents(word)), word).toBe(stem);
		}
	});
});

describe("how a Spanish question is read", () => {
	it("interpreted_as shows the English terms a Spanish form stood for", async () => {
		expect((await search("resúmenes de IA")).sc.interpreted_as).toEqual([
			{ term: "AI Overviews", phrase: false, alternatives: ["AIO", "resúmenes de IA"] },
		]);
		expect((await search("auditoría de contenido")).sc.interpreted_as).toEqual([
			{ term: "content", phrase: false, alternatives: ["auditoría de contenido"] },
			{ term: "audit", phrase: false, alternatives: ["auditoría de contenido"] },
		]);
	});

	it("in a longer question the vocabulary's forms are read as English and the other words as written", async () => {
		const { sc } = await search("cómo mejorar los enlaces internos");
		expect(sc.interpreted_as.map((t: any) => t.term)).toEqual([
			"cómo",
			"mejorar",
			"los",
			"internal",
			"links",
		]);
		// Spanish stop words are stop words; the other Spanish word is nowhere in this English
		// collection: each left out, and said so.
		expect(sc.terms_left_out).toEqual([
			{ term: "mejorar", reason: "found_nowhere" },
			{ term: "cómo", reason: "stop_word" },
			{ term: "los", reason: "stop_word" },
		]);
		expect(ids(sc)).toEqual(ids((await search("internal links")).sc));
	});

	it("a quoted Spanish form is searched as written, like any quoted term", async () => {
		const { sc } = await search('"enlaces internos"');
		expect(sc.interpreted_as).toEqual([{ term: "enlaces internos", phrase: true, alternatives: [] }]);
		expect(sc.results).toEqual([]);
	});

	it("no English form leads to a Spanish one: an English query searches what it searched before", () => {
		const spanish = new Set(GROUPS.flatMap((g) => spanishForms(g)?.spanish ?? []));
		const english = GROUPS.flatMap((g) => (g.kind === "spanish" ? [g.forms[0] as string] : g.forms));
		for (const form of english) {
			for (const term of searchTerms(parseQuery(form), LEXICON)) {
				expect(
					term.alternatives.filter((a) => spanish.has(a)),
					form,
				).toEqual([]);
				expect(spanish.has(term.text), form).toBe(false);
			}
		}
	});

	it("a translation that would take the query past its bounds is not made: that form is searched as written", () => {
		// "buscador" and "metadescripción" are one word each for two English words.
		const fillers = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
		const words = (query: string) => searchTerms(parseQuery(query), LEXICON).map((t) => t.text);
		expect(words(`${fillers(21)} buscador metadescripción`).slice(21)).toEqual([
			"search",
			"engine",
			"metadescripción",
		]);
		expect(words(`${fillers(22)} buscador metadescripción`).slice(22)).toEqual([
			"buscador",
			"metadescripción",
		]);
		expect(words(`${fillers(20)} buscador metadescripción`).slice(20)).toEqual([
			"search",
			"engine",
			"meta",
			"description",
		]);
		for (const query of [
			fillers(22),
			`${fillers(12)} ${"tasa de clics ".repeat(3)}`,
			"buscador ".repeat(40),
		]) {
			const terms = searchTerms(parseQuery(`${query} buscador metadescripción`), LEXICON);
			expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
			expect(terms.reduce((n, t) => n + (t.keys[0] ?? "").split(" ").length, 0)).toBeLessThanOrEqual(
				MAX_QUERY_TOKENS,
			);
		}
	});

	it("when the isolate's copy cannot be loaded, the direct read brings the English form's alternatives too", async () => {
		const query = parseQuery("tasa de clics en resúmenes de IA");
		const read = await lexiconAlternatives(env.DB, lexiconKeys(query));
		expect(read.get(spanishKey("resúmenes de IA"))).toEqual({ alternatives: [], english: "AI Overviews" });
		expect(read.get("ai overview")?.alternatives).toEqual(["AIO"]);
		expect(read.get("click through rate")?.alternatives).toContain("CTR");
		expect(searchTerms(query, read)).toEqual(searchTerms(query, LEXICON));
	});
});
