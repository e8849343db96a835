/**
 * The full life of one POST /api/mcp: receive it, charge its caller's budget one unit per JSON-RPC
 * message and one more for each msPerUnit of D1 time a message is predicted to cost past freeMs
 * (COSTLY_REQUEST), serve it, settle what its D1 time cost past the prediction, log it. A request
 * the transport refuses (foreign origin, wrong media type, oversize or broken-off body) runs nothing
 * and is not counted; everything that reaches the protocol layer is, before anything runs. The
 * protocol layer only ever sees the public database.
 */

import type { PublicDb } from "../data/public-db";
import {
	admissionUnits,
	COSTLY_REQUEST,
	LIMITER_RETRY_SECONDS,
	MAX_BATCH_MESSAGES,
	RATE_LIMIT,
	settlementUnits,
} from "../limits";
import { chargedMessages } from "../mcp/endpoint";
import { ErrorCode } from "../mcp/jsonrpc";
import { predictedCosts } from "../mcp/predicted-cost";
import type { RequestFacts } from "../mcp/reply";
import { edgeIdentity, identityDigest } from "../ratelimit/identity";
import { admit, charge } from "../ratelimit/limiter";
import { timedDb } from "./d1-clock";
import { receiveMcpPost, serveMcpMessage } from "./mcp-route";
import { logRequest } from "./request-log";
import { jsonRpcError } from "./responses";

/** Why a charge of `units` for `messages` messages is more than one each, in words (empty when it is not). */
const chargeOf = (messages: number, units: number) =>
	units === messages
		? messages > 1
			? `, and this batch of ${messages} does not fit what is left; nothing in it was run`
			: ""
		: `, and this request is charged ${units} (its predicted database time: 1 more for each ${COSTLY_REQUEST.msPerUnit} ms past ${COSTLY_REQUEST.freeMs} ms a message), which does not fit what is left; nothing in it was run`;

const overBudget = (messages: number, units: number) =>
	jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`Rate limit exceeded: ${RATE_LIMIT.requests} JSON-RPC messages per ${RATE_LIMIT.periodSeconds} seconds per client${chargeOf(messages, units)}.`,
		{
			headers: { "retry-after": String(RATE_LIMIT.periodSeconds) },
			data: {
				retry_after_seconds: RATE_LIMIT.periodSeconds,
				limit: RATE_LIMIT.requests,
				period_seconds: RATE_LIMIT.periodSeconds,
				messages,
				...(units === messages ? {} : { units }),
				advice: `Wait ${RATE_LIMIT.periodSeconds} seconds before the next request to this server, then send fewer, larger requests (for example search_sources with a higher limit). Every message of a batch counts.`,
			},
		},
	);

/** Longer than any window admits: refused whole and not counted; waiting would not help. */
const batchTooLong = (units: number) =>
	jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`Too many messages in one batch: ${units}; a batch holds at most ${MAX_BATCH_MESSAGES}. Nothing was run.`,
		{
			data: {
				max_batch_messages: MAX_BATCH_MESSAGES,
				messages: units,
				advice: `Split the batch into batches of at most ${MAX_BATCH_MESSAGES} messages; each message counts against the budget of ${RATE_LIMIT.requests} per ${RATE_LIMIT.periodSeconds} seconds.`,
			},
		},
	);

/** Predicted to cost more than a whole window admits: refused and not counted; waiting would not help. */
const tooCostly = (units: number) =>
	jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`Too costly for one request: its predicted database time is charged ${units} messages, more than the ${RATE_LIMIT.requests} a client has per ${RATE_LIMIT.periodSeconds} seconds. Nothing was run.`,
		{
			data: {
				units,
				limit: RATE_LIMIT.requests,
				advice:
					"Narrow the search: fewer common words, no quoted phrase of very common words, a creator, topic or platform filter, or a smaller offset; or split the batch.",
			},
		},
	);

const limiterUnavailable = () =>
	jsonRpcError(
		503,
		ErrorCode.ServiceUnavailable,
		"Service unavailable: the rate limiter cannot answer, so the request was refused rather than served unprotected.",
		{
			headers: { "retry-after": String(LIMITER_RETRY_SECONDS) },
			data: {
				retry_after_seconds: LIMITER_RETRY_SECONDS,
				advice: `Retry in about ${LIMITER_RETRY_SECONDS} seconds; nothing was run.`,
			},
		},
	);

/**
 * The public database as the protocol layer sees it: a Sessions API session (read replicas may
 * answer, docs/operations.md), opened on first use. A request that needs no data (discovery,
 * tools/list, an envelope error) never depends on the database, and a session that cannot be opened
 * fails inside the tool call, where it becomes the degraded answer rather than a 500.
 */
function publicSession(binding: D1Database): () => PublicDb {
	let session: D1DatabaseSession | undefined;
	return () => {
		session ??= binding.withSession("first-unconstrained");
		return session;
	};
}

interface Served {
	response: Response;
	/** Units charged to the budget at admission; 0 when the request was refused before counting. */
	messages: number;
	rateLimit: string;
	/** When admission counted it: a settlement lands in that window or nowhere. */
	admittedAt?: number;
	facts?: RequestFacts;
	/** D1 time the request's statements took, what its messages were predicted to cost, and the units it costs past that. */
	d1Ms?: number;
	predictedMs?: number;
	extraUnits?: number;
}

async function serve(request: Request, env: Env, identity: string): Promise<Served> {
	const received = await receiveMcpPost(request, env.PUBLIC_BASE_URL);
	if (received.kind === "refused")
		return { response: received.response, messages: 0, rateLimit: "not_counted" };
	const messages = received.kind === "parsed" ? chargedMessages(received.body, request.headers) : 1;
	if (messages > MAX_BATCH_MESSAGES)
		return { response: batchTooLong(messages), messages: 0, rateLimit: "not_counted" };
	// Predicted from what the isolate already holds: nothing is read before admission.
	const predicted = received.kind === "parsed" ? predictedCosts(received.body, request.headers) : [0];
	const units = predicted.reduce((sum, ms) => sum + admissionUnits(ms), 0);
	if (units > RATE_LIMIT.requests)
		return { response: tooCostly(units), messages: 0, rateLimit: "not_counted" };
	const admittedAt = Date.now();
	const admission = await admit(env, "mcp", identity, units);
	const charged = { messages: units, rateLimit: admission.path, admittedAt };
	if (!admission.allowed) {
		return {
			response: admission.reason === "over_budget" ? overBudget(messages, units) : limiterUnavailable(),
			...charged,
		};
	}
	if (received.kind === "unparsable") return { response: received.response, ...charged };
	const timed = timedDb(publicSession(env.DB));
	const served = await serveMcpMessage(received.body, request.headers, {
		db: timed.db,
		publicBaseUrl: env.PUBLIC_BASE_URL,
	});
	const d1Ms = Math.round(timed.d1Ms());
	const predictedMs = Math.round(predicted.reduce((sum, ms) => sum + ms, 0));
	return {
		response: served.response,
		facts: served.reply.facts,
		...charged,
		d1Ms,
		predictedMs,
		extraUnits: settlementUnits(d1Ms, predicted),
	};
}

export async function handleMcpRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
	const started = Date.now();
	const identity = edgeIdentity(request);
	const served = await serve(request, env, identity);
	// What the answer's D1 time cost past its prediction, charged once it has gone (COSTLY_REQUEST),
	// in the window it was admitted in: not awaited.
	const extra = served.extraUnits ?? 0;
	if (extra > 0 && served.admittedAt !== undefined)
		ctx.waitUntil(charge(env, "mcp", identity, extra, served.admittedAt));
	logRequest({
		facts: served.facts ?? {},
		messages: served.messages + extra,
		...(served.d1Ms === undefined ? {} : { d1_ms: served.d1Ms }),
		...(served.predictedMs === undefined ? {} : { predicted_ms: served.predictedMs }),
		status: served.response.status,
		duration_ms: Date.now() - started,
		rate_limit: served.rateLimit,
		identity: await identityDigest(identity, env.LOG_IDENTITY_SALT),
	});
	return served.response;
}
