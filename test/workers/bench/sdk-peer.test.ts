/**
 * The benchmark's SDK peer (scripts/bench/workers/sdk-peer.ts) feeds the official SDK zod schemas derived from our
 * tools' valibot schemas: its answers pass the SDK's output validation and equal our endpoint's, and
 * it enforces our argument bounds, so the benchmark compares two servers of the same tools.
 */
import { describe, expect, it } from "vitest";
import peer from "../../../scripts/bench/workers/sdk-peer";
import { SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX } from "../../../src/tools/search-sources";
import { type Json, modern, toolCallRequest } from "../../support/workers/mcp";

async function peerCall(name: string, args: Json): Promise<Json> {
	const response = await peer.fetch(toolCallRequest(name, args));
	expect(response.status).toBe(200);
	return (await response.json()) as Json;
}

const ours = async (name: string, args: Json) =>
	(await modern("tools/call", { name, arguments: args })).json.result;

describe("the SDK peer serves our tools through schemas derived from theirs", () => {
	it.each([
		["get_topic_signal", { topic_id: "ai-overviews" }],
		["get_topic", { topic_id: "ai-overviews" }],
		["search_sources", { query: "AI search", limit: SEARCH_LIMIT_MAX }],
		["search_sources", { query: "seo", platform: "tiktok", offset: 2 }],
	])("%s %j: the same structured answer as our endpoint", async (name, args) => {
		const expected = await ours(name, args);
		expect(expected.isError).toBeUndefined();
		const answer = await peerCall(name, args);
		expect(answer.result.isError).toBeUndefined();
		expect(answer.result.structuredContent).toEqual(expected.structuredContent);
	});

	it.each([
		["search_sources", { query: "seo", limit: SEARCH_LIMIT_MAX + 1 }],
		["search_sources", { query: "seo", offset: SEARCH_OFFSET_MAX + 1 }],
		["search_sources", { query: "seo", limit: 1.5 }],
		["search_sources", { query: "seo", unknown_argument: 1 }],
		["get_topic", { topic_id: "x".repeat(101) }],
	])("%s %j: refused by the schema, as our endpoint refuses it", async (name, args) => {
		expect((await ours(name, args)).isError).toBe(true);
		const answer = await peerCall(name, args);
		expect(answer.result.isError).toBe(true);
		// The SDK's own schema check refused it, not the answer function behind it.
		expect(answer.result.content[0].text).toMatch(/^Input validation error/);
	});
});
