/**
 * The Worker's routes. Each handler is small and returns a Response; anything unexpected becomes a
 * JSON-RPC -32603 without internals, never an HTML error page or a stack trace.
 */
import { Router } from "itty-router";
import { ErrorCode } from "../mcp/jsonrpc";
import { serveGuidePage } from "../pages/guide/guide-page";
import { LANGUAGES, languageHeaders, localizedPath, pageLanguage } from "../pages/language";
import { htmlOnly } from "../pages/page-accept";
import { metered } from "../pages/page-meter";
import { serveSourcePage } from "../pages/source-page";
import { PAGE_TEXT } from "../pages/text/page-text";
import { CATALOG, discoveryMethodNotAllowed, discoveryRoute, SERVER_CARD } from "./discovery-pages";
import { handleMcpRequest } from "./mcp-handler";
import { AI_CATALOG_PATH, GUIDE_PATH, MCP_CATALOG_PATH, MCP_PATH, SERVER_CARD_PATH } from "./paths";
import { jsonRpcError, methodNotAllowed } from "./responses";

type Args = [Env, ExecutionContext];

function internalError(error: unknown): Response {
	console.error(JSON.stringify({ event: "unhandled_error", error: String(error) }));
	return jsonRpcError(
		500,
		ErrorCode.InternalError,
		"Internal error: the request could not be completed. Try again shortly.",
	);
}

function notFound(request: Request): Response {
	const page = pageLanguage(request);
	const words = PAGE_TEXT[page.language].plain;
	return new Response(`${words.notFound(MCP_PATH, localizedPath(page.language, GUIDE_PATH))}\n`, {
		status: 404,
		headers: { "content-type": "text/plain; charset=utf-8", ...languageHeaders(page) },
	});
}

// Pages have their own, larger budget (src/limits.ts); the MCP route meters itself per message.
const guidePage = htmlOnly(metered(serveGuidePage));
const sourcePage = htmlOnly(metered(serveSourcePage));
const serverCardPage = discoveryRoute(SERVER_CARD);
const catalogPage = discoveryRoute(CATALOG);

const SOURCE_PATH = "/sources/:id";

/** The pages at their shared address (which picks a language) and at each language's own. */
const pagePaths = (path: string) => [path, ...LANGUAGES.map((language) => localizedPath(language, path))];

const routes = Router<Request, Args, Response>({ catch: internalError })
	.post(MCP_PATH, handleMcpRequest)
	.all(MCP_PATH, methodNotAllowed);
// HEAD gets the GET answer; the runtime sends its headers without the body.
for (const path of pagePaths(GUIDE_PATH)) routes.get(path, guidePage).head(path, guidePage);
for (const path of pagePaths(SOURCE_PATH)) routes.get(path, sourcePage).head(path, sourcePage);

export const router = routes
	// Discovery: GET, HEAD and the CORS preflight; anything else is 405.
	.get(SERVER_CARD_PATH, serverCardPage)
	.head(SERVER_CARD_PATH, serverCardPage)
	.options(SERVER_CARD_PATH, serverCardPage)
	.all(SERVER_CARD_PATH, discoveryMethodNotAllowed)
	.get(AI_CATALOG_PATH, catalogPage)
	.head(AI_CATALOG_PATH, catalogPage)
	.options(AI_CATALOG_PATH, catalogPage)
	.all(AI_CATALOG_PATH, discoveryMethodNotAllowed)
	.get(MCP_CATALOG_PATH, catalogPage)
	.head(MCP_CATALOG_PATH, catalogPage)
	.options(MCP_CATALOG_PATH, catalogPage)
	.all(MCP_CATALOG_PATH, discoveryMethodNotAllowed)
	.all("*", notFound);
