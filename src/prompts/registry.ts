/**
 * The prompts in their published order, their prompts/list descriptors (argument names, descriptions
 * and requiredness derived from each prompt's valibot schema), and prompts/get's validation.
 */
import * as v from "valibot";
import { describeArgumentIssues } from "../tools/argument-issues";
import { jsonSchemaOf } from "../tools/registry";
import type { ToolContext } from "../tools/tool";
import { briefCreatorPrompt } from "./brief-creator";
import { checkClaimPrompt } from "./check-claim";
import { type Prompt, type PromptAnswer, PromptArgumentError } from "./prompt";
import { researchTopicPrompt } from "./research-topic";

export const PROMPTS = [
	researchTopicPrompt,
	checkClaimPrompt,
	briefCreatorPrompt,
] as const satisfies readonly Prompt[];

interface PromptDescriptor {
	name: string;
	title: string;
	description: string;
	arguments: { name: string; description: string; required: boolean }[];
}

function argumentsOf(prompt: Prompt): PromptDescriptor["arguments"] {
	const schema = jsonSchemaOf(prompt.args) as {
		properties?: Record<string, { description?: string }>;
		required?: string[];
	};
	return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
		name,
		description: property.description ?? name,
		required: schema.required?.includes(name) ?? false,
	}));
}

export const PROMPT_DESCRIPTORS: readonly PromptDescriptor[] = PROMPTS.map((prompt) => ({
	name: prompt.name,
	title: prompt.title,
	description: prompt.description,
	arguments: argumentsOf(prompt),
}));

const PROMPTS_BY_NAME: ReadonlyMap<string, Prompt> = new Map(PROMPTS.map((prompt) => [prompt.name, prompt]));

export function findPrompt(name: string): Prompt | undefined {
	return PROMPTS_BY_NAME.get(name);
}

/** Validates the arguments with the prompt's schema and builds its messages. */
export async function getPrompt(
	prompt: Prompt,
	rawArguments: unknown,
	context: ToolContext,
): Promise<PromptAnswer> {
	const args = rawArguments ?? {};
	if (typeof args !== "object" || Array.isArray(args))
		throw new PromptArgumentError(
			`Invalid arguments for ${prompt.name}: "arguments" must be an object of strings.`,
		);
	const parsed = v.safeParse(prompt.args, args);
	if (!parsed.success)
		throw new PromptArgumentError(describeArgumentIssues(prompt.name, prompt.args, parsed.issues));
	return prompt.get(parsed.output, context);
}
