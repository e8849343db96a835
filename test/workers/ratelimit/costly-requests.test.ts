/**
 * A request that keeps the database busy past what it was predicted to cost (admission-cost.test.ts beside this file)
 * costs its caller more of the budget: one more message for every COSTLY_REQUEST.msPerUnit of D1
 * time past its allowance, settled once it has been answered, on both limiter paths. D1's time is measured on D1's own clock (meta.duration); on the
 * sample nothing takes that long, so the slow database here is the real D1 whose results report
 * more time (the only thing changed: every row is the database's own).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { timedDb } from "../../../src/http/d1-clock";
import { COSTLY_REQUEST, RATE_LIMIT, settlementUnits } from "../../../src/limits";
import { left, type Overrides, searchRequest, fetchWith as sendWith } from "../../support/workers/budget";
import { ENDPOINT, inOneWindow } from "../../support/workers/mcp";

let addressCounter = 0;
/** A documentation-range address (RFC 5737, TEST-NET-3's upper half) no other test uses. */
const uniqueIp = () => `203.0.113.${128 + ++addressCounter}`;

/** The real D1, whose every result says it took `ms` of D1's time. */
function slowerD1(ms: number): D1Database {
	const slower = <T>(result: T): T => {
		const meta = (result as { meta?: { duration?: number } }).meta;
		if (meta) meta.duration = ms;
		return result;
	};
	const real = new WeakMap<object, D1PreparedStatement>();
	const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
		const proxy = new Proxy(statement, {
			get(target, key) {
				if (key === "all" || key === "run") return async () => slower(await target[key]());
				if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
				const value = Reflect.get(target, key, target);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
		real.set(proxy, statement);
		return proxy;
	};
	const session = () => {
		const db = env.DB.withSession("first-unconstrained");
		return {
			prepare: (query: string) => wrap(db.prepare(query)),
			batch: async (statements: D1PreparedStatement[]) =>
				(await db.batch(statements.map((s) => real.get(s) ?? s))).map(slower),
		};
	};
	return { prepare: env.DB.prepare.bind(env.DB), withSession: session } as unknown as D1Database;
}

const search = (ip: string) => searchRequest(ip, "AI search");

/** A 2025-03-26 batch (no MCP-Protocol-Version header) of `length` searches. */
const searchBatch = (ip: string, length: number) =>
	new Request(ENDPOINT, {
		method: "POST",
		headers: { "content-type": "application/json", "cf-connecting-ip": ip },
		body: JSON.stringify(
			Array.from({ length }, (_, i) => ({
				jsonrpc: "2.0",
				id: i + 1,
				method: "tools/call",
				params: { name: "search_sources", arguments: { query: "AI search" } },
			})),
		),
	});

/** The status of one request through the Worker with `overrides` in its bindings, its settlement done. */
const fetchWith = async (overrides: Overrides, request: Request) =>
	(await sendWith(overrides, request)).status;

describe("the D1 time a request costs", () => {
	it("is free up to the bound, then one message per step, at most the cap", () => {
		const { freeMs, msPerUnit, maxUnits } = COSTLY_REQUEST;
		// A search predicted within the free time: only what its answer took past it.
		const one = { ms: 1, gated: true };
		expect(settlementUnits(0, [one])).toBe(0);
		expect(settlementUnits(freeMs, [one])).toBe(0);
		expect(settlementUnits(freeMs + 1, [one])).toBe(1);
		expect(settlementUnits(freeMs + msPerUnit, [one])).toBe(1);
		expect(settlementUnits(freeMs + msPerUnit + 1, [one])).toBe(2);
		expect(settlementUnits(185, [one])).toBe(Math.ceil((185 - freeMs) / msPerUnit));
		expect(settlementUnits(60_000, [one])).toBe(maxUnits);
		// A batch of n searches has n times the allowance and the cap: batching is neither a way
		// round the charge nor charged for by itself.
		const twenty = Array.from({ length: 20 }, () => one);
		expect(settlementUnits(20 * freeMs, twenty)).toBe(0);
		expect(settlementUnits(20 * freeMs + 1, twenty)).toBe(1);
		expect(settlementUnits(60_000, twenty)).toBe(20 * maxUnits);
	});

	it("is measured on D1's own clock, a request's statements summed", async () => {
		const db = env.DB.withSession("first-unconstrained");
		const timed = timedDb(() => db);
		const one = await timed.db.prepare("SELECT COUNT(*) AS n FROM sources").all();
		const [two, three] = await timed.db.batch([
			timed.db.prepare("SELECT ?1 AS x").bind(1),
			timed.db.prepare("SELECT COUNT(*) AS n FROM passages"),
		]);
		const reported = [one, two, three].reduce((ms, r) => ms + (r?.meta.duration ?? 0), 0);
		expect(timed.d1Ms()).toBeCloseTo(reported, 6);
		expect(two?.results).toEqual([{ x: 1 }]);
	});

	for (const [path, overrides] of [
		["native binding", {}],
		["Durable Object", { MCP_RATE_LIMIT: undefined }],
	] as const) {
		it(`is charged after the answer on the ${path}: a search that took ${COSTLY_REQUEST.freeMs + 3 * COSTLY_REQUEST.msPerUnit} ms costs 4 messages`, {
			timeout: 60_000,
		}, async () => {
			await inOneWindow(20_000);
			// The isolate's copies loaded first, so the slow search runs its one statement only.
			expect(await fetchWith(overrides, search(uniqueIp()))).toBe(200);
			const ip = uniqueIp();
			const slow = { ...overrides, DB: slowerD1(COSTLY_REQUEST.freeMs + 3 * COSTLY_REQUEST.msPerUnit) };
			expect(await fetchWith(slow, search(ip))).toBe(200);
			expect(await left(overrides, ip)).toBe(RATE_LIMIT.requests - 4);
			// A search within the bound costs its one message.
			const other = uniqueIp();
			expect(await fetchWith(overrides, search(other))).toBe(200);
			expect(await left(overrides, other)).toBe(RATE_LIMIT.requests - 1);
		});
	}

	it("scales with a batch: its n messages have n times the free time", { timeout: 30_000 }, async () => {
		await inOneWindow(20_000);
		expect(await fetchWith({}, search(uniqueIp()))).toBe(200);
		const ip = uniqueIp();
		// Three searches of one statement each, every one 10 ms past the free time: 30 ms past the
		// batch's allowance, two steps (charged as one request, it would be ten).
		const slow = { DB: slowerD1(COSTLY_REQUEST.freeMs + 10) };
		expect(await fetchWith(slow, searchBatch(ip, 3))).toBe(200);
		expect(await left({}, ip)).toBe(
			RATE_LIMIT.requests -
				3 -
				settlementUnits(3 * (COSTLY_REQUEST.freeMs + 10), Array(3).fill({ ms: 1, gated: true })),
		);
		expect(settlementUnits(3 * (COSTLY_REQUEST.freeMs + 10), Array(3).fill({ ms: 1, gated: true }))).toBe(2);
	});

	it("never takes more than the window holds, and the budget comes back with the next window", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow(20_000);
		const overrides = { MCP_RATE_LIMIT: undefined };
		expect(await fetchWith(overrides, search(uniqueIp()))).toBe(200);
		const ip = uniqueIp();
		expect(await fetchWith({ ...overrides, DB: slowerD1(60_000) }, search(ip))).toBe(200);
		expect(await left(overrides, ip)).toBe(RATE_LIMIT.requests - 1 - COSTLY_REQUEST.maxUnits);
		const id = env.RATE_LIMITER.idFromName(`ip4:${ip}`);
		const stub = env.RATE_LIMITER.get(id);
		// A charge past the limit fills the window and no more.
		expect(await stub.charge(RATE_LIMIT.requests, RATE_LIMIT.periodSeconds * 1000, 1_000)).toBe(
			RATE_LIMIT.requests,
		);
		const nextWindow = Date.now() + RATE_LIMIT.periodSeconds * 1000;
		expect((await stub.admit(RATE_LIMIT.requests, RATE_LIMIT.periodSeconds * 1000, nextWindow)).allowed).toBe(
			true,
		);
	});
});
