/**
 * The tools in their published order, and their descriptors for tools/list. The JSON Schemas are
 * derived from each tool's valibot schemas once, at module load, never written by hand.
 */
import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { getCreatorTool } from "./get-creator";
import { getPublicManifestTool } from "./get-public-manifest";
import { getSourceTool } from "./get-source";
import { getTopicTool } from "./get-topic";
import { getTopicSignalTool } from "./get-topic-signal";
import { searchSourcesTool } from "./search-sources";
import { READ_ONLY_ANNOTATIONS, type Tool } from "./tool";

export const TOOLS = [
	searchSourcesTool,
	getSourceTool,
	getCreatorTool,
	getTopicTool,
	getTopicSignalTool,
	getPublicManifestTool,
] as const satisfies readonly Tool[];

/** The name of every registered tool: a test's per-tool expectations are keyed by it, so a rename fails the type check. */
export type ToolName = (typeof TOOLS)[number]["name"];

export type JsonSchema = Record<string, unknown>;

export interface ToolDescriptor {
	name: string;
	title: string;
	description: string;
	inputSchema: JsonSchema;
	outputSchema: JsonSchema;
	annotations: typeof READ_ONLY_ANNOTATIONS & { title: string };
}

/** Lengths in code points are what JSON Schema's minLength/maxLength mean: publish them as those. */
const LENGTH_KEYWORDS: Record<string, "minLength" | "maxLength"> = {
	min_code_points: "minLength",
	max_code_points: "maxLength",
};

/** Without "$schema", MCP clients read the schema in their default dialect; draft-07 output is valid in both. */
export function jsonSchemaOf(schema: v.GenericSchema): JsonSchema {
	const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
		target: "draft-07",
		errorMode: "throw",
		overrideAction: ({ valibotAction, jsonSchema }) => {
			// The invisible-character policy (visibleArgument) has no JSON Schema form: it is stated in
			// the descriptions and docs/contract.md, and refused in words that name the character.
			if (valibotAction.type === "raw_check") return jsonSchema;
			const keyword = LENGTH_KEYWORDS[valibotAction.type];
			if (keyword === undefined || !("requirement" in valibotAction)) return undefined;
			return { ...jsonSchema, [keyword]: valibotAction.requirement };
		},
	});
	return rest as JsonSchema;
}

export const TOOL_DESCRIPTORS: readonly ToolDescriptor[] = TOOLS.map((tool) => ({
	name: tool.name,
	title: tool.title,
	description: tool.description,
	inputSchema: jsonSchemaOf(tool.input),
	outputSchema: jsonSchemaOf(tool.output),
	annotations: { title: tool.title, ...READ_ONLY_ANNOTATIONS },
}));

const TOOLS_BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((tool) => [tool.name, tool]));

export function findTool(name: string): Tool | undefined {
	return TOOLS_BY_NAME.get(name);
}
