/** Every answer of the MCP route is a compact JSON-RPC body (or none), never an HTML page or a stack. */
import { ErrorCode, type ErrorCodeValue, failure, type RequestId } from "../mcp/jsonrpc";

/** Every answer of the endpoint, a 202 with no body included: nothing of it may be kept or sniffed. */
const ANSWER_HEADERS = { "cache-control": "no-store", "x-content-type-options": "nosniff" };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	// Compact, single-line JSON: some clients read JSON responses line by line.
	return new Response(body === undefined ? null : JSON.stringify(body), {
		status,
		headers:
			body === undefined
				? { ...ANSWER_HEADERS, ...headers }
				: { "content-type": "application/json", ...ANSWER_HEADERS, ...headers },
	});
}

export function jsonRpcError(
	status: number,
	code: ErrorCodeValue,
	message: string,
	options: { id?: RequestId | null; data?: unknown; headers?: Record<string, string> } = {},
): Response {
	const error = options.data === undefined ? { code, message } : { code, message, data: options.data };
	return jsonResponse(status, failure(options.id ?? null, error), options.headers);
}

export const methodNotAllowed = (): Response =>
	jsonRpcError(
		405,
		ErrorCode.InvalidRequest,
		"Method Not Allowed: the MCP endpoint takes POST only (stateless, no SSE stream, no sessions).",
		{
			headers: { allow: "POST" },
		},
	);
