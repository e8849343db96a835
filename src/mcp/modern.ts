/**
 * The 2026-07-28 era: every request carries its version and capabilities in `_meta`, the headers must
 * agree with the body, and there is no handshake. Checks run in the order the conformance suite and
 * the spec's error table expect: header/body version mismatch, missing envelope, unsupported version,
 * then the Mcp-Method and Mcp-Name headers, then the method itself.
 */
import { echoed } from "../text/one-line";
import type { ToolContext } from "../tools/tool";
import { Header, requireHeaderMatches } from "./headers";
import { ErrorCode, type JsonRpcMessage, type JsonRpcRequest, ProtocolError, success } from "./jsonrpc";
import { findMethod, namedFacts, namedParam } from "./methods";
import { ACCEPTED, errorReply, type McpReply, type RequestFacts } from "./reply";
import { SERVER_INFO } from "./server-info";
import { MODERN_VERSION, SUPPORTED_VERSIONS } from "./versions";

export const MetaKey = {
	ProtocolVersion: "io.modelcontextprotocol/protocolVersion",
	ClientCapabilities: "io.modelcontextprotocol/clientCapabilities",
	ServerInfo: "io.modelcontextprotocol/serverInfo",
} as const;

const RESULT_META = { [MetaKey.ServerInfo]: { name: SERVER_INFO.name, version: SERVER_INFO.version } };

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** The protocol version a message claims in `params._meta`, if it makes a claim at all. */
export function claimedModernVersion(message: unknown): unknown {
	if (!isObject(message) || !isObject(message.params) || !isObject(message.params._meta)) return undefined;
	return message.params._meta[MetaKey.ProtocolVersion];
}

function checkEnvelope(request: JsonRpcRequest, headers: Headers): void {
	const meta = request.params?._meta;
	const claimed = isObject(meta) ? meta[MetaKey.ProtocolVersion] : undefined;
	const headerVersion = headers.get(Header.ProtocolVersion)?.trim() ?? null;
	if (typeof claimed === "string" && headerVersion !== null && headerVersion !== claimed) {
		throw new ProtocolError(
			400,
			ErrorCode.HeaderMismatch,
			`Header mismatch: ${Header.ProtocolVersion} is "${echoed(headerVersion)}" but params._meta["${MetaKey.ProtocolVersion}"] is "${echoed(claimed)}". Send the same version in both.`,
		);
	}
	const missing: string[] = [];
	if (typeof claimed !== "string") missing.push(MetaKey.ProtocolVersion);
	if (!isObject(meta) || !isObject(meta[MetaKey.ClientCapabilities]))
		missing.push(MetaKey.ClientCapabilities);
	if (missing.length > 0) {
		// Missing or of the wrong type: each is named with the type it must have.
		const wanted = missing.map((key) =>
			key === MetaKey.ProtocolVersion
				? `"${key}" (a string)`
				: `"${key}" (an object; send {} when the client declares none)`,
		);
		throw new ProtocolError(
			400,
			ErrorCode.InvalidParams,
			`Invalid params: a ${MODERN_VERSION} request must carry params._meta with ${wanted.join(" and ")}.`,
			{ missing },
		);
	}
	if (claimed !== MODERN_VERSION) {
		throw new ProtocolError(
			400,
			ErrorCode.UnsupportedProtocolVersion,
			`Unsupported protocol version: ${echoed(String(claimed))}. This server speaks ${MODERN_VERSION} per request, or ${SUPPORTED_VERSIONS.slice(1).join(", ")} after initialize.`,
			{
				supported: [...SUPPORTED_VERSIONS],
				requested: typeof claimed === "string" ? echoed(claimed) : claimed,
			},
		);
	}
	if (headerVersion === null) {
		throw new ProtocolError(
			400,
			ErrorCode.HeaderMismatch,
			`Missing required header ${Header.ProtocolVersion}: it must be "${MODERN_VERSION}".`,
		);
	}
	requireHeaderMatches(headers, Header.Method, request.method, false);
	// Mcp-Name carries what the method's table entry names (a tool or prompt name, a resource URI)
	// and must equal the body's.
	const named = namedParam(request.method);
	const bodyName = named === undefined ? undefined : request.params?.[named];
	if (typeof bodyName === "string") requireHeaderMatches(headers, Header.Name, bodyName, true);
}

function complete(result: object) {
	return { resultType: "complete", ...result, _meta: RESULT_META };
}

export async function handleModern(
	message: JsonRpcMessage,
	headers: Headers,
	context: ToolContext,
): Promise<McpReply> {
	const facts: RequestFacts = { era: "modern", version: MODERN_VERSION };
	if (message.kind !== "response") facts.method = message.message.method;
	if (message.kind === "notification") return ACCEPTED(facts);
	if (message.kind === "response") {
		return errorReply(
			new ProtocolError(
				400,
				ErrorCode.InvalidRequest,
				"Invalid Request: this server sends no requests, so it takes no responses.",
			),
			null,
			facts,
		);
	}
	const request = message.message;
	Object.assign(facts, namedFacts(request.method, request.params));
	try {
		checkEnvelope(request, headers);
		const method = findMethod(request.method, "modern");
		const { result, logged } = await method.answer(request.params, context, "modern");
		return {
			status: 200,
			body: success(request.id, complete({ ...result, ...method.cacheHints })),
			facts: { ...facts, ...logged },
		};
	} catch (error) {
		if (error instanceof ProtocolError) return errorReply(error, request.id, facts);
		throw error;
	}
}
