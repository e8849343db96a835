/**
 * The human pages in Spanish and English through the Worker's own fetch: each language at an address
 * of its own whatever the header, the shared addresses choosing by Accept-Language (q-values honoured)
 * with Content-Language and Vary, canonical and hreflang alternates that point at each other, a
 * language switch on every page, the caches keeping languages apart, every string in both languages
 * and no page mixing them. The MCP answers stay English.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FACTS } from "../../../src/pages/guide/guide-facts";
import { LANGUAGES, type Language, negotiateLanguage } from "../../../src/pages/language";
import { AGENT_TEXT } from "../../../src/pages/text/agent-text";
import { EN } from "../../../src/pages/text/en";
import { ES, SPANISH_AGENT_TEXT } from "../../../src/pages/text/es";
import { staleRenderings } from "../../../src/pages/text/renderings";
import { textInLanguage } from "../../support/page-text";
import { callTool, pageRequest } from "../../support/workers/mcp";

const ORIGIN = "https://guide.example.test";

interface Page {
	status: number;
	headers: Headers;
	html: string;
}

async function get(path: string, acceptLanguage?: string): Promise<Page> {
	const init: RequestInit = { redirect: "manual" };
	if (acceptLanguage !== undefined) init.headers = { "accept-language": acceptLanguage };
	const response = await exports.default.fetch(pageRequest(`${ORIGIN}${path}`, init));
	return { status: response.status, headers: response.headers, html: await response.text() };
}

const htmlLang = (html: string) => /^<!doctype html><html lang="([a-z-]+)">/.exec(html)?.[1];

/** Every <link rel=… hreflang=… href=…> and the canonical, as {rel, hreflang, href}. */
function headLinks(html: string) {
	return [...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)">/g)].map(
		(m) => ({ rel: m[1], hreflang: m[2], href: m[3] }),
	);
}

/** The language switch's links: {language, href, current}. */
function switchLinks(html: string) {
	const nav = /<nav class="languages"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
	return [
		...nav.matchAll(/<a href="([^"]+)" hreflang="([a-z]+)" lang="[a-z]+"( aria-current="page")?>/g),
	].map((m) => ({ href: m[1], language: m[2], current: m[3] !== undefined }));
}

/**
 * The words a reader of the page reads as its own language: the visible text without what is marked
 * as another language (lang="…" on an element), code, names, scripts and styles, and without quoted
 * examples.
 */
function ownLanguageText(html: string, language: Language): string {
	return textInLanguage(html, language).replace(/"[^"\n]{0,40}"|«[^»]*»|“[^”]*”/g, " ");
}

/** Words of one language that are not words of the other: a page in the other language never uses them. */
const TELLTALE: Record<Language, RegExp> = {
	en: /\b(the|and|with|from|this|that|which|your|when|every|only|not|are|is|of|to|for|by)\b/gi,
	es: /\b(el|los|las|del|para|con|una|por|que|cuando|cada|solo|también|está|según|sus|desde)\b/gi,
};

function telltales(text: string, of: Language): string[] {
	return [...new Set((text.match(TELLTALE[of]) ?? []).map((word) => word.toLowerCase()))];
}

const otherThan = (language: Language): Language => (language === "en" ? "es" : "en");

describe("choosing a language", () => {
	it.each([
		[null, "en"],
		["", "en"],
		["es-ES,es;q=0.9", "es"],
		["es", "es"],
		["es-419", "es"],
		["ES-mx", "es"],
		["en-US,en;q=0.9,es;q=0.8", "en"],
		["en;q=0.5, es;q=0.8", "es"],
		["fr-FR, es;q=0.5, en;q=0.4", "es"],
		["fr, de", "en"],
		["*", "en"],
		["es;q=0", "en"],
		["en;q=0, *;q=0.1", "es"],
		["en;q=0, es;q=0", "en"],
		["es;q=0.8, en;q=0.8", "es"],
		["es;q=1.5", "en"],
		["es;q=abc, en;q=0.1", "en"],
		[";;;,,,es", "es"],
		// RFC 9110 §12.4.2, weight = OWS ";" OWS "q=" qvalue: spaces and tabs around ";" are read…
		["en;q=0.8, es ; q=0.9", "es"],
		["en;q=0.8, es\t;\tQ=0.9", "es"],
		["es ;q=0.5, en ; q=0.4", "es"],
		// …but none around "=": such a range is malformed and skipped, never read as q=1.
		["en;q=0.8, es ; q = 0.9", "en"],
		["en;q=0.8, es;q =0.9", "en"],
		["en;q=0.8, es;q= 0.9", "en"],
		["en;q=0.1, es ; q = 0", "en"],
		// Only a weight may follow a range, once: anything else is malformed too.
		["en;q=0.5, es;level=1", "en"],
		["en;q=0.5, es;q=0.1;q=1", "en"],
		["es;;q=0.9, en;q=0.5", "es"],
		// OWS is space and tab only: a no-break space is part of the range, which names no language.
		["es\u00a0;q=0.9, en;q=0.5", "en"],
		[`${"x-".repeat(2_000)}, es`, "en"],
	] as const)("Accept-Language %j is answered in %s", (header, expected) => {
		expect(negotiateLanguage(header)).toBe(expected);
	});
});

describe("the guide in two languages", () => {
	it("answers /mcp in the language Accept-Language asks for, saying so and varying by it", async () => {
		for (const [header, language] of [
			["es-ES,es;q=0.9", "es"],
			["en-GB", "en"],
			[undefined, "en"],
		] as const) {
			const page = await get("/mcp", header);
			expect(page.status).toBe(200);
			expect(htmlLang(page.html)).toBe(language);
			expect(page.headers.get("content-language")).toBe(language);
			expect(page.headers.get("vary") ?? "").toMatch(/\bAccept-Language\b/i);
		}
	});

	it("serves each language at its own address whatever the header, without Vary", async () => {
		for (const language of LANGUAGES) {
			for (const header of [undefined, "es", "en", "fr"]) {
				const page = await get(`/${language}/mcp`, header);
				expect(page.status).toBe(200);
				expect(htmlLang(page.html)).toBe(language);
				expect(page.headers.get("content-language")).toBe(language);
				expect(page.headers.get("vary")).toBeNull();
			}
		}
		expect((await get("/fr/mcp")).status).toBe(404);
	});

	it("names its canonical address and its alternates, which point at each other, and never redirects", async () => {
		const expected = {
			en: `${env.PUBLIC_BASE_URL}/en/mcp`,
			es: `${env.PUBLIC_BASE_URL}/es/mcp`,
			"x-default": `${env.PUBLIC_BASE_URL}/mcp`,
		};
		for (const path of ["/mcp", "/en/mcp", "/es/mcp"]) {
			for (const header of ["en", "es"]) {
				const page = await get(path, header);
				expect(page.status).toBe(200);
				const language = htmlLang(page.html) as Language;
				const links = headLinks(page.html);
				expect(links.filter((l) => l.rel === "canonical").map((l) => l.href)).toEqual([expected[language]]);
				const alternates = Object.fromEntries(
					links.filter((l) => l.rel === "alternate").map((l) => [l.hreflang, l.href]),
				);
				expect(alternates).toEqual(expected);
			}
		}
		// Each alternate serves the language it claims.
		for (const language of LANGUAGES) expect(htmlLang((await get(`/${language}/mcp`)).html)).toBe(language);
	});

	it("has a visible switch to the same page in every language, the current one marked", async () => {
		for (const language of LANGUAGES) {
			const links = switchLinks((await get(`/${language}/mcp`)).html);
			expect(links.map((l) => l.language)).toEqual([...LANGUAGES]);
			for (const link of links) {
				expect(link.href).toBe(`${env.PUBLIC_BASE_URL}/${link.language}/mcp`);
				expect(link.current).toBe(link.language === language);
			}
		}
	});

	it("states the same facts in both languages", async () => {
		const pages = await Promise.all(LANGUAGES.map((language) => get(`/${language}/mcp`)));
		const facts = [
			`${env.PUBLIC_BASE_URL}${FACTS.mcpPath}`,
			FACTS.modernVersion,
			...FACTS.legacyVersions,
			`${FACTS.bodyBytes}`,
			`${FACTS.rate.requests}`,
			`${FACTS.pageRate.requests}`,
			`${FACTS.search.limitMin}–${FACTS.search.limitMax}`,
			`${FACTS.search.offsetMin}–${FACTS.search.offsetMax}`,
			...FACTS.signalGates.map(({ min }) => `≥ ${min}`),
			FACTS.server.version,
		];
		for (const page of pages) for (const fact of facts) expect(page.html).toContain(fact);
		// The same tools, arguments, prompts and examples, in the same order.
		const structure = (html: string) =>
			[
				...html.matchAll(
					/ (id|data-tool|data-arg|data-prompt|data-example|data-limit|data-resource)="([^"]*)"/g,
				),
			].map((m) => `${m[1]}=${m[2]}`);
		expect(structure(pages[1]?.html ?? "")).toEqual(structure(pages[0]?.html ?? ""));
	});

	it("never mixes the languages: no page uses the other language's words as its own", async () => {
		for (const language of LANGUAGES) {
			const text = ownLanguageText((await get(`/${language}/mcp`)).html, language);
			expect(telltales(text, otherThan(language)), `${language} guide`).toEqual([]);
			// And it does speak its own.
			expect(telltales(text, language).length).toBeGreaterThan(5);
		}
	});

	it("does not change what agents receive: tools/list stays English", async () => {
		const spanishPage = await get("/es/mcp");
		expect(spanishPage.status).toBe(200);
		const result = await callTool("get_topic_signal", { topic_id: "ai-overviews" });
		expect(result.content[0].text).toMatch(/Not a trend ranking\.$/);
	});
});

describe("source pages and their 404 in two languages", () => {
	/** A public source, one of its platform aliases, and its language. */
	async function publicSource() {
		const row = await env.DB.prepare(
			`SELECT s.source_id, s.language, a.alias FROM sources s JOIN source_aliases a ON a.source_id = s.source_id
			 WHERE s.publication_state = 'published' AND a.alias_kind <> 'original_url' ORDER BY s.source_id LIMIT 1`,
		).first<{ source_id: string; language: string; alias: string }>();
		if (row === null) throw new Error("the seed holds no public source with an alias");
		return row;
	}

	it("labels the page in the reader's language and shows the record in its own", async () => {
		const source = await publicSource();
		const english = await get(`/en/sources/${source.source_id}`);
		const spanish = await get(`/es/sources/${source.source_id}`);
		expect(htmlLang(english.html)).toBe("en");
		expect(htmlLang(spanish.html)).toBe("es");
		expect(english.html).toContain(`<h2 id="passages">${EN.sourcePage.passages}</h2>`);
		expect(spanish.html).toContain(`<h2 id="passages">${ES.sourcePage.passages}</h2>`);
		for (const page of [english, spanish]) {
			expect(page.html).toMatch(new RegExp(`<h1 id="source-title" lang="${source.language}">`));
			expect(page.html).toMatch(new RegExp(`<ol class="passages" lang="${source.language}">`));
		}
		// The same record on both, word for word.
		const title = (html: string) => /<h1 id="source-title"[^>]*>([^<]*)</.exec(html)?.[1];
		expect(title(spanish.html)).toBe(title(english.html));
		for (const [page, language] of [
			[english, "en"],
			[spanish, "es"],
		] as const)
			expect(telltales(ownLanguageText(page.html, language), otherThan(language)), language).toEqual([]);
	});

	it("picks at /sources/:id by Accept-Language, with canonical, alternates and switch", async () => {
		const { source_id: id } = await publicSource();
		const page = await get(`/sources/${id}`, "es-AR, es;q=0.9, en;q=0.5");
		expect(htmlLang(page.html)).toBe("es");
		expect(page.headers.get("content-language")).toBe("es");
		expect(page.headers.get("vary") ?? "").toMatch(/\bAccept-Language\b/i);
		const base = env.PUBLIC_BASE_URL;
		expect(headLinks(page.html)).toEqual([
			{ rel: "canonical", hreflang: undefined, href: `${base}/es/sources/${id}` },
			{ rel: "alternate", hreflang: "en", href: `${base}/en/sources/${id}` },
			{ rel: "alternate", hreflang: "es", href: `${base}/es/sources/${id}` },
			{ rel: "alternate", hreflang: "x-default", href: `${base}/sources/${id}` },
		]);
		expect(switchLinks(page.html)).toEqual([
			{ language: "en", href: `${base}/en/sources/${id}`, current: false },
			{ language: "es", href: `${base}/es/sources/${id}`, current: true },
		]);
		const stable = await get(`/en/sources/${id}`, "es");
		expect(htmlLang(stable.html)).toBe("en");
		expect(stable.headers.get("vary")).toBeNull();
	});

	it("keeps the languages apart in the page cache, at both kinds of address", async () => {
		const { source_id: id } = await publicSource();
		const seen: string[] = [];
		for (const [path, header, language] of [
			[`/sources/${id}`, "es", "es"],
			[`/sources/${id}`, "en", "en"],
			[`/es/sources/${id}`, "en", "es"],
			[`/en/sources/${id}`, "es", "en"],
			[`/sources/${id}`, "es", "es"],
			[`/sources/${id}`, "en", "en"],
		] as const) {
			const page = await get(path, header);
			expect(page.status).toBe(200);
			expect(htmlLang(page.html), `${path} with ${header}`).toBe(language);
			expect(page.headers.get("content-language")).toBe(language);
			seen.push(page.headers.get("x-page-cache") ?? "");
		}
		// The second round is served from the cache, each language from its own entry.
		expect(seen.slice(4)).toEqual(["hit", "hit"]);
	});

	it("redirects an alias within the kind of address it was asked at", async () => {
		const source = await publicSource();
		const alias = encodeURIComponent(source.alias);
		expect((await get(`/es/sources/${alias}`)).headers.get("location")).toBe(
			`/es/sources/${source.source_id}`,
		);
		expect((await get(`/en/sources/${alias}`)).headers.get("location")).toBe(
			`/en/sources/${source.source_id}`,
		);
		expect((await get(`/sources/${alias}`, "es")).headers.get("location")).toBe(
			`/sources/${source.source_id}`,
		);
	});

	it("answers a missing source in the reader's language, its switch leading to the guide", async () => {
		for (const path of ["/es/sources/src_nosuchsource", `/es/sources/${"%E2%80%8B".repeat(2_000)}`]) {
			const spanish = await get(path);
			expect(spanish.status).toBe(404);
			expect(htmlLang(spanish.html)).toBe("es");
			expect(spanish.html).toContain(`<h1>${ES.sourcePage.missing.title}</h1>`);
			expect(spanish.html).toContain('<meta name="robots" content="noindex">');
			// No page to switch to, and the id is echoed once, bounded, never in a link.
			expect(switchLinks(spanish.html).map((l) => l.href)).toEqual([
				`${env.PUBLIC_BASE_URL}/en/mcp`,
				`${env.PUBLIC_BASE_URL}/es/mcp`,
			]);
			expect(spanish.html.length).toBeLessThan(12_000);
		}
		expect((await get("/es/sources/src_nosuchsource")).html.match(/src_nosuchsource/g)).toHaveLength(1);
		// A page refused for its media type: in the reader's language too.
		const refused = await exports.default.fetch(
			pageRequest(`${ORIGIN}/mcp`, { headers: { accept: "application/json", "accept-language": "es" } }),
		);
		expect(refused.status).toBe(406);
		expect(refused.headers.get("content-language")).toBe("es");
		expect(refused.headers.get("vary")).toBe("Accept, Accept-Language");
		expect(await refused.text()).toBe(`${ES.plain.notAcceptable}\n`);
		// Any other unknown path: plain text in the reader's language.
		const plain = await get("/es/no-such-page");
		expect(plain.status).toBe(404);
		expect(plain.headers.get("content-language")).toBe("es");
		expect(await plain.html).toBe(`${ES.plain.notFound(FACTS.mcpPath, "/es/mcp")}\n`);
	});
});

describe("every string in both languages", () => {
	/** The shape of a text object: its keys, and for each function its arity. */
	function shape(value: unknown, path = ""): string[] {
		if (typeof value === "function") return [`${path}()${value.length}`];
		if (typeof value === "string") return value.trim() === "" ? [`${path}: EMPTY`] : [path];
		if (value === null || typeof value !== "object") return [`${path}: ${typeof value}`];
		if ("value" in value && Object.keys(value).length === 1) return [path]; // Html
		return Object.entries(value).flatMap(([key, child]) => shape(child, `${path}.${key}`));
	}

	it("the Spanish has exactly the English's entries, none empty", () => {
		expect(shape(ES)).toEqual(shape(EN));
		expect(shape(ES).filter((entry) => entry.endsWith("EMPTY"))).toEqual([]);
	});

	it("renders every tool, argument, output, prompt, resource, error and boundary text agents receive, from its current English", () => {
		expect(staleRenderings(AGENT_TEXT, SPANISH_AGENT_TEXT)).toEqual([]);
	});

	it("notices English that changed under a rendering", () => {
		const edited = structuredClone(AGENT_TEXT);
		const tool = edited.tools.search_sources;
		if (tool === undefined) throw new Error("no search_sources");
		tool.args.limit = `${tool.args.limit} Changed.`;
		expect(staleRenderings(edited, SPANISH_AGENT_TEXT)).toEqual([
			expect.stringMatching(
				/^tools\.search_sources\.args\.limit: rendered from English [0-9a-f]{8}, the English is now/,
			),
		]);
		const missing = structuredClone(AGENT_TEXT);
		if (missing.tools.get_source) missing.tools.get_source.returns.new_field = "A field added later.";
		expect(staleRenderings(missing, SPANISH_AGENT_TEXT)).toEqual([
			'tools.get_source.returns.new_field: no rendering of "A field added later."',
		]);
	});
});
