/**
 * The guide's own data broken: a recorded-session answer citing a source the recording lacks (an
 * answer left over from a capture of another corpus). The guide must still be served, without the
 * broken session (the other session stays) and with a log line, never as a 500. A file of its own: each language's guide is
 * built once per module instance, so the data is broken here before this file's first page.
 */
import { exports } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { recordings } from "../../../src/pages/guide/recordings";
import { pageRequest } from "../../support/workers/mcp";

describe("a recorded-session answer that cites a source the recording lacks", () => {
	const errors = vi.spyOn(console, "error").mockImplementation(() => {});
	afterAll(() => errors.mockRestore());

	it("leaves that session out of /mcp, /en/mcp and /es/mcp, logs it once per language, and never answers 500", async () => {
		const { claims } = recordings().answers.sessions.covered;
		const [first] = claims;
		expect(first).toBeDefined();
		claims.push({ ...(first as (typeof claims)[number]), source_id: "src_notrecorded" });

		for (const path of ["/mcp", "/en/mcp", "/es/mcp", "/mcp"]) {
			const response = await exports.default.fetch(pageRequest(`https://base2026.dev${path}`));
			const html = await response.text();
			expect(response.status, path).toBe(200);
			expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
			expect(html).not.toContain('<section class="session" aria-labelledby="session-covered">');
			expect(html).not.toContain('href="#session-covered"');
			// The other session is still there, and the navigation leads to it.
			expect(html).toContain('<section class="session" aria-labelledby="session-uncovered">');
			expect(html).toContain('href="#session-uncovered"');
			// The rest of the guide is there, the recorded exchanges included.
			expect(html).toContain('<section aria-labelledby="connect">');
			expect(html).toContain('<details id="recorded-search" data-recorded="search">');
		}
		const logged = errors.mock.calls
			.map(([line]) => JSON.parse(String(line)) as Record<string, string>)
			.filter((line) => line.event === "guide_section_left_out");
		expect(logged.map((line) => [line.section, line.language]).sort()).toEqual([
			["session-covered", "en"],
			["session-covered", "es"],
		]);
		expect(logged[0]?.error).toContain("cites a source the recorded session did not return");
	});
});
