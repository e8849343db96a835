/**
 * Source pages and the guide are metered like the MCP route, through the same limiter chain (native
 * binding, then the Durable Object, else refused), on their own larger budget: a page view never
 * spends an agent's MCP budget, and no one address can make the database build pages without bound.
 */
import { PAGE_RATE_LIMIT } from "../limits";
import { edgeIdentity } from "../ratelimit/identity";
import { admit } from "../ratelimit/limiter";

type PageHandler<R extends Request> = (request: R, env: Env, ctx: ExecutionContext) => Promise<Response>;

const textResponse = (status: number, text: string, retryAfterSeconds: number) =>
	new Response(`${text}\n`, {
		status,
		headers: {
			"content-type": "text/plain; charset=utf-8",
			"cache-control": "no-store",
			"retry-after": String(retryAfterSeconds),
			"x-content-type-options": "nosniff",
		},
	});

export function metered<R extends Request>(handler: PageHandler<R>): PageHandler<R> {
	return async (request, env, ctx) => {
		const admission = await admit(env, "pages", edgeIdentity(request));
		if (admission.allowed) return handler(request, env, ctx);
		if (admission.reason === "over_budget") {
			return textResponse(
				429,
				`Too many page requests: at most ${PAGE_RATE_LIMIT.requests} per ${PAGE_RATE_LIMIT.periodSeconds} seconds per client. Try again in ${PAGE_RATE_LIMIT.periodSeconds} seconds.`,
				PAGE_RATE_LIMIT.periodSeconds,
			);
		}
		return textResponse(
			503,
			"Temporarily unavailable: the rate limiter cannot answer, so the page was not served. Try again in about 10 seconds.",
			10,
		);
	};
}
