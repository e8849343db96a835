/**
 * What README.md, docs/contract.md and the instructions state in hand-written prose about limits,
 * bounds and errors, held to the constants the code enforces: a changed limit or a new error code
 * fails here until the prose says it too. The lists and counts of tools, prompts and methods, and the
 * protocol versions, are not written by hand at all: they are marked facts generated from the
 * registries (test/workers/docs/marked-facts.test.ts). (The guide renders the same facts from the same
 * constants, so only the hand-written text needs this.)
 */

import { describe, expect, it } from "vitest";
import contractSource from "../../../docs/contract.md?raw";
import readmeSource from "../../../README.md?raw";
import { COMPLETION_SCAN } from "../../../src/data/completions";
import { CREATOR_SAMPLE_SOURCES } from "../../../src/data/creators";
import { SIGNAL_THRESHOLDS } from "../../../src/data/signal-gates";
import { TOPIC_SAMPLE_CREATORS, TOPIC_SAMPLE_INSIGHTS, TOPIC_SAMPLE_SOURCES } from "../../../src/data/topics";
import {
	COMPLETION_MAX_VALUES,
	COSTLY_REQUEST,
	DATABASE_GATE,
	LIMITER_RETRY_SECONDS,
	MAX_ANSWER_BYTES,
	MAX_BATCH_MESSAGES,
	MAX_BODY_BYTES,
	MAX_CARDS,
	MAX_ECHO_CHARS,
	MAX_PASSAGES,
	MAX_READ_BYTES,
	PAGE_RATE_LIMIT,
	RATE_LIMIT,
	RESOURCE_PAGE_SIZE,
} from "../../../src/limits";
import { ERROR_CATALOGUE } from "../../../src/mcp/errors";
import { INSTRUCTIONS } from "../../../src/mcp/instructions";
import { ErrorCode } from "../../../src/mcp/jsonrpc";
import { BATCH_VERSION } from "../../../src/mcp/versions";
import { PROMPTS } from "../../../src/prompts/registry";
import { SHARED_EGRESS } from "../../../src/ratelimit/shared-egress";
import { MAX_URI_CHARS } from "../../../src/resources/uris";
import { EXCERPT_MAX_CHARS } from "../../../src/search/excerpts/excerpt";
import { MAX_QUERY_TERMS, MAX_QUERY_TOKENS, MAX_TERM_TOKENS } from "../../../src/search/query/parse";
import { TOOL_DESCRIPTORS, TOOLS } from "../../../src/tools/registry";

/** The text a reader reads: the markers of generated facts left out, their text kept. */
const plain = (markdown: string): string => markdown.replace(/<!-- \/?(?:fact|tuning)(?::[\w-]+)? -->/g, "");
/** Line breaks and runs of spaces as one space, so a wrapped sentence reads as it is written. */
const prose = (markdown: string): string => plain(markdown).replace(/\s+/g, " ");
const readmeText = plain(readmeSource);
const contractText = plain(contractSource);
const contract = prose(contractText);

/** "minute" for a 60-second window, as the prose says it. */
const perWindow = (seconds: number): string => (seconds === 60 ? "minute" : `${seconds} seconds`);
const PER_WINDOW = perWindow(RATE_LIMIT.periodSeconds);
const kib = (bytes: number): string => `${bytes / 1024} KiB`;

/** The text of one section: from its heading line to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
	const lines = markdown.split("\n");
	const start = lines.indexOf(heading);
	if (start < 0) throw new Error(`no heading "${heading}"`);
	const level = heading.indexOf(" ");
	const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(" ") <= level);
	return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The cells of the first table in a piece of Markdown, header and rule left out. */
function tableRows(markdown: string): string[][] {
	const rows = markdown
		.split("\n")
		.filter((line) => line.startsWith("|"))
		.map((line) =>
			line
				.slice(1, -1)
				.split("|")
				.map((cell) => cell.trim()),
		);
	return rows.slice(2);
}

/** The text between two markers, both found after `from`. */
function between(text: string, start: string, end: string): string {
	const at = text.indexOf(start);
	if (at < 0) throw new Error(`"${start}" not found`);
	const stop = text.indexOf(end, at + start.length);
	return text.slice(at + start.length, stop < 0 ? undefined : stop);
}

const TOOL_NAMES = TOOLS.map((tool) => tool.name);
const searchArgument = (name: string) => {
	const search = TOOL_DESCRIPTORS.find((tool) => tool.name === "search_sources");
	const properties = search?.inputSchema.properties as Record<string, Record<string, number>>;
	const argument = properties[name];
	if (argument === undefined) throw new Error(`search_sources has no ${name}`);
	return argument;
};
const limit = searchArgument("limit");
const offset = searchArgument("offset");
const SEARCH_BOUNDS = `\`limit\` ${limit.minimum}–${limit.maximum} (default ${limit.default}), \`offset\` ${offset.minimum}–${offset.maximum}`;
const GATES = Object.entries(SIGNAL_THRESHOLDS).map(([gate, min]) => `${gate.replace(/_/g, " ")} ≥ ${min}`);
const GATES_TEXT = `${GATES.slice(0, -1).join(", ")} and ${GATES.at(-1)}`;

describe("the instructions", () => {
	it("name every tool and prompt", () => {
		for (const name of [...TOOL_NAMES, ...PROMPTS.map((p) => p.name)]) {
			expect(INSTRUCTIONS, name).toMatch(new RegExp(`\\b${name}\\b`));
		}
	});

	it("state the limits the code enforces", () => {
		expect(INSTRUCTIONS).toContain(`${RATE_LIMIT.requests} JSON-RPC messages per ${PER_WINDOW}`);
		expect(INSTRUCTIONS).toContain(`batches hold at most ${MAX_BATCH_MESSAGES}`);
		expect(INSTRUCTIONS).toContain(
			`search limit ${limit.minimum}-${limit.maximum} and offset ${offset.minimum}-${offset.maximum}`,
		);
		expect(INSTRUCTIONS).toContain(`at most ${MAX_PASSAGES} passages and ${MAX_CARDS} cards per source`);
	});
});

describe("README.md", () => {
	it("states the tools' bounds", () => {
		const tools = prose(section(readmeText, "## The tools"));
		expect(tools).toContain(SEARCH_BOUNDS);
		expect(tools).toContain(
			`at most ${MAX_QUERY_TERMS} distinct terms, ${MAX_QUERY_TOKENS} words in all, ${MAX_TERM_TOKENS} per hyphenated`,
		);
		expect(tools).toContain(
			`up to ${MAX_PASSAGES} public passages and up to ${MAX_CARDS} applied evidence cards`,
		);
		expect(tools).toContain(`up to ${CREATOR_SAMPLE_SOURCES} source samples`);
		expect(tools).toContain(GATES_TEXT);
	});

	it("states the resource and prompt bounds", () => {
		const resources = prose(section(readmeText, "## Resources and prompts"));
		expect(resources).toContain(`at most ${kib(MAX_READ_BYTES)}`);
		expect(resources).toContain(`the public sources ${RESOURCE_PAGE_SIZE} per page`);
		expect(resources).toContain(`${COMPLETION_MAX_VALUES} values at most`);
		expect(resources).toContain(
			`\`${ErrorCode.InvalidParams}\` with \`data.uri\`; 2025 eras: \`${ErrorCode.ResourceNotFound}\``,
		);
	});

	it("states each era's errors", () => {
		const protocol = prose(section(readmeText, "## Protocol"));
		expect(protocol).toContain(`400 \`${ErrorCode.HeaderMismatch}\``);
		expect(protocol).toContain(`400 \`${ErrorCode.UnsupportedProtocolVersion}\``);
		expect(protocol).toContain(`404 \`${ErrorCode.MethodNotFound}\``);
		expect(protocol).toContain(`bodies capped at ${kib(MAX_BODY_BYTES)}`);
		expect(protocol).toContain(`invalid JSON 400 \`${ErrorCode.ParseError}\``);
		expect(protocol).toContain(`400 \`${ErrorCode.InvalidRequest}\``);
	});

	it("states the budgets", () => {
		const limits = prose(section(readmeText, "## Limits and rate limiting"));
		expect(limits).toContain(`${RATE_LIMIT.requests} JSON-RPC messages per ${PER_WINDOW}`);
		expect(limits).toContain(`a batch holds at most ${MAX_BATCH_MESSAGES}`);
		expect(limits).toContain(`\`Retry-After: ${RATE_LIMIT.periodSeconds}\``);
		expect(limits).toContain(`(\`${ErrorCode.RateLimited}\`)`);
		expect(limits).toContain(
			`(${PAGE_RATE_LIMIT.requests} per ${perWindow(PAGE_RATE_LIMIT.periodSeconds)}, \`PAGE_RATE_LIMIT\`)`,
		);
	});
});

describe("docs/contract.md", () => {
	it("states the search's bounds where it says what a search returns", () => {
		const tools = prose(section(contractText, "## Tools"));
		const returns = between(tools, "**What a search returns.**", "- **");
		expect(returns).toContain(
			`at most ${MAX_QUERY_TERMS} distinct terms, ${MAX_QUERY_TOKENS} words in all, ${MAX_TERM_TOKENS} per hyphenated`,
		);
		expect(returns).toContain(`\`excerpt\` of at most ${EXCERPT_MAX_CHARS} characters`);
		expect(returns).toContain(`past offset ${offset.maximum}`);
	});

	it("states the legacy era's bounds", () => {
		const eras = prose(section(contractText, "## Protocol eras"));
		expect(eras).toContain(`at most ${MAX_BATCH_MESSAGES} messages`);
		expect(eras).toContain(`would exceed ${kib(MAX_ANSWER_BYTES)}`);
	});

	it("states the limits table from the constants", () => {
		const stated = Object.fromEntries(tableRows(section(contractText, "## Limits")));
		expect(stated).toEqual({
			"MCP budget per edge identity": `${RATE_LIMIT.requests} JSON-RPC messages per ${RATE_LIMIT.periodSeconds}-second window`,
			"MCP budget of a listed platform's range (all its agents together)": SHARED_EGRESS.map(
				(platform) =>
					`${platform.publisher} ${platform.requests} per ${RATE_LIMIT.periodSeconds}-second window`,
			).join("; "),
			"a message's D1 time": `free to ${COSTLY_REQUEST.freeMs} ms; each ${COSTLY_REQUEST.msPerUnit} ms more: one more message, charged before it runs on its prediction, past it after (at most ${COSTLY_REQUEST.maxUnits})`,
			"the database's time, every client's searches together": `light (predicted ≤ ${DATABASE_GATE.lightMs} ms) ${100 * DATABASE_GATE.light.share}%, heavy ${100 * DATABASE_GATE.heavy.share}% (${DATABASE_GATE.heavy.places === 1 ? "one" : DATABASE_GATE.heavy.places} at a time); a fair share each when contended`,
			"page budget (`/mcp`, `/sources/:id`, discovery)": `${PAGE_RATE_LIMIT.requests} requests per ${PAGE_RATE_LIMIT.periodSeconds}-second window`,
			[`messages in one batch (${BATCH_VERSION})`]: String(MAX_BATCH_MESSAGES),
			"request body": kib(MAX_BODY_BYTES),
			"one batch element's answer": kib(MAX_ANSWER_BYTES),
			"search: `limit` / `offset` / terms / words": `${limit.minimum}–${limit.maximum} / ${offset.minimum}–${offset.maximum} / ${MAX_QUERY_TERMS} / ${MAX_QUERY_TOKENS}`,
			"search excerpt": `${EXCERPT_MAX_CHARS} characters, its ellipses included`,
			"`get_source`: passages / cards": `${MAX_PASSAGES} / ${MAX_CARDS}`,
			"samples: creator / topic": `${CREATOR_SAMPLE_SOURCES} sources / ${TOPIC_SAMPLE_SOURCES} sources, ${TOPIC_SAMPLE_CREATORS} creators, ${TOPIC_SAMPLE_INSIGHTS} insights`,
			"one `resources/read`": `${kib(MAX_READ_BYTES)} of Markdown`,
			"`resources/list` page": `${RESOURCE_PAGE_SIZE} entries`,
			"completion values": `${COMPLETION_MAX_VALUES} (scanning at most ${COMPLETION_SCAN} index entries)`,
		});
		const limits = prose(section(contractText, "## Limits"));
		expect(limits).toContain(`\`429\` with \`Retry-After: ${RATE_LIMIT.periodSeconds}\``);
	});

	it("states the other bounds where it explains them", () => {
		expect(contract).toContain(
			`at most ${kib(MAX_BODY_BYTES)} (${MAX_BODY_BYTES.toLocaleString("en")} bytes)`,
		);
		expect(contract).toContain(
			`at most ${kib(MAX_READ_BYTES)} (${MAX_READ_BYTES.toLocaleString("en")} bytes)`,
		);
		expect(contract).toContain(`${RESOURCE_PAGE_SIZE} entries per page`);
		expect(contract).toContain(`At most ${COMPLETION_MAX_VALUES} values`);
		expect(contract).toContain(`scans at most ${COMPLETION_SCAN} index entries`);
		expect(contract).toContain(`cut to ${MAX_ECHO_CHARS} characters ending in "…" (\`MAX_ECHO_CHARS\`)`);
		expect(contract).toContain(`at most ${MAX_URI_CHARS} characters (the longest URI the server reads)`);
		expect(contract).toContain(`longer than ${MAX_URI_CHARS} characters`);
		const { sources, creators, applied_insights } = SIGNAL_THRESHOLDS;
		expect(contract).toContain(
			`at least ${sources} public sources, ${creators} creators and ${applied_insights} applied insights`,
		);
	});

	it("has one error row for each status and code the catalogue holds, and every code has one", () => {
		const rows = tableRows(section(contractText, "## Errors"));
		const stated = rows.map(([status, code]) => `${status} ${code?.replace(/`/g, "")}`).sort();
		const catalogued = [
			...new Set(ERROR_CATALOGUE.flatMap((e) => e.statuses.map((status) => `${status} ${e.code}`))),
		].sort();
		expect(stated).toEqual(catalogued);
		for (const code of Object.values(ErrorCode)) {
			expect(
				ERROR_CATALOGUE.some((e) => e.code === code),
				`${code} has no catalogue row`,
			).toBe(true);
		}
		const unavailable = rows.find(([status]) => status === "503")?.[2] ?? "";
		expect(unavailable).toContain(`\`Retry-After: ${LIMITER_RETRY_SECONDS}\``);
		const overBudget = rows.find(([status]) => status === "429")?.[2] ?? "";
		expect(overBudget).toContain(`a batch longer than ${MAX_BATCH_MESSAGES}`);
		const tooLarge = rows.find(([status]) => status === "413")?.[2] ?? "";
		expect(tooLarge).toContain(kib(MAX_BODY_BYTES));
	});
});
