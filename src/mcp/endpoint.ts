/**
 * Dispatch of one parsed POST body: picks the era from the body (and, lacking a claim there, from
 * the MCP-Protocol-Version header), then hands the message to that era. Transport concerns (bytes,
 * content types, origins, rate limits) stay in the HTTP layer.
 */
import type { ToolContext } from "../tools/tool";
import { Header } from "./headers";
import { classifyMessage, ErrorCode, ProtocolError, readableId } from "./jsonrpc";
import { handleLegacy, headerVersion } from "./legacy";
import { claimedModernVersion, handleModern } from "./modern";
import { errorReply, type McpReply } from "./reply";
import { MODERN_VERSION } from "./versions";

/** A batch with a 2026-07-28 claim, in the header or in any element: that era has no batches, whatever the elements say. */
const batchClaimsModern = (batch: unknown[], headerIsModern: boolean): boolean =>
	headerIsModern || batch.some((element) => claimedModernVersion(element) !== undefined);

/** A batch is answered element by element only at 2025-03-26 (the header absent or naming it) with no 2026-07-28 claim. */
const batchRefusedWhole = (batch: unknown[], headers: Headers, headerIsModern: boolean): boolean =>
	batchClaimsModern(batch, headerIsModern) || headerVersion(headers) !== "2025-03-26";

const isModernHeader = (headers: Headers) => headers.get(Header.ProtocolVersion)?.trim() === MODERN_VERSION;

/**
 * The JSON-RPC messages one POST body is charged, as the rate limit counts them: every element of a
 * batch answered element by element (requests, notifications, responses and invalid elements
 * alike), and 1 for anything else: a single message, an empty batch, a batch refused whole (it
 * runs nothing of its elements), a value that is no message at all.
 */
export function chargedMessages(body: unknown, headers: Headers): number {
	if (!Array.isArray(body) || batchRefusedWhole(body, headers, isModernHeader(headers))) return 1;
	return Math.max(1, body.length);
}

export async function handleMcpBody(
	body: unknown,
	headers: Headers,
	context: ToolContext,
): Promise<McpReply> {
	const headerIsModern = isModernHeader(headers);
	if (Array.isArray(body)) {
		if (batchClaimsModern(body, headerIsModern)) {
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
