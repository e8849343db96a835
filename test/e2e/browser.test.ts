/**
 * The human pages in real headless Chromium (Debian's /usr/bin/chromium driven by playwright-core;
 * Playwright never downloads a browser here) against the e2e `wrangler dev`: the guide renders the
 * registry's tools, the explorer sends real requests and shows results and structured errors, source
 * pages open from search hits, non-public sources are 404, and the pages hold up at phone width and
 * for keyboard and screen-reader users. Saves screenshots of the guide and a source page to
 * test-results/, or to docs/ (the README's pictures) when UPDATE_SCREENSHOTS=1.
 */
// Some checks run inside the page (page.evaluate), so this file needs the DOM types.
/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FIXTURES } from "../../scripts/corpus/generate";
import { launchChromium, openPage as openInContext } from "../support/chromium";
import { TOOL_NAMES } from "../support/registry";
import { guideScreenshot, screenshotPath } from "../support/screenshots";

const origin = inject("origin");
const mcpUrl = inject("mcpUrl");

interface ToolInfo {
	name: string;
	title: string;
	inputSchema: { properties?: Record<string, unknown>; required?: string[] };
}

interface SearchHit {
	source_id: string;
	title: string;
	original_url: string;
	source_page_url: string;
}

/** Said when a test finds no data: the e2e server must hold the generated sample corpus. */
const NEEDS_CORPUS =
	"the e2e database holds no corpus: test/e2e/global-setup.ts must import the generated sample";

let browser: Browser;
let context: BrowserContext;
/** tools/list as the server sends it: TOOL_DESCRIPTORS, in order. */
let tools: ToolInfo[];

async function listTools(): Promise<ToolInfo[]> {
	const meta = {
		"io.modelcontextprotocol/protocolVersion": "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": {},
	};
	const response = await fetch(mcpUrl, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"mcp-protocol-version": "2026-07-28",
			"mcp-method": "tools/list",
		},
		body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } }),
	});
	const body = (await response.json()) as { result: { tools: ToolInfo[] } };
	return body.result.tools;
}

/** A page of the e2e server that records every script or console error. */
const openPage = (path: string, width = 1200) => openInContext(context, `${origin}${path}`, width);

/** Waits for the explorer's answer and returns the status line, the request and the parsed response. */
async function explorerAnswer(page: Page) {
	const status = page.locator("#explorer-status");
	await expect
		.poll(() => status.getAttribute("data-outcome"), { timeout: 15_000 })
		.not.toMatch(/^(pending)?$/);
	const responseText = (await page.locator("#explorer-response").textContent()) ?? "";
	const split = responseText.indexOf("\n\n");
	return {
		outcome: await status.getAttribute("data-outcome"),
		status: (await status.textContent()) ?? "",
		request: (await page.locator("#explorer-request").textContent()) ?? "",
		head: responseText.slice(0, split),
		json: JSON.parse(responseText.slice(split + 2)) as Record<string, any>,
	};
}

async function runSearch(page: Page, query: string) {
	await page.selectOption("#explorer-method", "tools/call:search_sources");
	await page.fill("#arg-search_sources-query", query);
	await page.click("#explorer-send");
	return explorerAnswer(page);
}

beforeAll(async () => {
	browser = await launchChromium();
	context = await browser.newContext({ colorScheme: "light", deviceScaleFactor: 1 });
	tools = await listTools();
});

afterAll(async () => {
	await browser?.close();
});

describe("the guide at /mcp", () => {
	it("renders each tool of the registry, in order, with every argument", async () => {
		const { page, problems, status } = await openPage("/mcp");
		expect(status).toBe(200);
		expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
		const rendered = await page.locator("article.tool").evaluateAll((els) => els.map((el) => el.id));
		expect(rendered).toEqual(tools.map((tool) => `tool-${tool.name}`));
		for (const tool of tools) {
			const section = page.locator(`#tool-${tool.name}`);
			await expect.poll(() => section.locator("h3").textContent()).toBe(`${tool.name} · ${tool.title}`);
			for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
				const item = section.locator(`li[data-arg="${name}"]`);
				expect(await item.count()).toBe(1);
				const required = (tool.inputSchema.required ?? []).includes(name);
				expect(await item.textContent()).toContain(required ? "required" : "optional");
			}
			expect(await page.locator(`#explorer-method option[value="tools/call:${tool.name}"]`).count()).toBe(1);
		}
		expect(await page.locator("h1").count()).toBe(1);
		expect(await page.locator("html").getAttribute("lang")).toBe("en");
		const commands = (await page.locator("pre[data-copy]").allTextContents()).join("\n");
		expect(commands).toContain(`claude mcp add --transport http base2026 ${origin}/api/mcp`);
		expect(commands).toContain(`codex mcp add base2026 --url ${origin}/api/mcp`);
		expect(problems).toEqual([]);
		await page.close();
	});

	it("runs search_sources in the explorer and shows HTTP 200 with structuredContent", async () => {
		const { page, problems } = await openPage("/mcp");
		const answer = await runSearch(page, "AI search");
		expect(answer.outcome).toBe("result");
		expect(answer.status).toContain("HTTP 200");
		expect(answer.status).toContain("structuredContent");
		expect(answer.head).toMatch(/^HTTP 200/);
		expect(answer.request).toContain("MCP-Protocol-Version: 2026-07-28");
		expect(answer.request).toContain("Mcp-Method: tools/call");
		expect(answer.request).toContain("Mcp-Name: search_sources");
		expect(answer.request).toContain('"io.modelcontextprotocol/clientCapabilities": {}');
		const structured = answer.json.result.structuredContent;
		expect(structured.query).toBe("AI search");
		expect(structured.results.length, NEEDS_CORPUS).toBeGreaterThan(0);
		expect(structured.results[0].source_page_url.startsWith(`${origin}/sources/`)).toBe(true);
		await guideScreenshot(page, "guide.png");
		expect(problems).toEqual([]);
		await page.close();
	});

	it("shows structured errors: an oversized limit, an unknown topic, an empty query", async () => {
		const { page, problems } = await openPage("/mcp");
		const cases: [string, RegExp][] = [
			["Limit 50 (too large)", /limit is at most 20/],
			["Unknown topic", /No topic has the id "no-such-topic"/],
			["Empty query", /query must not be empty/],
		];
		for (const [example, message] of cases) {
			await page.getByRole("button", { name: example }).click();
			const answer = await explorerAnswer(page);
			expect(answer.outcome, example).toBe("tool-error");
			expect(answer.status).toContain("HTTP 200");
			expect(answer.status).toContain("isError: true");
			expect(answer.status).toMatch(message);
			expect(answer.json.result.isError).toBe(true);
			expect(answer.json.result.structuredContent).toBeUndefined();
			expect(answer.json.result.content[0].text).toMatch(message);
		}
		expect(problems).toEqual([]);
		await page.close();
	});

	it("reads a resource and gets a prompt from the explorer, with Mcp-Name carrying the URI or the prompt", async () => {
		const { page, problems } = await openPage("/mcp");
		await page.getByRole("button", { name: "Read a topic resource" }).click();
		const read = await explorerAnswer(page);
		expect(read.outcome).toBe("result");
		expect(read.status).toContain("HTTP 200");
		expect(read.status).toContain("text/markdown");
		expect(read.request).toContain("Mcp-Method: resources/read");
		expect(read.request).toContain("Mcp-Name: base2026://topics/ai-overviews");
		const contents = read.json.result.contents[0];
		expect(contents.uri).toBe("base2026://topics/ai-overviews");
		expect(contents.text).toContain("# AI Overviews (ai-overviews)");
		expect(contents.text).toContain(`${origin}/sources/`);
		expect(read.json.result.ttlMs).toBeGreaterThan(0);

		// A creator through the template, typed into the URI field.
		await page.selectOption("#explorer-method", "resources/read");
		await page.fill("#arg-resources-read-uri", "base2026://creators/GEO.with.Grace");
		await page.click("#explorer-send");
		const creator = await explorerAnswer(page);
		expect(creator.outcome).toBe("result");
		expect(creator.json.result.contents[0].text).toContain("@GEO.with.Grace");

		// An unknown URI is the modern era's not-found error.
		await page.fill("#arg-resources-read-uri", "base2026://sources/src_nothere1");
		await page.click("#explorer-send");
		const missing = await explorerAnswer(page);
		expect(missing.outcome).toBe("rpc-error");
		expect(missing.json.error).toMatchObject({
			code: -32602,
			data: { uri: "base2026://sources/src_nothere1" },
		});

		await page.getByRole("button", { name: "Prompt: research a topic" }).click();
		const prompt = await explorerAnswer(page);
		expect(prompt.outcome).toBe("result");
		expect(prompt.status).toContain("1 prompt message");
		expect(prompt.request).toContain("Mcp-Method: prompts/get");
		expect(prompt.request).toContain("Mcp-Name: research_topic");
		const message = prompt.json.result.messages[0];
		expect(message.role).toBe("user");
		expect(message.content.text).toContain("get_topic_signal");
		expect(message.content.text).toContain("source_page_url");

		await page.selectOption("#explorer-method", "prompts/get:check_claim");
		await page.fill("#arg-prompt-check_claim-claim", "Internal links help new pages rank");
		await page.click("#explorer-send");
		const claim = await explorerAnswer(page);
		expect(claim.json.result.messages[0].content.text).toContain("Internal links help new pages rank");
		expect(problems).toEqual([]);
		await page.close();
	});

	it("works from the keyboard: skip link, then a search sent with Enter", async () => {
		const { page } = await openPage("/mcp");
		await page.keyboard.press("Tab");
		expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip");
		await page.keyboard.press("Enter");
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
		await page.focus("#arg-search_sources-query");
		await page.keyboard.press("ControlOrMeta+a");
		await page.keyboard.type("schema markup");
		await page.keyboard.press("Enter");
		const answer = await explorerAnswer(page);
		expect(answer.outcome).toBe("result");
		expect(answer.json.result.structuredContent.query).toBe("schema markup");
		// Focus is still where the user left it.
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("arg-search_sources-query");
		await page.close();
	});

	it("gives every form control an accessible name and keeps the landmarks", async () => {
		const { page } = await openPage("/mcp");
		const cdp = await context.newCDPSession(page);
		const CONTROL_ROLES = new Set([
			"textbox",
			"combobox",
			"spinbutton",
			"button",
			"checkbox",
			"radio",
			"listbox",
		]);
		const unnamed = new Set<string>();
		const seen = new Set<string>();
		const options = await page
			.locator("#explorer-method option")
			.evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
		// Each choice reveals its own fieldset; check the controls of every one.
		for (const value of options) {
			await page.selectOption("#explorer-method", value);
			// Only the chosen tool's arguments are shown.
			const visible = await page
				.locator("fieldset[data-tool]")
				.evaluateAll((els) =>
					els
						.filter((el) => (el as HTMLElement).offsetParent !== null)
						.map((el) => (el as HTMLElement).dataset.tool),
				);
			expect(visible).toEqual(value.startsWith("tools/call:") ? [value.slice("tools/call:".length)] : []);
			const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
				nodes: {
					ignored: boolean;
					role?: { value: string };
					name?: { value: string };
					backendDOMNodeId?: number;
				}[];
			};
			for (const node of nodes) {
				const role = node.role?.value ?? "";
				if (node.ignored || !CONTROL_ROLES.has(role)) continue;
				seen.add(`${role}:${node.name?.value ?? ""}`);
				if (!node.name?.value.trim()) unnamed.add(`${role} #${node.backendDOMNodeId}`);
			}
		}
		expect([...unnamed]).toEqual([]);
		expect([...seen]).toContain("combobox:Request");
		expect([...seen]).toContain("textbox:query (required)");
		expect([...seen]).toContain("spinbutton:limit (optional)");
		expect([...seen]).toContain("button:Send");
		const labelled = await page
			.locator("input, select")
			.evaluateAll((els) => els.every((el) => (el as HTMLInputElement).labels?.length === 1));
		expect(labelled).toBe(true);
		const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
			nodes: { role?: { value: string } }[];
		};
		const roles = nodes.map((node) => node.role?.value);
		for (const landmark of ["banner", "navigation", "main", "contentinfo"]) expect(roles).toContain(landmark);
		expect(await page.locator("#explorer-status").getAttribute("aria-live")).toBe("polite");
		await page.close();
	});

	it("has text contrast of at least WCAG AA everywhere", async () => {
		for (const path of ["/mcp", `/sources/${FIXTURES.manyPassagesSource.source_id}`]) {
			const { page } = await openPage(path);
			const failures = await page.evaluate(contrastFailures);
			expect(failures, path).toEqual([]);
			await page.close();
		}
	});
});

describe("source pages", () => {
	it("opens a search hit's source_page_url and shows its passages", async () => {
		const { page: guide } = await openPage("/mcp");
		const answer = await runSearch(guide, "AI search");
		const hits = answer.json.result.structuredContent.results as SearchHit[];
		expect(hits.length, NEEDS_CORPUS).toBeGreaterThan(0);
		const hit = hits[0] as SearchHit;
		await guide.close();
		const { page, status, problems } = await openPage(new URL(hit.source_page_url).pathname);
		expect(status).toBe(200);
		expect(await page.locator("h1").textContent()).toBe(hit.title);
		const offsets = await page.locator(".passages .offset").allTextContents();
		expect(offsets.length).toBeGreaterThan(0);
		for (const offset of offsets) expect(offset).toMatch(/^\d\d:\d\d–\d\d:\d\d$/);
		const cite = (await page.locator("aside.callout").textContent()) ?? "";
		expect(cite).toContain(hit.original_url);
		expect(cite).toContain(hit.source_page_url);
		expect(problems).toEqual([]);
		await page.close();
	});

	it("shows at most 8 passages and 3 applied cards of a source that has more", async () => {
		const many = FIXTURES.manyPassagesSource;
		const { page, status } = await openPage(`/sources/${many.source_id}`);
		expect(status, NEEDS_CORPUS).toBe(200);
		expect(await page.locator(".passages li").count()).toBe(8);
		expect(await page.locator("#passages + .note").textContent()).toContain(
			`8 of ${many.passages} public passages`,
		);
		expect(await page.locator("article.card").count()).toBe(3);
		for (const card of many.draftCardIds) expect(await page.locator(`[id="${card}"]`).count()).toBe(0);
		await page.screenshot({ path: screenshotPath("source-page.png"), fullPage: true });
		await page.close();
	});

	it("is a 404 page for an unpublished or removed source", async () => {
		const hidden = FIXTURES.topics.llmCitations.hiddenSourceIds;
		expect(hidden.length).toBeGreaterThan(0);
		for (const id of [...hidden, "src_doesnotexist"]) {
			const { page, status } = await openPage(`/sources/${id}`);
			expect(status, id).toBe(404);
			expect(await page.locator("h1").textContent()).toBe("Source not found");
			expect(await page.locator("main code").first().textContent()).toBe(id);
			await page.close();
		}
	});
});

describe("at phone width (375 px)", () => {
	it("nothing scrolls sideways but code blocks, on the guide with an answer and on a source page", async () => {
		const { page } = await openPage("/mcp", 375);
		await runSearch(page, "AI search");
		await page.locator("#tool-search_sources details").evaluate((el) => {
			(el as HTMLDetailsElement).open = true;
		});
		expect(await page.evaluate(horizontalOverflow)).toEqual([]);
		await page.close();
		const { page: source } = await openPage(`/sources/${FIXTURES.manyPassagesSource.source_id}`, 375);
		expect(await source.evaluate(horizontalOverflow)).toEqual([]);
		await source.close();
	});
});

// ---------------------------------------------------------------------------------------------------
// Checks that run inside the page (serialised by Playwright: self-contained, no closures)

/** The page scrolls sideways, or an element other than a code block sticks out of the viewport. */
function horizontalOverflow(): string[] {
	const width = document.documentElement.clientWidth;
	const problems: string[] = [];
	if (document.documentElement.scrollWidth > width) {
		problems.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
	}
	for (const el of Array.from(document.querySelectorAll("body *"))) {
		if (el.closest("pre") || el.closest(".table-wrap") || el.closest(".skip")) continue;
		const rect = el.getBoundingClientRect();
		if (rect.width > 0 && rect.right > width + 1)
			problems.push(`${el.tagName.toLowerCase()}.${el.className} right ${rect.right}`);
	}
	return problems.slice(0, 10);
}

/** Text whose contrast with its background is under 4.5:1 (3:1 for large text). */
function contrastFailures(): string[] {
	const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
	const luminance = (rgb: number[]) => {
		const [r, g, b] = rgb.map((v) => {
			const c = v / 255;
			return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
		}) as [number, number, number];
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const background = (el: Element | null): number[] => {
		for (let e = el; e; e = e.parentElement) {
			const c = channels(getComputedStyle(e).backgroundColor);
			if (c.length === 3 || (c.length === 4 && (c[3] ?? 0) > 0)) return c.slice(0, 3);
		}
		return [255, 255, 255];
	};
	const failures: string[] = [];
	for (const el of Array.from(document.querySelectorAll("body *"))) {
		const hasText = Array.from(el.childNodes).some(
			(n) => n.nodeType === 3 && (n.textContent ?? "").trim() !== "",
		);
		if (!hasText || el.getClientRects().length === 0) continue;
		const style = getComputedStyle(el);
		if (style.visibility === "hidden") continue;
		const fg = luminance(channels(style.color).slice(0, 3));
		const bg = luminance(background(el));
		const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
		const size = Number.parseFloat(style.fontSize);
		const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
		if (ratio < (large ? 3 : 4.5))
			failures.push(
				`${el.tagName.toLowerCase()} "${(el.textContent ?? "").slice(0, 40)}" ${ratio.toFixed(2)}`,
			);
	}
	return failures;
}
