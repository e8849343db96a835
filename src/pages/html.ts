/**
 * HTML for the human pages (the guide at /mcp and the source pages): escaping, a tagged template that
 * escapes every interpolation unless it is already Html, the shared layout and stylesheet, and the
 * response headers. No framework: the pages are small and the rules fit on one screen.
 */
import { BIDI_CONTROLS } from "../text/hidden-characters";
import { EXPLORER_DOM } from "./explorer/explorer-dom";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "./language";

const ESCAPES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&#39;",
};

/**
 * Escapes text for element content and quoted attribute values alike. Bidirectional controls are
 * dropped: an unbalanced override in a handle would otherwise reverse the rest of its block, URLs
 * included (the importer refuses them; this covers rows from before).
 */
export function escapeHtml(value: string): string {
	return value.replace(BIDI_CONTROLS, "").replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Escapes text for element content only (quotes may stay): keeps JSON in code blocks readable and small. */
function escapeText(value: string): string {
	return value.replace(BIDI_CONTROLS, "").replace(/[&<>]/g, (char) => ESCAPES[char] ?? char);
}

/** Markup that is already safe: produced by `html` or deliberately trusted with `trusted`. */
export class Html {
	constructor(readonly value: string) {}
	toString(): string {
		return this.value;
	}
}

type Renderable = Html | string | number | boolean | null | undefined | readonly Renderable[];

function renderValue(value: Renderable): string {
	if (value instanceof Html) return value.value;
	if (Array.isArray(value)) return value.map(renderValue).join("");
	if (value === null || value === undefined || value === false || value === true) return "";
	return escapeHtml(String(value));
}

/** `html\`<p>${text}</p>\``: every interpolated string is escaped, arrays are joined, Html passes through. */
export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
	let out = strings[0] ?? "";
	for (let i = 0; i < values.length; i++)
		out += renderValue(values[i] as Renderable) + (strings[i + 1] ?? "");
	return new Html(out);
}

/** Markup written by this code (never data): the stylesheet, the explorer script. */
const trusted = (markup: string): Html => new Html(markup);

/** A scrollable code block, focusable so keyboard users can scroll it; with a label, the script adds a Copy button. */
export function codeBlock(text: string, copyLabel?: string): Html {
	const block = trusted(escapeText(text));
	return copyLabel === undefined
		? html`<pre tabindex="0">${block}</pre>`
		: html`<div class="copyable"><pre tabindex="0" data-${EXPLORER_DOM.data.copy}="${copyLabel}">${block}</pre></div>`;
}

/** An absolute http(s) URL from the data, or null: a `javascript:` link must never reach an href. */
function safeHref(url: string): string | null {
	try {
		const parsed = new URL(url);
		return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
	} catch {
		return null;
	}
}

/** A link to another site when the URL is safe, else the URL as plain text. */
export function externalLink(url: string, label: Renderable = url): Html {
	const href = safeHref(url);
	return href === null
		? html`<span>${label}</span>`
		: html`<a href="${href}" rel="noopener nofollow">${label}</a>`;
}

/**
 * One stylesheet for both pages. Colours meet WCAG AA on both backgrounds, white and panel (body text
 * 15.5:1, muted text 7.4:1, links 6.6:1, status colours 6.9:1); focus is always visible. A Spanish
 * page quotes with «» inside <q> too: left to the browser, a <q lang="en"> (a creator's words) would
 * take English marks in a page that writes «» everywhere else.
 */
const OUTCOME = EXPLORER_DOM.data.outcome;

const STYLES = `
:root{--fg:#1b1f24;--muted:#4a5260;--bg:#fff;--panel:#f6f8fa;--line:#c9d1d9;--accent:#0a53be;--ok:#116329;--bad:#a4161a;color-scheme:light}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:break-word}
a{color:var(--accent);text-decoration-thickness:1px;text-underline-offset:2px}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:2px}
.skip{position:absolute;left:.5rem;top:-10rem;background:var(--fg);color:#fff;padding:.5rem 1rem;z-index:10}
.skip:focus{top:.5rem}
.site-header,.site-footer{background:var(--panel);border-bottom:1px solid var(--line)}
.site-footer{border-top:1px solid var(--line);border-bottom:0;margin-top:3rem;color:var(--muted);font-size:.9rem}
.wrap{max-width:64rem;margin:0 auto;padding:0 1rem}
.site-header .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.5rem;padding-top:.6rem;padding-bottom:.6rem}
.brand{font-weight:700;color:var(--fg);text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.languages{margin-left:auto}
.languages a[aria-current]{color:var(--fg);font-weight:600;text-decoration:none}
main{display:block;padding-top:1.5rem}
h1{font-size:2rem;line-height:1.2;margin:.5rem 0 1rem}
@media (max-width:30rem){h1{font-size:1.65rem}}
h2{font-size:1.45rem;line-height:1.3;margin:2.5rem 0 .75rem;padding-top:.5rem;border-top:1px solid var(--line)}
h3{font-size:1.15rem;margin:1.75rem 0 .5rem}
h4{font-size:1rem;margin:1rem 0 .25rem}
.lead{font-size:1.1rem;max-width:46rem}
.muted,.note{color:var(--muted)}
html[lang="es"] q{quotes:"«" "»" "“" "”"}
code,pre,kbd{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.9em}
:not(pre)>code{background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:0 .25em;overflow-wrap:break-word}
pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;overflow:auto;max-width:100%;line-height:1.45;margin:.5rem 0 1rem;tab-size:2}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
.facts dt{font-weight:600}
.facts dd{margin:0;min-width:0}
.tags{display:flex;flex-wrap:wrap;gap:.35rem;list-style:none;padding:0;margin:.25rem 0}
.tag{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .6em;font-size:.85rem;background:var(--bg);color:var(--fg)}
.tag.required{border-color:var(--bad);color:var(--bad)}
.table-wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
th,td{border:1px solid var(--line);padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:var(--panel)}
.tool{border:1px solid var(--line);border-radius:8px;padding:0 1rem .5rem;margin:1rem 0}
.tool h3{margin-top:1rem}
.args{list-style:none;padding:0;margin:.25rem 0}
.args>li{border-top:1px solid var(--line);padding:.5rem 0}
.args>li:first-child{border-top:0}
.bounds{color:var(--muted);font-size:.95rem}
details{margin:.5rem 0}
summary{cursor:pointer;color:var(--accent)}
.callout{background:var(--panel);border:1px solid var(--line);border-left:4px solid var(--accent);border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
ul.callout{padding-left:2.25rem}
.explorer form{display:grid;gap:.75rem}
.field{display:grid;gap:.2rem;align-content:start}
label,legend{font-weight:600}
fieldset{border:1px solid var(--line);border-radius:6px;padding:.5rem 1rem 1rem;margin:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,18rem),1fr));gap:.75rem 1.5rem;min-width:0}
fieldset>p{grid-column:1/-1;margin:0}
input,select,button{font:inherit;color:var(--fg)}
input,select{width:100%;max-width:32rem;padding:.4rem .5rem;border:1px solid var(--muted);border-radius:4px;background:var(--bg)}
button{cursor:pointer;padding:.45rem 1rem;border:1px solid var(--accent);border-radius:4px;background:var(--bg);color:var(--accent);font-weight:600}
button.primary{background:var(--accent);color:#fff}
.examples{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0}
.io{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;margin-top:1rem}
@media (min-width:56rem){.io{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.io pre{min-height:10rem;max-height:36rem}
.status{font-weight:600;min-height:1.6em;margin:.25rem 0}
.status[data-${OUTCOME}=${EXPLORER_DOM.outcomes.result}]{color:var(--ok)}
${[EXPLORER_DOM.outcomes.toolError, EXPLORER_DOM.outcomes.rpcError, EXPLORER_DOM.outcomes.networkError].map((kind) => `.status[data-${OUTCOME}=${kind}]`).join(",")}{color:var(--bad)}
.copyable{position:relative}
.copyable pre{padding-right:5.5rem}
.copy{position:absolute;top:.45rem;right:.45rem;padding:.1rem .6rem;font-size:.85rem}
.passages{padding-left:1.5rem}
.passages li{margin:.5rem 0}
.offset{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--muted);font-size:.9rem;margin-right:.5rem;white-space:nowrap}
.card{border:1px solid var(--line);border-radius:8px;padding:.25rem 1rem;margin:.75rem 0}
.card h3{margin-top:.75rem}
.callout h2{border-top:0;margin-top:.5rem;padding-top:0}
pre.cite{white-space:pre-wrap;overflow-wrap:anywhere}
.button-link{display:inline-block;padding:.45rem 1rem;border:1px solid var(--accent);border-radius:4px;font-weight:600;text-decoration:none}
`.trim();

/** SHA-256 of an inline script or stylesheet, for a CSP that allows exactly that block and nothing else. */
const hashes = new Map<string, Promise<string>>();
function cspHash(source: string): Promise<string> {
	let hash = hashes.get(source);
	if (hash === undefined) {
		hash = crypto.subtle.digest("SHA-256", new TextEncoder().encode(source)).then((digest) => {
			const bytes = new Uint8Array(digest);
			return `'sha256-${btoa(String.fromCharCode(...bytes))}'`;
		});
		hashes.set(source, hash);
	}
	return hash;
}

/** The same page in each language, each at its own address, and the address that picks for the reader. */
export interface PageAddresses {
	byLanguage: Record<Language, string>;
	negotiated: string;
}

interface PageParts {
	language: Language;
	/** The words of the page's frame, in its language. */
	chrome: { skip: string; siteNav: string; languageNav: string };
	title: string;
	description: string;
	/** The site navigation links, shown in the header. */
	nav: readonly { href: string; label: string }[];
	brand: { href: string; label: string };
	main: Html;
	addresses: PageAddresses;
	/**
	 * Whether search engines should index it: then it names its canonical address (its language's own)
	 * and its alternates in every language, x-default being the address that picks.
	 */
	indexable: boolean;
	/** Inline script source (already escaped for a script element); the CSP allows exactly this one. */
	script?: string;
	footer?: Html;
}

/** The links to the page in every language, each named in its own language; the current one marked. */
function languageSwitch(parts: PageParts): Html {
	return html`<nav class="languages" aria-label="${parts.chrome.languageNav}"><ul>${LANGUAGES.map(
		(language) =>
			html`<li><a href="${parts.addresses.byLanguage[language]}" hreflang="${language}" lang="${language}"${language === parts.language ? html` aria-current="page"` : ""}>${LANGUAGE_NAMES[language]}</a></li>`,
	)}</ul></nav>`;
}

function alternateLinks(addresses: PageAddresses, language: Language): Html {
	return html`<link rel="canonical" href="${addresses.byLanguage[language]}">
${LANGUAGES.map(
	(other) => html`<link rel="alternate" hreflang="${other}" href="${addresses.byLanguage[other]}">
`,
)}<link rel="alternate" hreflang="x-default" href="${addresses.negotiated}">`;
}

/** The whole document: skip link, header with navigation and the language switch, one main, footer. */
export function renderPage(parts: PageParts): string {
	const nav = parts.nav.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`);
	return `<!doctype html>${html`<html lang="${parts.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${parts.title}</title>
<meta name="description" content="${parts.description}">
${parts.indexable ? alternateLinks(parts.addresses, parts.language) : html`<meta name="robots" content="noindex">`}
<link rel="icon" href="data:,">
<style>${trusted(STYLES)}</style>
</head>
<body>
<a class="skip" href="#main">${parts.chrome.skip}</a>
<header class="site-header"><div class="wrap">
<a class="brand" href="${parts.brand.href}">${parts.brand.label}</a>
<nav aria-label="${parts.chrome.siteNav}"><ul>${nav}</ul></nav>
${languageSwitch(parts)}
</div></header>
<main id="main" class="wrap" tabindex="-1">
${parts.main}
</main>
<footer class="site-footer"><div class="wrap">${parts.footer ?? ""}</div></footer>
${parts.script === undefined ? "" : html`<script>${trusted(parts.script)}</script>`}
</body>
</html>`}`;
}

interface PageHeaders {
	script?: string;
	/** The explorer talks to /api/mcp on the same origin; other pages connect nowhere. */
	connectSelf?: boolean;
	/** How long browsers and the edge may keep the page; 0 means not at all. */
	cacheSeconds: number;
	/** Content-Language and, for a page chosen by Accept-Language, Vary (a route that caches adds them after). */
	languageHeaders?: Record<string, string>;
}

/** The headers of every HTML page: a CSP that allows only this page's own inline style and script. */
async function pageHeaders(options: PageHeaders): Promise<Record<string, string>> {
	const policy = [
		"default-src 'none'",
		`style-src ${await cspHash(STYLES)}`,
		`script-src ${options.script === undefined ? "'none'" : await cspHash(options.script)}`,
		`connect-src ${options.connectSelf ? "'self'" : "'none'"}`,
		"img-src 'self' data:",
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	].join("; ");
	return {
		"content-type": "text/html; charset=utf-8",
		"content-security-policy": policy,
		"x-content-type-options": "nosniff",
		"referrer-policy": "strict-origin-when-cross-origin",
		"cache-control": options.cacheSeconds > 0 ? `public, max-age=${options.cacheSeconds}` : "no-store",
		...options.languageHeaders,
	};
}

export async function htmlResponse(status: number, body: string, options: PageHeaders): Promise<Response> {
	return new Response(body, { status, headers: await pageHeaders(options) });
}
