/**
 * Source pages and the guide are metered like the MCP route, through the same limiter chain (native
 * binding, then the Durable Object, else refused), on their own larger budget: a page view never
 * spends an agent's MCP budget, and no one address can make the database build pages without bound.
 */
import { LIMITER_RETRY_SECONDS, PAGE_RATE_LIMIT } from "../limits";
import { edgeIdentity } from "../ratelimit/identity";
import { admit } from "../ratelimit/limiter";
import { languageHeaders, pageLanguage } from "./language";
import { PAGE_TEXT } from "./text/page-text";

type PageHandler<R extends Request> = (request: R, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** A refusal in the language of the page that was asked for (its address's, else Accept-Language's). */
function refusal(
	request: Request,
	status: number,
	text: (words: typeof PAGE_TEXT.en.plain) => string,
	retryAfterSeconds: number,
) {
	const page = pageLanguage(request);
	return new Response(`${text(PAGE_TEXT[page.language].plain)}\n`, {
		status,
		headers: {
			"content-type": "text/plain; charset=utf-8",
			"cache-control": "no-store",
			"retry-after": String(retryAfterSeconds),
			"x-content-type-options": "nosniff",
			...languageHeaders(page),
		},
	});
}

export function metered<R extends Request>(handler: PageHandler<R>): PageHandler<R> {
	return async (request, env, ctx) => {
		const admission = await admit(env, "pages", edgeIdentity(request));
		if (admission.allowed) return handler(request, env, ctx);
		if (admission.reason === "over_budget")
			return refusal(request, 429, (words) => words.tooManyPages, PAGE_RATE_LIMIT.periodSeconds);
		return refusal(request, 503, (words) => words.limiterDown, LIMITER_RETRY_SECONDS);
	};
}
