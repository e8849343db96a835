/**
 * The live explorer's choices, read from the method table and the registries: every method
 * 2026-07-28 answers that its table entry offers to the explorer, once, or once per registered tool
 * or prompt. The guide renders the select and the forms from this list and hands the explorer the
 * same list as targets (src/pages/explorer/explorer-script.ts), so a new tool, prompt or method appears in
 * both with no edit here.
 */
import { type MethodName, methodsOf } from "../../mcp/methods";
import type { Prompt } from "../../prompts/prompt";
import { PROMPTS } from "../../prompts/registry";
import { TOOLS } from "../../tools/registry";
import type { Tool } from "../../tools/tool";
import type { ExplorerTarget } from "./explorer-config";

/** What the form of a choice holds: nothing, a tool's or a prompt's arguments, or the one named param. */
type ExplorerForm =
	| { kind: "none" }
	| { kind: "tool"; tool: Tool }
	| { kind: "prompt"; prompt: Prompt }
	| { kind: "field"; param: "name" | "uri"; hint: string; start: string };

export interface ExplorerChoice extends ExplorerTarget {
	/** The option's value, and its fieldset's `data-target`. */
	key: string;
	form: ExplorerForm;
}

function choicesOf(method: ReturnType<typeof methodsOf>[number]): ExplorerChoice[] {
	const offer = method.explorer;
	if (offer === undefined) return [];
	const nameParam = method.named?.param;
	if ("each" in offer) {
		const param = nameParam ?? "name";
		const named = (name: string) => ({
			key: `${method.method}:${name}`,
			method: method.method,
			nameParam: param,
			name,
		});
		return offer.each === "tools"
			? TOOLS.map((tool) => ({ ...named(tool.name), form: { kind: "tool", tool } }))
			: PROMPTS.map((prompt) => ({ ...named(prompt.name), form: { kind: "prompt", prompt } }));
	}
	if (offer.field === undefined)
		return [{ key: method.method, method: method.method, form: { kind: "none" } }];
	if (nameParam === undefined)
		throw new Error(
			`${method.method}: an explorer field fills the param the method is named by; it names none`,
		);
	return [
		{
			key: method.method,
			method: method.method,
			nameParam,
			form: { kind: "field", param: nameParam, ...offer.field },
		},
	];
}

export const EXPLORER_CHOICES: readonly ExplorerChoice[] = methodsOf("modern").flatMap(choicesOf);

/** The choices as the browser program needs them: by option value, what to send. */
export const EXPLORER_TARGETS: Record<string, ExplorerTarget> = Object.fromEntries(
	EXPLORER_CHOICES.map(({ key, method, nameParam, name }) => [
		key,
		{ method, ...(nameParam === undefined ? {} : { nameParam }), ...(name === undefined ? {} : { name }) },
	]),
);

/** The option value of the tool choice whose name is `name` (for the guide's examples). */
export function toolTarget(tool: Pick<Tool, "name">): string {
	const found = EXPLORER_CHOICES.find((c) => c.form.kind === "tool" && c.form.tool.name === tool.name);
	if (found === undefined) throw new Error(`the explorer offers no tool ${tool.name}`);
	return found.key;
}

/** The option value of the prompt choice whose name is `name`. */
export function promptTarget(prompt: Pick<Prompt, "name">): string {
	const found = EXPLORER_CHOICES.find((c) => c.form.kind === "prompt" && c.form.prompt.name === prompt.name);
	if (found === undefined) throw new Error(`the explorer offers no prompt ${prompt.name}`);
	return found.key;
}

/** The option value of a method the explorer offers once. */
export function methodTarget(method: MethodName): string {
	const found = EXPLORER_CHOICES.find((c) => c.method === method && c.name === undefined);
	if (found === undefined)
		throw new Error(`the explorer offers ${method} once per tool or prompt, or not at all`);
	return found.key;
}
