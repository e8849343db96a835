/**
 * Dispatch of one parsed POST body: picks the era from the body (and, lacking a claim there, from
 * the MCP-Protocol-Version header), then hands the message to that era. Transport concerns (bytes,
 * content types, origins, rate limits) stay in the HTTP layer.
 */
import type { ToolContext } from "../tools/tool";
import { Header } from "./headers";
import { classifyMessage, ErrorCode, ProtocolError, readableId } from "./jsonrpc";
import { handleLegacy } from "./legacy";
import { claimedModernVersion, handleModern } from "./modern";
import { errorReply, type McpReply } from "./reply";
import { MODERN_VERSION } from "./versions";

export async function handleMcpBody(
	body: unknown,
	headers: Headers,
	context: ToolContext,
): Promise<McpReply> {
	const headerIsModern = headers.get(Header.ProtocolVersion)?.trim() === MODERN_VERSION;
	if (Array.isArray(body)) {
		// A modern claim in the header or in any element: that era has no batches, whatever the elements say.
		if (headerIsModern || body.some((element) => claimedModernVersion(element) !== undefined)) {
			return errorReply(
				new ProtocolError(
					400,
					ErrorCode.InvalidRequest,
					`Invalid Request: ${MODERN_VERSION} takes one message per request, not a batch.`,
				),
				null,
				{ era: "modern" },
			);
		}
		return handleLegacy(body, headers, context);
	}
	const message = classifyMessage(body);
	if (message.kind === "invalid") {
		return errorReply(
			new ProtocolError(400, ErrorCode.InvalidRequest, `Invalid Request: ${message.reason}.`),
			readableId(body),
			{},
		);
	}
	const claimsModern = claimedModernVersion(body) !== undefined || headerIsModern;
	return claimsModern ? handleModern(message, headers, context) : handleLegacy(body, headers, context);
}
