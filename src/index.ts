/** The Worker: routes HTTP requests. Nothing else lives here. */
import { router } from "./http/router";

export default {
	fetch: (request, env, ctx) => router.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
