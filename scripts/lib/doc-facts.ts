/**
 * The facts README.md and docs/ state about the protocol versions, the tools, prompts and methods,
 * written from the constants and registries the server answers from, never by hand: each stands in
 * the docs between `<!-- fact:KEY -->` and `<!-- /fact -->` (./marked-facts.ts), and
 * `npm run docs -- generate` rewrites them (test/workers/docs/marked-facts.test.ts fails until it has). A
 * new tool, prompt or method therefore changes the docs' tables and lists through this file, with no
 * edit of the docs. Pure: the command and the Workers test derive them the same way.
 */
import { BOUNDED_READ_MS, DATABASE_GATE } from "../../src/limits";
import { methodsOf } from "../../src/mcp/methods";
import { RESOURCE_TEMPLATES } from "../../src/mcp/resource-methods";
import { DATA_CACHE_HINTS, LIST_CACHE_HINTS } from "../../src/mcp/server-info";
import {
	BATCH_VERSION,
	LEGACY_FALLBACK_VERSION,
	LEGACY_HEADERLESS_VERSION,
	LEGACY_VERSIONS,
	MODERN_VERSION,
} from "../../src/mcp/versions";
import { PROMPTS } from "../../src/prompts/registry";
import { SHARED_EGRESS } from "../../src/ratelimit/shared-egress";
import { type JsonSchema, jsonSchemaOf, TOOL_DESCRIPTORS } from "../../src/tools/registry";
import { markedIn, withMarked } from "./marked-facts";

/** The docs that state marked facts. */
export const FACT_DOCS = [
	"README.md",
	"docs/contract.md",
	"docs/operations.md",
	"docs/rate-limits.md",
] as const;

const NUMBER_WORDS = [
	"zero",
	"one",
	"two",
	"three",
	"four",
	"five",
	"six",
	"seven",
	"eight",
	"nine",
	"ten",
	"eleven",
	"twelve",
];
const inWords = (count: number): string => NUMBER_WORDS[count] ?? String(count);
const ticked = (names: readonly string[]): string[] => names.map((name) => `\`${name}\``);
const listed = (items: readonly string[], last = "and"): string =>
	items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
const percent = (share: number): string => `${Math.round(share * 100)}%`;
/** A table cell: a pipe inside would end it. */
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

interface ArgumentSchema {
	type?: string;
	enum?: unknown[];
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	default?: unknown;
}

/** One argument with what its schema bounds: "`limit` 1–20 (default 5)", "`platform` (`tiktok`, …)". */
function argumentText(name: string, schema: ArgumentSchema): string {
	const details: string[] = [];
	if (Array.isArray(schema.enum)) details.push(ticked(schema.enum.map(String)).join(", "));
	else if (schema.minLength !== undefined && schema.maxLength !== undefined)
		details.push(`${schema.minLength}–${schema.maxLength} characters`);
	else if (schema.maxLength !== undefined) details.push(`at most ${schema.maxLength} characters`);
	else if (schema.minLength !== undefined) details.push(`at least ${schema.minLength} characters`);
	const range =
		schema.minimum !== undefined || schema.maximum !== undefined
			? ` ${schema.minimum ?? "…"}–${schema.maximum ?? "…"}`
			: "";
	if (schema.default !== undefined) details.push(`default ${JSON.stringify(schema.default)}`);
	return `\`${name}\`${range}${details.length === 0 ? "" : ` (${details.join("; ")})`}`;
}

/** The arguments of a tool or prompt, as its input schema publishes them: required first, then "optional …". */
function argumentsText(schema: JsonSchema): string {
	const properties = (schema.properties ?? {}) as Record<string, ArgumentSchema>;
	const required = new Set((schema.required ?? []) as string[]);
	const entries = Object.entries(properties);
	if (entries.length === 0) return "none (send `{}`)";
	const must = entries.filter(([name]) => required.has(name)).map(([name, s]) => argumentText(name, s));
	const may = entries.filter(([name]) => !required.has(name)).map(([name, s]) => argumentText(name, s));
	return [...must, ...(may.length === 0 ? [] : [`optional ${may.join(", ")}`])].join(", ");
}

const fieldsOf = (schema: JsonSchema): string[] => Object.keys((schema.properties ?? {}) as object);

/** A Markdown table, its columns padded as the formatter (`npm run format`) pads them. */
function table(header: string[], rows: string[][]): string {
	const cells = [header, ...rows].map((row) => row.map(cell));
	const width = header.map((_, i) => Math.max(3, ...cells.map((row) => [...(row[i] ?? "")].length)));
	const line = (row: string[]) =>
		`| ${row.map((text, i) => text + " ".repeat((width[i] ?? 0) - [...text].length)).join(" | ")} |`;
	const [head, ...body] = cells;
	return [line(head ?? []), `| ${width.map((w) => "-".repeat(w)).join(" | ")} |`, ...body.map(line)].join(
		"\n",
	);
}

/** A block fact: on lines of its own between the markers. */
const block = (text: string): string => `\n${text}\n`;

const names = (methods: readonly { method: string }[]): string[] => methods.map((m) => m.method);
const modern = methodsOf("modern");
const legacy = methodsOf("legacy");

/** "`params.name` on `tools/call` and `prompts/get`, and to `params.uri` on `resources/read`": what Mcp-Name repeats. */
function mcpNameRule(): string {
	const byParam = new Map<string, string[]>();
	for (const m of modern) {
		if (m.named === undefined) continue;
		byParam.set(m.named.param, [...(byParam.get(m.named.param) ?? []), m.method]);
	}
	return [...byParam]
		.map(([param, methods]) => `\`params.${param}\` on ${listed(ticked(methods))}`)
		.join(", and to ");
}

export const DOC_FACTS: Readonly<Record<string, string>> = {
	"modern-version": MODERN_VERSION,
	"legacy-versions": LEGACY_VERSIONS.join(", "),
	"legacy-fallback": LEGACY_FALLBACK_VERSION,
	"legacy-headerless": LEGACY_HEADERLESS_VERSION,
	"batch-version": BATCH_VERSION,
	"tools-in-words": inWords(TOOL_DESCRIPTORS.length),
	"prompts-in-words": inWords(PROMPTS.length),
	"templates-in-words": inWords(RESOURCE_TEMPLATES.length),
	"methods-modern": ticked(names(modern)).join(", "),
	"methods-legacy": ticked(names(legacy)).join(", "),
	"methods-legacy-only": ticked(names(legacy.filter((m) => !m.eras.includes("modern")))).join(", "),
	"methods-modern-only": ticked(names(modern.filter((m) => !m.eras.includes("legacy")))).join(", "),
	"list-hint-ttl": String(LIST_CACHE_HINTS.ttlMs),
	"list-hint-methods": listed(ticked(names(modern.filter((m) => m.cacheHints === LIST_CACHE_HINTS)))),
	"data-hint-ttl": String(DATA_CACHE_HINTS.ttlMs),
	"data-hint-seconds": String(DATA_CACHE_HINTS.ttlMs / 1000),
	"list-hint-seconds": String(LIST_CACHE_HINTS.ttlMs / 1000),
	"data-hint-methods": listed(ticked(names(modern.filter((m) => m.cacheHints === DATA_CACHE_HINTS)))),
	"mcp-name-rule": mcpNameRule(),
	"bounded-read-ms": String(BOUNDED_READ_MS),
	"gate-light-ms": String(DATABASE_GATE.lightMs),
	"gate-light-share": percent(DATABASE_GATE.light.share),
	"gate-heavy-share": percent(DATABASE_GATE.heavy.share),
	"gate-minute-share": percent(DATABASE_GATE.maxShareOfMinute),
	"gate-headroom": percent(DATABASE_GATE.headroom),
	"gate-half-life-seconds": String(DATABASE_GATE.halfLifeSeconds),
	"gate-queue-seconds": String(DATABASE_GATE.queueMs / 1000),
	"gate-in-flight-ms": String(DATABASE_GATE.inFlightMs),
	"gate-unsettled-seconds": String(DATABASE_GATE.unsettledMs / 1000),
	"shared-egress-default": listed(
		SHARED_EGRESS.map(
			(platform) => `${platform.publisher}'s ${platform.ranges.join(", ")}, ${platform.requests} a minute`,
		),
	),
	"shared-egress-table": block(
		table(
			[
				"published by",
				"what sends from them",
				"ranges",
				"published at",
				"messages a minute, for all its agents",
			],
			SHARED_EGRESS.map((platform) => [
				platform.publisher,
				platform.agents,
				ticked(platform.ranges).join(", "),
				`<${platform.publishedAt}>`,
				String(platform.requests),
			]),
		),
	),
	"readme-tools-table": block(
		table(
			["tool", "what it is", "arguments"],
			TOOL_DESCRIPTORS.map((tool) => [`\`${tool.name}\``, tool.title, argumentsText(tool.inputSchema)]),
		),
	),
	"contract-tools-table": block(
		table(
			[
				"tool",
				"arguments",
				"what it does (its description in `tools/list`)",
				"returns (`structuredContent`)",
			],
			TOOL_DESCRIPTORS.map((tool) => [
				`\`${tool.name}\``,
				argumentsText(tool.inputSchema),
				tool.description,
				ticked(fieldsOf(tool.outputSchema)).join(", "),
			]),
		),
	),
	"readme-prompts-list": block(
		PROMPTS.map(
			(prompt) => `- \`${prompt.name}\` (${argumentsText(jsonSchemaOf(prompt.args))}): ${prompt.description}`,
		).join("\n"),
	),
	"contract-prompts-table": block(
		table(
			["prompt", "arguments", "the task (its description in `prompts/list`)"],
			PROMPTS.map((prompt) => [
				`\`${prompt.name}\``,
				argumentsText(jsonSchemaOf(prompt.args)),
				prompt.description,
			]),
		),
	),
};

/**
 * A fact's text; KEY-code is the fact as inline code (a marker inside backticks would be shown, not
 * read). A key the docs mark but this file does not write is an error, never left as it is.
 */
export function factText(key: string): string {
	const code = key.endsWith("-code");
	const base = code ? key.slice(0, -"-code".length) : key;
	if (!Object.hasOwn(DOC_FACTS, base)) throw new Error(`no fact "${key}" in scripts/lib/doc-facts.ts`);
	const text = DOC_FACTS[base] as string;
	return code ? `\`${text}\`` : text;
}

/** Markdown with every marked fact written from the code. */
export const withFacts = (markdown: string): string => withMarked(markdown, "fact", factText);

/** The keys a document marks. */
export const markedFacts = (markdown: string): string[] =>
	markedIn(markdown, "fact").map((m) => m[1] as string);
