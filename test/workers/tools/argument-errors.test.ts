/**
 * Every argument error is in our own words, naming the argument and what it must be: a picklist
 * names every allowed value, and a value given in another case is answered with its right spelling.
 * `platform: "TikTok"` once answered `Invalid type: Expected ("tiktok" | …) but received "TikTok"`.
 */
import { describe, expect, it } from "vitest";
import { PROMPT_DESCRIPTORS } from "../../../src/prompts/registry";
import { TOOL_DESCRIPTORS } from "../../../src/tools/registry";
import { modern, modernHeaders } from "../../support/workers/mcp";
import { fails } from "../../support/workers/tool-helpers";

/** How a library's default message reads; none of it may reach a caller. */
const LIBRARY_WORDING = /Invalid (type|length|value|key|format)|Expected |but received|Received /;

const PLATFORMS = '"tiktok", "youtube_shorts", "instagram_reels"';

describe("argument errors in our own words", () => {
	it('platform "TikTok" is answered with its right spelling; an unknown one with every allowed value', async () => {
		for (const [platform, said] of [
			["TikTok", `must be one of ${PLATFORMS}, spelled exactly: send "tiktok", not "TikTok".`],
			[
				" YOUTUBE_SHORTS ",
				`must be one of ${PLATFORMS}, spelled exactly: send "youtube_shorts", not " YOUTUBE_SHORTS ".`,
			],
			["youtube", `must be one of ${PLATFORMS} (got "youtube").`],
			[7, `must be one of ${PLATFORMS} (got 7).`],
		] as const)
			expect(await fails("search_sources", { query: "seo", platform })).toBe(
				`Invalid arguments for search_sources: platform ${said}`,
			);
	});

	it("every argument of every tool, given a value of each wrong type, is named in our words", async () => {
		for (const tool of TOOL_DESCRIPTORS) {
			const properties = (tool.inputSchema as { properties: Record<string, { type?: string }> }).properties;
			for (const [name, schema] of Object.entries(properties)) {
				for (const wrong of [null, [], {}, true, schema.type === "string" ? 5 : "5"]) {
					const args: Record<string, unknown> = { query: "seo", [name]: wrong };
					if (tool.name !== "search_sources") delete args.query;
					const message = await fails(tool.name, args);
					expect(message, `${tool.name}.${name} = ${JSON.stringify(wrong)}`).toMatch(
						new RegExp(`^Invalid arguments for ${tool.name}: ${name} must be `),
					);
					expect(message, `${tool.name}.${name}`).not.toMatch(LIBRARY_WORDING);
				}
			}
		}
	});

	it("and every argument of every prompt", async () => {
		for (const prompt of PROMPT_DESCRIPTORS) {
			for (const { name } of prompt.arguments) {
				for (const wrong of [null, 5, [], {}]) {
					const args: Record<string, unknown> = {
						topic_id: "ai-overviews",
						claim: "Schema helps AI",
						handle: "x",
					};
					args[name] = wrong;
					const answer = await modern(
						"prompts/get",
						{ name: prompt.name, arguments: args },
						modernHeaders("prompts/get", prompt.name),
					);
					const message: string = answer.json.error?.message ?? "";
					expect(answer.json.error?.code, `${prompt.name}.${name}: ${answer.text}`).toBe(-32602);
					expect(message, `${prompt.name}.${name}`).toContain(`${name} must be a string (got `);
					expect(message, `${prompt.name}.${name}`).not.toMatch(LIBRARY_WORDING);
				}
			}
		}
	});

	it("numbers out of range and fractions say the bound", async () => {
		expect(await fails("search_sources", { query: "seo", limit: 1.5 })).toBe(
			"Invalid arguments for search_sources: limit must be a whole number.",
		);
		expect(await fails("search_sources", { query: "seo", offset: -1 })).toBe(
			"Invalid arguments for search_sources: offset must be 0 or more.",
		);
		expect(await fails("search_sources", { query: "seo", limit: "5" })).toBe(
			'Invalid arguments for search_sources: limit must be a number (got "5").',
		);
	});
});
