/**
 * The Worker: HTTP requests go to the router, the cron refreshes the projections and then writes
 * the word pairs of the sources queued since, and the rate limiter's Durable Object class is
 * exported. Nothing else lives here.
 */
import { router } from "./http/router";
import { scheduledPairs } from "./projections/pair-writer";
import { scheduledRefresh } from "./projections/refresh";

export { RateLimiterObject } from "./ratelimit/rate-limiter-object";

export default {
	fetch: (request, env, ctx) => router.fetch(request, env, ctx),
	scheduled: async (controller, env, ctx) => {
		ctx.waitUntil(scheduledRefresh(env.DB, controller.cron).then(() => scheduledPairs(env.DB)));
	},
} satisfies ExportedHandler<Env>;
