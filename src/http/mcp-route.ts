/**
 * POST /api/mcp: the transport half of the endpoint. It checks what arrives (origin, media types,
 * size, JSON) and turns the protocol layer's reply into HTTP. The handler gets the public database
 * and nothing else of the Worker's bindings.
 */
import { MAX_BODY_BYTES } from "../limits";
import { handleMcpBody } from "../mcp/endpoint";
import { ErrorCode, type ErrorCodeValue } from "../mcp/jsonrpc";
import type { McpReply } from "../mcp/reply";
import type { ToolContext } from "../tools/tool";
import { readBoundedBody } from "./bounded-body";
import { acceptsJson, isJsonContentType } from "./media-types";
import { isAllowedOrigin } from "./origin";
import { jsonResponse, jsonRpcError } from "./responses";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export type McpRouteResult = { response: Response; reply?: McpReply };

/** A request refused before the protocol layer sees it: a transport-level JSON-RPC error. */
const refuse = (status: number, code: ErrorCodeValue, message: string, data?: unknown): McpRouteResult => ({
	response: jsonRpcError(status, code, message, data === undefined ? {} : { data }),
});

export async function serveMcpPost(request: Request, context: ToolContext): Promise<McpRouteResult> {
	const origin = request.headers.get("origin");
	if (origin !== null && !isAllowedOrigin(origin, context.publicBaseUrl)) {
		return refuse(
			403,
			ErrorCode.InvalidRequest,
			`Forbidden: requests from origin ${origin.slice(0, 200)} are not allowed.`,
		);
	}
	if (!isJsonContentType(request.headers.get("content-type"))) {
		return refuse(
			415,
			ErrorCode.InvalidRequest,
			"Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.",
		);
	}
	if (!acceptsJson(request.headers.get("accept"))) {
		return refuse(
			406,
			ErrorCode.InvalidRequest,
			"Not Acceptable: this endpoint answers application/json only; include it in Accept.",
		);
	}
	const body = await readBoundedBody(request, MAX_BODY_BYTES);
	if (!body.ok && body.reason === "unreadable") {
		return refuse(
			400,
			ErrorCode.ParseError,
			"Parse error: the request body broke off before it was complete.",
		);
	}
	if (!body.ok) {
		return refuse(
			413,
			ErrorCode.InvalidRequest,
			`Payload Too Large: MCP request bodies are capped at ${MAX_BODY_BYTES} bytes.`,
			{ max_bytes: MAX_BODY_BYTES },
		);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(utf8.decode(body.bytes));
	} catch {
		return refuse(400, ErrorCode.ParseError, "Parse error: the request body is not valid UTF-8 JSON.");
	}
	const reply = await handleMcpBody(parsed, request.headers, context);
	return { response: jsonResponse(reply.status, reply.body, reply.headers), reply };
}
