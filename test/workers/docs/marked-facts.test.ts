/**
 * The facts README.md and docs/ state about versions, tools, prompts and methods are marked and
 * written from the code (scripts/lib/doc-facts.ts, `npm run docs -- generate`): each marked fact
 * must be what the code says now, each doc must mark the facts it states (so the check is not
 * vacuous), and a protocol version may stand unmarked only inside an example of the wire, where it
 * must be one this server speaks.
 */
import { describe, expect, it } from "vitest";
import contract from "../../../docs/contract.md?raw";
import operations from "../../../docs/operations.md?raw";
import rateLimits from "../../../docs/rate-limits.md?raw";
import readme from "../../../README.md?raw";
import { DOC_FACTS, FACT_DOCS, factText, markedFacts, withFacts } from "../../../scripts/lib/doc-facts";
import { MODERN_VERSION, SUPPORTED_VERSIONS } from "../../../src/mcp/versions";
import { PROMPTS } from "../../../src/prompts/registry";
import { TOOL_DESCRIPTORS } from "../../../src/tools/registry";

const DOCS: Record<(typeof FACT_DOCS)[number], string> = {
	"README.md": readme,
	"docs/contract.md": contract,
	"docs/operations.md": operations,
	"docs/rate-limits.md": rateLimits,
};

/** What each doc must mark: the lists and counts a new tool, prompt, method or version changes. */
const MUST_MARK: Partial<Record<(typeof FACT_DOCS)[number], string[]>> = {
	"README.md": [
		"tools-in-words",
		"prompts-in-words",
		"readme-tools-table",
		"readme-prompts-list",
		"methods-modern",
		"methods-legacy-only",
		"mcp-name-rule",
		"list-hint-methods",
		"data-hint-methods",
		"modern-version",
		"legacy-versions",
	],
	"docs/contract.md": [
		"tools-in-words",
		"prompts-in-words",
		"contract-tools-table",
		"contract-prompts-table",
		"methods-modern",
		"methods-legacy",
		"methods-legacy-only",
		"methods-modern-only",
		"mcp-name-rule",
		"list-hint-methods",
		"data-hint-methods",
		"modern-version",
		"legacy-versions",
	],
};

/** The doc without its code (fenced blocks and inline code) and without its marked facts. */
const unmarkedProse = (markdown: string): string =>
	markdown
		.replace(/^```[\s\S]*?^```/gm, "")
		.replace(/<!-- (\w+):[\w-]+ -->[\s\S]*?<!-- \/\1 -->/g, "")
		.replace(/`[^`\n]*`/g, "");

describe("the docs' marked facts", () => {
	it("are what the code says now (else: npm run docs -- generate)", () => {
		for (const doc of FACT_DOCS) expect(withFacts(DOCS[doc]), doc).toBe(DOCS[doc]);
	});

	it("mark every list and count a new tool, prompt, method or version changes", () => {
		for (const [doc, keys] of Object.entries(MUST_MARK)) {
			const marked = new Set(markedFacts(DOCS[doc as keyof typeof DOCS]));
			for (const key of keys) expect(marked.has(key), `${doc} marks ${key}`).toBe(true);
		}
		// Every key the docs mark is one the code writes.
		for (const doc of FACT_DOCS)
			for (const key of markedFacts(DOCS[doc])) expect(() => factText(key)).not.toThrow();
	});

	it("leave no protocol version unmarked in prose", () => {
		for (const doc of FACT_DOCS) {
			const prose = unmarkedProse(DOCS[doc]);
			for (const version of SUPPORTED_VERSIONS)
				expect(prose.includes(version), `${doc}: ${version}`).toBe(false);
		}
	});

	it("show only versions this server speaks in their examples of the wire", () => {
		for (const doc of FACT_DOCS) {
			const text = DOCS[doc];
			for (const [, version] of text.matchAll(/MCP-Protocol-Version: (\d{4}-\d{2}-\d{2})/g))
				expect(SUPPORTED_VERSIONS, `${doc}: ${version}`).toContain(version);
			for (const [, version] of text.matchAll(/"io\.modelcontextprotocol\/protocolVersion":\s*"([^"]+)"/g))
				expect(version, doc).toBe(MODERN_VERSION);
			for (const [, list] of text.matchAll(
				/"(?:supportedVersions|supportedProtocolVersions)":\s*(\[[^\]]*\])/g,
			))
				expect(JSON.parse(list as string), doc).toEqual([...SUPPORTED_VERSIONS]);
			for (const [, version] of text.matchAll(/"version":\s*"(\d{4}-\d{2}-\d{2})"/g))
				expect(SUPPORTED_VERSIONS, `${doc}: ${version}`).toContain(version);
		}
	});

	it("are written from the registries: a table row per tool, a list entry per prompt", () => {
		const rows = (key: string) =>
			[...(DOC_FACTS[key] ?? "").matchAll(/^(?:\||-) `([^`]+)`/gm)].map((m) => m[1]);
		expect(rows("readme-tools-table")).toEqual(TOOL_DESCRIPTORS.map((tool) => tool.name));
		expect(rows("contract-tools-table")).toEqual(TOOL_DESCRIPTORS.map((tool) => tool.name));
		expect(rows("readme-prompts-list")).toEqual(PROMPTS.map((prompt) => prompt.name));
		expect(rows("contract-prompts-table")).toEqual(PROMPTS.map((prompt) => prompt.name));
	});
});
