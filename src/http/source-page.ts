/**
 * GET /sources/:id: the Base2026 page that every tool result links to as `source_page_url`. It reads
 * through the same public-only queries as get_source, so an unpublished, removed or unknown source is
 * a 404 here exactly as it is "not found" there. An alias (platform id) redirects to the canonical id.
 */
import { readContentVersion } from "../data/content-version";
import { findHiddenCharacter } from "../data/hidden-characters";
import type { PublicDb } from "../data/public-db";
import { getPublicSource, MAX_SOURCE_REF_CHARS, type SourceDetail } from "../data/sources";
import { MAX_CARDS, MAX_PASSAGES } from "../limits";
import { citeLine, sourcePageUrl, toSourceRef } from "../tools/citations";
import { type Platform, PUBLIC_BOUNDARY } from "../tools/constants";
import { echoed } from "../tools/one-line";
import { externalLink, type Html, html, htmlResponse, inWords, renderPage } from "./html";
import { cachedPage } from "./page-cache";

const SOURCE_CACHE_SECONDS = 300;
/**
 * A source can be published soon after a miss; a client may keep a 404 briefly. The edge cache never
 * keeps one: any text makes a distinct 404, so caching them would let callers fill the cache.
 */
const MISSING_CACHE_SECONDS = 60;

const NAV = [
	{ href: "/mcp", label: "Guide" },
	{ href: "/mcp#explorer", label: "Explorer" },
	{ href: "/mcp#citing", label: "Citing" },
];

const PLATFORM_LABELS: Record<Platform, string> = {
	tiktok: "TikTok",
	youtube_shorts: "YouTube Shorts",
	instagram_reels: "Instagram Reels",
};

const platformLabel = (platform: string): string => PLATFORM_LABELS[platform as Platform] ?? platform;

/** 65_000 ms -> "01:05": passage offsets in a short video. */
export function clock(ms: number): string {
	const total = Math.max(0, Math.floor(ms / 1000));
	const minutes = Math.floor(total / 60);
	return `${String(minutes).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

const FOOTER = html`<p>Base2026 Public MCP · public, published records only · <a href="/mcp">How to connect an agent</a></p>`;

function headerBlock(detail: SourceDetail): Html {
	const { source } = detail;
	const platform = platformLabel(source.platform);
	return html`<p class="muted">Source on ${platform} · <code>${source.source_id}</code></p>
<h1 id="source-title">${source.title}</h1>
<dl class="facts">
<dt>Creator</dt><dd>${externalLink(source.creator_profile_url, html`<bdi>${source.creator_display_name}</bdi>`)} (<bdi>@${source.creator_handle}</bdi>)</dd>
<dt>Platform</dt><dd>${platform}</dd>
<dt>Published</dt><dd><time datetime="${source.published_at}">${source.published_at}</time></dd>
<dt>Duration</dt><dd>${clock(source.duration_seconds * 1000)}</dd>
<dt>Original</dt><dd>${externalLink(source.original_url)}</dd>
</dl>
<p><strong>Summary.</strong> ${source.summary}</p>
${
	detail.topics.length === 0
		? ""
		: html`<h2 id="topics">Topics</h2>
<ul class="tags">${detail.topics.map((topic) => html`<li class="tag">${topic.label} <code>${topic.topic_id}</code></li>`)}</ul>`
}`;
}

function passagesBlock(detail: SourceDetail): Html {
	if (detail.passages.length === 0) {
		return html`<h2 id="passages">Public passages</h2><p>No public passages for this source.</p>`;
	}
	return html`<h2 id="passages">Public passages</h2>
<p class="note">${detail.passages.length} of ${detail.passageCount} public passages, in order (at most ${MAX_PASSAGES} are shown). Short reviewed excerpts, not a full transcript.</p>
<ol class="passages">${detail.passages.map(
		(p) =>
			html`<li data-ordinal="${p.ordinal}"><span class="offset">${clock(p.start_ms)}–${clock(p.end_ms)}</span> ${p.text}</li>`,
	)}</ol>`;
}

function cardsBlock(detail: SourceDetail): Html {
	const heading = html`<h2 id="cards">Applied evidence cards</h2>`;
	if (detail.cards.length === 0) return html`${heading}<p>No applied evidence cards for this source.</p>`;
	return html`${heading}
<p class="note">${detail.cards.length} of ${detail.cardCount} applied cards (at most ${MAX_CARDS} are shown). A card records what the creator claims; it is not independent confirmation.</p>
${detail.cards.map(
	(card) => html`<article class="card" aria-labelledby="${card.card_id}">
<h3 id="${card.card_id}">${card.claim}</h3>
<p><strong>Evidence.</strong> ${card.evidence}</p>
<p class="note">Topic <code>${card.topic_id}</code>${card.reviewed_at === null ? "" : html` · reviewed <time datetime="${card.reviewed_at}">${card.reviewed_at.slice(0, 10)}</time>`}</p>
</article>`,
)}`;
}

function citeBlock(detail: SourceDetail, publicBaseUrl: string): Html {
	const ref = toSourceRef(detail.source, publicBaseUrl);
	return html`<aside class="callout" aria-labelledby="cite">
<h2 id="cite">How to cite</h2>
<p>Cite both the original and this page:</p>
<pre class="cite" tabindex="0">${citeLine(ref)}</pre>
<dl class="facts">
<dt>original_url</dt><dd>${externalLink(ref.original_url)}</dd>
<dt>source_page_url</dt><dd><a href="${ref.source_page_url}">${ref.source_page_url}</a></dd>
</dl>
<p class="note">Do not present this as ${inWords(PUBLIC_BOUNDARY.do_not_present_as, "or")}.</p>
</aside>`;
}

function renderSourcePage(detail: SourceDetail, publicBaseUrl: string): string {
	const { source } = detail;
	return renderPage({
		title: `${source.title} · @${source.creator_handle} · Base2026`,
		description: source.summary,
		canonical: sourcePageUrl(publicBaseUrl, source.source_id),
		nav: NAV,
		main: html`<article aria-labelledby="source-title">${headerBlock(detail)}${passagesBlock(detail)}${cardsBlock(detail)}${citeBlock(detail, publicBaseUrl)}</article>`,
		footer: FOOTER,
	});
}

function renderMissingPage(requestedId: string): string {
	return renderPage({
		title: "Source not found · Base2026",
		description: "No public source has this id.",
		nav: NAV,
		main: html`<h1>Source not found</h1>
<p>No public source has the id <code>${echoed(requestedId)}</code>. It may never have existed, or it is unpublished or was removed; such sources are not shown by these pages or by the MCP tools.</p>
<p>Find sources with <code>search_sources</code> in the <a href="/mcp#explorer">live explorer</a>.</p>`,
		footer: FOOTER,
	});
}

function renderUnavailablePage(): string {
	return renderPage({
		title: "Temporarily unavailable · Base2026",
		description: "The collection could not be read just now.",
		nav: NAV,
		main: html`<h1>Temporarily unavailable</h1><p>The collection could not be read just now. Nothing was found or ruled out: try again in a minute.</p>`,
		footer: FOOTER,
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

const missing = (echo: string) =>
	htmlResponse(404, renderMissingPage(echo), { cacheSeconds: MISSING_CACHE_SECONDS });

async function buildSourcePage(id: string, db: PublicDb, publicBaseUrl: string): Promise<Response> {
	let result: PageResult;
	try {
		result = await lookup(db, id);
	} catch (error) {
		console.error(JSON.stringify({ event: "source_page_failed", error: String(error) }));
		const response = await htmlResponse(503, renderUnavailablePage(), { cacheSeconds: 0 });
		response.headers.set("retry-after", "60");
		return response;
	}
	if (result.kind === "alias") {
		return new Response(null, {
			status: 301,
			headers: {
				location: sourcePageUrl("", result.sourceId),
				"cache-control": `public, max-age=${SOURCE_CACHE_SECONDS}`,
			},
		});
	}
	if (result.kind === "missing") return missing(id);
	return htmlResponse(200, renderSourcePage(result.detail, publicBaseUrl), {
		cacheSeconds: SOURCE_CACHE_SECONDS,
	});
}

export async function serveSourcePage(
	request: Request & { params: { id: string } },
	env: Env,
	ctx: ExecutionContext,
): Promise<Response> {
	const segment = request.params.id;
	// The same Sessions API read path as the MCP endpoint (replicas may answer); the page is read in
	// the same session as the change counter, so it is never older than the key it is cached under.
	const db = env.DB.withSession("first-unconstrained");
	const id = decodeSegment(segment);
	// An id that cannot name a source is answered before any read, and never cached.
	if (!couldName(id)) return missing(id ?? segment);
	// One cache entry per source, however the client percent-encoded its id.
	const canonicalPath = `/sources/${encodeURIComponent(id)}`;
	return cachedPage(
		request,
		canonicalPath,
		ctx,
		() => readContentVersion(db),
		() => buildSourcePage(id, db, env.PUBLIC_BASE_URL),
	);
}
