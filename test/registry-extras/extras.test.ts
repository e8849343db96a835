/**
 * The claim that a tool, a prompt or a method is its own file and one registry line, proved on a
 * build that has one of each more (the registry-extras project of vitest.config.ts): each test-only
 * module is registered by one import and one line of its registry file (./registry-lines.ts), and
 * then appears everywhere this server lists tools, prompts or methods, in both eras: tools/list,
 * prompts/list and dispatch, the Mcp-Name rule and the unknown-method errors, the instructions of
 * initialize and server/discover, the request log, completion, the guide's tool and prompt sections,
 * its protocol method list and its live explorer (select, forms and the targets the script sends), in
 * both page languages, and the tables and lists `npm run docs -- generate` writes into the docs. The Server Card lists no primitives (the Server Card schema leaves them to
 * the list methods), so the extras must not appear there. The Spanish page, which has no rendering of
 * the extras' words, shows them in English marked lang="en", and the missing-rendering check names
 * each of them.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DOC_FACTS } from "../../scripts/lib/doc-facts";
import { SERVER_CARD_PATH } from "../../src/http/paths";
import { requestLogLine } from "../../src/http/request-log";
import { INSTRUCTIONS } from "../../src/mcp/instructions";
import { METHODS } from "../../src/mcp/methods";
import methodsSource from "../../src/mcp/methods.ts?raw";
import { SUPPORTED_VERSIONS } from "../../src/mcp/versions";
import { EXPLORER_DOM } from "../../src/pages/explorer/explorer-dom";
import { AGENT_TEXT } from "../../src/pages/text/agent-text";
import { SPANISH_AGENT_TEXT } from "../../src/pages/text/es";
import { staleRenderings } from "../../src/pages/text/renderings";
import { PROMPTS } from "../../src/prompts/registry";
import promptsSource from "../../src/prompts/registry.ts?raw";
import { TOOLS } from "../../src/tools/registry";
import toolsSource from "../../src/tools/registry.ts?raw";
import { legacy, MODERN_META, modern, modernHeaders, pageRequest, post } from "../support/workers/mcp";
import { extraMethod } from "./extra-method";
import { extraPrompt } from "./extra-prompt";
import { extraTool } from "./extra-tool";
import { REGISTRY_LINES, withRegistryLine } from "./registry-lines";

const ERAS = ["legacy", "modern"] as const;
const send = (era: (typeof ERAS)[number], method: string, params: Record<string, unknown> = {}) =>
	era === "modern" ? modern(method, params) : legacy(method, params);

async function page(path: string): Promise<string> {
	const response = await exports.default.fetch(pageRequest(`https://base2026.dev${path}`));
	expect(response.status, path).toBe(200);
	return response.text();
}

/** The explorer's config as the guide inlines it: the argument of runExplorer(…). */
function explorerConfig(html: string): { targets: Record<string, { method: string; name?: string }> } {
	const call = /runExplorer\((\{.*\})\);\}<\/script>/s.exec(html)?.[1];
	if (call === undefined) throw new Error("no runExplorer call in the guide");
	return JSON.parse(call);
}

describe("the build under test", () => {
	it("is the source tree with one import and one registry line per registry file, nothing else", () => {
		const sources: Record<string, string> = {
			"src/tools/registry.ts": toolsSource,
			"src/prompts/registry.ts": promptsSource,
			"src/mcp/methods.ts": methodsSource,
		};
		for (const line of REGISTRY_LINES) {
			const before = (sources[line.file] as string).split("\n");
			const after = withRegistryLine(sources[line.file] as string, line).split("\n");
			const added = after.filter((text) => !before.includes(text));
			// Two lines added, none changed or removed: the import and the entry.
			expect(added, line.file).toHaveLength(2);
			expect(after.length - before.length, line.file).toBe(2);
			expect(after.filter((text) => added.includes(text) === false)).toEqual(before);
			expect(added[0]).toMatch(new RegExp(`^import \\{ ${line.entry} \\} from "[./]+${line.module}";$`));
			expect(added[1]).toContain(line.entry);
		}
		// And the registries the Worker runs with hold the extras, last.
		expect(TOOLS.at(-1)).toBe(extraTool);
		expect(PROMPTS.at(-1)).toBe(extraPrompt);
		expect(METHODS.at(-1)).toBe(extraMethod);
	});
});

describe("the extra tool", () => {
	for (const era of ERAS) {
		it(`is listed last by tools/list and answers tools/call (${era})`, async () => {
			const listed = await send(era, "tools/list");
			const names = listed.json.result.tools.map((tool: { name: string }) => tool.name);
			expect(names).toEqual(TOOLS.map((tool) => tool.name));
			expect(names.at(-1)).toBe(extraTool.name);
			const called = await send(era, "tools/call", { name: extraTool.name, arguments: { text: "hi" } });
			expect(called.json.result.structuredContent).toEqual({ echoed: "hi" });
			const refused = await send(era, "tools/call", { name: extraTool.name, arguments: { text: 5 } });
			expect(refused.json.result.isError).toBe(true);
		});
	}

	it("is named by Mcp-Name in 2026-07-28 like every tool", async () => {
		const body = {
			jsonrpc: "2.0",
			id: 1,
			method: "tools/call",
			params: { name: extraTool.name, arguments: { text: "hi" }, _meta: MODERN_META },
		};
		const wrong = await post(body, modernHeaders("tools/call", "get_source"));
		expect(wrong.status).toBe(400);
		expect(wrong.json.error.code).toBe(-32020);
	});

	it("is kept by name in the request log", () => {
		const line = JSON.parse(
			requestLogLine({
				facts: { method: "tools/call", tool: extraTool.name },
				messages: 1,
				status: 200,
				duration_ms: 0,
				rate_limit: "native",
				identity: "x",
			}),
		);
		expect(line.tool).toBe(extraTool.name);
	});
});

describe("the extra prompt", () => {
	for (const era of ERAS) {
		it(`is listed last by prompts/list and answers prompts/get (${era})`, async () => {
			const listed = await send(era, "prompts/list");
			const prompts = listed.json.result.prompts as { name: string; arguments: { name: string }[] }[];
			expect(prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
			expect(prompts.at(-1)?.arguments.map((a) => a.name)).toEqual(["subject"]);
			const got = await send(era, "prompts/get", { name: extraPrompt.name, arguments: { subject: "links" } });
			expect(got.json.result.messages[0].content.text).toBe("Tell me about links.");
			const completed = await send(era, "completion/complete", {
				ref: { type: "ref/prompt", name: extraPrompt.name },
				argument: { name: "subject", value: "li" },
			});
			expect(completed.json.result.completion.values).toEqual([]);
		});
	}
});

describe("the extra method", () => {
	for (const era of ERAS) {
		it(`is dispatched, and named among the methods when one is not found (${era})`, async () => {
			const answered = await send(era, extraMethod.method, { name: "x" });
			expect(answered.status, answered.text).toBe(200);
			expect(answered.json.result).toMatchObject({ echoed: "x" });
			const unknown = await send(era, "extras/nothing");
			expect(unknown.json.error.code).toBe(-32601);
			expect(unknown.json.error.message).toContain(extraMethod.method);
		});
	}

	it("is held to its Mcp-Name in 2026-07-28, as its table entry names it", async () => {
		const body = {
			jsonrpc: "2.0",
			id: 1,
			method: extraMethod.method,
			params: { name: "x", _meta: MODERN_META },
		};
		for (const name of [undefined, "y"]) {
			const answer = await post(body, modernHeaders(extraMethod.method, name));
			expect(answer.status, String(name)).toBe(400);
			expect(answer.json.error.code).toBe(-32020);
		}
		expect((await post(body, modernHeaders(extraMethod.method, "x"))).status).toBe(200);
	});
});

describe("what the server says about itself", () => {
	it("names the extra tool and prompt in the instructions of initialize and server/discover", async () => {
		const initialize = await legacy("initialize", {
			protocolVersion: "2025-11-25",
			capabilities: {},
			clientInfo: { name: "t", version: "1" },
		});
		const discover = await modern("server/discover");
		for (const instructions of [initialize.json.result.instructions, discover.json.result.instructions]) {
			expect(instructions).toBe(INSTRUCTIONS);
			expect(instructions).toMatch(new RegExp(`follow a hit with [^.]*\\b${extraTool.name}\\b`));
			expect(instructions).toMatch(new RegExp(`\\b${extraPrompt.name}\\b`));
		}
	});

	it("keeps the Server Card to identity, transport and versions: no primitive for a new one to leave out", async () => {
		const response = await exports.default.fetch(pageRequest(`https://base2026.dev${SERVER_CARD_PATH}`));
		const card = await response.text();
		expect(response.status).toBe(200);
		expect(JSON.parse(card).remotes[0].supportedProtocolVersions).toEqual([...SUPPORTED_VERSIONS]);
		for (const name of [extraTool.name, extraPrompt.name, extraMethod.method, "search_sources", "tools/call"])
			expect(card).not.toContain(name);
	});
});

describe("the docs", () => {
	it("would list the extras where README.md and docs/contract.md list tools, prompts and methods (npm run docs -- generate)", () => {
		for (const key of ["readme-tools-table", "contract-tools-table"])
			expect(DOC_FACTS[key], key).toMatch(new RegExp(`^\\| \`${extraTool.name}\` +\\|`, "m"));
		for (const key of ["readme-prompts-list", "contract-prompts-table"])
			expect(DOC_FACTS[key], key).toContain(`\`${extraPrompt.name}\``);
		for (const key of ["methods-modern", "methods-legacy", "mcp-name-rule"])
			expect(DOC_FACTS[key], key).toContain(`\`${extraMethod.method}\``);
	});
});

describe("the guide", () => {
	it("has a section for the extra tool and prompt and lists the extra method, in both languages", async () => {
		for (const path of ["/en/mcp", "/es/mcp"]) {
			const html = await page(path);
			expect(html).toMatch(new RegExp(`<article class="tool" id="tool-${extraTool.name}"`));
			expect(html).toMatch(new RegExp(`<article class="prompt" id="prompt-${extraPrompt.name}"`));
			expect(html).toContain(`<code>${extraMethod.method}</code>`);
			expect(html).toContain(extraTool.description);
		}
	});

	it("offers the extras in the live explorer: a choice, its form, and the target the script sends", async () => {
		const { ids, data } = EXPLORER_DOM;
		for (const path of ["/en/mcp", "/es/mcp"]) {
			const html = await page(path);
			const form = html.slice(html.indexOf(`<form id="${ids.form}"`), html.indexOf("</form>"));
			for (const key of [
				`tools/call:${extraTool.name}`,
				`prompts/get:${extraPrompt.name}`,
				extraMethod.method,
			]) {
				expect(form, key).toContain(`<option value="${key}"`);
				expect(form, key).toContain(` data-${data.target}="${key}"`);
			}
			expect(form).toContain(`id="arg-${extraTool.name}-text"`);
			expect(form).toMatch(/id="arg-prompt-extra_ask-subject"[^>]* value="AI Overviews"/);
			expect(form).toMatch(/id="arg-extras-echo-name"[^>]* value="extra"/);
			expect(explorerConfig(html).targets).toMatchObject({
				[`tools/call:${extraTool.name}`]: { method: "tools/call", nameParam: "name", name: extraTool.name },
				[`prompts/get:${extraPrompt.name}`]: {
					method: "prompts/get",
					nameParam: "name",
					name: extraPrompt.name,
				},
				[extraMethod.method]: { method: extraMethod.method, nameParam: "name" },
			});
		}
	});

	it("shows the extras' words in English on the Spanish page, marked so, and names each as not rendered", async () => {
		const html = await page("/es/mcp");
		for (const text of [extraTool.title, extraTool.description, extraPrompt.title, extraPrompt.description])
			expect(html).toContain(`<span lang="en">${text}</span>`);
		expect(html).toContain(`<option value="${extraMethod.method}" lang="en">`);
		// And the rest of the page stays Spanish: only the extras' own words are marked English.
		expect(html).toMatch(/^<!doctype html><html lang="es">/);
		const article = html.slice(html.indexOf(`id="tool-${extraTool.name}"`));
		expect(article.slice(0, article.indexOf("</article>"))).toContain("Argumentos");
		expect(staleRenderings(AGENT_TEXT, SPANISH_AGENT_TEXT)).toEqual([
			`tools.${extraTool.name}: no rendering`,
			`prompts.${extraPrompt.name}: no rendering`,
			`methods.${extraMethod.method}: no rendering`,
		]);
	});
});
