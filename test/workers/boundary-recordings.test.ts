/**
 * The guide's own data broken: a recorded-session answer citing a source the recording lacks (an
 * answer left over from a capture of another corpus). The guide must still be served, without the
 * broken section and with a log line, never as a 500. A file of its own: each language's guide is
 * built once per module instance, so the data is broken here before this file's first page.
 */
import { exports } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { recordings } from "../../src/pages/guide/recordings";
import { pageRequest } from "./mcp";

describe("a recorded-session answer that cites a source the recording lacks", () => {
	const errors = vi.spyOn(console, "error").mockImplementation(() => {});
	afterAll(() => errors.mockRestore());

	it("leaves the session out of /mcp, /en/mcp and /es/mcp, logs it once per language, and never answers 500", async () => {
		const { answer } = recordings();
		const [first] = answer.claims;
		expect(first).toBeDefined();
		answer.claims.push({ ...(first as (typeof answer.claims)[number]), source_id: "src_notrecorded" });

		for (const path of ["/mcp", "/en/mcp", "/es/mcp", "/mcp"]) {
			const response = await exports.default.fetch(pageRequest(`https://base2026.dev${path}`));
			const html = await response.text();
			expect(response.status, path).toBe(200);
			expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
			expect(html).not.toContain('<section class="session"');
			expect(html).not.toContain('href="#session"');
			// The rest of the guide is there, the recorded exchanges included.
			expect(html).toContain('<section aria-labelledby="connect">');
			expect(html).toContain('<details id="recorded-search" data-recorded="search">');
		}
		const logged = errors.mock.calls
			.map(([line]) => JSON.parse(String(line)) as Record<string, string>)
			.filter((line) => line.event === "guide_section_left_out");
		expect(logged.map((line) => [line.section, line.language]).sort()).toEqual([
			["session", "en"],
			["session", "es"],
		]);
		expect(logged[0]?.error).toContain("cites a source the recorded session did not return");
	});
});
