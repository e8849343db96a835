/**
 * The prompts in their published order, their prompts/list descriptors (argument names, descriptions
 * and requiredness derived from each prompt's valibot schema), and prompts/get's validation.
 */
import * as v from "valibot";
import { jsonSchemaOf } from "../tools/registry";
import type { ToolContext } from "../tools/tool";
import { briefCreatorPrompt } from "./brief-creator";
import { checkClaimPrompt } from "./check-claim";
import { type Prompt, type PromptAnswer, PromptArgumentError } from "./prompt";
import { researchTopicPrompt } from "./research-topic";

export const PROMPTS: readonly Prompt[] = [researchTopicPrompt, checkClaimPrompt, briefCreatorPrompt];

export interface PromptDescriptor {
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

const PROMPTS_BY_NAME = new Map(PROMPTS.map((prompt) => [prompt.name, prompt]));

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
	if (!parsed.success) {
		const names = PROMPT_DESCRIPTORS.find((d) => d.name === prompt.name)?.arguments.map((a) => a.name) ?? [];
		const problems = parsed.issues.map((issue) => {
			const path = issue.path?.map((item) => String(item.key)).join(".") ?? "";
			if (issue.type === "strict_object" && issue.expected === "never")
				return `"${path}" is not an argument of ${prompt.name}; it takes ${names.join(", ")}.`;
			if (issue.input === undefined) return `${path} is required.`;
			return path !== "" && !issue.message.includes(path) ? `${path}: ${issue.message}` : issue.message;
		});
		throw new PromptArgumentError(
			`Invalid arguments for ${prompt.name}: ${[...new Set(problems)].join(" ")}`,
		);
	}
	return prompt.get(parsed.output, context);
}
