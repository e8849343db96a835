/**
 * The 2025 eras (2025-03-26, 2025-06-18, 2025-11-25): an initialize handshake the server does not need
 * to remember, the MCP-Protocol-Version header afterwards, and batches only where 2025-03-26 has them.
 * Errors raised while handling a request travel with HTTP 200: the 1.x client drops the code of a non-2xx.
 */

import { MAX_ANSWER_BYTES } from "../limits";
import { echoed } from "../text/one-line";
import type { ToolContext } from "../tools/tool";
import { Header } from "./headers";
import {
	classifyMessage,
	ErrorCode,
	failure,
	type JsonRpcReply,
	type JsonRpcRequest,
	ProtocolError,
	readableId,
	success,
} from "./jsonrpc";
import { findMethod, type MethodAnswer, namedFacts } from "./methods";
import { ACCEPTED, errorReply, type McpReply, type RequestFacts } from "./reply";
import {
	BATCH_VERSION,
	isLegacyVersion,
	LEGACY_FALLBACK_VERSION,
	LEGACY_HEADERLESS_VERSION,
	LEGACY_VERSIONS,
	type LegacyVersion,
	MODERN_VERSION,
} from "./versions";

/** The version a post-initialize request speaks, from its header; absent means 2025-03-26. */
export function headerVersion(headers: Headers): LegacyVersion | ProtocolError {
	const raw = headers.get(Header.ProtocolVersion);
	if (raw === null) return LEGACY_HEADERLESS_VERSION;
	const value = raw.trim();
	if (isLegacyVersion(value)) return value;
	return new ProtocolError(
		400,
		ErrorCode.InvalidRequest,
		`Bad Request: unsupported ${Header.ProtocolVersion} "${echoed(value)}". Supported after initialize: ${LEGACY_VERSIONS.join(", ")}; or send ${MODERN_VERSION} requests with params._meta.`,
		{ supported: [...LEGACY_VERSIONS], requested: echoed(value) },
	);
}

interface Answered {
	reply: JsonRpcReply;
	logged?: MethodAnswer["logged"];
}

async function answer(request: JsonRpcRequest, context: ToolContext): Promise<Answered> {
	try {
		const { result, logged } = await findMethod(request.method, "legacy").answer(
			request.params,
			context,
			"legacy",
		);
		return { reply: success(request.id, result), logged };
	} catch (error) {
		if (error instanceof ProtocolError) return { reply: failure(request.id, error.toObject()) };
		throw error;
	}
}

const utf8 = new TextEncoder();

/**
 * A batch answer is bounded by its length times MAX_ANSWER_BYTES: an element whose answer would be
 * larger (no tool's is: their own bounds keep them far below) becomes an error instead.
 */
function withinAnswerBound(reply: JsonRpcReply): JsonRpcReply {
	if (utf8.encode(JSON.stringify(reply)).byteLength <= MAX_ANSWER_BYTES) return reply;
	return failure(reply.id, {
		code: ErrorCode.InternalError,
		message: `Internal error: this answer would exceed ${MAX_ANSWER_BYTES} bytes; send the request on its own with a smaller limit.`,
	});
}

export async function handleLegacy(body: unknown, headers: Headers, context: ToolContext): Promise<McpReply> {
	const facts: RequestFacts = { era: "legacy" };
	const isBatch = Array.isArray(body);
	const single = isBatch ? undefined : classifyMessage(body);
	const isInitialize = single?.kind === "request" && single.message.method === "initialize";
	// initialize negotiates in its body; every later message is read at the version its header names.
	const version = isInitialize ? LEGACY_FALLBACK_VERSION : headerVersion(headers);
	if (version instanceof ProtocolError) return errorReply(version, readableId(body), facts);
	facts.version = version;

	if (!isBatch) {
		if (single === undefined || single.kind === "invalid") {
			const reason = single?.kind === "invalid" ? single.reason : "not a JSON-RPC message";
			return errorReply(
				new ProtocolError(400, ErrorCode.InvalidRequest, `Invalid Request: ${reason}.`),
				readableId(body),
				facts,
			);
		}
		if (single.kind !== "request") {
			if (single.kind === "notification") facts.method = single.message.method;
			return ACCEPTED(facts);
		}
		facts.method = single.message.method;
		Object.assign(facts, namedFacts(single.message.method, single.message.params));
		const { reply, logged } = await answer(single.message, context);
		return { status: 200, body: reply, facts: { ...facts, ...logged } };
	}

	if (version !== BATCH_VERSION) {
		return errorReply(
			new ProtocolError(
				400,
				ErrorCode.InvalidRequest,
				`Invalid Request: JSON-RPC batches exist only in 2025-03-26, not in ${version}. Send one message per request.`,
			),
			null,
			facts,
		);
	}
	if (body.length === 0) {
		return errorReply(
			new ProtocolError(400, ErrorCode.InvalidRequest, "Invalid Request: an empty batch."),
			null,
			facts,
		);
	}
	facts.method = "batch";
	const replies: JsonRpcReply[] = [];
	for (const element of body) {
		const message = classifyMessage(element);
		if (message.kind === "invalid") {
			replies.push(
				failure(readableId(element), {
					code: ErrorCode.InvalidRequest,
					message: `Invalid Request: ${message.reason}.`,
				}),
			);
		} else if (message.kind === "request") {
			replies.push(
				message.message.method === "initialize"
					? failure(message.message.id, {
							code: ErrorCode.InvalidRequest,
							message: "Invalid Request: initialize must not be part of a batch.",
						})
					: withinAnswerBound((await answer(message.message, context)).reply),
			);
		}
	}
	return replies.length === 0 ? ACCEPTED(facts) : { status: 200, body: replies, facts };
}
