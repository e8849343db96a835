/**
 * GET /api/mcp/server-card (the location MCP reserves: the Streamable HTTP URL plus /server-card) and
 * the AI Catalog at /.well-known/ai-catalog.json, also at /.well-known/mcp/catalog.json where the
 * earlier MCP Catalog draft put it. Public, static metadata: open CORS on every answer (refusals
 * included, so a browser script can read a 429's Retry-After), an hour of cache, an ETag that
 * If-None-Match revalidates, no database read. Metered as pages (discoveryRoute), except what runs
 * nothing: the CORS preflight and a 406.
 */
import {
	AI_CATALOG_MEDIA_TYPE,
	aiCatalog,
	type DiscoveryUrls,
	SERVER_CARD_MEDIA_TYPE,
	serverCard,
} from "../mcp/server-card";
import { notAcceptable } from "../pages/page-accept";
import { metered } from "../pages/page-meter";
import { preferredType } from "./media-types";
import { GUIDE_PATH, MCP_PATH, SERVER_CARD_PATH } from "./paths";

/**
 * What the discovery document asks of hosted cards and catalogs, on every answer. Retry-After is
 * exposed so a script can read how long a 429 or 503 asks it to wait.
 */
const CORS_HEADERS = {
	"access-control-allow-origin": "*",
	"access-control-allow-methods": "GET",
	"access-control-allow-headers": "Content-Type, If-None-Match",
	"access-control-expose-headers": "ETag, Retry-After",
};
/**
 * How long a browser may reuse a preflight: a cross-origin revalidation (If-None-Match is not a
 * CORS-safelisted header) would otherwise be preceded by one every time. Chromium caps it at 2 hours.
 */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;
const CACHE_CONTROL = "public, max-age=3600";
const ALLOWED = "GET, HEAD, OPTIONS";

function discoveryUrls(publicBaseUrl: string): DiscoveryUrls {
	const base = publicBaseUrl.replace(/\/+$/, "");
	return {
		endpoint: `${base}${MCP_PATH}`,
		guide: `${base}${GUIDE_PATH}`,
		card: `${base}${SERVER_CARD_PATH}`,
	};
}

/** The media type to answer with: the document's own, or application/json for a client that asks only for that. */
const negotiate = (accept: string | null, own: string) => preferredType(accept, [own, "application/json"]);

async function entityTag(mediaType: string, body: string): Promise<string> {
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${mediaType}\n${body}`));
	const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
	return `"${hex}"`;
}

/** If-None-Match matches when it lists the tag (weak comparison) or is `*`. */
function notModified(ifNoneMatch: string | null, tag: string): boolean {
	if (ifNoneMatch === null) return false;
	return ifNoneMatch.split(",").some((candidate) => {
		const value = candidate.trim();
		return value === "*" || value.replace(/^W\//, "") === tag;
	});
}

async function serveDocument(request: Request, own: string, document: unknown): Promise<Response> {
	const mediaType = negotiate(request.headers.get("accept"), own) ?? own;
	const body = JSON.stringify(document);
	const tag = await entityTag(mediaType, body);
	const headers = {
		...CORS_HEADERS,
		"cache-control": CACHE_CONTROL,
		etag: tag,
		vary: "Accept",
		"x-content-type-options": "nosniff",
	};
	if (notModified(request.headers.get("if-none-match"), tag)) {
		return new Response(null, { status: 304, headers });
	}
	return new Response(body, { status: 200, headers: { ...headers, "content-type": mediaType } });
}

interface DiscoveryDocument {
	mediaType: string;
	build(env: Env): unknown;
}

export const SERVER_CARD: DiscoveryDocument = {
	mediaType: SERVER_CARD_MEDIA_TYPE,
	build: (env) => serverCard(discoveryUrls(env.PUBLIC_BASE_URL)),
};

export const CATALOG: DiscoveryDocument = {
	mediaType: AI_CATALOG_MEDIA_TYPE,
	build: (env) => aiCatalog(discoveryUrls(env.PUBLIC_BASE_URL)),
};

const withCors = (response: Response): Response => {
	const headers = new Headers(response.headers);
	for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
	return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

const preflight = () =>
	new Response(null, {
		status: 204,
		headers: { allow: ALLOWED, "access-control-max-age": String(PREFLIGHT_MAX_AGE_SECONDS) },
	});

/**
 * A discovery document's GET, HEAD and OPTIONS route: the preflight and a 406 run nothing and are not
 * counted (like the MCP route's refusals); everything else is metered as a page. Every answer,
 * whatever refused it, carries the CORS headers.
 */
export function discoveryRoute(document: DiscoveryDocument) {
	const serve = metered((request: Request, env: Env) =>
		serveDocument(request, document.mediaType, document.build(env)),
	);
	return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
		if (request.method === "OPTIONS") return withCors(preflight());
		if (negotiate(request.headers.get("accept"), document.mediaType) === undefined)
			return withCors(
				notAcceptable(`Not Acceptable: this document is ${document.mediaType} (or application/json).`),
			);
		return withCors(await serve(request, env, ctx));
	};
}

/** Anything but GET, HEAD and OPTIONS on a discovery document: it is read-only. */
export const discoveryMethodNotAllowed = (): Response =>
	new Response("Method Not Allowed: this discovery document is read-only (GET).\n", {
		status: 405,
		headers: { ...CORS_HEADERS, allow: ALLOWED, "content-type": "text/plain; charset=utf-8" },
	});
