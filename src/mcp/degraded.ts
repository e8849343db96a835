/**
 * A failure below a resource, prompt or completion method (the database could not be read) becomes a
 * JSON-RPC -32603 that says the service is degraded, never an empty answer; HTTP 200 in both eras,
 * as every error raised while handling a well-formed request. The cause is logged, not sent.
 */
import { DEGRADED_MESSAGE } from "../tools/run-tool";
import { ErrorCode, ProtocolError } from "./jsonrpc";

export function degraded(method: string, error: unknown): ProtocolError {
	if (error instanceof ProtocolError) return error;
	console.error(JSON.stringify({ event: "method_failed", method, error: String(error) }));
	return new ProtocolError(200, ErrorCode.InternalError, DEGRADED_MESSAGE);
}
