/**
 * A search's database time is charged before it runs (COSTLY_REQUEST, src/search/plan/cost.ts): its
 * predicted D1 time is charged at admission, so whatever pattern one identity sends in (one at a
 * time, sixty at once, batches), what it is admitted to run in a window is bounded by the budget; a
 * batch's cheap elements buy nothing for its costly ones; what the database then took past the
 * prediction is settled in the window the request was admitted in, never a later one.
 *
 * On the sample no word crowds the index, so the words of the costly shape here are made to crowd
 * it the way a refresh of a million sources would record them: search_term_projection rows (the
 * isolate's copy reads them), the only thing changed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { forgetProjectionCopy, projectionCopy } from "../../../src/data/projection-copy";
import {
	admissionUnits,
	BOUNDED_READ_MS,
	COSTLY_REQUEST,
	MAX_BATCH_MESSAGES,
	RATE_LIMIT,
	settlementUnits,
} from "../../../src/limits";
import { predictWith } from "../../../src/search/plan/cost";
import { vocabularyOf } from "../../../src/search/vocabulary/vocabulary";
import { DO_PATH, fetchWith, left, searchRequest } from "../../support/workers/budget";
import { crowdTheIndex } from "../../support/workers/crowded-words";
import { ENDPOINT, inOneWindow, MODERN_META } from "../../support/workers/mcp";

/** Crowding words as the refresh of a collection of a million sources (what one database holds) counts them: held by most. */
const CROWDED = { ai: 600_000, search: 550_000, seo: 580_000, content: 570_000 };
const COSTLY_QUERY = '"ai search" "seo content"';
const ORDINARY_QUERY = "quokka";

let addressCounter = 0;
/** A documentation-range address (RFC 5737, TEST-NET-2) no other test uses. */
const uniqueIp = () => `198.51.100.${++addressCounter}`;

const searchMessage = (
	query: string,
	id = 1,
	meta = true,
	page: { offset?: number; limit?: number } = {},
) => ({
	jsonrpc: "2.0",
	id,
	method: "tools/call",
	params: { name: "search_sources", arguments: { query, ...page }, ...(meta ? { _meta: MODERN_META } : {}) },
});

const search = searchRequest;

/** A 2025-03-26 batch (no MCP-Protocol-Version header). */
const batch = (ip: string, messages: unknown[]) =>
	new Request(ENDPOINT, {
		method: "POST",
		headers: { "content-type": "application/json", "cf-connecting-ip": ip },
		body: JSON.stringify(messages),
	});

const ping = (id = 1) => ({ jsonrpc: "2.0", id, method: "ping" });

/** What the costly shape is predicted to cost, from the isolate's own copy. */
async function costlyUnits(): Promise<number> {
	const copy = await projectionCopy(env.DB);
	if (copy === null) throw new Error("the isolate's copy did not load");
	const ask = {
		query: COSTLY_QUERY,
		filters: { creatorHandleKey: null, topicId: null, platform: null },
		limit: 5,
		offset: 0,
	};
	return admissionUnits(predictWith(ask, vocabularyOf(copy)));
}

crowdTheIndex(CROWDED);

describe("a search's database time, charged before it runs", () => {
	it("admits one unit per message and one more per step of predicted time past the free time; settles the rest", () => {
		const { freeMs, msPerUnit, maxUnits } = COSTLY_REQUEST;
		expect(admissionUnits(0)).toBe(1);
		expect(admissionUnits(freeMs)).toBe(1);
		expect(admissionUnits(freeMs + 1)).toBe(2);
		expect(admissionUnits(freeMs + 3 * msPerUnit)).toBe(4);
		// No unit buys more than freeMs of predicted time: a window's admitted work is bounded.
		for (const ms of [1, 99, 100, 101, 250, 1_000, 1_500])
			expect(ms / admissionUnits(ms)).toBeLessThanOrEqual(freeMs);
		// Settled: time past the prediction (past freeMs, once a request), at most maxUnits a message.
		const nothing = { ms: 0, gated: false };
		const searchOf = (ms: number) => ({ ms, gated: true });
		expect(settlementUnits(90, [nothing])).toBe(0);
		expect(settlementUnits(freeMs + msPerUnit, [nothing])).toBe(1);
		expect(settlementUnits(400, [searchOf(300)])).toBe(Math.ceil(100 / msPerUnit));
		expect(settlementUnits(60_000, [nothing])).toBe(maxUnits);
		// A batch's cheap elements buy nothing: ten pings beside one search add no allowance.
		expect(settlementUnits(freeMs + 10 * msPerUnit, [...Array(10).fill(nothing), searchOf(5)])).toBe(10);
		// Each search is allowed its prediction, or freeMs: three of 110 ms are 30 ms past theirs.
		expect(settlementUnits(3 * (freeMs + 10), [searchOf(5), searchOf(5), searchOf(5)])).toBe(2);
		// A bounded read is allowed its own prediction, not a search's: twenty of them, freeMs together.
		const bounded = { ms: BOUNDED_READ_MS, gated: false };
		expect(settlementUnits(freeMs + msPerUnit, Array(20).fill(bounded))).toBe(1);
	});

	it("predicts the costly shape above the free time and an ordinary search within it", async () => {
		expect(await costlyUnits()).toBeGreaterThan(2);
		const copy = await projectionCopy(env.DB);
		const ask = {
			query: ORDINARY_QUERY,
			filters: { creatorHandleKey: null, topicId: null, platform: null },
			limit: 5,
			offset: 0,
		};
		if (copy === null) throw new Error("the isolate's copy did not load");
		expect(predictWith(ask, vocabularyOf(copy))).toBeLessThanOrEqual(COSTLY_REQUEST.freeMs);
	});

	for (const [path, overrides] of [
		["native binding", {}],
		["Durable Object", DO_PATH],
	] as const) {
		it(`charges the prediction at admission on the ${path}`, { timeout: 60_000 }, async () => {
			await inOneWindow(20_000);
			const units = await costlyUnits();
			const ip = uniqueIp();
			expect((await fetchWith(overrides, search(ip, COSTLY_QUERY))).status).toBe(200);
			expect(await left(overrides, ip)).toBe(RATE_LIMIT.requests - units);
		});
	}

	for (const [path, overrides, exact] of [
		["Durable Object", DO_PATH, true],
		["native binding", {}, false],
	] as const) {
		it(`admits sixty costly searches sent at once only as far as the budget pays (${path})`, {
			timeout: 60_000,
		}, async () => {
			await inOneWindow(30_000);
			const units = await costlyUnits();
			const ip = uniqueIp();
			const answers = await Promise.all(
				Array.from({ length: 60 }, () => fetchWith(overrides, search(ip, COSTLY_QUERY))),
			);
			const admitted = answers.filter((a) => a.status === 200).length;
			const refused = answers.filter((a) => a.status === 429);
			expect(refused.length).toBe(60 - admitted);
			expect(refused[0]?.body).toContain(`charged ${units}`);
			// The object checks and adds each charge whole; the binding has no weight (docs/rate-limits.md).
			if (exact) expect(admitted).toBe(Math.floor(RATE_LIMIT.requests / units));
			else expect(admitted * units).toBeLessThanOrEqual(RATE_LIMIT.requests);
		});
	}

	it("refuses a batch whose predicted time is more than a window admits, counting only its messages", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow(20_000);
		const units = await costlyUnits();
		const length = Math.min(MAX_BATCH_MESSAGES, Math.ceil((RATE_LIMIT.requests + 1) / units));
		const ip = uniqueIp();
		const messages = Array.from({ length }, (_, i) => searchMessage(COSTLY_QUERY, i + 1, false));
		const refused = await fetchWith(DO_PATH, batch(ip, messages));
		expect(refused.status).toBe(429);
		expect(refused.body).toContain("Too costly for one request");
		// Nothing ran; its messages count, so that sending it again soon meets a spent window, refused unplanned.
		expect(await left(DO_PATH, ip)).toBe(RATE_LIMIT.requests - length);
	});

	it("gives a batch's pings no allowance for its searches: each message is charged its own prediction", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow(20_000);
		const units = await costlyUnits();
		const ip = uniqueIp();
		const messages = [
			...Array.from({ length: 10 }, (_, i) => ping(i + 1)),
			searchMessage(COSTLY_QUERY, 11, false),
			searchMessage(COSTLY_QUERY, 12, false),
		];
		expect((await fetchWith(DO_PATH, batch(ip, messages))).status).toBe(200);
		expect(await left(DO_PATH, ip)).toBe(RATE_LIMIT.requests - 10 - 2 * units);
	});

	it("settles in the window the request was admitted in, and drops a charge whose window has closed", async () => {
		const period = RATE_LIMIT.periodSeconds * 1000;
		const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`ip4:${uniqueIp()}`));
		const start = Math.floor(Date.now() / period) * period;
		expect((await stub.admit(RATE_LIMIT.requests, period, start + 10)).count).toBe(1);
		// Admitted in the window before the current one: nothing is charged to the current one.
		expect(await stub.charge(RATE_LIMIT.requests, period, 5, start + period + 10, start + 10)).toBe(0);
		expect((await stub.admit(RATE_LIMIT.requests, period, start + period + 20)).count).toBe(1);
		// Admitted in the current window: charged there.
		expect(await stub.charge(RATE_LIMIT.requests, period, 5, start + period + 30, start + period + 20)).toBe(
			6,
		);
	});

	it("keeps an identity that waits for each ordinary search at the full budget", {
		timeout: 120_000,
	}, async () => {
		await inOneWindow(40_000);
		const ip = uniqueIp();
		let admitted = 0;
		while (
			admitted <= RATE_LIMIT.requests &&
			(await fetchWith(DO_PATH, search(ip, ORDINARY_QUERY))).status === 200
		)
			admitted++;
		expect(admitted).toBe(RATE_LIMIT.requests);
	});

	it("predicts as much in an isolate that has loaded no copy yet: a costly batch sent first after a restart is refused", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow(20_000);
		// The hostile pass's batch: twenty quoted pairs of common words at a deep page, refused warm.
		const deep = { offset: 980, limit: 20 };
		const messages = Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) =>
			searchMessage(COSTLY_QUERY, i + 1, false, deep),
		);
		const warm = await fetchWith(DO_PATH, batch(uniqueIp(), messages));
		expect(warm.status).toBe(429);
		// A restart: the isolate holds no copy of the crowded words until a request loads one.
		forgetProjectionCopy();
		const ip = uniqueIp();
		const cold = await fetchWith(DO_PATH, batch(ip, messages));
		expect(cold.status, "a cold isolate admitted the batch").toBe(429);
		expect(cold.body).toContain("Too costly for one request");
		// Nothing ran; its messages, not its units, were counted.
		expect(await left(DO_PATH, ip)).toBe(RATE_LIMIT.requests - MAX_BATCH_MESSAGES);
	});

	it("charges an ordinary search sent first after a restart its one unit", { timeout: 30_000 }, async () => {
		await inOneWindow(20_000);
		forgetProjectionCopy();
		const ip = uniqueIp();
		expect((await fetchWith(DO_PATH, search(ip, ORDINARY_QUERY))).status).toBe(200);
		expect(await left(DO_PATH, ip)).toBe(RATE_LIMIT.requests - 1);
	});
});
