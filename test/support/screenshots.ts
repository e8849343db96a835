/// <reference lib="dom" />
/**
 * The README's pictures: docs/ when UPDATE_SCREENSHOTS=1, else test-results/ so ordinary runs leave the
 * tree clean.
 */
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { REPO_ROOT } from "../../scripts/lib/dev-server";

export const screenshotPath = (name: string) =>
	resolve(REPO_ROOT, process.env.UPDATE_SCREENSHOTS === "1" ? "docs" : "test-results", name);

/**
 * The top of the guide down to the explorer with a real answer (the tool reference below it is long
 * and would only make the image heavy).
 */
export async function guideScreenshot(page: Page, name: string): Promise<void> {
	const bottom = await page.evaluate(
		() => (document.querySelector("section.explorer")?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
	);
	await page.screenshot({
		path: screenshotPath(name),
		fullPage: true,
		clip: { x: 0, y: 0, width: 1200, height: Math.ceil(bottom) + 24 },
	});
}
