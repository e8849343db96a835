/**
 * The human pages (the guide, the source pages) under the one Accept rule every route follows
 * (media-types.ts): they are HTML only, so a client whose Accept rules text/html out gets 406 before
 * anything runs or is counted, as the MCP route and the discovery documents answer their own types.
 */

import { preferredType } from "../http/media-types";
import { languageHeaders, pageLanguage } from "./language";
import { PAGE_TEXT } from "./text/page-text";

/** A 406 in plain text, as the pages and the discovery documents answer one: kept by no cache. */
export const notAcceptable = (text: string, headers: Record<string, string> = {}): Response =>
	new Response(`${text}\n`, {
		status: 406,
		headers: {
			"content-type": "text/plain; charset=utf-8",
			"cache-control": "no-store",
			vary: "Accept",
			"x-content-type-options": "nosniff",
			...headers,
		},
	});

/** A page's 406, in the language of the page that was asked for. */
function pageNotAcceptable(request: Request): Response {
	const page = pageLanguage(request);
	const headers = languageHeaders(page);
	// Both Vary reasons, when the page's language was chosen by Accept-Language.
	if (headers.vary !== undefined) headers.vary = `Accept, ${headers.vary}`;
	return notAcceptable(PAGE_TEXT[page.language].plain.notAcceptable, headers);
}

export function htmlOnly<R extends Request, Rest extends unknown[]>(
	handler: (request: R, ...rest: Rest) => Promise<Response>,
): (request: R, ...rest: Rest) => Promise<Response> {
	return async (request, ...rest) =>
		preferredType(request.headers.get("accept"), ["text/html"]) === undefined
			? pageNotAcceptable(request)
			: handler(request, ...rest);
}
