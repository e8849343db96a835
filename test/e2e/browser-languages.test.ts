/**
 * The pages in both languages, used as a person uses them, in real headless Chromium (Debian's
 * /usr/bin/chromium driven by playwright-core) against the e2e `wrangler dev`: the language chosen by
 * the browser's header, by the address and by the switch; the recorded exchanges and session readable
 * with the endpoint unreachable; the live explorer answering in the page's language; keyboard-only
 * use; no console error; the quotation marks Chromium draws around quoted words, the page's own; and
 * axe-core (run in the page) finding no WCAG 2.2 A or AA violation on the
 * guide, a source page and the 404 page in either language. With UPDATE_SCREENSHOTS=1 it saves both
 * guides to docs/ (the README's pictures).
 */
/// <reference lib="dom" />
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FIXTURES } from "../../scripts/corpus/generate";
import { EXCHANGE_KEYS, SESSION_KEYS, SESSIONS } from "../../src/pages/guide/recordings";
import { EN } from "../../src/pages/text/en";
import { ES } from "../../src/pages/text/es";
import { launchChromium, openPage } from "../support/chromium";
import { guideScreenshot } from "../support/screenshots";

const origin = inject("origin");

/** axe-core's own bundle, injected into the page under test (the page's CSP is bypassed for it alone). */
const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags its rules. */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const TEXT = { en: EN, es: ES } as const;
type Lang = keyof typeof TEXT;
const LANGS: Lang[] = ["en", "es"];

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newContext(options: { locale?: string; bypassCSP?: boolean } = {}) {
	const context = await browser.newContext({ colorScheme: "light", deviceScaleFactor: 1, ...options });
	contexts.push(context);
	return context;
}

const open = (context: BrowserContext, path: string) => openPage(context, `${origin}${path}`);

const lang = (page: Page) => page.locator("html").getAttribute("lang");

/**
 * axe-core's WCAG A/AA violations on the page as it stands, with every <details> opened first, and how
 * many rules passed (a run that checked nothing would report no violation too).
 */
async function axeCheck(page: Page): Promise<{ violations: string[]; passed: number }> {
	await page.evaluate(() => {
		for (const details of Array.from(document.querySelectorAll("details"))) details.open = true;
	});
	await page.addScriptTag({ path: AXE_SOURCE });
	return page.evaluate(async (tags) => {
		type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
		const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
		const result = (await axe.run(document, { runOnly: { type: "tag", values: tags } })) as {
			violations: Violation[];
			passes: unknown[];
		};
		const where = (v: Violation) =>
			v.nodes
				.map((n) => n.target.join(" "))
				.slice(0, 3)
				.join(", ");
		return {
			violations: result.violations.map((v) => `${v.id} (${v.impact}): ${where(v)}`),
			passed: result.passes.length,
		};
	}, WCAG_AA);
}

beforeAll(async () => {
	browser = await launchChromium();
});

afterAll(async () => {
	for (const context of contexts) await context.close();
	await browser?.close();
});

describe("choosing the language", () => {
	it("follows the browser's language at /mcp, and each language's own address whatever the browser says", async () => {
		for (const [locale, expected] of [
			["es-ES", "es"],
			["es-MX", "es"],
			["en-US", "en"],
			["fr-FR", "en"],
		] as const) {
			const context = await newContext({ locale });
			const { page, problems } = await open(context, "/mcp");
			expect(await lang(page), locale).toBe(expected);
			expect(await page.locator("h2#connect").textContent()).toBe(TEXT[expected].guide.connect.title);
			for (const own of LANGS) {
				await page.goto(`${origin}/${own}/mcp`);
				expect(await lang(page)).toBe(own);
			}
			expect(problems).toEqual([]);
			await page.close();
		}
	});

	it("switches language with the visible switch, to the same page, by mouse and by keyboard", async () => {
		const context = await newContext({ locale: "en-US" });
		const { page, problems } = await open(context, "/mcp");
		await page
			.getByRole("navigation", { name: EN.chrome.languageNav })
			.getByRole("link", { name: "Español" })
			.click();
		await page.waitForURL(`${origin}/es/mcp`);
		expect(await lang(page)).toBe("es");
		expect(
			await page
				.getByRole("navigation", { name: ES.chrome.languageNav })
				.locator('[aria-current="page"]')
				.textContent(),
		).toBe("Español");
		// Back to English with the keyboard only: focus the switch's link, press Enter.
		const english = page.getByRole("link", { name: "English" });
		await english.focus();
		expect(await page.evaluate(() => document.activeElement?.getAttribute("hreflang"))).toBe("en");
		await page.keyboard.press("Enter");
		await page.waitForURL(`${origin}/en/mcp`);
		expect(await lang(page)).toBe("en");
		// A source page keeps the reader on the same source.
		const source = FIXTURES.manyPassagesSource.source_id;
		await page.goto(`${origin}/en/sources/${source}`);
		await page.getByRole("link", { name: "Español" }).click();
		await page.waitForURL(`${origin}/es/sources/${source}`);
		expect(await page.locator("h2#passages").textContent()).toBe(ES.sourcePage.passages);
		expect(problems).toEqual([]);
		await page.close();
	});
});

describe("the explorer's recorded and live modes", () => {
	for (const language of LANGS) {
		it(`reads every recorded exchange and both sessions with the endpoint unreachable (${language})`, async () => {
			const context = await newContext();
			const { page, problems } = await open(context, `/${language}/mcp`);
			// From here on the endpoint cannot be reached: every request to it fails at the network.
			await page.route("**/api/mcp", (route) => route.abort("connectionrefused"));
			for (const key of EXCHANGE_KEYS) {
				const details = page.locator(`#recorded-${key}`);
				await details.locator("summary").click();
				expect(await details.evaluate((el) => (el as HTMLDetailsElement).open), key).toBe(true);
				const blocks = await details.locator("pre").allTextContents();
				expect(blocks[0], key).toMatch(/^POST https?:\/\/\S+\/api\/mcp\n/);
				expect(blocks[1], key).toMatch(/^HTTP \d{3}\n/);
			}
			expect(await page.locator("#recorded-rate-limited pre").nth(1).textContent()).toMatch(/^HTTP 429\n/);
			// Each session: its steps and an answer whose every claim quotes once and links where its
			// words came from (a source page and the original, or the step and its recorded exchange).
			for (const session of SESSION_KEYS) {
				const section = page.locator(`section.session[aria-labelledby="session-${session}"]`);
				expect(await section.locator(".step").count(), session).toBe(SESSIONS[session].length);
				const claims = section.locator("ol.claims > li");
				expect(await claims.count(), session).toBeGreaterThan(0);
				for (const claim of await claims.all()) {
					expect(await claim.locator("q").count()).toBe(1);
					expect(await claim.locator("a").count()).toBe(2);
				}
			}
			// The live mode, meanwhile, says the request did not complete, in the page's language.
			await page.click("#explorer-send");
			const status = page.locator("#explorer-status");
			await expect.poll(() => status.getAttribute("data-outcome"), { timeout: 15_000 }).toBe("network-error");
			const failed = TEXT[language].explorer.script.failed.split("{")[0] ?? "";
			expect(await status.textContent()).toContain(failed);
			// A failed fetch logs a console error in Chromium; nothing else may.
			expect(problems.filter((p) => !p.includes("net::ERR_CONNECTION_REFUSED"))).toEqual([]);
			await page.close();
		});

		it(`sends a live search and reports it in the page's language (${language})`, async () => {
			const context = await newContext();
			const { page, problems } = await open(context, `/${language}/mcp`);
			await page.selectOption("#explorer-method", "tools/call:search_sources");
			await page.fill("#arg-search_sources-query", "AI search");
			await page.click("#explorer-send");
			const status = page.locator("#explorer-status");
			await expect.poll(() => status.getAttribute("data-outcome"), { timeout: 15_000 }).toBe("result");
			const words = TEXT[language].explorer.script;
			expect(await status.textContent()).toBe(`HTTP 200 · ${words.result} ${words.withStructured}`);
			// The answer itself is the server's, in English, marked as such.
			expect(await page.locator("#explorer-response").getAttribute("lang")).toBe("en");
			// A Spanish question, from its example button: read as the English terms it stands for.
			await page
				.getByRole("button", { name: TEXT[language].explorer.examples.search("búsqueda con IA") })
				.click();
			await expect.poll(() => page.locator("#explorer-request").textContent()).toContain("búsqueda con IA");
			await expect.poll(() => status.getAttribute("data-outcome"), { timeout: 15_000 }).toBe("result");
			const shown = (await page.locator("#explorer-response").textContent()) ?? "";
			const reply = JSON.parse(shown.slice(shown.indexOf("\n\n") + 2));
			expect(reply.result.structuredContent.interpreted_as.map((t: { term: string }) => t.term)).toEqual([
				"AI",
				"search",
			]);
			expect(reply.result.structuredContent.results.length).toBeGreaterThan(0);
			if (language === "es") await guideScreenshot(page, "guide-es.png");
			expect(problems).toEqual([]);
			await page.close();
		});
	}

	it("can be used from the keyboard alone: open a recording, then send a request", async () => {
		const context = await newContext();
		const { page } = await open(context, "/es/mcp");
		await page.locator("#recorded-search summary").focus();
		await page.keyboard.press("Enter");
		expect(await page.locator("#recorded-search").evaluate((el) => (el as HTMLDetailsElement).open)).toBe(
			true,
		);
		await page.focus("#arg-search_sources-query");
		await page.keyboard.press("ControlOrMeta+a");
		await page.keyboard.type("búsqueda con IA");
		await page.keyboard.press("Enter");
		const status = page.locator("#explorer-status");
		await expect
			.poll(() => status.getAttribute("data-outcome"), { timeout: 15_000 })
			.not.toMatch(/^(pending)?$/);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("arg-search_sources-query");
		await page.close();
	});
});

describe("the quotation marks Chromium draws around quoted words", () => {
	/** Each <q>'s generated content and the quotes it takes them from, as Chromium computes them. */
	const marks = (page: Page) =>
		page.evaluate(() =>
			Array.from(document.querySelectorAll("q")).map((q) => ({
				before: getComputedStyle(q, "::before").content,
				after: getComputedStyle(q, "::after").content,
				quotes: getComputedStyle(q).quotes,
			})),
		);

	it("are the page's own around a creator's English words: «» in Spanish, the language's own (“”) in English", async () => {
		const context = await newContext();
		// "auto": Chromium draws the marks of the element's own language, English's for <q lang="en">.
		for (const [language, quotes] of [
			["es", '"«" "»" "“" "”"'],
			["en", "auto"],
		] as const) {
			const { page, problems } = await open(context, `/${language}/mcp`);
			expect(await page.locator('q[lang="en"]').count()).toBeGreaterThan(3);
			const drawn = await marks(page);
			expect(drawn.length).toBe(await page.locator("q").count());
			for (const mark of drawn)
				expect(mark, language).toEqual({ before: "open-quote", after: "close-quote", quotes });
			expect(problems).toEqual([]);
			await page.close();
		}
	});
});

describe("accessibility, checked by axe-core", () => {
	const pages = (language: Lang) => [
		`/${language}/mcp`,
		`/${language}/sources/${FIXTURES.manyPassagesSource.source_id}`,
		`/${language}/sources/src_doesnotexist`,
	];
	for (const language of LANGS) {
		it(`finds no WCAG 2.2 A or AA violation on the guide, a source page and the 404 (${language})`, async () => {
			const context = await newContext({ bypassCSP: true });
			for (const path of pages(language)) {
				const { page, problems, status } = await open(context, path);
				expect([200, 404]).toContain(status);
				expect(await lang(page)).toBe(language);
				const { violations, passed } = await axeCheck(page);
				expect(violations, path).toEqual([]);
				expect(passed, path).toBeGreaterThan(15);
				// Chromium logs the document's own 404 as a failed load; nothing else may be logged.
				const unexpected = status === 404 ? problems.filter((p) => !p.includes("status of 404")) : problems;
				expect(unexpected, path).toEqual([]);
				await page.close();
			}
		});
	}
});
