/**
 * What a method of the protocol is: its name, the eras that answer it, its cache hints and database
 * bound, what the 2026-07-28 Mcp-Name header repeats, how the guide's explorer offers it, and its
 * handler. A new method is one such entry (defineMethod, in its own file or beside its handler) and
 * one line of the table in ./methods.ts; everything that lists methods reads that table.
 */
import type { ToolContext } from "../tools/tool";
import type { Era, RequestFacts } from "./reply";
import type { CacheHints } from "./server-info";

export type Params = Record<string, unknown> | undefined;

/** A method's result: a JSON object, to which each era adds its envelope fields. */
type MethodResult = object;

/** What a handler hands back: the result, and what the request log should know that only it learnt. */
export interface MethodAnswer<Result extends MethodResult = MethodResult> {
	result: Result;
	logged?: Pick<RequestFacts, "version" | "isError">;
}

/**
 * How the guide's live explorer offers a method (src/pages/explorer/explorer-targets.ts). `each`: one choice
 * per registered tool or prompt, with its arguments as a form; otherwise one choice, labelled, whose
 * only parameter (when the method is `named`) is one text field. Words are English, as agents read
 * them; the guide renders them in each page language (src/pages/text/).
 */
type ExplorerOffer =
	| { each: "tools" | "prompts" }
	| { label: string; field?: { hint: string; start: string } };

export interface McpMethod<Name extends string = string, Result extends MethodResult = MethodResult> {
	method: Name;
	eras: readonly Era[];
	/** Added to the 2026-07-28 result; unset: the answer is specific to its arguments and not cached. */
	cacheHints?: CacheHints;
	/**
	 * D1 round trips that wait on an earlier one, at most (0: answered from constants); the request
	 * shapes of scripts/bench/cost/cost-cases.ts are held to it. tools/call's is its costliest tool's.
	 */
	depth: 0 | 1 | 2;
	/** What the answer holds, for the guide's method list, where the name does not say it. */
	summary?: string;
	/**
	 * The params member that names what the request is about: 2026-07-28's Mcp-Name header must repeat
	 * it, and `logged` says which request-log field keeps it (a name the log keeps only when it knows it).
	 */
	named?: { param: "name" | "uri"; logged?: "tool" };
	/** Unset: the explorer does not offer it (it needs a handshake, or params no form can say). */
	explorer?: ExplorerOffer;
	/**
	 * A method, so its parameter list is bivariant and an entry widens to McpMethod in the table; the
	 * result type stays in the entry's own type (ResultOf in ./methods.ts).
	 */
	answer(
		params: Params,
		context: ToolContext,
		era: Era,
	): MethodAnswer<Result> | Promise<MethodAnswer<Result>>;
}

/** Checks an entry against the shape and keeps its name and result type, for the table to list. */
export function defineMethod<const Name extends string, Result extends MethodResult>(
	entry: McpMethod<Name, Result>,
): McpMethod<Name, Result> {
	return entry;
}
