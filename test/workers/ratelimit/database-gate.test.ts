/**
 * The database gate (DATABASE_GATE, src/ratelimit/fair-share.ts): what every client together is
 * admitted to spend of the database's time, and who waits when it is contended. Its decisions are
 * held on a clock of the test's own (minutes pass in a moment); the Durable Object that keeps them
 * and the route that asks it are then exercised through Miniflare's real Durable Objects, with the
 * gate on (the other suites run with DATABASE_GATE_MODE "off", vitest.config.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admissionUnits, COSTLY_REQUEST, DATABASE_GATE, RATE_LIMIT } from "../../../src/limits";
import { FairShareGate, type GateVerdict } from "../../../src/ratelimit/fair-share";
import { SHARED_EGRESS } from "../../../src/ratelimit/shared-egress";
import { fetchWith, type Overrides, searchRequest } from "../../support/workers/budget";
import { crowdTheIndex } from "../../support/workers/crowded-words";
import { ENDPOINT, inOneWindow, MODERN_META, modernHeaders } from "../../support/workers/mcp";

const { light, heavy, lightMs, maxShareOfMinute } = DATABASE_GATE;

/** A request of each lane, as their predictions are. */
const LIGHT_MS = lightMs / 2;
const HEAVY_MS = 150;
/** The costliest prediction one window's messages pay for. */
const COSTLIEST_MS = COSTLY_REQUEST.freeMs + (RATE_LIMIT.requests - 1) * COSTLY_REQUEST.msPerUnit;

/**
 * A gate on a clock of the test's own, with requests that run for `actual` of their prediction once
 * admitted (queued ones when their turn comes) and are settled when they end: what the Durable
 * Object does, without the waiting.
 */
class Simulation {
	readonly gate: FairShareGate;
	now = 0;
	/** D1 time of admitted work, by identity prefix ("crowd", "agent"). */
	readonly ran = new Map<string, number>();
	readonly verdicts: Array<{ identity: string; verdict: GateVerdict; at: number }> = [];
	private readonly ending: Array<{ at: number; end: () => void }> = [];
	private readonly queued = new Map<number, (verdict: GateVerdict) => void>();
	/** Clients asking again (keepAsking), each at its time. */
	private readonly asking: Array<{ at: number; go: () => void }> = [];

	constructor(private readonly actual = 1) {
		this.gate = new FairShareGate(DATABASE_GATE, 0);
	}

	/** Asks for `ms` as `identity`; `then` hears the verdict (at once, or when its turn comes). */
	ask(identity: string, ms: number, then: (verdict: GateVerdict) => void = () => {}): void {
		const decided = this.gate.request(identity, 1, ms, this.now);
		const record = (verdict: GateVerdict) => {
			this.verdicts.push({ identity, verdict, at: this.now });
			if (verdict.admitted) {
				const took = ms * this.actual;
				const kind = identity.split(":")[0] as string;
				this.ran.set(kind, (this.ran.get(kind) ?? 0) + took);
				this.ending.push({
					at: this.now + took,
					end: () => this.gate.settle(verdict.ticket, identity, 1, ms, took, this.now),
				});
			}
			then(verdict);
		};
		if ("queued" in decided) this.queued.set(decided.queued, record);
		else record(decided);
	}

	/** Keeps asking for `ms` as `identity`: again once its admitted work ends, or after the Retry-After it is told. */
	keepAsking(identity: string, ms: number): void {
		const again = (verdict: GateVerdict) => {
			const wait = verdict.admitted ? ms : verdict.retryAfterSeconds * 1000;
			this.asking.push({ at: this.now + wait, go: () => this.ask(identity, ms, again) });
		};
		this.ask(identity, ms, again);
	}

	/** Moves the clock to `to` in steps of `stepMs`, ending work and deciding the line as it goes. */
	run(to: number, stepMs = 5, each: (now: number) => void = () => {}): void {
		for (; this.now < to; this.now += stepMs) {
			for (const job of this.ending.filter((j) => j.at <= this.now)) {
				job.end();
				this.ending.splice(this.ending.indexOf(job), 1);
			}
			for (const { id, verdict } of this.gate.pump(this.now)) {
				this.queued.get(id)?.(verdict);
				this.queued.delete(id);
			}
			for (const job of this.asking.filter((j) => j.at <= this.now)) {
				this.asking.splice(this.asking.indexOf(job), 1);
				job.go();
			}
			each(this.now);
		}
	}

	refusals(prefix: string) {
		return this.verdicts.filter((v) => v.identity.startsWith(prefix) && !v.verdict.admitted);
	}
}

describe("the gate's decisions", () => {
	it("admits a lane's burst at once, then one heavy request at a time as the lane refills", () => {
		const sim = new Simulation();
		sim.ask("a", HEAVY_MS);
		sim.ask("b", HEAVY_MS);
		const [first, second] = sim.verdicts;
		expect(first?.verdict).toMatchObject({ admitted: true, reason: "fits", lane: "heavy" });
		// The only place is taken: the second waits in line, decided when its turn comes.
		expect(second).toBeUndefined();
		sim.run(HEAVY_MS + 10);
		const waited = sim.verdicts[1];
		expect(waited?.verdict).toMatchObject({ admitted: true, reason: "waited" });
		// Its turn came once the first had settled and the lane held its prediction again.
		const refillMs = (HEAVY_MS - (heavy.burstMs - HEAVY_MS)) / heavy.share;
		expect(waited?.at).toBeGreaterThanOrEqual(Math.max(HEAVY_MS, refillMs) - 5);
	});

	it("keeps what everyone together runs within its share of every minute, however many ask", () => {
		for (const crowd of [30, 100]) {
			const sim = new Simulation();
			for (let i = 0; i < crowd; i++) {
				sim.keepAsking(`crowd:${i}`, HEAVY_MS);
				sim.keepAsking(`crowd:${i}`, LIGHT_MS);
			}
			sim.run(60_000);
			expect(sim.ran.get("crowd") ?? 0).toBeLessThanOrEqual(maxShareOfMinute * 60_000);
			// …and the gate is not idle either: it hands out most of what its lanes refill.
			expect(sim.ran.get("crowd") ?? 0).toBeGreaterThan(0.5 * (light.share + heavy.share) * 60_000);
		}
	});

	it("never refuses an identity within its share while a crowd over theirs asks all the time", () => {
		const sim = new Simulation(0.5);
		for (let i = 0; i < 100; i++) sim.keepAsking(`crowd:${i}`, HEAVY_MS);
		// Six agents, a light search each every 1.5 s (what an ordinary search is predicted).
		sim.run(120_000, 5, (now) => {
			if (now % 1500 === 0) for (let a = 0; a < 6; a++) sim.ask(`agent:${a}`, LIGHT_MS);
		});
		expect(sim.verdicts.filter((v) => v.identity.startsWith("agent")).length).toBeGreaterThan(400);
		expect(sim.refusals("agent")).toEqual([]);
		// The crowd is refused for being over its share, told to come back when its usage allows, or,
		// each of its hundred having taken a turn its share did not cover, once its line waited too long.
		const reasons = new Set(sim.refusals("crowd").map((r) => r.verdict.reason));
		expect(reasons.has("over_share")).toBe(true);
		expect([...reasons].every((reason) => reason === "over_share" || reason === "saturated")).toBe(true);
	});

	it("refuses an identity over its share with the wait its usage needs to decay", () => {
		const sim = new Simulation();
		for (let i = 0; i < 20; i++) sim.ask(`other:${i}`, HEAVY_MS);
		for (let i = 0; i < 20; i++) sim.ask("heavy:0", HEAVY_MS);
		sim.run(10_000);
		const refused = sim.refusals("heavy");
		expect(refused.length).toBeGreaterThan(0);
		expect(refused.every((r) => r.verdict.reason === "over_share")).toBe(true);
		const { verdict } = refused[0] as { verdict: Extract<GateVerdict, { admitted: false }> };
		expect(verdict.retryAfterSeconds).toBeGreaterThanOrEqual(1);
		expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(DATABASE_GATE.maxRetrySeconds);
	});

	it("never refuses a client that has used nothing for its share, however large its request", () => {
		const sim = new Simulation();
		// Twenty clients compete for the heavy lane; the newcomer's request is larger than its whole share.
		for (let i = 0; i < 20; i++) sim.ask(`crowd:${i}`, HEAVY_MS);
		sim.run(1000);
		const { halfLifeSeconds, headroom } = DATABASE_GATE;
		const shareMs = (heavy.share * (1 - headroom) * halfLifeSeconds * 1000) / Math.LN2 / 21;
		expect(4 * HEAVY_MS).toBeGreaterThan(shareMs);
		// Once admitted, it asks again at once: now its usage is past its share.
		sim.ask("fresh:0", 4 * HEAVY_MS, (verdict) => verdict.admitted && sim.ask("fresh:0", 4 * HEAVY_MS));
		sim.run(60_000);
		const verdicts = sim.verdicts.filter((v) => v.identity === "fresh:0").map((v) => v.verdict);
		expect(verdicts).toMatchObject([{ admitted: true }, { admitted: false, reason: "over_share" }]);
	});

	it("a hundred fresh clients each asking the costliest request a window pays for: one runs at a time, within the minute's share", () => {
		const sim = new Simulation();
		for (let i = 0; i < 100; i++) sim.keepAsking(`crowd:${i}`, COSTLIEST_MS);
		let mostBeside = 0;
		sim.run(60_000, 5, (now) => {
			if (now % 1500 === 0) for (let a = 0; a < 6; a++) sim.ask(`agent:${a}`, LIGHT_MS);
			const { running, inFlightMs } = sim.gate.state(now);
			if (running > 1) mostBeside = Math.max(mostBeside, inFlightMs);
		});
		// Each runs alone (what runs beside anything is light): a lookup waits behind one of them at
		// most, and the agents are never refused.
		expect(mostBeside).toBeLessThanOrEqual(DATABASE_GATE.inFlightMs);
		expect(sim.refusals("agent")).toEqual([]);
		expect(sim.ran.get("crowd") ?? 0).toBeLessThanOrEqual(maxShareOfMinute * 60_000);
	});

	it("spreads the Retry-After of clients refused together, so that they do not come back together", () => {
		const gate = new FairShareGate(DATABASE_GATE, 0);
		const waits = new Set<number>();
		for (let i = 0; i < 50; i++) gate.request("busy", 1, HEAVY_MS, 0);
		for (let i = 0; i < 50; i++) {
			const verdict = gate.request("busy", 1, HEAVY_MS, 0);
			if (!("queued" in verdict) && !verdict.admitted) waits.add(verdict.retryAfterSeconds);
		}
		expect(waits.size).toBeGreaterThan(1);
		// Without the spread, every one of them would be told the same.
		const even = new FairShareGate(DATABASE_GATE, 0, () => 0);
		const told = new Set<number>();
		for (let i = 0; i < 100; i++) {
			const verdict = even.request("busy", 1, HEAVY_MS, 0);
			if (!("queued" in verdict) && !verdict.admitted) told.add(verdict.retryAfterSeconds);
		}
		expect(told.size).toBe(1);
	});

	it("serves the line least used first", () => {
		const sim = new Simulation();
		sim.ask("busy:0", HEAVY_MS); // takes the place
		sim.ask("busy:0", HEAVY_MS); // waits, having used the most
		sim.ask("fresh:0", HEAVY_MS); // waits, having used nothing
		sim.run(5000);
		const order = sim.verdicts.filter((v) => v.verdict.admitted).map((v) => v.identity);
		expect(order.slice(0, 2)).toEqual(["busy:0", "fresh:0"]);
	});

	it("lets a light request borrow below empty within its share, and serves the least used first once it is spent", () => {
		const gate = new FairShareGate(DATABASE_GATE, 0);
		const reasons: string[] = [];
		// Four identities' forty light requests one after the other in the same millisecond, each over as soon as it runs.
		for (let i = 0; i < 40; i++) {
			const identity = `crowd:${i % 4}`;
			const verdict = gate.request(identity, 1, LIGHT_MS, 0);
			if ("queued" in verdict || !verdict.admitted) continue;
			reasons.push(verdict.reason);
			gate.settle(verdict.ticket, identity, 1, LIGHT_MS, LIGHT_MS, 0);
		}
		expect(reasons).toContain("borrowed");
		expect(gate.state(0).lightMs).toBeGreaterThanOrEqual(-light.burstMs);
		// The crowd's last requests wait in line; an agent that has used nothing is served first.
		const agent = gate.request("agent:0", 1, LIGHT_MS, 0);
		if (!("queued" in agent)) throw new Error("the line was empty");
		const started: number[] = [];
		for (let now = 0; !started.includes(agent.queued) && now < 2000; now += 5)
			for (const { id, verdict } of gate.pump(now)) if (verdict.admitted) started.push(id);
		expect(started[0]).toBe(agent.queued);
	});

	it("hands the database no more than inFlightMs at once, or one request alone, however many are admitted each second", () => {
		const sim = new Simulation();
		let most = 0;
		let alone = 0;
		sim.run(20_000, 5, (now) => {
			if (now % 50 === 0)
				for (let i = 0; i < 10; i++)
					sim.ask(`crowd:${(now / 50) % 100}-${i}`, i % 3 === 0 ? HEAVY_MS : LIGHT_MS);
			const { running, inFlightMs } = sim.gate.state(now);
			if (running === 1) alone = Math.max(alone, inFlightMs);
			else most = Math.max(most, inFlightMs);
		});
		expect(most).toBeGreaterThan(0);
		expect(most).toBeLessThanOrEqual(DATABASE_GATE.inFlightMs);
		// Heavy work still runs, alone.
		expect(alone).toBe(HEAVY_MS);
	});

	it("keeps the turn of a request the bound on what runs at once holds back: no light request started after it overtakes it", () => {
		const sim = new Simulation();
		const started: string[] = [];
		const note = (name: string) => (verdict: GateVerdict) => verdict.admitted && started.push(name);
		sim.ask("light:0", LIGHT_MS, note("light:0"));
		sim.ask("heavy:0", HEAVY_MS, note("heavy:0")); // its lane admits it, but it must run alone
		// Light requests keep coming, each of which would fit beside what runs.
		sim.run(2000, 5, (now) => {
			if (now % 10 === 0) sim.ask(`later:${now}`, LIGHT_MS / 3, note(`later:${now}`));
		});
		expect(started.slice(0, 2)).toEqual(["light:0", "heavy:0"]);
	});

	it("frees what a request never settled held after unsettledMs, and that is longer than any request a window pays for runs", () => {
		const gate = new FairShareGate(DATABASE_GATE, 0);
		gate.request("gone", 1, LIGHT_MS, 0);
		expect(gate.state(0).inFlightMs).toBe(LIGHT_MS);
		expect(gate.state(DATABASE_GATE.unsettledMs).inFlightMs).toBe(0);
		expect(admissionUnits(COSTLIEST_MS)).toBe(RATE_LIMIT.requests);
		expect(DATABASE_GATE.unsettledMs).toBeGreaterThanOrEqual(3 * COSTLIEST_MS);
		expect(DATABASE_GATE.inFlightMs).toBeGreaterThanOrEqual(lightMs);
	});

	it("settles usage and the lane to what D1 took", () => {
		const gate = new FairShareGate(DATABASE_GATE, 0);
		const verdict = gate.request("a", 1, HEAVY_MS, 0);
		if ("queued" in verdict || !verdict.admitted) throw new Error("not admitted");
		expect(gate.state(0).heavyMs).toBeCloseTo(heavy.burstMs - HEAVY_MS, 6);
		gate.settle(verdict.ticket, "a", 1, HEAVY_MS, 20, 0);
		expect(gate.state(0).heavyMs).toBeCloseTo(heavy.burstMs - 20, 6);
		expect(gate.state(0).running).toBe(0);
	});

	it("frees a place never settled, and forgets identities that stopped asking", () => {
		const gate = new FairShareGate(DATABASE_GATE, 0);
		gate.request("gone", 1, HEAVY_MS, 0);
		expect(gate.state(0).running).toBe(1);
		expect(gate.state(DATABASE_GATE.unsettledMs).running).toBe(0);
		expect(gate.state(10 * 60_000).competing).toEqual({ light: 0, heavy: 0 });
	});
});

describe("the gate's Durable Object", () => {
	const gateNamed = (name: string) => env.DATABASE_GATE.get(env.DATABASE_GATE.idFromName(name));

	it("answers a request in line once a settlement frees the place", async () => {
		const gate = gateNamed(`line-${crypto.randomUUID()}`);
		const first = await gate.admit("a", 1, HEAVY_MS);
		expect(first).toMatchObject({ admitted: true, reason: "fits" });
		const second = gate.admit("b", 1, 10 * lightMs);
		let answered = false;
		void second.then(() => {
			answered = true;
		});
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(answered).toBe(false);
		if (!first.admitted) throw new Error("unreachable");
		await gate.settle(first.ticket, "a", 1, HEAVY_MS, 5);
		expect(await second).toMatchObject({ admitted: true, reason: "waited" });
	});
});

/** The route with the gate on: a Durable Object of the test's own (a real one, under another name). */
function gateOn(name = `route-${crypto.randomUUID()}`): Overrides {
	const namespace = env.DATABASE_GATE;
	return {
		DATABASE_GATE_MODE: undefined,
		DATABASE_GATE: {
			idFromName: () => namespace.idFromName(name),
			get: (id: DurableObjectId) => namespace.get(id),
		},
	};
}

let addressCounter = 0;
/** A documentation-range address (RFC 5737, TEST-NET-3) no other test uses. */
const uniqueIp = () => `203.0.113.${++addressCounter}`;

const call = (ip: string, name: string, args: Record<string, unknown>, id = 1) =>
	new Request(ENDPOINT, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"cf-connecting-ip": ip,
			...modernHeaders("tools/call", name),
		},
		body: JSON.stringify({
			jsonrpc: "2.0",
			id,
			method: "tools/call",
			params: { name, arguments: args, _meta: MODERN_META },
		}),
	});

/** Crowding words as a large collection's refresh counts them, so that the sample's search is a heavy one. */
const CROWDED = { ai: 60_000, search: 55_000, seo: 58_000, content: 57_000 };
const HEAVY_QUERY = '"ai search" "seo content"';

describe("the route, through the gate", () => {
	crowdTheIndex(CROWDED);

	it("refuses a search, and only a search, when the gate cannot answer (fail closed)", async () => {
		const closed = { DATABASE_GATE_MODE: undefined, DATABASE_GATE: undefined };
		const search = await fetchWith(closed, searchRequest(uniqueIp(), "quokka"));
		expect(search.status).toBe(503);
		expect(JSON.parse(search.body).error).toMatchObject({ code: -31503 });
		expect(JSON.parse(search.body).error.message).toContain("database gate");
		const lookup = await fetchWith(closed, call(uniqueIp(), "get_topic", { topic_id: "agentic-search" }));
		expect(lookup.status).toBe(200);
	});

	it("asks the gate for searches only, and tells it what each took", async () => {
		const asked: string[] = [];
		const namespace = env.DATABASE_GATE;
		const counting = {
			DATABASE_GATE_MODE: undefined,
			DATABASE_GATE: {
				idFromName: (name: string) => namespace.idFromName(name),
				get: (id: DurableObjectId) => {
					const stub = namespace.get(id);
					return {
						admit: (...args: Parameters<typeof stub.admit>) => {
							asked.push("admit");
							return stub.admit(...args);
						},
						settle: (...args: Parameters<typeof stub.settle>) => {
							asked.push("settle");
							return stub.settle(...args);
						},
					};
				},
			},
		};
		expect(
			(await fetchWith(counting, call(uniqueIp(), "get_topic", { topic_id: "agentic-search" }))).status,
		).toBe(200);
		expect(asked).toEqual([]);
		expect((await fetchWith(counting, searchRequest(uniqueIp(), "quokka"))).status).toBe(200);
		expect(asked).toEqual(["admit", "settle"]);
	});

	it("never refuses a client that waits for each answer, up to its 60 ordinary searches, while the database is not busy", {
		timeout: 60_000,
	}, async () => {
		await inOneWindow(30_000);
		const route = gateOn();
		const ip = uniqueIp();
		const queries = ["AI search", "internal links", "voice search", "schema markup", "link building"];
		const statuses: number[] = [];
		for (let i = 0; i < RATE_LIMIT.requests; i++)
			statuses.push(
				(await fetchWith(route, searchRequest(ip, queries[i % queries.length] as string))).status,
			);
		expect(statuses.filter((status) => status !== 200)).toEqual([]);
	});

	it("answers a client over its share 429 with the gate's own Retry-After, before anything runs", async () => {
		const namespace = env.DATABASE_GATE;
		const name = `busy-${crypto.randomUUID()}`;
		const gate = namespace.get(namespace.idFromName(name));
		const route = gateOn(name);
		const ip = uniqueIp();
		// This client has used far more than its share once twenty others compete for the heavy lane.
		for (let i = 0; i < 6; i++) {
			const used = await gate.admit(`ip4:${ip}`, 1, HEAVY_MS);
			if (used.admitted) await gate.settle(used.ticket, `ip4:${ip}`, 1, HEAVY_MS, HEAVY_MS);
		}
		for (let i = 0; i < 20; i++) void gate.admit(`ip4:192.0.2.${i}`, 1, HEAVY_MS);
		const refused = await fetchWith(route, searchRequest(ip, HEAVY_QUERY));
		expect(refused.status).toBe(429);
		const error = JSON.parse(refused.body).error;
		expect(error.code).toBe(-31429);
		expect(error.data.reason).toBe("over_share");
		expect(error.data.retry_after_seconds).toBeGreaterThanOrEqual(1);
		expect(error.message).toContain("busy");
		expect(error.data.advice).toMatch(/get_source/);
		// Lookups are still served.
		expect((await fetchWith(route, call(ip, "get_topic", { topic_id: "agentic-search" }))).status).toBe(200);
	});
});

describe("hosted platforms' shared addresses", () => {
	const anthropic = SHARED_EGRESS.find((platform) => platform.id === "anthropic");
	if (anthropic === undefined) throw new Error("the default list holds Anthropic's range");
	/** An address inside the range, and one just outside it. */
	const inside = "160.79.104.77";
	const outside = "160.79.112.1";

	it("lists Anthropic's published range, with where it is published and a budget of its own", () => {
		expect(anthropic.ranges).toContain("160.79.104.0/21");
		expect(anthropic.publishedAt).toMatch(/^https:\/\//);
		expect(anthropic.requests).toBeGreaterThan(RATE_LIMIT.requests);
	});

	const batchOf = (ip: string, size: number) =>
		new Request(ENDPOINT, {
			method: "POST",
			headers: { "content-type": "application/json", "cf-connecting-ip": ip },
			body: JSON.stringify(
				Array.from({ length: size }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "ping" })),
			),
		});

	it("serves thirty agents behind one address of the range, then the platform's budget and no more", {
		timeout: 120_000,
	}, async () => {
		await inOneWindow(25_000);
		// The native binding is never asked for a platform: its one fixed limit is an ordinary client's.
		const overrides = {
			MCP_RATE_LIMIT: {
				limit: () => {
					throw new Error("asked the native binding for a platform");
				},
			},
		};
		const session = async (agent: number) => {
			const calls = [
				call(inside, "search_sources", { query: "internal links" }),
				call(inside, "get_public_manifest", {}),
				call(inside, "get_topic", { topic_id: "agentic-search" }),
				call(inside, "get_topic_signal", { topic_id: "agentic-search" }),
				call(inside, "search_sources", { query: "voice search", limit: 3 }),
				call(inside, "get_topic", { topic_id: "voice-search" }),
				call(inside, "search_sources", { query: `schema markup ${agent}` }),
				call(inside, "get_topic_signal", { topic_id: "voice-search" }),
			];
			const statuses = [];
			for (const request of calls) statuses.push((await fetchWith(overrides, request)).status);
			return statuses.every((status) => status === 200);
		};
		const sessions = await Promise.all(Array.from({ length: 30 }, (_, agent) => session(agent)));
		expect(sessions.filter(Boolean)).toHaveLength(30);
		// What is left of the platform's window, in batches of 20 from other addresses of the range.
		let admitted = 30 * 8;
		for (let i = 0; i < anthropic.requests; i++) {
			const answer = await fetchWith(overrides, batchOf(`160.79.${104 + (i % 8)}.${i % 250}`, 20));
			if (answer.status !== 200) {
				expect(answer.status).toBe(429);
				expect(JSON.parse(answer.body).error.message).toContain("anthropic's agents together");
				break;
			}
			admitted += 20;
		}
		expect(admitted).toBe(anthropic.requests);
		// An address outside the range keeps an ordinary client's budget.
		expect((await fetchWith({}, batchOf(outside, 20))).status).toBe(200);
	});
});
