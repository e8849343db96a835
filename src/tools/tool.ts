import type * as v from "valibot";
import type { PublicDb } from "../data/public-db";

/** Annotations every tool carries: this server only reads a closed, curated collection. */
export const READ_ONLY_ANNOTATIONS = {
	readOnlyHint: true,
	destructiveHint: false,
	idempotentHint: true,
	openWorldHint: false,
} as const;

/** What a tool handler may touch: the public database and the public origin, nothing else of the Worker. */
export interface ToolContext {
	db: PublicDb;
	publicBaseUrl: string;
}

/** A successful tool answer: a short text for people, the self-sufficient record for models. */
interface ToolAnswer<Output> {
	text: string;
	structured: Output;
}

/**
 * An answer the caller can act on but which is not a result: not found, a query with no words. It
 * becomes a tool result with `isError: true` and no structuredContent (as any other failure does,
 * worded by runTool as a degraded service).
 */
export class ToolError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ToolError";
	}
}

/**
 * Where a tool stands in the one-sentence workflow the instructions give agents (src/mcp/instructions.ts):
 * the tool to start with, a tool to follow a hit with (and what it yields, when its name does not
 * say), or an overview that says what it does.
 */
type ToolGuidance =
	| { step: "start" }
	| { step: "follow"; yields?: string }
	| { step: "overview"; does: string };

export interface Tool<
	Input extends v.GenericSchema = v.GenericSchema,
	Output extends v.GenericSchema = v.GenericSchema,
	Name extends string = string,
> {
	name: Name;
	title: string;
	description: string;
	guidance: ToolGuidance;
	/** What the guide's explorer fills in at first (values of the sample collection), so Send works at once. */
	startingArguments?: Partial<v.InferInput<Input>>;
	input: Input;
	output: Output;
	/**
	 * A method, so its parameter is bivariant and a Tool<Input, Output> widens to Tool in the registry:
	 * runTool only ever passes it what `input` parsed.
	 */
	run(args: v.InferOutput<Input>, context: ToolContext): Promise<ToolAnswer<v.InferOutput<Output>>>;
	/**
	 * The D1 milliseconds a call is predicted to cost at most, known before it runs from what the
	 * isolate already holds (it reads nothing: it is charged at admission, before anything may read).
	 * Absent: a bounded read, within any message's allowance (COSTLY_REQUEST).
	 */
	cost?(args: v.InferOutput<Input>): number;
}

/** The record a tool answers with, as its output schema types it. */
export type ToolOutput<T extends Tool> = v.InferOutput<T["output"]>;

/** Checks a handler against its own schemas and keeps them and its name in the tool's type, for resources and tests to read. */
export function defineTool<
	Input extends v.GenericSchema,
	Output extends v.GenericSchema,
	const Name extends string,
>(tool: Tool<Input, Output, Name>): Tool<Input, Output, Name> {
	return tool;
}
