/**
 * One structured JSON line per MCP request (Workers Logs indexes its fields). It holds only what the
 * server defines: a method or tool name is logged when it is one this server knows, otherwise a fixed
 * placeholder and its length; every field is bounded. Never a raw address (only a salted hash of the
 * edge identity), never query text or any other caller text.
 */
import { KNOWN_METHODS } from "../mcp/methods";
import type { RequestFacts } from "../mcp/reply";
import { SUPPORTED_VERSIONS } from "../mcp/versions";
import { TOOL_DESCRIPTORS } from "../tools/registry";

const KNOWN_TOOLS: ReadonlySet<string> = new Set(TOOL_DESCRIPTORS.map((tool) => tool.name));
const KNOWN_VERSIONS: ReadonlySet<string> = new Set(SUPPORTED_VERSIONS);

/** What stands in the log for a name the server does not know. */
export const UNKNOWN_NAME = "(unknown)";

interface RequestLogInput {
	facts: RequestFacts;
	/** Units charged to the budget: its messages and what its D1 time cost (0: refused before counting). */
	messages: number;
	/** D1 time of the request's statements, when it reached them. */
	d1_ms?: number;
	/** What the request's messages were predicted to cost, charged at admission (COSTLY_REQUEST). */
	predicted_ms?: number;
	status: number;
	duration_ms: number;
	rate_limit: string;
	/** What the database gate decided (gate: skipped, unavailable, or its verdict; its lane; the wait or Retry-After). */
	gate?: Record<string, unknown>;
	/** The hosted platform the client's address belongs to, when it is one (SHARED_EGRESS). */
	platform?: string;
	identity: string;
}

/** A known name as it is; anything else as the placeholder plus its length in characters. */
function known(name: string | undefined, names: ReadonlySet<string>, field: string): Record<string, unknown> {
	if (name === undefined) return {};
	if (names.has(name)) return { [field]: name };
	return { [field]: UNKNOWN_NAME, [`${field}_chars`]: [...name].length };
}

export function requestLogLine(input: RequestLogInput): string {
	const { facts } = input;
	return JSON.stringify({
		event: "mcp_request",
		...(facts.era === undefined ? {} : { era: facts.era }),
		...known(facts.version, KNOWN_VERSIONS, "version"),
		...(facts.method === "batch" ? { method: "batch" } : known(facts.method, KNOWN_METHODS, "method")),
		...known(facts.tool, KNOWN_TOOLS, "tool"),
		...(facts.isError === undefined ? {} : { isError: facts.isError }),
		messages: input.messages,
		...(input.d1_ms === undefined ? {} : { d1_ms: input.d1_ms }),
		...(input.predicted_ms === undefined ? {} : { predicted_ms: input.predicted_ms }),
		status: input.status,
		duration_ms: input.duration_ms,
		rate_limit: input.rate_limit,
		...input.gate,
		...(input.platform === undefined ? {} : { platform: input.platform }),
		identity: input.identity,
	});
}

export function logRequest(input: RequestLogInput): void {
	console.log(requestLogLine(input));
}
