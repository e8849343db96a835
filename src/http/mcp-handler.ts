/**
 * The full life of one POST /api/mcp, cheapest refusals first: receive it (the transport refuses
 * for free), charge its client one unit per JSON-RPC message (a spent window is refused before
 * anything is planned), predict what its messages will cost the database (stopping once a window
 * could not pay), charge one more unit for each msPerUnit of D1 time past freeMs (COSTLY_REQUEST),
 * pass the database gate with what keeps the database busy (DATABASE_GATE), serve it, settle what
 * its D1 time cost with the client's budget and with the gate, log it. The protocol layer only ever
 * sees the public database.
 */

import type { PublicDb } from "../data/public-db";
import {
	COSTLY_REQUEST,
	LIMITER_RETRY_SECONDS,
	MAX_BATCH_MESSAGES,
	RATE_LIMIT,
	settlementUnits,
} from "../limits";
import { chargedMessages } from "../mcp/endpoint";
import { ErrorCode } from "../mcp/jsonrpc";
import { type MessageCost, predictedCosts } from "../mcp/predicted-cost";
import type { RequestFacts } from "../mcp/reply";
import type { GateVerdict } from "../ratelimit/fair-share";
import { type GatePass, passGate, settleGate } from "../ratelimit/gate";
import { identityDigest, type McpClient, mcpClient } from "../ratelimit/identity";
import { admit, charge } from "../ratelimit/limiter";
import { knownShort, rememberRefusal } from "../ratelimit/refusal-memory";
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

const perClient = (client: McpClient) =>
	client.platform === undefined ? "per client" : `for all of ${client.platform}'s agents together`;

const overBudget = (client: McpClient, messages: number, units: number) =>
	jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`Rate limit exceeded: ${client.requests} JSON-RPC messages per ${RATE_LIMIT.periodSeconds} seconds ${perClient(client)}${chargeOf(messages, units)}.`,
		{
			headers: { "retry-after": String(RATE_LIMIT.periodSeconds) },
			data: {
				retry_after_seconds: RATE_LIMIT.periodSeconds,
				limit: client.requests,
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

/** Predicted to cost more than a whole window admits: refused (its messages counted); waiting would not help. */
const tooCostly = (client: McpClient, units: number) =>
	jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`Too costly for one request: its predicted database time is charged more than the ${client.requests} messages a client has per ${RATE_LIMIT.periodSeconds} seconds (${units} so far). Nothing was run.`,
		{
			data: {
				units,
				limit: client.requests,
				advice:
					"Narrow the search: fewer common words, no quoted phrase of very common words, a creator, topic or platform filter, or a smaller offset; or split the batch.",
			},
		},
	);

/** The database gate's refusal: the database is busy with costly work; back when the gate says. */
const gateRefused = (verdict: Extract<GateVerdict, { admitted: false }>) => {
	const wait = verdict.retryAfterSeconds;
	const why =
		verdict.reason === "over_share"
			? "this client has used more than its share of the database's time lately"
			: "every client within its share is already waiting for it";
	return jsonRpcError(
		429,
		ErrorCode.RateLimited,
		`The database is busy with costly searches and ${why}: this request was not run. Retry in ${wait} seconds.`,
		{
			headers: { "retry-after": String(wait) },
			data: {
				retry_after_seconds: wait,
				reason: verdict.reason,
				advice: `Retry in ${wait} seconds. Lookups (get_source, get_creator, get_topic, get_topic_signal) are served meanwhile; a narrower search (fewer common words, a filter, a smaller offset) is lighter and waits less.`,
			},
		},
	);
};

const unavailable = (what: string) =>
	jsonRpcError(
		503,
		ErrorCode.ServiceUnavailable,
		`Service unavailable: ${what} cannot answer, so the request was refused rather than served unprotected.`,
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
	/** What the database gate decided, when the request asked it. */
	gate?: GatePass;
	facts?: RequestFacts;
	/** D1 time the request's statements took, what its messages were predicted to cost, and the units it costs past that. */
	d1Ms?: number;
	predictedMs?: number;
	extraUnits?: number;
}

const sumMs = (costs: readonly MessageCost[]) => Math.round(costs.reduce((sum, cost) => sum + cost.ms, 0));

/** The client's limiter, told to remember a refusal for the rest of the window (src/ratelimit/refusal-memory.ts). */
async function admitUnits(env: Env, client: McpClient, units: number) {
	const admission = await admit(env, "mcp", client, units);
	if (!admission.allowed && admission.reason === "over_budget") rememberRefusal(client.identity, units);
	return admission;
}

async function serve(request: Request, env: Env, client: McpClient): Promise<Served> {
	const received = await receiveMcpPost(request, env.PUBLIC_BASE_URL);
	if (received.kind === "refused")
		return { response: received.response, messages: 0, rateLimit: "not_counted" };
	const messages = received.kind === "parsed" ? chargedMessages(received.body, request.headers) : 1;
	if (messages > MAX_BATCH_MESSAGES)
		return { response: batchTooLong(messages), messages: 0, rateLimit: "not_counted" };
	// A window already refused this many units: refused before anything is planned or asked.
	if (knownShort(client.identity, messages))
		return { response: overBudget(client, messages, messages), messages: 0, rateLimit: "remembered" };
	// Predicted from what the isolate already holds (nothing is read), no further than a window pays.
	const predicted =
		received.kind === "parsed"
			? predictedCosts(received.body, request.headers, client.requests)
			: { costs: [], units: 1, over: false };
	const units = predicted.over ? messages : predicted.units;
	if (knownShort(client.identity, units))
		return { response: overBudget(client, messages, units), messages: 0, rateLimit: "remembered" };
	const admittedAt = Date.now();
	const admission = await admitUnits(env, client, units);
	const charged = { messages: units, rateLimit: admission.path, admittedAt };
	if (!admission.allowed) {
		const refusal =
			admission.reason === "over_budget"
				? overBudget(client, messages, units)
				: unavailable("the rate limiter");
		return { response: refusal, ...charged };
	}
	// Costlier than any window pays: its messages are counted (so that sending it again is soon refused unplanned), nothing runs.
	if (predicted.over) return { response: tooCostly(client, predicted.units), ...charged };
	if (received.kind === "unparsable") return { response: received.response, ...charged };
	const gate = await passGate(env, client, predicted.costs);
	if (gate.kind === "unavailable") return { response: unavailable("the database gate"), ...charged, gate };
	if (gate.kind === "decided" && !gate.verdict.admitted)
		return { response: gateRefused(gate.verdict), ...charged, gate };
	const timed = timedDb(publicSession(env.DB));
	const served = await serveMcpMessage(received.body, request.headers, {
		db: timed.db,
		publicBaseUrl: env.PUBLIC_BASE_URL,
	});
	const d1Ms = Math.round(timed.d1Ms());
	return {
		response: served.response,
		facts: served.reply.facts,
		...charged,
		gate,
		d1Ms,
		predictedMs: sumMs(predicted.costs),
		extraUnits: settlementUnits(d1Ms, predicted.costs),
	};
}

/** What the request log says of the gate: skipped, unavailable, or its verdict and lane. */
function gateLog(gate: GatePass | undefined): Record<string, unknown> {
	if (gate === undefined) return {};
	if (gate.kind !== "decided") return { gate: gate.kind };
	const { verdict } = gate;
	return verdict.admitted
		? {
				gate: verdict.reason,
				gate_lane: verdict.lane,
				...(verdict.waitedMs > 0 ? { gate_wait_ms: verdict.waitedMs } : {}),
			}
		: { gate: verdict.reason, gate_lane: verdict.lane, retry_after_s: verdict.retryAfterSeconds };
}

export async function handleMcpRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
	const started = Date.now();
	const client = mcpClient(request);
	const served = await serve(request, env, client);
	// What the answer's D1 time cost past its prediction, charged once it has gone (COSTLY_REQUEST),
	// in the window it was admitted in, and what it took, told to the gate: neither awaited.
	const extra = served.extraUnits ?? 0;
	if (extra > 0 && served.admittedAt !== undefined)
		ctx.waitUntil(charge(env, "mcp", client, extra, served.admittedAt));
	if (served.gate !== undefined && served.d1Ms !== undefined)
		ctx.waitUntil(settleGate(env, client, served.gate, served.d1Ms));
	logRequest({
		facts: served.facts ?? {},
		messages: served.messages + extra,
		...(served.d1Ms === undefined ? {} : { d1_ms: served.d1Ms }),
		...(served.predictedMs === undefined ? {} : { predicted_ms: served.predictedMs }),
		status: served.response.status,
		duration_ms: Date.now() - started,
		rate_limit: served.rateLimit,
		gate: gateLog(served.gate),
		...(client.platform === undefined ? {} : { platform: client.platform }),
		identity: await identityDigest(client.identity, env.LOG_IDENTITY_SALT),
	});
	return served.response;
}
