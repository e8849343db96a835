/**
 * Every method this server answers, once: the eras that answer it, the cache hints a 2026-07-28 result
 * carries, what it costs the database, and its handler. Both eras' dispatch, the known-method list the
 * request log keeps, the unknown-method error and the guide's method list are read from this table,
 * so a new method is one entry here and its handler beside the others.
 */
import { echoed } from "../tools/one-line";
import type { ToolContext } from "../tools/tool";
import { completeArgument } from "./completion-methods";
import { ErrorCode, ProtocolError } from "./jsonrpc";
import { getPromptMessages, listPrompts } from "./prompt-methods";
import type { Era, RequestFacts } from "./reply";
import { listResourcePage, listTemplates, readResourceContents } from "./resource-methods";
import { type CacheHints, DATA_CACHE_HINTS, LIST_CACHE_HINTS } from "./server-info";
import { discover, initialize } from "./server-methods";
import { callTool, listTools } from "./tool-methods";
import { MODERN_VERSION } from "./versions";
import { inWords } from "./words";

type Params = Record<string, unknown> | undefined;

/** What a handler hands back: the result, and what the request log should know that only it learnt. */
export interface MethodAnswer {
	result: Record<string, unknown>;
	logged?: Pick<RequestFacts, "version" | "isError">;
}

export interface McpMethod {
	method: string;
	eras: readonly Era[];
	/** Added to the 2026-07-28 result; unset: the answer is specific to its arguments and not cached. */
	cacheHints?: CacheHints;
	/**
	 * D1 round trips that wait on an earlier one, at most (0: answered from constants); the request
	 * shapes of scripts/bench/cost-cases.ts are held to it. tools/call's is its costliest tool's.
	 */
	depth: 0 | 1 | 2;
	/** What the answer holds, for the guide, where the name does not say it. */
	summary?: string;
	answer(params: Params, context: ToolContext, era: Era): MethodAnswer | Promise<MethodAnswer>;
}

const BOTH: readonly Era[] = ["legacy", "modern"];

/** In the order the guide and the unknown-method errors list them. */
export const METHODS: readonly McpMethod[] = [
	{
		method: "initialize",
		eras: ["legacy"],
		depth: 0,
		answer: (params) => {
			const result = initialize(params);
			return { result, logged: { version: result.protocolVersion } };
		},
	},
	{ method: "ping", eras: ["legacy"], depth: 0, answer: () => ({ result: {} }) },
	{
		method: "server/discover",
		eras: ["modern"],
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		summary: "supported versions, capabilities, instructions, cache hints",
		answer: () => ({ result: discover() }),
	},
	{
		method: "tools/list",
		eras: BOTH,
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		answer: (params) => ({ result: listTools(params) }),
	},
	{
		method: "tools/call",
		eras: BOTH,
		depth: 2,
		answer: async (params, context) => {
			const result = await callTool(params, context);
			return { result, logged: { isError: result.isError === true } };
		},
	},
	{
		method: "resources/list",
		eras: BOTH,
		cacheHints: DATA_CACHE_HINTS,
		depth: 1,
		answer: async (params, context) => ({ result: { ...(await listResourcePage(params, context)) } }),
	},
	{
		method: "resources/templates/list",
		eras: BOTH,
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		answer: (params) => ({ result: listTemplates(params) }),
	},
	{
		method: "resources/read",
		eras: BOTH,
		cacheHints: DATA_CACHE_HINTS,
		depth: 1,
		answer: async (params, context, era) => ({ result: await readResourceContents(params, context, era) }),
	},
	{
		method: "prompts/list",
		eras: BOTH,
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		answer: (params) => ({ result: listPrompts(params) }),
	},
	{
		method: "prompts/get",
		eras: BOTH,
		depth: 1,
		answer: async (params, context) => ({ result: { ...(await getPromptMessages(params, context)) } }),
	},
	{
		method: "completion/complete",
		eras: BOTH,
		depth: 1,
		answer: async (params, context) => ({ result: await completeArgument(params, context) }),
	},
];

/** The notifications a client may send (the server answers each with 202 and nothing else). */
const CLIENT_NOTIFICATIONS = [
	"notifications/initialized",
	"notifications/cancelled",
	"notifications/progress",
	"notifications/roots/list_changed",
];

/**
 * The method names this server knows: the ones it answers and the client notifications of the spec.
 * Anything else a client sends is its own text, which the request log never copies.
 */
export const KNOWN_METHODS: ReadonlySet<string> = new Set([
	...METHODS.map((m) => m.method),
	...CLIENT_NOTIFICATIONS,
]);

/** The methods one era answers, in table order. */
export const methodsOf = (era: Era): readonly McpMethod[] => METHODS.filter((m) => m.eras.includes(era));

const BY_ERA: Record<Era, ReadonlyMap<string, McpMethod>> = {
	legacy: new Map(methodsOf("legacy").map((m) => [m.method, m])),
	modern: new Map(methodsOf("modern").map((m) => [m.method, m])),
};

const namesOf = (methods: readonly McpMethod[]): string[] => methods.map((m) => m.method);

/** The method an era answers by this name, else that era's -32601 (names are data here, never object keys). */
export function findMethod(name: string, era: Era): McpMethod {
	const found = BY_ERA[era].get(name);
	if (found !== undefined) return found;
	const message = `Method not found: "${echoed(name)}".`;
	if (era === "modern") {
		throw new ProtocolError(
			404,
			ErrorCode.MethodNotFound,
			`${message} In ${MODERN_VERSION} this server answers ${inWords(namesOf(methodsOf("modern")))}.`,
		);
	}
	const modernOnly = namesOf(methodsOf("modern").filter((m) => !m.eras.includes("legacy")));
	const elsewhere = modernOnly.length === 0 ? "" : ` (and ${inWords(modernOnly)} in ${MODERN_VERSION})`;
	throw new ProtocolError(
		200,
		ErrorCode.MethodNotFound,
		`${message} This server answers ${inWords(namesOf(methodsOf("legacy")))}${elsewhere}.`,
	);
}
