/**
 * A prompt: a slash command that starts a well-formed research task over this collection. Its
 * arguments are a valibot schema of strings (MCP prompt arguments are strings), the single source of
 * their names, descriptions and requiredness in prompts/list; `complete` says which completion
 * answers an argument.
 */
import type * as v from "valibot";
import type { ToolContext } from "../tools/tool";

export type CompletionKind = "topic_id" | "handle" | "source_id";

interface PromptMessage {
	role: "user";
	content: { type: "text"; text: string };
}

export interface PromptAnswer {
	description: string;
	messages: PromptMessage[];
}

/** Arguments the prompt cannot use (invalid, or naming nothing public): the caller can fix them. */
export class PromptArgumentError extends Error {}

export interface Prompt<Args extends v.GenericSchema = v.GenericSchema, Name extends string = string> {
	name: Name;
	title: string;
	description: string;
	args: Args;
	/** What the guide's explorer fills in at first (values of the sample collection), so Send works at once. */
	startingArguments?: Partial<v.InferInput<Args>>;
	complete: Partial<Record<string, CompletionKind>>;
	get(args: v.InferOutput<Args>, context: ToolContext): Promise<PromptAnswer>;
}

/** Checks a prompt's handler against its own argument schema and keeps the schema and its name in its type. */
export function definePrompt<Args extends v.GenericSchema, const Name extends string>(
	prompt: Prompt<Args, Name>,
): Prompt<Args, Name> {
	return prompt;
}

export const userText = (text: string): PromptMessage => ({ role: "user", content: { type: "text", text } });

/** The rules every prompt ends with: what to cite and what not to claim. */
export const CITATION_RULES = [
	"Rules:",
	"- Cite every source you use with both its original_url and its source_page_url.",
	"- This is a bounded, curated collection: do not present a result as a real-time ranking, a trend, a complete corpus, a full transcript, or independent confirmation of a creator's claim. An applied evidence card records what a creator claims, reviewed; it does not confirm it.",
	"- Say when the counts you quote were computed (their computed_at).",
].join("\n");
