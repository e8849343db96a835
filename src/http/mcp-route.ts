/**
 * POST /api/mcp, the transport half: what arrives is checked (origin, media types, size, JSON)
 * before anyone's budget is spent, and the protocol layer's reply is turned into HTTP. The handler
 * gets the public database and nothing else of the Worker's bindings.
 */
import { MAX_BODY_BYTES, MAX_DRAIN_BYTES } from "../limits";
import { handleMcpBody } from "../mcp/endpoint";
import { ErrorCode, type ErrorCodeValue } from "../mcp/jsonrpc";
import type { McpReply } from "../mcp/reply";
import { echoed } from "../text/one-line";
import type { ToolContext } from "../tools/tool";
import { readBoundedBody } from "./bounded-body";
import { isJsonContentType, preferredType } from "./media-types";
import { isAllowedOrigin } from "./origin";
import { jsonResponse, jsonRpcError } from "./responses";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * What a POST turned out to be: refused by the transport (it runs nothing and is not counted),
 * a body that is not JSON (answered by the protocol's parse error, and counted), or parsed JSON.
 */
type ReceivedPost =
	| { kind: "refused"; response: Response }
	| { kind: "unparsable"; response: Response }
	| { kind: "parsed"; body: unknown };

/** A request refused before the protocol layer sees it: a transport-level JSON-RPC error. */
const refused = (
	status: number,
	code: ErrorCodeValue,
	message: string,
	data?: unknown,
	headers?: Record<string, string>,
): ReceivedPost => ({ kind: "refused", response: jsonRpcError(status, code, message, { data, headers }) });

/**
 * The content codings a Content-Encoding header declares, lower-case, "identity" (no coding) left
 * out: empty when the body is sent as it is. The endpoint decodes none, so any other is refused.
 */
function declaredCodings(header: string | null): string[] {
	if (header === null) return [];
	return header
		.split(",")
		.map((coding) => coding.trim().toLowerCase())
		.filter((coding) => coding !== "" && coding !== "identity");
}

export async function receiveMcpPost(request: Request, publicBaseUrl: string): Promise<ReceivedPost> {
	const origin = request.headers.get("origin");
	if (origin !== null && !isAllowedOrigin(origin, publicBaseUrl)) {
		return refused(
			403,
			ErrorCode.InvalidRequest,
			`Forbidden: requests from origin ${echoed(origin)} are not allowed.`,
		);
	}
	if (!isJsonContentType(request.headers.get("content-type"))) {
		return refused(
			415,
			ErrorCode.InvalidRequest,
			"Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.",
		);
	}
	const codings = declaredCodings(request.headers.get("content-encoding"));
	if (codings.length > 0) {
		// Refused before the body is read or anyone's budget is spent (RFC 9110 §15.5.16: Accept-Encoding
		// names what would be taken).
		return refused(
			415,
			ErrorCode.InvalidRequest,
			`Unsupported Media Type: the request body must not be content-encoded (Content-Encoding: ${echoed(request.headers.get("content-encoding") ?? "")}); send the JSON as it is.`,
			{ content_encoding: "identity" },
			{ "accept-encoding": "identity" },
		);
	}
	if (preferredType(request.headers.get("accept"), ["application/json"]) === undefined) {
		return refused(
			406,
			ErrorCode.InvalidRequest,
			"Not Acceptable: this endpoint answers application/json only; include it in Accept with a q above 0.",
		);
	}
	const body = await readBoundedBody(request, MAX_BODY_BYTES, MAX_DRAIN_BYTES);
	if (!body.ok && body.reason === "unreadable") {
		return refused(
			400,
			ErrorCode.ParseError,
			"Parse error: the request body broke off before it was complete.",
		);
	}
	if (!body.ok) {
		return refused(
			413,
			ErrorCode.InvalidRequest,
			`Payload Too Large: MCP request bodies are capped at ${MAX_BODY_BYTES} bytes.`,
			{ max_bytes: MAX_BODY_BYTES },
		);
	}
	try {
		return { kind: "parsed", body: JSON.parse(utf8.decode(body.bytes)) };
	} catch {
		return {
			kind: "unparsable",
			response: jsonRpcError(
				400,
				ErrorCode.ParseError,
				"Parse error: the request body is not valid UTF-8 JSON.",
			),
		};
	}
}

export async function serveMcpMessage(
	body: unknown,
	headers: Headers,
	context: ToolContext,
): Promise<{ response: Response; reply: McpReply }> {
	const reply = await handleMcpBody(body, headers, context);
	return { response: jsonResponse(reply.status, reply.body, reply.headers), reply };
}
