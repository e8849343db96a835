/**
 * GET /sources/:id: the Base2026 page that every tool result links to as `source_page_url`. It reads
 * through the same public-only queries as get_source, so an unpublished, removed or unknown source is
 * a 404 here exactly as it is "not found" there. An alias (platform id) redirects to the canonical id.
 * The page's own words come in every page language (/es/sources/:id, /en/sources/:id; /sources/:id
 * picks by Accept-Language); the record itself is shown as it was published, marked with its language.
 */
import { readContentVersion } from "../data/content-version";
import type { PublicDb } from "../data/public-db";
import { getPublicSource, MAX_SOURCE_REF_CHARS, type SourceDetail } from "../data/sources";
import { GUIDE_PATH } from "../http/paths";
import { findHiddenCharacter } from "../text/hidden-characters";
import { echoed } from "../text/one-line";
import { sourcePageUrl, toSourceRef } from "../tools/citations";
import type { Platform } from "../tools/constants";
import { externalLink, type Html, html, htmlResponse, type PageAddresses, renderPage } from "./html";
import {
	LANGUAGES,
	type Language,
	languageHeaders,
	localizedPath,
	type PageLanguage,
	pageLanguage,
} from "./language";
import { cachedPage } from "./page-cache";
import { PAGE_TEXT, type PageText } from "./text/page-text";

const SOURCE_CACHE_SECONDS = 300;
/**
 * A source can be published soon after a miss; a client may keep a 404 briefly. The edge cache never
 * keeps one: any text makes a distinct 404, so caching them would let callers fill the cache.
 */
const MISSING_CACHE_SECONDS = 60;

const PLATFORM_LABELS: Record<Platform, string> = {
	tiktok: "TikTok",
	youtube_shorts: "YouTube Shorts",
	instagram_reels: "Instagram Reels",
};

const platformLabel = (platform: string): string => PLATFORM_LABELS[platform as Platform] ?? platform;

/** 65_000 ms -> "01:05": passage offsets in a short video. */
function clock(ms: number): string {
	const total = Math.max(0, Math.floor(ms / 1000));
	const minutes = Math.floor(total / 60);
	return `${String(minutes).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Where a page in `language` links: the guide and its explorer in the same language. */
const guideIn = (language: Language) => localizedPath(language, GUIDE_PATH);

/** The guide in each language, for a page that has no equivalent of its own in the others. */
function guideAddresses(publicBaseUrl: string): PageAddresses {
	const origin = new URL(publicBaseUrl).origin;
	return {
		byLanguage: Object.fromEntries(
			LANGUAGES.map((language) => [language, `${origin}${guideIn(language)}`]),
		) as Record<Language, string>,
		negotiated: `${origin}${GUIDE_PATH}`,
	};
}

/** The source page of `id` in each language, and at the address that picks (which tools link to). */
function sourceAddresses(publicBaseUrl: string, id: string): PageAddresses {
	const shared = sourcePageUrl(publicBaseUrl, id);
	const path = new URL(shared).pathname;
	const origin = new URL(shared).origin;
	return {
		byLanguage: Object.fromEntries(
			LANGUAGES.map((language) => [language, `${origin}${localizedPath(language, path)}`]),
		) as Record<Language, string>,
		negotiated: shared,
	};
}

function frame(t: PageText, language: Language) {
	const guide = guideIn(language);
	return {
		language,
		chrome: t.chrome,
		nav: [
			{ href: guide, label: t.sourcePage.nav.guide },
			{ href: `${guide}#explorer`, label: t.sourcePage.nav.explorer },
			{ href: `${guide}#citing`, label: t.sourcePage.nav.citing },
		],
		brand: { href: guide, label: t.siteName },
		footer: html`<p>${t.sourcePage.footer(guide)}</p>`,
	};
}

function headerBlock(t: PageText, detail: SourceDetail): Html {
	const { source } = detail;
	const p = t.sourcePage;
	const platform = platformLabel(source.platform);
	return html`<p class="muted">${p.sourceOn(platform)} · <code>${source.source_id}</code></p>
<h1 id="source-title" lang="${source.language}">${source.title}</h1>
<dl class="facts">
<dt>${p.creator}</dt><dd>${externalLink(source.creator_profile_url, html`<bdi>${source.creator_display_name}</bdi>`)} (<bdi>@${source.creator_handle}</bdi>)</dd>
<dt>${p.platform}</dt><dd>${platform}</dd>
<dt>${p.published}</dt><dd><time datetime="${source.published_at}">${source.published_at}</time></dd>
<dt>${p.duration}</dt><dd>${clock(source.duration_seconds * 1000)}</dd>
<dt>${p.original}</dt><dd>${externalLink(source.original_url)}</dd>
</dl>
<p><strong>${p.summary}</strong> <span lang="${source.language}">${source.summary}</span></p>
${
	detail.topics.length === 0
		? ""
		: html`<h2 id="topics">${p.topics}</h2>
<ul class="tags">${detail.topics.map((topic) => html`<li class="tag">${topic.label} <code>${topic.topic_id}</code></li>`)}</ul>`
}`;
}

function passagesBlock(t: PageText, detail: SourceDetail): Html {
	const p = t.sourcePage;
	if (detail.passages.length === 0) {
		return html`<h2 id="passages">${p.passages}</h2><p>${p.noPassages}</p>`;
	}
	return html`<h2 id="passages">${p.passages}</h2>
<p class="note">${p.passagesNote(detail.passages.length, detail.passageCount)}</p>
<ol class="passages" lang="${detail.source.language}">${detail.passages.map(
		(passage) =>
			html`<li data-ordinal="${passage.ordinal}"><span class="offset">${clock(passage.start_ms)}–${clock(passage.end_ms)}</span> ${passage.text}</li>`,
	)}</ol>`;
}

function cardsBlock(t: PageText, detail: SourceDetail): Html {
	const p = t.sourcePage;
	const heading = html`<h2 id="cards">${p.cards}</h2>`;
	if (detail.cards.length === 0) return html`${heading}<p>${p.noCards}</p>`;
	return html`${heading}
<p class="note">${p.cardsNote(detail.cards.length, detail.cardCount)}</p>
${detail.cards.map(
	(card) => html`<article class="card" aria-labelledby="${card.card_id}">
<h3 id="${card.card_id}" lang="${detail.source.language}">${card.claim}</h3>
<p><strong>${p.evidence}</strong> <span lang="${detail.source.language}">${card.evidence}</span></p>
<p class="note">${p.topic} <code>${card.topic_id}</code>${card.reviewed_at === null ? "" : html` · ${p.reviewed} <time datetime="${card.reviewed_at}">${card.reviewed_at.slice(0, 10)}</time>`}</p>
</article>`,
)}`;
}

function citeBlock(t: PageText, detail: SourceDetail, publicBaseUrl: string): Html {
	const p = t.sourcePage;
	const ref = toSourceRef(detail.source, publicBaseUrl);
	return html`<aside class="callout" aria-labelledby="cite">
<h2 id="cite">${p.cite}</h2>
<p>${p.citeIntro}</p>
<pre class="cite" tabindex="0">${p.citeLine(ref)}</pre>
<dl class="facts">
<dt>original_url</dt><dd>${externalLink(ref.original_url)}</dd>
<dt>source_page_url</dt><dd><a href="${ref.source_page_url}">${ref.source_page_url}</a></dd>
</dl>
<p class="note">${p.doNotPresent(t.agent.boundary.doNotPresentAs)}</p>
</aside>`;
}

function renderSourcePage(language: Language, detail: SourceDetail, publicBaseUrl: string): string {
	const t = PAGE_TEXT[language];
	const { source } = detail;
	return renderPage({
		...frame(t, language),
		title: `${source.title} · @${source.creator_handle} · ${t.sourcePage.titleSuffix}`,
		description: source.summary,
		addresses: sourceAddresses(publicBaseUrl, source.source_id),
		indexable: true,
		main: html`<article aria-labelledby="source-title">${headerBlock(t, detail)}${passagesBlock(t, detail)}${cardsBlock(t, detail)}${citeBlock(t, detail, publicBaseUrl)}</article>`,
	});
}

function renderMissingPage(language: Language, requestedId: string, addresses: PageAddresses): string {
	const t = PAGE_TEXT[language];
	const m = t.sourcePage.missing;
	return renderPage({
		...frame(t, language),
		title: `${m.title} · ${t.sourcePage.titleSuffix}`,
		description: m.description,
		addresses,
		indexable: false,
		main: html`<h1>${m.title}</h1>
<p>${m.text(echoed(requestedId))}</p>
<p>${m.find(`${guideIn(language)}#explorer`)}</p>`,
	});
}

function renderUnavailablePage(language: Language, publicBaseUrl: string): string {
	const t = PAGE_TEXT[language];
	const u = t.sourcePage.unavailable;
	return renderPage({
		...frame(t, language),
		title: `${u.title} · ${t.sourcePage.titleSuffix}`,
		description: u.description,
		addresses: guideAddresses(publicBaseUrl),
		indexable: false,
		main: html`<h1>${u.title}</h1><p>${u.text}</p>`,
	});
}

/** The path segment as the client meant it, or null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
	try {
		return decodeURIComponent(segment);
	} catch {
		return null;
	}
}

type PageResult =
	| { kind: "found"; detail: SourceDetail }
	| { kind: "alias"; sourceId: string }
	| { kind: "missing" };

async function lookup(db: PublicDb, id: string): Promise<PageResult> {
	const detail = await getPublicSource(db, id);
	if (detail === null) return { kind: "missing" };
	// A platform id or original URL that names a public source redirects to its page.
	const canonical = detail.source.source_id;
	return canonical === id ? { kind: "found", detail } : { kind: "alias", sourceId: canonical };
}

/**
 * Whether a decoded id could name a source at all: a source id, an alias or an original URL, as the
 * importer allows them (no whitespace, nothing invisible, at most MAX_SOURCE_REF_CHARS).
 */
function couldName(id: string | null): id is string {
	return (
		id !== null &&
		id.length > 0 &&
		id.length <= MAX_SOURCE_REF_CHARS &&
		!/\s/u.test(id) &&
		findHiddenCharacter(id, "identifier") === null
	);
}

/**
 * The 404 in `language`. Its language switch leads to the guide: there is no page to switch to, and
 * the id a caller sent is echoed once, cut to MAX_ECHO_CHARS, never again in links (a 404 stays small
 * whatever the path held, and names nothing but what was asked, as it was asked).
 */
function missing(language: Language, id: string, publicBaseUrl: string) {
	return htmlResponse(404, renderMissingPage(language, id, guideAddresses(publicBaseUrl)), {
		cacheSeconds: MISSING_CACHE_SECONDS,
	});
}

async function buildSourcePage(
	page: PageLanguage,
	id: string,
	db: PublicDb,
	publicBaseUrl: string,
): Promise<Response> {
	let result: PageResult;
	try {
		result = await lookup(db, id);
	} catch (error) {
		console.error(JSON.stringify({ event: "source_page_failed", error: String(error) }));
		const response = await htmlResponse(503, renderUnavailablePage(page.language, publicBaseUrl), {
			cacheSeconds: 0,
		});
		response.headers.set("retry-after", "60");
		return response;
	}
	if (result.kind === "alias") {
		// To the canonical id at the address kind the reader used: /es/sources/… stays Spanish.
		const path = sourcePageUrl("", result.sourceId);
		return new Response(null, {
			status: 301,
			headers: {
				location: page.negotiated ? path : localizedPath(page.language, path),
				"cache-control": `public, max-age=${SOURCE_CACHE_SECONDS}`,
			},
		});
	}
	if (result.kind === "missing") return missing(page.language, id, publicBaseUrl);
	return htmlResponse(200, renderSourcePage(page.language, result.detail, publicBaseUrl), {
		cacheSeconds: SOURCE_CACHE_SECONDS,
	});
}

/** The route's language headers on an answer that may have come from the cache (whose copy holds none). */
function inLanguage(response: Response, page: PageLanguage): Response {
	const copy = new Response(response.body, response);
	for (const [name, value] of Object.entries(languageHeaders(page))) copy.headers.set(name, value);
	return copy;
}

export async function serveSourcePage(
	request: Request & { params: { id: string } },
	env: Env,
	ctx: ExecutionContext,
): Promise<Response> {
	const page = pageLanguage(request);
	const segment = request.params.id;
	// The same Sessions API read path as the MCP endpoint (replicas may answer); the page is read in
	// the same session as the change counter, so it is never older than the key it is cached under.
	const db = env.DB.withSession("first-unconstrained");
	const id = decodeSegment(segment);
	// An id that cannot name a source is answered before any read, and never cached.
	if (!couldName(id))
		return inLanguage(await missing(page.language, id ?? segment, env.PUBLIC_BASE_URL), page);
	// One cache entry per source, language and kind of address, however the client percent-encoded
	// its id: the pages differ by language, and an alias redirects within its kind of address.
	const path = `/sources/${encodeURIComponent(id)}`;
	const cacheKeyPath = page.negotiated
		? `/${page.language}-negotiated${path}`
		: localizedPath(page.language, path);
	const response = await cachedPage(
		request,
		cacheKeyPath,
		ctx,
		() => readContentVersion(db),
		() => buildSourcePage(page, id, db, env.PUBLIC_BASE_URL),
	);
	return inLanguage(response, page);
}
