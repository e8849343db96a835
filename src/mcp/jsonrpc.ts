/**
 * JSON-RPC 2.0 envelope: the codes, shapes and builders every other MCP module reuses.
 * Error codes are named once here so no module invents its own number.
 */

const JSONRPC_VERSION = "2.0";

export const ErrorCode = {
	ParseError: -32700,
	InvalidRequest: -32600,
	MethodNotFound: -32601,
	InvalidParams: -32602,
	InternalError: -32603,
	/** 2025 eras: resources/read of a URI that names nothing (2026-07-28 uses InvalidParams with data.uri). */
	ResourceNotFound: -32002,
	/** 2026-07-28: an MCP header is missing, malformed or disagrees with the body. */
	HeaderMismatch: -32020,
	/** 2026-07-28: the claimed protocol version is not one this server speaks. */
	UnsupportedProtocolVersion: -32022,
	// Application codes live outside the JSON-RPC reserved range (-32768..-32000), as the 2026-07-28
	// spec asks; the digits echo the HTTP status that carries them.
	/** The per-identity request budget is spent; data.retry_after_seconds says how long to wait. */
	RateLimited: -31429,
	/** A dependency (the rate limiter) cannot answer, so the request is refused rather than unprotected. */
	ServiceUnavailable: -31503,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export type RequestId = string | number;

export interface JsonRpcRequest {
	jsonrpc: typeof JSONRPC_VERSION;
	id: RequestId;
	method: string;
	params?: Record<string, unknown>;
}

interface JsonRpcNotification {
	jsonrpc: typeof JSONRPC_VERSION;
	method: string;
	params?: Record<string, unknown>;
}

/** A response posted by the client (to a server request); this server never asks, so it is only acknowledged. */
interface JsonRpcClientResponse {
	jsonrpc: typeof JSONRPC_VERSION;
	id: RequestId | null;
	result?: unknown;
	error?: unknown;
}

export type JsonRpcMessage =
	| { kind: "request"; message: JsonRpcRequest }
	| { kind: "notification"; message: JsonRpcNotification }
	| { kind: "response"; message: JsonRpcClientResponse };

interface JsonRpcErrorObject {
	code: number;
	message: string;
	data?: unknown;
}

interface JsonRpcSuccess {
	jsonrpc: typeof JSONRPC_VERSION;
	id: RequestId;
	result: object;
}

interface JsonRpcFailure {
	jsonrpc: typeof JSONRPC_VERSION;
	id: RequestId | null;
	error: JsonRpcErrorObject;
}

export type JsonRpcReply = JsonRpcSuccess | JsonRpcFailure;

export function success(id: RequestId, result: object): JsonRpcSuccess {
	return { jsonrpc: JSONRPC_VERSION, id, result };
}

export function failure(id: RequestId | null, error: JsonRpcErrorObject): JsonRpcFailure {
	return { jsonrpc: JSONRPC_VERSION, id, error };
}

/**
 * An error that already knows how it travels: its JSON-RPC object and the HTTP status that carries it.
 * Thrown anywhere below the route, turned into a response in exactly one place.
 */
export class ProtocolError extends Error {
	constructor(
		readonly httpStatus: number,
		readonly code: ErrorCodeValue,
		message: string,
		readonly data?: unknown,
		readonly headers?: Record<string, string>,
	) {
		super(message);
		this.name = "ProtocolError";
	}

	toObject(): JsonRpcErrorObject {
		return this.data === undefined
			? { code: this.code, message: this.message }
			: { code: this.code, message: this.message, data: this.data };
	}
}

/** -32602 in a 200: the method is one this server has, its params are not usable. */
export const invalidParams = (message: string, data?: unknown): ProtocolError =>
	new ProtocolError(200, ErrorCode.InvalidParams, message, data);

/** A list that fits one page never hands out a cursor, so any cursor is one this server did not issue. */
export function refuseCursor(method: string, params: Record<string, unknown> | undefined): void {
	if (params?.cursor !== undefined)
		throw invalidParams(`Invalid cursor: ${method} has a single page; omit cursor.`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * MCP ids are strings or integers. A number id must be one a double holds exactly (within
 * ±(2^53 − 1)): JSON.parse reads 9007199254740993 as 9007199254740992, so a larger one could only
 * be echoed changed; it is refused instead, and so is a fraction.
 */
const isRequestId = (value: unknown): value is RequestId =>
	typeof value === "string" || Number.isSafeInteger(value);

/** The id to echo in an error about a message we could not accept, when one can be read at all. */
export function readableId(value: unknown): RequestId | null {
	return isPlainObject(value) && isRequestId(value.id) ? value.id : null;
}

const ID_RULE = `"id" must be a string or an integer from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (a larger number cannot be echoed exactly: send it as a string)`;

/**
 * Classifies one parsed JSON value as a request, a notification or a client response,
 * or explains why it is none of them.
 */
export function classifyMessage(value: unknown): JsonRpcMessage | { kind: "invalid"; reason: string } {
	if (!isPlainObject(value)) return { kind: "invalid", reason: "a JSON-RPC message must be a JSON object" };
	if (value.jsonrpc !== JSONRPC_VERSION) return { kind: "invalid", reason: '"jsonrpc" must be "2.0"' };
	const { method, params, id } = value;
	if (params !== undefined && !isPlainObject(params)) {
		return { kind: "invalid", reason: '"params" must be an object when present' };
	}
	if (typeof method === "string") {
		if (method.length === 0) return { kind: "invalid", reason: '"method" must not be empty' };
		const call: JsonRpcNotification =
			params === undefined
				? { jsonrpc: JSONRPC_VERSION, method }
				: { jsonrpc: JSONRPC_VERSION, method, params };
		if (!("id" in value)) return { kind: "notification", message: call };
		if (!isRequestId(id)) return { kind: "invalid", reason: ID_RULE };
		return { kind: "request", message: { ...call, id } };
	}
	if ("method" in value) return { kind: "invalid", reason: '"method" must be a string' };
	if (("result" in value || "error" in value) && "id" in value) {
		const response: JsonRpcClientResponse = { jsonrpc: JSONRPC_VERSION, id: isRequestId(id) ? id : null };
		return { kind: "response", message: { ...response, result: value.result, error: value.error } };
	}
	return { kind: "invalid", reason: 'a request needs "method" (a string) and "id"' };
}
