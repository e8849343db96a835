/**
 * Every method this server answers, once, in the order the guide and the unknown-method errors list
 * them. Both eras' dispatch, the Mcp-Name rule, the known-method list the request log keeps, the
 * unknown-method error, the guide's method list and its explorer's choices are read from this table,
 * so a new method is one entry (./method.ts) and one line here.
 */

import { inWords } from "../text/in-words";
import { echoed } from "../text/one-line";
import { completeArgument } from "./completion-methods";
import { ErrorCode, ProtocolError } from "./jsonrpc";
import { defineMethod, type McpMethod, type Params } from "./method";
import { getPromptMessages, listPrompts } from "./prompt-methods";
import type { Era, RequestFacts } from "./reply";
import {
	listResourcePage,
	listTemplates,
	RESOURCE_READ_FIELD,
	readResourceContents,
} from "./resource-methods";
import { DATA_CACHE_HINTS, LIST_CACHE_HINTS } from "./server-info";
import { discover, initialize } from "./server-methods";
import { callTool, listTools } from "./tool-methods";
import { MODERN_VERSION } from "./versions";

export type { McpMethod, MethodAnswer } from "./method";

const BOTH: readonly Era[] = ["legacy", "modern"];

export const METHODS = [
	defineMethod({
		method: "initialize",
		eras: ["legacy"],
		depth: 0,
		answer: (params) => {
			const result = initialize(params);
			return { result, logged: { version: result.protocolVersion } };
		},
	}),
	defineMethod({ method: "ping", eras: ["legacy"], depth: 0, answer: () => ({ result: {} }) }),
	defineMethod({
		method: "server/discover",
		eras: ["modern"],
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		summary: "supported versions, capabilities, instructions, cache hints",
		explorer: { label: "what the server speaks" },
		answer: () => ({ result: discover() }),
	}),
	defineMethod({
		method: "tools/list",
		eras: BOTH,
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		explorer: { label: "the tools and their schemas" },
		answer: (params) => ({ result: listTools(params) }),
	}),
	defineMethod({
		method: "tools/call",
		eras: BOTH,
		depth: 2,
		named: { param: "name", logged: "tool" },
		explorer: { each: "tools" },
		answer: async (params, context) => {
			const result = await callTool(params, context);
			return { result, logged: { isError: result.isError === true } };
		},
	}),
	defineMethod({
		method: "resources/list",
		eras: BOTH,
		cacheHints: DATA_CACHE_HINTS,
		depth: 1,
		explorer: { label: "the manifest, topics, then sources by page" },
		answer: async (params, context) => ({ result: await listResourcePage(params, context) }),
	}),
	defineMethod({
		method: "resources/templates/list",
		eras: BOTH,
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		explorer: { label: "the URI templates" },
		answer: (params) => ({ result: listTemplates(params) }),
	}),
	defineMethod({
		method: "resources/read",
		eras: BOTH,
		cacheHints: DATA_CACHE_HINTS,
		depth: 1,
		named: { param: "uri" },
		explorer: { label: "read one resource", field: RESOURCE_READ_FIELD },
		answer: async (params, context, era) => ({ result: await readResourceContents(params, context, era) }),
	}),
	defineMethod({
		method: "prompts/list",
		eras: BOTH,
		cacheHints: LIST_CACHE_HINTS,
		depth: 0,
		explorer: { label: "the prompts and their arguments" },
		answer: (params) => ({ result: listPrompts(params) }),
	}),
	defineMethod({
		method: "prompts/get",
		eras: BOTH,
		depth: 1,
		named: { param: "name" },
		explorer: { each: "prompts" },
		answer: async (params, context) => ({ result: await getPromptMessages(params, context) }),
	}),
	defineMethod({
		method: "completion/complete",
		eras: BOTH,
		depth: 1,
		answer: async (params, context) => ({ result: await completeArgument(params, context) }),
	}),
] as const;

type Entry = (typeof METHODS)[number];

/** The name of every method of the table. */
export type MethodName = Entry["method"];

/** What a method answers, as its handler types it (before the era adds its envelope fields). */
export type ResultOf<Name extends MethodName> =
	Extract<Entry, { method: Name }> extends McpMethod<Name, infer Result> ? Result : never;

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

const TABLE: readonly McpMethod[] = METHODS;

/** The methods one era answers, in table order. */
export const methodsOf = (era: Era): readonly McpMethod[] => TABLE.filter((m) => m.eras.includes(era));

const BY_NAME: ReadonlyMap<string, McpMethod> = new Map(TABLE.map((m) => [m.method, m]));

const BY_ERA: Record<Era, ReadonlyMap<string, McpMethod>> = {
	legacy: new Map(methodsOf("legacy").map((m) => [m.method, m])),
	modern: new Map(methodsOf("modern").map((m) => [m.method, m])),
};

const namesOf = (methods: readonly McpMethod[]): string[] => methods.map((m) => m.method);

/** How many D1 round trips a method waits on at most (its `depth`; 0: answered from constants), when it is one. */
export function methodDepth(method: string): McpMethod["depth"] | undefined {
	return BY_NAME.get(method)?.depth;
}

/** The params member a request's Mcp-Name must repeat, when its method has one (names are data, never object keys). */
export function namedParam(method: string): "name" | "uri" | undefined {
	return BY_NAME.get(method)?.named?.param;
}

/**
 * What the request log keeps of a request before it is answered: for a method whose name it logs
 * (tools/call's tool), the name as sent (request-log.ts keeps only a name it knows).
 */
export function namedFacts(method: string, params: Params): Pick<RequestFacts, "tool"> {
	const named = BY_NAME.get(method)?.named;
	const value = named?.logged === undefined ? undefined : params?.[named.param];
	return named?.logged !== undefined && typeof value === "string" ? { [named.logged]: value } : {};
}

/** The method an era answers by this name, else that era's -32601. */
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
