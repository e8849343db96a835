/**
 * What each request shape costs the database at the edge (test/support/d1-cost.ts counts round trips,
 * their depth, statements and rows read through the Worker's own D1 binding), held to the bounds of
 * scripts/bench/cost/cost-cases.ts. Each shape is sent once to warm the isolate's copies and the page
 * cache, then counted on the second send: what a steady stream of agents pays per call.
 * The shapes are held to the registries too: a tool or prompt without a counted shape fails here.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COST_CASES, type CostCase } from "../../../scripts/bench/cost/cost-cases";
import { toolCall } from "../../../scripts/bench/lib/requests";
import worker from "../../../src/index";
import { echoed } from "../../../src/text/one-line";
import { CostRecorder, type D1Cost } from "../../support/d1-cost";
import { PROMPT_NAMES, TOOL_NAMES } from "../../support/registry";
import { freshAddress } from "../../support/workers/mcp";

const ORIGIN = "https://base2026.dev";

async function send(c: CostCase, recorder: CostRecorder): Promise<{ status: number; text: string }> {
	const { request } = c;
	const init: RequestInit =
		request.method === "GET"
			? { method: "GET", headers: { "cf-connecting-ip": freshAddress() } }
			: {
					method: "POST",
					headers: { ...request.headers, "cf-connecting-ip": freshAddress() },
					body: request.body,
				};
	const ctx = createExecutionContext();
	const response = await worker.fetch(
		new Request(`${ORIGIN}${request.path}`, init) as never,
		{ ...env, DB: recorder.database(env.DB) },
		ctx,
	);
	const text = await response.text();
	await waitOnExecutionContext(ctx);
	return { status: response.status, text };
}

async function costOf(c: CostCase): Promise<{ cost: D1Cost; status: number }> {
	const recorder = new CostRecorder();
	await send(c, recorder);
	recorder.reset();
	const response = await send(c, recorder);
	return { cost: recorder.total(), status: response.status };
}

/** What a counted shape calls: the JSON-RPC method and, for tools/call and prompts/get, the name. */
function called(c: CostCase): { method: string; name?: string } {
	if (c.request.method !== "POST") return { method: c.request.method };
	const { method, params } = JSON.parse(c.request.body) as { method: string; params?: { name?: string } };
	return { method, name: params?.name };
}

describe("the counted shapes cover the registries", () => {
	const calls = COST_CASES().map(called);
	const named = (method: string) => new Set(calls.filter((c) => c.method === method).map((c) => c.name));

	it("every tool of the registry has a counted tools/call shape (a new tool needs its cost case)", () => {
		const counted = named("tools/call");
		const missing = TOOL_NAMES.filter((tool) => !counted.has(tool));
		expect(missing, "tools with no shape in scripts/bench/cost/cost-cases.ts").toEqual([]);
	});

	it("every prompt of the registry has a counted prompts/get shape", () => {
		const counted = named("prompts/get");
		const missing = PROMPT_NAMES.filter((prompt) => !counted.has(prompt));
		expect(missing, "prompts with no shape in scripts/bench/cost/cost-cases.ts").toEqual([]);
	});
});

describe("what a call costs the database", () => {
	const cases = COST_CASES();

	it.each(cases.map((c) => [c.label, c] as const))("%s stays within its round-trip bounds", async (_, c) => {
		const { cost, status } = await costOf(c);
		expect(status, c.label).toBe(200);
		expect(cost.depth, `${c.label}: ${JSON.stringify(cost)}`).toBeLessThanOrEqual(c.maxDepth);
		if (c.maxRoundTrips !== undefined) expect(cost.roundTrips, c.label).toBeLessThanOrEqual(c.maxRoundTrips);
	});

	it("counts what it claims: a search reads rows, in statements carried by round trips", async () => {
		const search = cases.find((c) => c.kind === "search");
		if (search === undefined) throw new Error("no search case");
		const { cost } = await costOf(search);
		expect(cost.roundTrips).toBeGreaterThan(0);
		expect(cost.statements).toBeGreaterThanOrEqual(cost.roundTrips);
		expect(cost.rowsRead).toBeGreaterThan(0);
	});

	it("sees depth: two reads where the second waits on the first are depth 2, a batch is depth 1", async () => {
		const recorder = new CostRecorder();
		const db = recorder.database(env.DB).withSession("first-unconstrained");
		await db.prepare("SELECT 1").first();
		await db.prepare("SELECT 2").all();
		expect(recorder.total()).toMatchObject({ roundTrips: 2, depth: 2, statements: 2 });
		recorder.reset();
		await Promise.all([
			db.prepare("SELECT 1").all(),
			db.batch([db.prepare("SELECT 2"), db.prepare("SELECT 3")]),
		]);
		expect(recorder.total()).toMatchObject({ roundTrips: 2, depth: 1, statements: 3 });
	});

	it("an empty filtered search names its filters and the closest topic ids without a read of its own", async () => {
		// The dearest heading a stranger can ask for: every filter, each as long as its schema allows,
		// the topic id unknown (compared with every topic) and holding a real one (so it is suggested).
		const topicId = `ai-overviews-${"x".repeat(87)}`;
		const handle = `@${"h".repeat(99)}`;
		const unknown: CostCase = {
			label: "search AI search on a topic id no topic has",
			kind: "search",
			request: toolCall("search unknown topic", "search_sources", {
				query: "AI search",
				topic_id: topicId,
				creator_handle: handle,
				platform: "youtube_shorts",
			}),
			maxDepth: 2,
		};
		const recorder = new CostRecorder();
		await send(unknown, recorder);
		recorder.reset();
		const answer = await send(unknown, recorder);
		expect(answer.status).toBe(200);
		const text: string = JSON.parse(answer.text).result.content[0].text;
		expect(text).toContain(
			`with creator_handle ${echoed(handle.toLowerCase())}, topic_id "${echoed(topicId)}"`,
		);
		expect(text).toContain("the closest: ai-overviews");
		expect(text.length).toBeLessThan(600);
		// The search statement, and its any-word fallback when every word together matched nothing.
		expect(recorder.total().depth).toBeLessThanOrEqual(unknown.maxDepth);
		for (const trip of recorder.trips)
			for (const sql of trip.sql) expect(sql, "a search statement").toContain("search_index MATCH");
	});

	it("a creator found reads the same rows however many other creators there are", async () => {
		const found = cases.find((c) => c.label === "get_creator");
		if (found === undefined) throw new Error("no get_creator case");
		const before = (await costOf(found)).cost.rowsRead;
		// Creators with no source: not public, but a scan of the creators table would read them.
		await env.DB.batch(
			Array.from({ length: 50 }, (_, i) =>
				env.DB.prepare(
					"INSERT INTO creators (creator_id, handle, handle_key, display_name, platform, profile_url, bio, updated_at) VALUES (?1, ?2, ?2, 'x', 'tiktok', 'https://example.com/', '', '2026-11-01T00:00:00Z')",
				).bind(`cr_costtest${i}`, `cost.test.${i}`),
			),
		);
		expect((await costOf(found)).cost.rowsRead).toBe(before);
	});
});
