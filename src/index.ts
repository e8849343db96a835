/** The Worker: HTTP requests go to the router; the rate limiter's Durable Object class is exported. */
import { router } from "./http/router";

export { RateLimiterObject } from "./ratelimit/rate-limiter-object";

export default {
	fetch: (request, env, ctx) => router.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
