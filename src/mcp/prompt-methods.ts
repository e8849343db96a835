/** prompts/list and prompts/get, the same in both eras; an unknown prompt or unusable arguments are -32602. */
import { type PromptAnswer, PromptArgumentError } from "../prompts/prompt";
import { findPrompt, getPrompt, PROMPT_DESCRIPTORS } from "../prompts/registry";
import { echoed } from "../text/one-line";
import type { ToolContext } from "../tools/tool";
import { degraded } from "./degraded";
import { invalidParams, refuseCursor } from "./jsonrpc";

const PROMPT_NAMES = PROMPT_DESCRIPTORS.map((p) => p.name).join(", ");

export function listPrompts(params: Record<string, unknown> | undefined) {
	refuseCursor("prompts/list", params);
	return { prompts: PROMPT_DESCRIPTORS };
}

export async function getPromptMessages(
	params: Record<string, unknown> | undefined,
	context: ToolContext,
): Promise<PromptAnswer> {
	const name = params?.name;
	if (typeof name !== "string" || name.length === 0)
		throw invalidParams("prompts/get needs params.name: the prompt to get.");
	const prompt = findPrompt(name);
	if (prompt === undefined)
		throw invalidParams(`Unknown prompt: "${echoed(name)}". The prompts are ${PROMPT_NAMES}.`);
	try {
		return await getPrompt(prompt, params?.arguments, context);
	} catch (error) {
		if (error instanceof PromptArgumentError) throw invalidParams(error.message);
		throw degraded("prompts/get", error);
	}
}
