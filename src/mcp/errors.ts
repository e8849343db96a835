/**
 * Every JSON-RPC error this server answers, by the HTTP status that carries it: the guide's error
 * table is rendered from this list, and test/workers/docs/stated-facts.test.ts holds docs/contract.md's
 * table and ErrorCode to it (a code with no row, or a row the contract lacks, fails there).
 */
import { MAX_ANSWER_BYTES, MAX_BODY_BYTES, RATE_LIMIT } from "../limits";
import { inWords } from "../text/in-words";
import { ErrorCode, type ErrorCodeValue } from "./jsonrpc";
import { methodsOf } from "./methods";
import { MODERN_VERSION } from "./versions";

export interface CataloguedError {
	/** The HTTP statuses that carry it (two when one sentence says both). */
	statuses: readonly number[];
	code: ErrorCodeValue;
	when: string;
}

/** Methods only the 2025 versions answer (a 2026-07-28 request for one is an unknown method). */
export const LEGACY_ONLY_METHODS = methodsOf("legacy")
	.filter((m) => !m.eras.includes("modern"))
	.map((m) => m.method);

export const ERROR_CATALOGUE: readonly CataloguedError[] = [
	{ statuses: [200], code: ErrorCode.MethodNotFound, when: "2025 versions: unknown method" },
	{
		statuses: [200],
		code: ErrorCode.InvalidParams,
		when: `unknown tool or prompt, bad prompt arguments, a cursor the server did not issue; in ${MODERN_VERSION}, a resource not found (data.uri)`,
	},
	{
		statuses: [200],
		code: ErrorCode.ResourceNotFound,
		when: "2025 versions: a resource not found (data.uri)",
	},
	{
		statuses: [200],
		code: ErrorCode.InternalError,
		when: `a resource, prompt or completion could not read the database (the service is degraded), or a batch element's answer would exceed ${MAX_ANSWER_BYTES / 1024} KiB`,
	},
	{ statuses: [400], code: ErrorCode.ParseError, when: "the body is not valid UTF-8 JSON" },
	{ statuses: [400], code: ErrorCode.InvalidRequest, when: "not a JSON-RPC request" },
	{
		statuses: [400],
		code: ErrorCode.InvalidParams,
		when: "params._meta lacks the protocol version or the client capabilities",
	},
	{
		statuses: [400],
		code: ErrorCode.HeaderMismatch,
		when: "an MCP header is missing, malformed or disagrees with the body",
	},
	{
		statuses: [400],
		code: ErrorCode.UnsupportedProtocolVersion,
		when: "unsupported version; data lists supported and requested",
	},
	{
		statuses: [403],
		code: ErrorCode.InvalidRequest,
		when: "an Origin header that is not this site or loopback",
	},
	{
		statuses: [404],
		code: ErrorCode.MethodNotFound,
		when: `unknown method (${inWords(LEGACY_ONLY_METHODS)} do not exist in ${MODERN_VERSION})`,
	},
	{
		statuses: [405],
		code: ErrorCode.InvalidRequest,
		when: "GET, DELETE or any method but POST; Allow: POST",
	},
	{
		statuses: [406, 415],
		code: ErrorCode.InvalidRequest,
		when: "Accept excludes application/json / Content-Type is not application/json",
	},
	{ statuses: [413], code: ErrorCode.InvalidRequest, when: `body over ${MAX_BODY_BYTES / 1024} KiB` },
	{
		statuses: [429],
		code: ErrorCode.RateLimited,
		when: `over ${RATE_LIMIT.requests} messages per minute, or a batch that does not fit (Retry-After: ${RATE_LIMIT.periodSeconds}); or a search while the database is busy and the client over its share of it (Retry-After: when its share allows)`,
	},
	{
		statuses: [500],
		code: ErrorCode.InternalError,
		when: "an unexpected failure (no internals in the message)",
	},
	{
		statuses: [503],
		code: ErrorCode.ServiceUnavailable,
		when: "the rate limiter cannot answer, or for a search the database gate, so nothing was served",
	},
];
