/**
 * One structured JSON line per MCP request (Workers Logs indexes its fields). It never holds a raw
 * address, and query text is cut to a bounded preview.
 */
import type { RequestFacts } from "../mcp/reply";

export const QUERY_PREVIEW_CHARS = 64;

export interface RequestLogLine extends RequestFacts {
	status: number;
	duration_ms: number;
	rate_limit: string;
	identity: string;
}

export function logRequest(line: RequestLogLine): void {
	console.log(JSON.stringify({ event: "mcp_request", ...line }));
}
