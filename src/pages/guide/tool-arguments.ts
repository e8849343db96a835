/**
 * A tool's arguments as the guide shows them, read from the JSON Schemas tools/list publishes (never
 * restated): name, type, requiredness, bounds, default and allowed values. Language-free: each
 * language's text (src/pages/text/) puts them into words.
 */
import { type JsonSchema, TOOL_DESCRIPTORS } from "../../tools/registry";

export interface ArgumentSpec {
	name: string;
	type: string;
	required: boolean;
	description?: string;
	default?: unknown;
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	enum?: readonly string[];
}

const asNumber = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** The arguments of one tool (or prompt), in schema order, with what the schema says about each. */
export function argumentSpecs(inputSchema: JsonSchema): ArgumentSpec[] {
	const properties = (inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
	const required = new Set((inputSchema.required ?? []) as string[]);
	return Object.entries(properties).map(([name, schema]) => ({
		name,
		type: typeof schema.type === "string" ? schema.type : "value",
		required: required.has(name),
		description: typeof schema.description === "string" ? schema.description : undefined,
		default: schema.default,
		minimum: asNumber(schema.minimum),
		maximum: asNumber(schema.maximum),
		minLength: asNumber(schema.minLength),
		maxLength: asNumber(schema.maxLength),
		enum: Array.isArray(schema.enum) ? schema.enum.map(String) : undefined,
	}));
}

/** The top-level fields of a schema (a tool's input or output), in schema order, with their descriptions. */
export function schemaFields(schema: JsonSchema): { name: string; description?: string }[] {
	const properties = (schema.properties ?? {}) as Record<string, { description?: unknown }>;
	return Object.entries(properties).map(([name, schema]) => ({
		name,
		description: typeof schema.description === "string" ? schema.description : undefined,
	}));
}

/** One argument of search_sources as tools/list publishes it. */
export function searchArgument(name: "limit" | "offset"): ArgumentSpec {
	const search = TOOL_DESCRIPTORS.find((tool) => tool.name === "search_sources");
	const spec = search && argumentSpecs(search.inputSchema).find((arg) => arg.name === name);
	if (!spec) throw new Error(`search_sources has no ${name} argument`);
	return spec;
}
