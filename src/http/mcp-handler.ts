/**
 * The full life of one POST /api/mcp: count it against its caller's budget, serve it, log it.
 * Every POST counts, whatever its outcome; the protocol layer only ever sees the public database.
 */

import type { PublicDb } from "../data/public-db";
import { RATE_LIMIT } from "../limits";
import { ErrorCode } from "../mcp/jsonrpc";
import { edgeIdentity, identityDigest } from "../ratelimit/identity";
import { admit } from "../ratelimit/limiter";
import { serveMcpPost } from "./mcp-route";
import { logRequest } from "./request-log";
import { jsonRpcError } from "./responses";

const overBudget = () =>
	jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`Rate limit exceeded: ${RATE_LIMIT.requests} requests per ${RATE_LIMIT.periodSeconds} seconds per client.`,
		{
			headers: { "retry-after": String(RATE_LIMIT.periodSeconds) },
			data: {
				retry_after_seconds: RATE_LIMIT.periodSeconds,
				limit: RATE_LIMIT.requests,
				period_seconds: RATE_LIMIT.periodSeconds,
				advice: `Wait ${RATE_LIMIT.periodSeconds} seconds before the next request to this server, then send fewer, larger requests (for example search_sources with a higher limit).`,
			},
		},
	);

const limiterUnavailable = () =>
	jsonRpcError(
		503,
		ErrorCode.ServiceUnavailable,
		"Service unavailable: the rate limiter cannot answer, so the request was refused rather than served unprotected.",
		{
			headers: { "retry-after": "10" },
			data: { retry_after_seconds: 10, advice: "Retry in about 10 seconds; nothing was run." },
		},
	);

/**
 * The public database as the protocol layer sees it: a Sessions API session (read replicas may
 * answer, docs/operations.md), opened on first use. A request that needs no data (discovery,
 * tools/list, an envelope error) never depends on the database, and a session that cannot be opened
 * fails inside the tool call, where it becomes the degraded answer rather than a 500.
 */
function publicSession(binding: D1Database): PublicDb {
	let session: D1DatabaseSession | undefined;
	const open = () => {
		session ??= binding.withSession("first-unconstrained");
		return session;
	};
	return {
		prepare: (query) => open().prepare(query),
		batch: <T = unknown>(statements: D1PreparedStatement[]) => open().batch<T>(statements),
	};
}

export async function handleMcpRequest(request: Request, env: Env): Promise<Response> {
	const started = Date.now();
	const identity = edgeIdentity(request);
	const admission = await admit(env, identity);
	let response: Response;
	let facts = {};
	if (!admission.allowed) {
		response = admission.reason === "over_budget" ? overBudget() : limiterUnavailable();
	} else {
		const served = await serveMcpPost(request, {
			db: publicSession(env.DB),
			publicBaseUrl: env.PUBLIC_BASE_URL,
		});
		response = served.response;
		facts = served.reply?.facts ?? {};
	}
	logRequest({
		...facts,
		status: response.status,
		duration_ms: Date.now() - started,
		rate_limit: admission.path,
		identity: await identityDigest(identity, env.LOG_IDENTITY_SALT),
	});
	return response;
}
