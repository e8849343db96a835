/**
 * The Worker's routes. Each handler is small and returns a Response; anything unexpected becomes a
 * JSON-RPC -32603 without internals, never an HTML error page or a stack trace.
 */
import { Router } from "itty-router";
import { ErrorCode } from "../mcp/jsonrpc";
import { serveGuidePage } from "./guide-page";
import { handleMcpRequest } from "./mcp-handler";
import { jsonRpcError, methodNotAllowed } from "./responses";
import { serveSourcePage } from "./source-page";

type Args = [Env, ExecutionContext];

function internalError(error: unknown): Response {
	console.error(JSON.stringify({ event: "unhandled_error", error: String(error) }));
	return jsonRpcError(
		500,
		ErrorCode.InternalError,
		"Internal error: the request could not be completed. Try again shortly.",
	);
}

const notFound = () =>
	new Response("Not found. The MCP endpoint is POST /api/mcp; the guide is GET /mcp.\n", {
		status: 404,
		headers: { "content-type": "text/plain; charset=utf-8" },
	});

export const router = Router<Request, Args, Response>({ catch: internalError })
	.post("/api/mcp", handleMcpRequest)
	.all("/api/mcp", methodNotAllowed)
	.get("/mcp", serveGuidePage)
	.get("/sources/:id", serveSourcePage)
	// HEAD gets the GET answer; the runtime sends its headers without the body.
	.head("/mcp", serveGuidePage)
	.head("/sources/:id", serveSourcePage)
	.all("*", notFound);
