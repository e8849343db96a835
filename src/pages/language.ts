/**
 * The languages of the human pages (never of the MCP answers, which stay English for agents) and how
 * a page picks one. Each language has addresses of its own that always serve it (/es/mcp,
 * /en/sources/…): shareable, crawlable, cacheable without Vary. The unprefixed addresses (/mcp,
 * /sources/…, the ones tools and README link to) serve the language a person's Accept-Language asks
 * for, in place: no redirect, so no crawler can be sent round in a loop, with Content-Language and
 * `Vary: Accept-Language` so no cache hands one reader's language to another.
 */

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a reader without a preference gets, and what the x-default alternate serves to crawlers. */
export const DEFAULT_LANGUAGE: Language = "en";

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** A header this long is not a person's browser; its tail is not read (a bounded parse for anyone). */
const MAX_ACCEPT_LANGUAGE_CHARS = 1024;

/** OWS (RFC 9110 §5.6.3): spaces and horizontal tabs, nothing else, at either end of a part. */
const trimOws = (part: string): string => part.replace(/^[ \t]+|[ \t]+$/g, "");

/**
 * A range's weight, RFC 9110 §12.4.2: `weight = OWS ";" OWS "q=" qvalue`. Whitespace may stand
 * around the ";" (the caller trims it) but not around the "=": "q = 0.5" is no weight. An empty
 * parameter (";;") says nothing; anything else, a second weight included, makes the range malformed
 * (NaN), so it is skipped rather than read as q=1.
 */
function weightOf(params: readonly string[]): number {
	let q: number | undefined;
	for (const param of params) {
		if (param === "") continue;
		const match = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(param);
		if (match === null || q !== undefined) return Number.NaN;
		q = Number(match[1]);
	}
	return q ?? 1;
}

/**
 * The language Accept-Language prefers (RFC 9110 §12.5.4), q-values honoured: each supported
 * language takes the highest q of the ranges naming it ("es", "es-ES", "es-419" all name es), or of
 * "*" when no range names it; q=0 refuses it. The highest q wins, ties go to the earlier range, and
 * nothing acceptable means the default. Malformed ranges (a weight outside the grammar among them:
 * weightOf) are skipped, never an error.
 */
export function negotiateLanguage(header: string | null): Language {
	if (header === null) return DEFAULT_LANGUAGE;
	const named = new Map<Language, { q: number; at: number }>();
	let wildcard: { q: number; at: number } | undefined;
	const ranges = header.slice(0, MAX_ACCEPT_LANGUAGE_CHARS).split(",");
	ranges.forEach((entry, at) => {
		const [range = "", ...params] = entry.split(";").map(trimOws);
		const q = weightOf(params);
		if (Number.isNaN(q)) return;
		const primary = range.toLowerCase().split("-")[0] ?? "";
		if (range === "*") {
			if (wildcard === undefined || q > wildcard.q) wildcard = { q, at };
			return;
		}
		if (!isLanguage(primary)) return;
		const seen = named.get(primary);
		// The most specific statement about a language is its highest q; an explicit 0 still refuses it
		// when nothing else names it.
		if (seen === undefined || q > seen.q) named.set(primary, { q, at: seen?.at ?? at });
	});
	let best: { language: Language; q: number; at: number } | undefined;
	for (const language of LANGUAGES) {
		const choice = named.get(language) ?? wildcard;
		if (choice === undefined || choice.q <= 0) continue;
		if (best === undefined || choice.q > best.q || (choice.q === best.q && choice.at < best.at))
			best = { language, ...choice };
	}
	return best?.language ?? DEFAULT_LANGUAGE;
}

/** "/mcp" in `language`: "/es/mcp". */
export const localizedPath = (language: Language, path: string): string => `/${language}${path}`;

/**
 * How a page was asked for: at a language's own address, or at the shared one, which serves the
 * reader's preferred language and says that it varies with Accept-Language.
 */
export interface PageLanguage {
	language: Language;
	negotiated: boolean;
}

/**
 * The language a page request is answered in: the one its address names (`/es/…`), else the
 * reader's preferred one by Accept-Language (negotiated).
 */
export function pageLanguage(request: Request): PageLanguage {
	const prefix = /^\/([a-z]{2})(?=\/)/.exec(new URL(request.url).pathname)?.[1];
	if (prefix !== undefined && isLanguage(prefix)) return { language: prefix, negotiated: false };
	return { language: negotiateLanguage(request.headers.get("accept-language")), negotiated: true };
}

/** Content-Language, and Vary for an answer chosen by Accept-Language. */
export function languageHeaders(page: PageLanguage): Record<string, string> {
	return page.negotiated
		? { "content-language": page.language, vary: "Accept-Language" }
		: { "content-language": page.language };
}

/** The language a link offers, named in that language (a reader looking for theirs finds its own word). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español" };
