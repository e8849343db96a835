/**
 * The human pages (the guide, the source pages) under the one Accept rule every route follows
 * (media-types.ts): they are HTML only, so a client whose Accept rules text/html out gets 406 before
 * anything runs or is counted, as the MCP route and the discovery documents answer their own types.
 */
import { preferredType } from "./media-types";

/** A 406 in plain text, as the pages and the discovery documents answer one: kept by no cache. */
export const notAcceptable = (sentence: string): Response =>
	new Response(`Not Acceptable: ${sentence}\n`, {
		status: 406,
		headers: {
			"content-type": "text/plain; charset=utf-8",
			"cache-control": "no-store",
			vary: "Accept",
			"x-content-type-options": "nosniff",
		},
	});

export function htmlOnly<R extends Request, Rest extends unknown[]>(
	handler: (request: R, ...rest: Rest) => Promise<Response>,
): (request: R, ...rest: Rest) => Promise<Response> {
	return async (request, ...rest) =>
		preferredType(request.headers.get("accept"), ["text/html"]) === undefined
			? notAcceptable("this page is text/html only.")
			: handler(request, ...rest);
}
