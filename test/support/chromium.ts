/**
 * Headless Chromium for the browser tests: Debian's /usr/bin/chromium, driven by playwright-core
 * (which never downloads a browser here), started with the flags a closed network needs.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const CHROMIUM_ARGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--no-first-run",
];

export const launchChromium = (): Promise<Browser> =>
	chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });

/** A page at `url` that records every script or console error (a CSP violation logs one). */
export async function openPage(
	context: BrowserContext,
	url: string,
	width = 1200,
): Promise<{ page: Page; problems: string[]; status: number }> {
	const page = await context.newPage();
	await page.setViewportSize({ width, height: 900 });
	const problems: string[] = [];
	page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
	page.on("console", (message) => {
		if (message.type() === "error") problems.push(`console: ${message.text()}`);
	});
	const response = await page.goto(url);
	return { page, problems, status: response?.status() ?? 0 };
}
