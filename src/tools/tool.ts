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
export interface ToolAnswer<Output> {
	text: string;
	structured: Output;
}

/**
 * An answer the caller can act on but which is not a result: not found, a query with no words,
 * a degraded service. It becomes a tool result with `isError: true` and no structuredContent.
 */
export class ToolError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ToolError";
	}
}

export interface Tool<
	Input extends v.GenericSchema = v.GenericSchema,
	Output extends v.GenericSchema = v.GenericSchema,
> {
	name: string;
	title: string;
	description: string;
	input: Input;
	output: Output;
	run(args: v.InferOutput<Input>, context: ToolContext): Promise<ToolAnswer<v.InferOutput<Output>>>;
}

/** Keeps each handler typed against its own schemas while the registry holds the tools side by side. */
export function defineTool<Input extends v.GenericSchema, Output extends v.GenericSchema>(
	tool: Tool<Input, Output>,
): Tool {
	return tool as unknown as Tool;
}
