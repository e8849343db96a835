/**
 * Built pages are kept in the edge cache (Cache API), keyed by the page's path and the public tables'
 * change counter: any takedown, correction or import moves the counter, so the next request misses
 * and builds the page from the tables again, while an unchanged page costs one primary-key read.
 * The caller's own query string is never part of the key (it cannot bust the cache), and neither is
 * the caller's spelling of the path: the key is the page's canonical path, so %73rc_… and src_… are
 * one entry. When the counter cannot be read the page is built uncached, exactly as before.
 */

/**
 * Found pages and alias redirects; never an error page, and never a not-found page: every distinct
 * text a caller puts in a path makes its own 404, so keeping them would let callers fill the cache.
 */
const CACHEABLE = new Set([200, 301]);

/** Says whether the answer came from the cache, for operators and tests. */
export const PAGE_CACHE_HEADER = "x-page-cache";

function marked(response: Response, state: "hit" | "miss" | "bypass"): Response {
	const copy = new Response(response.body, response);
	copy.headers.set(PAGE_CACHE_HEADER, state);
	return copy;
}

export async function cachedPage(
	request: Request,
	canonicalPath: string,
	ctx: ExecutionContext,
	contentVersion: () => Promise<number>,
	build: () => Promise<Response>,
): Promise<Response> {
	let key: Request | undefined;
	try {
		const url = new URL(request.url);
		url.pathname = canonicalPath;
		url.search = `?v=${await contentVersion()}`;
		key = new Request(url.toString(), { method: "GET" });
	} catch (error) {
		console.error(JSON.stringify({ event: "page_cache_version_failed", error: String(error) }));
	}
	const cache = await caches.open("pages");
	if (key !== undefined) {
		const hit = await cache.match(key);
		if (hit !== undefined) return marked(hit, "hit");
	}
	const response = await build();
	if (key === undefined || !CACHEABLE.has(response.status)) return marked(response, "bypass");
	ctx.waitUntil(cache.put(key, response.clone()));
	return marked(response, "miss");
}
