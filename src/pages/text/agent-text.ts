/**
 * What the server tells agents about its tools, prompts, resources, errors and public boundary, in
 * the English agents receive, and what the method table says of each method for the guide (its
 * summary, its explorer choice), gathered from the registries for the guide. Another language renders
 * this same structure (./renderings.ts), entry for entry; an entry a language has not rendered yet
 * (a new tool, say) shows in English there, marked as English, and the page-languages test names it.
 */
import { type CataloguedError, ERROR_CATALOGUE } from "../../mcp/errors";
import { type McpMethod, METHODS } from "../../mcp/methods";
import { RESOURCE_TEMPLATES } from "../../mcp/resource-methods";
import { PROMPT_DESCRIPTORS } from "../../prompts/registry";
import { PUBLIC_BOUNDARY } from "../../tools/constants";
import { TOOL_DESCRIPTORS } from "../../tools/registry";
import { schemaFields } from "../guide/tool-arguments";

export interface ToolText {
	title: string;
	description: string;
	/** By argument name: every argument the schema describes. */
	args: Record<string, string>;
	/** By output field: every top-level field the outputSchema describes. */
	returns: Record<string, string>;
}

export interface PromptText {
	title: string;
	description: string;
	args: Record<string, string>;
}

export interface MethodText {
	/** The protocol section's summary of the answer. */
	summary?: string;
	/** The explorer's choice for it. */
	choice?: string;
	/** The hint under its one field in the explorer. */
	hint?: string;
}

export interface AgentText {
	tools: Record<string, ToolText>;
	prompts: Record<string, PromptText>;
	/** Resource templates' descriptions, by template name. */
	templates: Record<string, string>;
	/** The error table's "when", by errorKey. */
	errors: Record<string, string>;
	/** What the method table says of a method for people, for the methods that say anything. */
	methods: Record<string, MethodText>;
	boundary: { scope: string; excludes: readonly string[]; doNotPresentAs: readonly string[] };
}

/** A row of the error table: one code can be answered under several statuses, each its own row. */
export const errorKey = (error: CataloguedError): string => `${error.statuses.join("/")} ${error.code}`;

/** Only the fields a schema describes: an undescribed field is listed by name alone. */
function described(fields: { name: string; description?: string }[]): Record<string, string> {
	return Object.fromEntries(
		fields.flatMap((field) => (field.description === undefined ? [] : [[field.name, field.description]])),
	);
}

/** [name, its words] for a method that says anything to people, else nothing. */
function methodText(method: McpMethod): [string, MethodText][] {
	const offer = method.explorer;
	const text: MethodText = {
		...(method.summary === undefined ? {} : { summary: method.summary }),
		...(offer === undefined || "each" in offer ? {} : { choice: offer.label }),
		...(offer === undefined || "each" in offer || offer.field === undefined
			? {}
			: { hint: offer.field.hint }),
	};
	return Object.keys(text).length === 0 ? [] : [[method.method, text]];
}

export const AGENT_TEXT: AgentText = {
	tools: Object.fromEntries(
		TOOL_DESCRIPTORS.map((tool) => [
			tool.name,
			{
				title: tool.title,
				description: tool.description,
				args: described(schemaFields(tool.inputSchema)),
				returns: described(schemaFields(tool.outputSchema)),
			},
		]),
	),
	prompts: Object.fromEntries(
		PROMPT_DESCRIPTORS.map((prompt) => [
			prompt.name,
			{
				title: prompt.title,
				description: prompt.description,
				args: Object.fromEntries(prompt.arguments.map((arg) => [arg.name, arg.description])),
			},
		]),
	),
	templates: Object.fromEntries(RESOURCE_TEMPLATES.map((template) => [template.name, template.description])),
	errors: Object.fromEntries(ERROR_CATALOGUE.map((error) => [errorKey(error), error.when])),
	methods: Object.fromEntries(METHODS.flatMap((method) => methodText(method))),
	boundary: {
		scope: PUBLIC_BOUNDARY.scope,
		excludes: PUBLIC_BOUNDARY.excludes,
		doNotPresentAs: PUBLIC_BOUNDARY.do_not_present_as,
	},
};
