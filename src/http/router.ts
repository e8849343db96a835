/**
 * The Worker's routes. Each handler is small and returns a Response; anything unexpected becomes a
 * JSON-RPC -32603 without internals, never an HTML error page or a stack trace.
 */
import { Router } from "itty-router";
import { ErrorCode } from "../mcp/jsonrpc";
import { serveGuidePage } from "./guide-page";
import { handleMcpRequest } from "./mcp-handler";
import { metered } from "./page-meter";
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

// Pages have their own, larger budget (src/limits.ts); the MCP route meters itself per message.
const guidePage = metered(serveGuidePage);
const sourcePage = metered(serveSourcePage);

export const router = Router<Request, Args, Response>({ catch: internalError })
	.post("/api/mcp", handleMcpRequest)
	.all("/api/mcp", methodNotAllowed)
	.get("/mcp", guidePage)
	.get("/sources/:id", sourcePage)
	// HEAD gets the GET answer; the runtime sends its headers without the body.
	.head("/mcp", guidePage)
	.head("/sources/:id", sourcePage)
	.all("*", notFound);
