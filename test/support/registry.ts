/**
 * What the tests know of the registries, read from them: every test that counts or enumerates the
 * tools, prompts or methods takes them from here (or from the registries themselves), never writes a
 * count or a list by hand, so a new tool, prompt or method is covered by the suites that sweep them
 * all with no edit of theirs. Per-tool expectations are keyed by ToolName (a rename is a type error).
 */

import { METHODS } from "../../src/mcp/methods";
import type { Era } from "../../src/mcp/reply";
import { PROMPTS } from "../../src/prompts/registry";
import { TOOL_DESCRIPTORS, TOOLS, type ToolDescriptor, type ToolName } from "../../src/tools/registry";

export type { ToolName };

export const TOOL_NAMES: readonly ToolName[] = TOOLS.map((tool) => tool.name);
export const PROMPT_NAMES: readonly string[] = PROMPTS.map((prompt) => prompt.name);

/** The methods one era answers and the other does not. */
export const methodsOnlyIn = (era: Era): string[] =>
	METHODS.filter((m) => m.eras.length === 1 && m.eras[0] === era).map((m) => m.method);

interface ArgumentSchema {
	type?: string;
}

/** A tool's input schema as tools/list publishes it: its properties and which are required. */
function inputOf(tool: ToolDescriptor): {
	properties: Record<string, ArgumentSchema>;
	required: string[];
} {
	const schema = tool.inputSchema as { properties?: Record<string, ArgumentSchema>; required?: string[] };
	return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** The tools that take at least one string argument (an id, a handle, a query), in registry order. */
export const TOOLS_WITH_STRINGS: readonly string[] = TOOL_DESCRIPTORS.filter((tool) =>
	Object.values(inputOf(tool).properties).some((property) => property.type === "string"),
).map((tool) => tool.name);

/**
 * Arguments for one call of a tool, from values chosen by argument name: every required argument (a
 * string one without a value gets "x", a number 1, so the call still runs) and each optional one
 * `optional` names. A tool that takes none gets {}.
 */
export function argumentsFor(
	tool: ToolDescriptor,
	required: Readonly<Record<string, unknown>>,
	optional: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
	const schema = inputOf(tool);
	const args: Record<string, unknown> = {};
	for (const [name, property] of Object.entries(schema.properties)) {
		if (schema.required.includes(name))
			args[name] = Object.hasOwn(required, name) ? required[name] : property.type === "string" ? "x" : 1;
		else if (Object.hasOwn(optional, name)) args[name] = optional[name];
	}
	return args;
}

/** The names a tools/list result lists, in its order. */
export const toolNames = (
	result: { tools?: readonly { name: string }[] } | undefined,
): string[] | undefined => result?.tools?.map((tool) => tool.name);
