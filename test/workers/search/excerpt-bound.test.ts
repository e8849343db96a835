/**
 * An excerpt is at most EXCERPT_MAX_CHARS characters with its ellipses: wherever the hit is in a
 * passage of any length, and for every excerpt search_sources returns over the sample corpus.
 */
import { describe, expect, it } from "vitest";
import { EXCERPT_MAX_CHARS, excerptAt } from "../../../src/search/excerpts/excerpt";
import { callTool } from "../../support/workers/mcp";

const length = (text: string) => [...text].length;

describe("excerpt bound", () => {
	it("holds with one ellipsis, with two, and with astral characters", () => {
		const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron ";
		for (const size of [EXCERPT_MAX_CHARS, EXCERPT_MAX_CHARS + 1, EXCERPT_MAX_CHARS + 2, 400, 1200]) {
			for (const base of [words, "😀 a b ", "x"]) {
				const text = base.repeat(Math.ceil(size / base.length) + 1).slice(0, size);
				for (let hit = -1; hit < text.length; hit += 7) {
					const excerpt = excerptAt(text, hit);
					expect(length(excerpt), `size ${size}, hit ${hit}: ${excerpt}`).toBeLessThanOrEqual(
						EXCERPT_MAX_CHARS,
					);
					if (length(text) > EXCERPT_MAX_CHARS) expect(excerpt).toMatch(/…/);
				}
			}
		}
	});

	it("holds for the excerpts search returns", async () => {
		for (const query of ["search", "content", "AI", "links", "schema", "brand", "local"]) {
			for (const offset of [0, 20, 40]) {
				const result = await callTool("search_sources", { query, limit: 20, offset });
				for (const source of result.structuredContent.results)
					if (source.excerpt)
						expect(length(source.excerpt.text), source.excerpt.text).toBeLessThanOrEqual(EXCERPT_MAX_CHARS);
			}
		}
	});
});
