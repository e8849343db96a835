/** What the protocol layer hands back to the HTTP layer: a status, an optional JSON body, and log facts. */
import { failure, type JsonRpcReply, type ProtocolError, type RequestId } from "./jsonrpc";

export type Era = "modern" | "legacy";

export interface RequestFacts {
	era?: Era;
	version?: string;
	method?: string;
	tool?: string;
	isError?: boolean;
}

export interface McpReply {
	status: number;
	/** undefined means no body (202 Accepted). */
	body?: JsonRpcReply | JsonRpcReply[];
	headers?: Record<string, string>;
	facts: RequestFacts;
}

export function errorReply(error: ProtocolError, id: RequestId | null, facts: RequestFacts = {}): McpReply {
	return { status: error.httpStatus, body: failure(id, error.toObject()), headers: error.headers, facts };
}

export const ACCEPTED = (facts: RequestFacts): McpReply => ({ status: 202, facts });
