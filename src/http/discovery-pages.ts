/**
 * GET /api/mcp/server-card (the location MCP reserves: the Streamable HTTP URL plus /server-card) and
 * the AI Catalog at /.well-known/ai-catalog.json, also at /.well-known/mcp/catalog.json where the
 * earlier MCP Catalog draft put it. Public, static metadata: open CORS, an hour of cache, an ETag
 * that If-None-Match revalidates, no database read. Metered as pages by the router.
 */
import {
	AI_CATALOG_MEDIA_TYPE,
	aiCatalog,
	type DiscoveryUrls,
	SERVER_CARD_MEDIA_TYPE,
	serverCard,
} from "../mcp/server-card";
import { GUIDE_PATH, MCP_PATH } from "./paths";

export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
export const AI_CATALOG_PATH = "/.well-known/ai-catalog.json";
export const MCP_CATALOG_PATH = "/.well-known/mcp/catalog.json";

/** What the discovery document asks of hosted cards and catalogs. */
const CORS_HEADERS = {
	"access-control-allow-origin": "*",
	"access-control-allow-methods": "GET",
	"access-control-allow-headers": "Content-Type, If-None-Match",
	"access-control-expose-headers": "ETag",
};
const CACHE_CONTROL = "public, max-age=3600";
const ALLOWED = "GET, HEAD, OPTIONS";

export function discoveryUrls(publicBaseUrl: string): DiscoveryUrls {
	const base = publicBaseUrl.replace(/\/+$/, "");
	return {
		endpoint: `${base}${MCP_PATH}`,
		guide: `${base}${GUIDE_PATH}`,
		card: `${base}${SERVER_CARD_PATH}`,
	};
}

/**
 * The media type to answer with: the document's own type, or application/json for a client that asks
 * only for that (the body is the same JSON), or undefined when Accept rules out both (406).
 */
export function negotiate(accept: string | null, own: string): string | undefined {
	if (accept === null || accept.trim() === "") return own;
	const ranges = accept.split(",").map((part) => {
		const [range = "", ...params] = part.split(";");
		const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
		const weight = q === undefined ? 1 : Number(q.slice(2));
		return { range: range.trim().toLowerCase(), q: Number.isFinite(weight) ? weight : 0 };
	});
	// The most specific range that matches decides a type's quality (RFC 9110, 12.5.1).
	const quality = (type: string): number => {
		let best = { specificity: -1, q: 0 };
		for (const { range, q } of ranges) {
			const specificity =
				range === type ? 2 : range === `${type.split("/")[0]}/*` ? 1 : range === "*/*" ? 0 : -1;
			if (specificity > best.specificity) best = { specificity, q };
		}
		return best.q;
	};
	const ownQ = quality(own);
	const jsonQ = quality("application/json");
	if (ownQ <= 0 && jsonQ <= 0) return undefined;
	return ownQ >= jsonQ ? own : "application/json";
}

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
	if (request.method === "OPTIONS") {
		return new Response(null, { status: 204, headers: { ...CORS_HEADERS, allow: ALLOWED } });
	}
	const mediaType = negotiate(request.headers.get("accept"), own);
	if (mediaType === undefined) {
		return new Response(`Not Acceptable: this document is ${own} (or application/json).\n`, {
			status: 406,
			headers: {
				...CORS_HEADERS,
				"content-type": "text/plain; charset=utf-8",
				"cache-control": "no-store",
				vary: "Accept",
				"x-content-type-options": "nosniff",
			},
		});
	}
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

export const serveServerCard = (request: Request, env: Env): Promise<Response> =>
	serveDocument(request, SERVER_CARD_MEDIA_TYPE, serverCard(discoveryUrls(env.PUBLIC_BASE_URL)));

export const serveCatalog = (request: Request, env: Env): Promise<Response> =>
	serveDocument(request, AI_CATALOG_MEDIA_TYPE, aiCatalog(discoveryUrls(env.PUBLIC_BASE_URL)));

/** Anything but GET, HEAD and OPTIONS on a discovery document: it is read-only. */
export const discoveryMethodNotAllowed = (): Response =>
	new Response("Method Not Allowed: this discovery document is read-only (GET).\n", {
		status: 405,
		headers: { ...CORS_HEADERS, allow: ALLOWED, "content-type": "text/plain; charset=utf-8" },
	});
