import { createExecutionContext, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { edgeIdentity, LOCAL_IDENTITY } from "../../../src/ratelimit/identity";
import { searchRequest } from "../../support/workers/budget";
import { ENDPOINT, inOneWindow, MODERN_META, modernHeaders, post } from "../../support/workers/mcp";

const discover = { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: MODERN_META } };

let addressCounter = 0;
/** A documentation-range address (RFC 5737) no other test uses. */
const uniqueIp = () => {
	addressCounter++;
	return `203.0.${113 + (addressCounter >> 8)}.${addressCounter & 255}`;
};

function discoverRequest(ip: string, extra: RequestInit = {}): Request {
	return new Request(ENDPOINT, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"cf-connecting-ip": ip,
			...modernHeaders("server/discover"),
		},
		body: JSON.stringify(discover),
		...extra,
	});
}

/** Calls the Worker with a modified environment: the same real D1 and Durable Object bindings, minus some. */
async function fetchWith(
	overrides: Partial<Record<keyof Env, unknown>>,
	request: Request,
): Promise<Response> {
	return worker.fetch(
		request as Parameters<typeof worker.fetch>[0],
		{ ...env, ...overrides } as Env,
		createExecutionContext(),
	);
}

const send = (ip: string) => post(discover, { ...modernHeaders("server/discover"), "cf-connecting-ip": ip });

describe("identity", () => {
	const identityOf = (ip?: string) =>
		edgeIdentity(new Request(ENDPOINT, { headers: ip === undefined ? {} : { "cf-connecting-ip": ip } }));

	it("uses the IPv4 address as it is", () => {
		expect(identityOf("192.0.2.10")).toBe("ip4:192.0.2.10");
	});

	it("groups IPv6 addresses by /64, in any notation", () => {
		const a = identityOf("2001:db8:abcd:12::1");
		expect(a).toBe("ip6:2001:db8:abcd:12::/64");
		expect(identityOf("2001:0DB8:ABCD:0012:ffff:eeee:dddd:cccc")).toBe(a);
		expect(identityOf("2001:db8:abcd:13::1")).not.toBe(a);
	});

	it("treats an IPv4-mapped IPv6 address as the IPv4 client", () => {
		expect(identityOf("::ffff:192.0.2.10")).toBe("ip4:192.0.2.10");
	});

	it("puts requests without an edge identity in the documented local bucket", () => {
		expect(identityOf()).toBe(LOCAL_IDENTITY);
		expect(identityOf("")).toBe(LOCAL_IDENTITY);
	});
});

describe("native binding", () => {
	it("admits 60 requests a window; the 61st gets 429 with both forms of the wait", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow();
		const ip = uniqueIp();
		for (let i = 0; i < 60; i++) expect((await send(ip)).status).toBe(200);
		const refused = await send(ip);
		expect(refused.status).toBe(429);
		expect(refused.headers.get("retry-after")).toBe("60");
		expect(refused.json.error.code).toBe(-31429);
		expect(refused.json.error.data.retry_after_seconds).toBe(60);
		expect(refused.json.error.data.advice).toMatch(/Wait 60 seconds/);
		// Another identity is unaffected.
		expect((await send(uniqueIp())).status).toBe(200);
	});

	it("shares one budget across a /64", { timeout: 30_000 }, async () => {
		await inOneWindow();
		const prefix = `2001:db8:${(addressCounter++).toString(16)}:7`;
		for (let i = 0; i < 60; i++) expect((await send(`${prefix}::${(i + 1).toString(16)}`)).status).toBe(200);
		expect((await send(`${prefix}:ffff:1:2:3`)).status).toBe(429);
		expect((await send(`2001:db8:${(addressCounter++).toString(16)}:8::1`)).status).toBe(200);
	});

	it("counts what reaches the protocol layer (a parse error too), not the 405s or the transport's refusals", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow();
		const ip = uniqueIp();
		for (let i = 0; i < 100; i++) {
			const response = await fetchWith(
				{},
				new Request(ENDPOINT, { method: "GET", headers: { "cf-connecting-ip": ip } }),
			);
			expect(response.status).toBe(405);
		}
		for (let i = 0; i < 30; i++) {
			expect((await post("{broken", { "cf-connecting-ip": ip })).status).toBe(400);
			expect((await post(discover, { "cf-connecting-ip": ip, "content-type": "text/plain" })).status).toBe(
				415,
			);
		}
		// The 30 parse errors counted; the 415s did not.
		for (let i = 0; i < 30; i++) expect((await send(ip)).status).toBe(200);
		expect((await send(ip)).status).toBe(429);
	});
});

describe("a spent window, remembered", () => {
	it("refuses the client's next requests in this window without asking the limiter or planning them", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow();
		const ip = uniqueIp();
		let asked = 0;
		const counting = {
			limit: (options: { key: string }) => {
				asked++;
				return env.MCP_RATE_LIMIT.limit(options);
			},
		};
		for (let i = 0; i < 60; i++)
			expect((await fetchWith({ MCP_RATE_LIMIT: counting }, discoverRequest(ip))).status).toBe(200);
		expect((await fetchWith({ MCP_RATE_LIMIT: counting }, discoverRequest(ip))).status).toBe(429);
		const heard = asked;
		// A costly search from the same client: refused as spent, before its prediction or the limiter.
		const refused = await fetchWith(
			{ MCP_RATE_LIMIT: counting },
			searchRequest(ip, "ai search seo content ".repeat(20).trim(), { offset: 1000, limit: 20 }),
		);
		expect(refused.status).toBe(429);
		expect(refused.headers.get("retry-after")).toBe("60");
		expect(asked).toBe(heard);
		// Another client is asked as ever.
		expect((await fetchWith({ MCP_RATE_LIMIT: counting }, discoverRequest(uniqueIp()))).status).toBe(200);
		expect(asked).toBe(heard + 1);
	});
});

describe("Durable Object fallback", () => {
	it("enforces exactly 60 when the native binding is absent, under 200 concurrent requests", {
		timeout: 30_000,
	}, async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const responses = await Promise.all(
			Array.from({ length: 200 }, () => fetchWith({ MCP_RATE_LIMIT: undefined }, discoverRequest(ip))),
		);
		const statuses = responses.map((r) => r.status);
		expect(statuses.filter((s) => s === 200)).toHaveLength(60);
		expect(statuses.filter((s) => s === 429)).toHaveLength(140);
		const refused = (await responses.find((r) => r.status === 429)?.json()) as Record<string, any>;
		expect(refused.error.data.retry_after_seconds).toBe(60);
	});

	it("takes over when the native binding throws", { timeout: 30_000 }, async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const throwing = {
			limit: () => {
				throw new Error("binding unavailable");
			},
		};
		let allowed = 0;
		for (let i = 0; i < 61; i++) {
			const response = await fetchWith({ MCP_RATE_LIMIT: throwing }, discoverRequest(ip));
			if (response.status === 200) allowed++;
			else expect(response.status).toBe(429);
		}
		expect(allowed).toBe(60);
	});

	it("reopens the window once it has passed, and keeps storage bounded", async () => {
		const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test-window-${uniqueIp()}`));
		const period = 60_000;
		const t0 = Math.floor(Date.now() / period) * period;
		for (let i = 0; i < 60; i++) expect((await stub.admit(60, period, t0 + i)).allowed).toBe(true);
		const refused = await stub.admit(60, period, t0 + 59_999);
		expect(refused).toEqual({ allowed: false, count: 60, resetAt: t0 + period });
		expect((await stub.admit(60, period, t0 + period)).allowed).toBe(true);
		// Many windows later, only the current one is kept.
		for (let w = 2; w < 50; w++) await stub.admit(60, period, t0 + w * period);
		expect(await stub.storedWindows()).toBe(1);
		// Once idle, the alarm leaves nothing behind.
		expect(await runDurableObjectAlarm(stub)).toBe(true);
		expect(await stub.storedWindows()).toBe(0);
		expect((await stub.admit(60, period, t0 + 60 * period)).allowed).toBe(true);
	});
});

describe("fail closed", () => {
	it("answers 503 and runs nothing when neither limiter can answer", async () => {
		let databaseTouched = false;
		const db = new Proxy(
			{},
			{
				get() {
					databaseTouched = true;
					throw new Error("the database must not be reached");
				},
			},
		);
		for (const overrides of [
			{ MCP_RATE_LIMIT: undefined, RATE_LIMITER: undefined, DB: db },
			{
				MCP_RATE_LIMIT: { limit: () => Promise.reject(new Error("down")) },
				RATE_LIMITER: {
					idFromName: () => {
						throw new Error("down");
					},
				},
				DB: db,
			},
		]) {
			const response = await fetchWith(
				overrides,
				new Request(ENDPOINT, {
					method: "POST",
					headers: {
						"content-type": "application/json",
						"cf-connecting-ip": uniqueIp(),
						...modernHeaders("tools/call", "search_sources"),
					},
					body: JSON.stringify({
						jsonrpc: "2.0",
						id: 1,
						method: "tools/call",
						params: { name: "search_sources", arguments: { query: "seo" }, _meta: MODERN_META },
					}),
				}),
			);
			expect(response.status).toBe(503);
			const body = (await response.json()) as Record<string, any>;
			expect(body.error.code).toBe(-31503);
			expect(response.headers.get("retry-after")).toBe("10");
			expect(body.error.data.retry_after_seconds).toBe(10);
		}
		expect(databaseTouched).toBe(false);
	});
});

describe("the window, in real time", () => {
	// It waits for the minute to turn, by design (up to 65 seconds of waiting): three times that.
	it("reopens for the native binding when the minute turns", { timeout: 200_000 }, async () => {
		const ip = uniqueIp();
		const untilNextWindow = () => 60_000 - (Date.now() % 60_000) + 50;
		// The budget must be spent inside one window: too close to the turn, wait for the next one first.
		if (untilNextWindow() < 5_000) await new Promise((r) => setTimeout(r, untilNextWindow()));
		for (let i = 0; i < 60; i++) expect((await send(ip)).status).toBe(200);
		expect((await send(ip)).status).toBe(429);
		await new Promise((r) => setTimeout(r, untilNextWindow()));
		expect((await send(ip)).status).toBe(200);
	});
});
