/**
 * One structured JSON line per MCP request (Workers Logs indexes its fields). It never holds a raw
 * address (only a salted hash of the edge identity) and never any query text.
 */
import type { RequestFacts } from "../mcp/reply";

interface RequestLogLine extends RequestFacts {
	status: number;
	duration_ms: number;
	rate_limit: string;
	identity: string;
}

export function logRequest(line: RequestLogLine): void {
	console.log(JSON.stringify({ event: "mcp_request", ...line }));
}
