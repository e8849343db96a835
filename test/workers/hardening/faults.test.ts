/**
 * Faults. This file's D1 database is its own (storage is per test file), so it can lose tables.
 *
 * - A table missing: each public, search and projection table in turn is renamed away (then back),
 *   and finally one is dropped for good. Every tool still answers HTTP 200 with either a valid result
 *   (it does not need that table) or the degraded message; never a 5xx, a JSON-RPC error, zero hits
 *   passed off as an answer, or SQL, a stack or a database error text. The guide and discovery keep
 *   working; a source page says it is unavailable.
 * - A query failing: the Worker runs with a D1 binding whose reads fail in each way they can (prepare
 *   throws, first or all rejects, batch rejects, the read session cannot be opened), with database
 *   error text that must not reach the caller.
 * - The rate limiter: every way both limiters can fail is a 503 that runs nothing (fail closed).
 * - A projection refresh that dies: at its first statement (a dropped work table), in the middle (a
 *   trigger raising on a projection insert, through the cron), and at its very last statement: the old
 *   projection keeps serving, and the failure is recorded and visible as the last attempt.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import worker from "../../../src/index";
import { refreshProjections } from "../../../src/projections/refresh";
import { TOOL_DESCRIPTORS } from "../../../src/tools/registry";
import { DEGRADED_MESSAGE } from "../../../src/tools/run-tool";
import { argumentsFor, type ToolName } from "../../support/registry";
import {
	CAPS_KEY,
	checkReply,
	databaseDigest,
	ENDPOINT,
	type J,
	jsonText,
	LEAK_PATTERNS,
	MODERN,
	makeWire,
	PV_KEY,
	quietRequestLogs,
	type Reply,
	send,
	TOOL_NAMES,
	type Wire,
} from "../../support/workers/arbitraries";
import { pageRequest } from "../../support/workers/mcp";

const META = { [PV_KEY]: MODERN, [CAPS_KEY]: {} };
const db = env.DB;

/** Values by argument name, of public records: every tool's call below succeeds on a healthy database. */
const PUBLIC_VALUES = {
	query: "ai overviews",
	source_id: FIXTURES.topics.llmCitations.publicSourceIds[0] as string,
	handle: FIXTURES.mixedCaseHandle.handle,
	topic_id: "llm-citations",
};

/**
 * A call of every registered tool, from its input schema (test/support/registry.ts), then the paths
 * only some of them take: every search filter, and a near miss that reads the closest names.
 */
const CALLS: { name: string; arguments: Record<string, J> }[] = [
	...TOOL_DESCRIPTORS.map((tool) => ({
		name: tool.name,
		arguments: argumentsFor(tool, PUBLIC_VALUES) as Record<string, J>,
	})),
	{
		name: "search_sources",
		arguments: { query: "seo", topic_id: "llm-citations", creator_handle: FIXTURES.mixedCaseHandle.handle },
	},
	{ name: "get_creator", arguments: { handle: "geo.with.grac" } },
	{ name: "get_topic", arguments: { topic_id: "llm-citatons" } },
	{ name: "get_topic_signal", arguments: { topic_id: "voice-serch" } },
];

function callWire(call: (typeof CALLS)[number], era: "modern" | "legacy"): Wire {
	const params: Record<string, J> = { name: call.name, arguments: call.arguments };
	const headers: [string, string][] = [["content-type", "application/json"]];
	if (era === "modern") {
		params._meta = META;
		headers.push(["mcp-protocol-version", MODERN], ["mcp-method", "tools/call"], ["mcp-name", call.name]);
	} else headers.push(["mcp-protocol-version", "2025-11-25"]);
	return makeWire(
		`${era} ${call.name} ${JSON.stringify(call.arguments)}`,
		headers,
		jsonText({ jsonrpc: "2.0", id: 7, method: "tools/call", params }),
	);
}

interface Outcome {
	call: (typeof CALLS)[number];
	wire: Wire;
	reply: Reply;
	degraded: boolean;
}

/** Every tool in both eras: checked by the full oracle, degraded answers allowed. */
async function callEveryTool(): Promise<Outcome[]> {
	const outcomes: Outcome[] = [];
	for (const call of CALLS) {
		for (const era of ["modern", "legacy"] as const) {
			const wire = callWire(call, era);
			const reply = await send(wire);
			const body = checkReply(wire, reply, { degradedAllowed: true }) as { result: Record<string, any> };
			const text = body.result.content[0].text as string;
			outcomes.push({
				call,
				wire,
				reply,
				degraded: body.result.isError === true && text === DEGRADED_MESSAGE,
			});
		}
	}
	return outcomes;
}

function expectNoInternals(text: string, where: string) {
	for (const pattern of LEAK_PATTERNS) expect(text, where).not.toMatch(pattern);
}

let restoreLogs: () => void;
beforeAll(() => {
	restoreLogs = quietRequestLogs();
});
afterAll(() => restoreLogs());

// ---------------------------------------------------------------------------------------------------
// A table missing

const TABLES = [
	"sources",
	"creators",
	"topics",
	"passages",
	"source_aliases",
	"source_topics",
	"evidence_cards",
	"search_index",
	"search_lexicon",
	"search_documents",
	"creator_projection",
	"topic_projection",
	"topic_signal_projection",
	"manifest_projection",
	"projection_refreshes",
	"projection_changes",
] as const;

/**
 * Exactly the tools that cannot answer without the table (each reads it on the path CALLS takes;
 * get_topic joins its projected sample ids back to the public rows).
 */
const MUST_DEGRADE: Record<(typeof TABLES)[number], ToolName[]> = {
	sources: ["search_sources", "get_source", "get_creator", "get_topic"],
	creators: ["search_sources", "get_source", "get_creator", "get_topic"],
	topics: ["get_source", "get_topic", "get_topic_signal", "get_public_manifest"],
	passages: ["search_sources", "get_source"],
	source_aliases: ["get_source"],
	// A topic filter is a facet token of the search index (migrations/0014): search never reads source_topics.
	source_topics: ["get_source"],
	evidence_cards: ["get_source", "get_topic"],
	search_index: ["search_sources"],
	search_lexicon: ["search_sources"],
	search_documents: ["search_sources"],
	creator_projection: ["get_creator"],
	topic_projection: ["get_topic"],
	topic_signal_projection: ["get_topic_signal"],
	manifest_projection: ["get_public_manifest"],
	projection_refreshes: ["get_public_manifest"],
	projection_changes: ["get_public_manifest"],
};

async function discoverStillWorks() {
	const wire = makeWire(
		"discover",
		[
			["content-type", "application/json"],
			["mcp-protocol-version", MODERN],
			["mcp-method", "server/discover"],
		],
		jsonText({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } }),
	);
	checkReply(wire, await send(wire));
	const guide = await exports.default.fetch(pageRequest("https://base2026.dev/mcp"));
	expect(guide.status).toBe(200);
}

// The isolate's copy of the small projections (src/data/projection-copy.ts) would answer for up to
// its bound after a table goes away; each fault here starts without it, so the tools meet the fault.
beforeEach(() => forgetProjectionCopy());

describe("a table missing", () => {
	for (const table of TABLES) {
		it(`without ${table}: every tool answers or says the service is degraded, nothing else`, async () => {
			await db.exec(`ALTER TABLE ${table} RENAME TO ${table}_gone`);
			try {
				const outcomes = await callEveryTool();
				const degraded = new Set(outcomes.filter((o) => o.degraded).map((o) => o.call.name));
				expect([...degraded].sort(), `degraded without ${table}`).toEqual([...MUST_DEGRADE[table]].sort());
				for (const o of outcomes) expectNoInternals(o.reply.text, o.wire.label);
				await discoverStillWorks();
				if (
					["sources", "creators", "passages", "source_topics", "topics", "evidence_cards"].includes(table)
				) {
					// A page cached under the current content version would still be served (it is the
					// current content); move the version so this request has to read the tables.
					await db.exec("UPDATE content_version SET version = version + 1 WHERE id = 1");
					const page = await exports.default.fetch(
						pageRequest(`https://base2026.dev/sources/${FIXTURES.topics.llmCitations.publicSourceIds[0]}`),
					);
					const html = await page.text();
					// A source page that cannot read the collection says so: 503, retry shortly, no internals.
					expect(page.status).toBe(503);
					expect(page.headers.get("retry-after")).toBe("60");
					expect(html).toContain("Temporarily unavailable");
					expectNoInternals(html, `source page without ${table}`);
				}
			} finally {
				await db.exec(`ALTER TABLE ${table}_gone RENAME TO ${table}`);
			}
			// Restored: the same calls succeed again (the rename, not something else, did it).
			expect((await callEveryTool()).filter((o) => o.degraded).map((o) => o.wire.label)).toEqual([]);
		});
	}
});

// ---------------------------------------------------------------------------------------------------
// A query failing

/** Database error text as D1 reports it; none of it may reach a caller. */
const D1_FAILURE =
	"D1_ERROR: no such column: s.publication_state at offset 42: SQLITE_ERROR (SELECT s.source_id FROM sources s)";

type FailureMode = "prepare" | "first" | "all" | "raw" | "batch" | "session";

/** A D1 binding over the real one whose reads fail in one way. */
function failingDb(mode: FailureMode): D1Database {
	const fail = () => Promise.reject(new Error(D1_FAILURE));
	const statement = (real: D1PreparedStatement): D1PreparedStatement =>
		new Proxy(real, {
			get(target, key) {
				if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values));
				if (key === mode) return fail;
				const value = Reflect.get(target, key);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
	const session = (real: D1DatabaseSession): D1DatabaseSession =>
		new Proxy(real, {
			get(target, key) {
				if (key === "prepare")
					return (sql: string) => {
						if (mode === "prepare") throw new Error(D1_FAILURE);
						return statement(target.prepare(sql));
					};
				if (key === "batch") return mode === "batch" ? fail : (s: D1PreparedStatement[]) => target.batch(s);
				const value = Reflect.get(target, key);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
	return new Proxy(db, {
		get(target, key) {
			if (key === "withSession")
				return (constraint: string) => {
					if (mode === "session") throw new Error(D1_FAILURE);
					return session(target.withSession(constraint as never));
				};
			const value = Reflect.get(target, key);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
}

let nextIp = 1;
async function fetchWith(overrides: Partial<Record<string, unknown>>, wire: Wire): Promise<Reply> {
	const headers = new Headers();
	for (const [name, value] of wire.headers) headers.append(name, value);
	headers.set("cf-connecting-ip", `198.51.100.${nextIp++ % 250}`);
	const response = await worker.fetch(
		new Request(ENDPOINT, { method: "POST", headers, body: wire.body }) as never,
		{ ...env, ...overrides } as Env,
		createExecutionContext(),
	);
	return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * What a failing member takes down: every tool when nothing can be prepared or no session opened;
 * some tool for each member the data layer uses (which calls it makes is the data layer's business,
 * so the test does not pin them); none for `raw`, which no tool uses (the injection is precise).
 */
const degradesSomething = (mode: FailureMode) => mode !== "raw";
const degradesEverything = (mode: FailureMode) => mode === "prepare" || mode === "session";

describe("a query failing", () => {
	for (const mode of ["prepare", "first", "all", "raw", "batch", "session"] as const) {
		it(`when ${mode === "session" ? "the read session cannot be opened" : `${mode} fails`}: degraded tool results, no internals, no 5xx`, async () => {
			const failing = failingDb(mode);
			const degraded = new Set<string>();
			for (const call of CALLS) {
				for (const era of ["modern", "legacy"] as const) {
					const wire = callWire(call, era);
					const reply = await fetchWith({ DB: failing }, wire);
					expect(reply.status, `${wire.label}: ${reply.text}`).toBeLessThan(500);
					const body = checkReply(wire, reply, { degradedAllowed: true }) as { result: Record<string, any> };
					if (body.result.isError && body.result.content[0].text === DEGRADED_MESSAGE)
						degraded.add(call.name);
					expect(reply.text).not.toContain("no such column");
				}
			}
			if (degradesEverything(mode)) expect([...degraded].sort()).toEqual([...TOOL_NAMES].sort());
			else if (degradesSomething(mode)) expect(degraded.size).toBeGreaterThan(0);
			else expect([...degraded]).toEqual([]);
			// Discovery needs no database, so it keeps answering whatever the database does.
			const discover = makeWire(
				"discover",
				[
					["content-type", "application/json"],
					["mcp-protocol-version", MODERN],
					["mcp-method", "server/discover"],
				],
				jsonText({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } }),
			);
			checkReply(discover, await fetchWith({ DB: failing }, discover));
		});
	}
});

// ---------------------------------------------------------------------------------------------------
// The rate limiter fails closed

describe("the rate limiter fails closed", () => {
	const down = () => Promise.reject(new Error("limiter down: SQLITE_BUSY at rate-limiter-object.ts:12:3"));
	const throwing = () => {
		throw new Error("limiter down");
	};
	const failures: [string, Record<string, unknown>][] = [
		["both absent", { MCP_RATE_LIMIT: undefined, RATE_LIMITER: undefined }],
		["native rejects, no Durable Object", { MCP_RATE_LIMIT: { limit: down }, RATE_LIMITER: undefined }],
		[
			"native throws, Durable Object id fails",
			{ MCP_RATE_LIMIT: { limit: throwing }, RATE_LIMITER: { idFromName: throwing, get: throwing } },
		],
		[
			"native absent, Durable Object admit rejects",
			{ MCP_RATE_LIMIT: undefined, RATE_LIMITER: { idFromName: () => ({}), get: () => ({ admit: down }) } },
		],
		[
			"Durable Object mode forced, Durable Object stub throws",
			{ RATE_LIMIT_MODE: "durable_object", RATE_LIMITER: { idFromName: () => ({}), get: throwing } },
		],
	];

	for (const [label, limiter] of failures) {
		it(`${label}: 503, Retry-After, -31503, and nothing runs`, async () => {
			let touched = false;
			const untouchable = new Proxy(
				{},
				{
					get() {
						touched = true;
						throw new Error("the database must not be reached");
					},
				},
			);
			for (const call of CALLS) {
				const wire = callWire(call, "modern");
				const reply = await fetchWith({ ...limiter, DB: untouchable }, wire);
				expect(reply.status, label).toBe(503);
				expect(reply.headers.get("retry-after")).toBe("10");
				const body = JSON.parse(reply.text);
				expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -31503 } });
				expect(body.error.data.retry_after_seconds).toBe(10);
				expectNoInternals(reply.text, label);
				expect(reply.text).not.toContain("limiter down");
			}
			expect(touched).toBe(false);
		});
	}

	it("a limiter that answers nonsense refuses rather than admits", async () => {
		let touched = false;
		const untouchable = new Proxy(
			{},
			{
				get() {
					touched = true;
					throw new Error("the database must not be reached");
				},
			},
		);
		for (const limiter of [
			// A native answer without a decision counts as the binding failing: with no fallback, refused.
			{ MCP_RATE_LIMIT: { limit: () => Promise.resolve({}) }, RATE_LIMITER: undefined },
			{
				MCP_RATE_LIMIT: undefined,
				RATE_LIMITER: { idFromName: () => ({}), get: () => ({ admit: () => Promise.resolve({}) }) },
			},
		]) {
			const reply = await fetchWith(
				{ ...limiter, DB: untouchable },
				callWire(CALLS[0] as (typeof CALLS)[number], "modern"),
			);
			// An answer without a decision is a fault, not "over budget": the request is refused as unavailable.
			expect(reply.status).toBe(503);
			expect(JSON.parse(reply.text).error.code).toBe(-31503);
		}
		expect(touched).toBe(false);
	});
});

// ---------------------------------------------------------------------------------------------------
// A projection refresh that dies

interface RefreshRow {
	refresh_id: number;
	mode: string;
	outcome: string;
	error: string | null;
}

const lastRefresh = async () =>
	(await db
		.prepare(
			"SELECT refresh_id, mode, outcome, error FROM projection_refreshes ORDER BY refresh_id DESC LIMIT 1",
		)
		.first<RefreshRow>()) as RefreshRow;

/** Every projection row, for before/after comparison. */
async function projectionSnapshot() {
	const out: Record<string, unknown[]> = {};
	for (const table of ["creator_projection", "topic_projection", "manifest_projection", "projection_work"]) {
		out[table] = (await db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all()).results;
	}
	return out;
}

async function callTool(name: string, args: Record<string, J>) {
	const wire = callWire({ name, arguments: args }, "modern");
	return (checkReply(wire, await send(wire)) as { result: Record<string, any> }).result;
}

describe("a projection refresh that dies", () => {
	let served: number;

	beforeAll(async () => {
		const rebuilt = await refreshProjections(db, "full");
		expect(rebuilt.outcome).toBe("succeeded");
		served = rebuilt.refresh_id as number;
		// A change the next refresh would publish: the old projection must keep the old count.
		await db
			.prepare("UPDATE evidence_cards SET review_state = 'draft' WHERE card_id = ?1")
			.bind("card_fixllm1a")
			.run();
	});

	async function expectOldProjectionServing(
		snapshot: Awaited<ReturnType<typeof projectionSnapshot>>,
		failedMode: string,
	) {
		expect(await projectionSnapshot()).toEqual(snapshot);
		const failed = await lastRefresh();
		expect(failed.outcome).toBe("failed");
		expect(failed.mode).toBe(failedMode);
		const signal = await callTool("get_topic_signal", { topic_id: "llm-citations" });
		expect(signal.structuredContent.computed.refresh_id).toBe(served);
		expect(signal.structuredContent.gates.applied_insights.count).toBe(3);
		const topic = await callTool("get_topic", { topic_id: "llm-citations" });
		expect(topic.structuredContent.counts.computed.refresh_id).toBe(served);
		const manifest = await callTool("get_public_manifest", {});
		expect(manifest.structuredContent.projection.last_refresh.refresh_id).toBe(served);
		expect(manifest.structuredContent.projection.last_attempt).toMatchObject({
			outcome: "failed",
			refresh_id: failed.refresh_id,
		});
		// The failure's text stays in the operators' table, out of every answer.
		expect(JSON.stringify(manifest)).not.toContain(failed.error ?? "(none)");
		for (const pattern of LEAK_PATTERNS) expect(JSON.stringify(manifest)).not.toMatch(pattern);
	}

	it("at its first statement (projection_work dropped): nothing changes, the failure is recorded", async () => {
		const snapshot = await projectionSnapshot();
		await db.exec("DROP TABLE projection_work");
		const outcome = await refreshProjections(db, "full");
		expect(outcome.outcome).toBe("failed");
		expect(outcome.error).toMatch(/projection_work/);
		await db.exec(
			"CREATE TABLE projection_work (kind TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID",
		);
		await expectOldProjectionServing(snapshot, "full");
	});

	it("in the middle, through the cron (a trigger raising on a projection insert): the old projection serves", async () => {
		const snapshot = await projectionSnapshot();
		await db.exec(
			"CREATE TRIGGER fail_signal_insert BEFORE INSERT ON topic_signal_projection BEGIN SELECT RAISE(ABORT, 'injected failure in the middle of the refresh'); END",
		);
		try {
			const ctx = createExecutionContext();
			await worker.scheduled(
				createScheduledController({ cron: "*/15 * * * *", scheduledTime: Date.now() }),
				env,
				ctx,
			);
			await waitOnExecutionContext(ctx);
			const failed = await lastRefresh();
			expect(failed.error).toMatch(/injected failure in the middle/);
			await expectOldProjectionServing(snapshot, "incremental");
			// A full rebuild dies at the same point just the same.
			expect((await refreshProjections(db, "full")).outcome).toBe("failed");
			await expectOldProjectionServing(snapshot, "full");
		} finally {
			await db.exec("DROP TRIGGER fail_signal_insert");
		}
	});

	it("at its very last statement (the refresh record cannot be closed): everything before it is rolled back", async () => {
		const snapshot = await projectionSnapshot();
		await db.exec(
			"CREATE TRIGGER fail_refresh_close BEFORE UPDATE OF outcome ON projection_refreshes WHEN NEW.outcome = 'succeeded' BEGIN SELECT RAISE(ABORT, 'injected failure at the last statement'); END",
		);
		try {
			const outcome = await refreshProjections(db, "full");
			expect(outcome.outcome).toBe("failed");
			expect(outcome.error).toMatch(/injected failure at the last statement/);
			await expectOldProjectionServing(snapshot, "full");
		} finally {
			await db.exec("DROP TRIGGER fail_refresh_close");
		}
	});

	it("and the next refresh publishes the change", async () => {
		const outcome = await refreshProjections(db, "incremental");
		expect(outcome.outcome).toBe("succeeded");
		const signal = await callTool("get_topic_signal", { topic_id: "llm-citations" });
		expect(signal.structuredContent.computed.refresh_id).toBe(outcome.refresh_id);
		expect(signal.structuredContent.gates.applied_insights.count).toBe(2);
		expect(signal.structuredContent.signal).toBe("not_strong");
	});
});

describe("a table dropped for good", () => {
	it("DROP TABLE topic_signal_projection: get_topic_signal degrades, every other tool answers", async () => {
		await db.exec("DROP TABLE topic_signal_projection");
		const outcomes = await callEveryTool();
		for (const o of outcomes) {
			expectNoInternals(o.reply.text, o.wire.label);
			// Only the signal of an existing topic needs the table; "not found" with suggestions does not.
			const needsTable =
				o.call.name === "get_topic_signal" && o.call.arguments.topic_id === PUBLIC_VALUES.topic_id;
			expect(o.degraded, o.wire.label).toBe(needsTable);
		}
	});

	it("DROP TABLE topic_projection as well: get_topic degrades for a real topic, a typo is still not found", async () => {
		await db.exec("DROP TABLE topic_projection");
		const outcomes = await callEveryTool();
		for (const o of outcomes) {
			expectNoInternals(o.reply.text, o.wire.label);
			const needsTable =
				(o.call.name === "get_topic" && o.call.arguments.topic_id === PUBLIC_VALUES.topic_id) ||
				(o.call.name === "get_topic_signal" && o.call.arguments.topic_id === PUBLIC_VALUES.topic_id);
			expect(o.degraded, o.wire.label).toBe(needsTable);
		}
		const typo = outcomes.filter((o) => o.call.arguments.topic_id === "llm-citatons");
		expect(typo).toHaveLength(2);
		for (const o of typo) expect(o.reply.text, o.wire.label).toContain("No topic has the id");
	});
});

describe("the table digest the hostile-input suites rely on", () => {
	it("notices a one-character change in any table, and its reversal", async () => {
		const before = await databaseDigest();
		const passage = await db
			.prepare("SELECT passage_id, text FROM passages ORDER BY passage_id LIMIT 1")
			.first<{ passage_id: number; text: string }>();
		await db
			.prepare("UPDATE passages SET text = ?1 WHERE passage_id = ?2")
			.bind(`${passage?.text}.`, passage?.passage_id)
			.run();
		const changed = await databaseDigest();
		expect(changed.passages?.sha256).not.toBe(before.passages?.sha256);
		expect(changed.passages?.rows).toBe(before.passages?.rows);
		// The passage triggers re-index it: the FTS5 shadow tables change too.
		expect(changed.search_index_data?.sha256).not.toBe(before.search_index_data?.sha256);
		await db
			.prepare("UPDATE passages SET text = ?1 WHERE passage_id = ?2")
			.bind(passage?.text, passage?.passage_id)
			.run();
		const restored = await databaseDigest();
		expect(restored.passages).toEqual(before.passages);
		expect(Object.keys(before)).toEqual(
			expect.arrayContaining([
				"(schema)",
				"sources",
				"projection_refreshes",
				"projection_changes",
				"manifest_projection",
				"search_index_data",
				"d1_migrations",
			]),
		);
	});
});

describe("coverage", () => {
	it("exercises every tool", () => {
		expect([...new Set(CALLS.map((c) => c.name))]).toEqual(TOOL_NAMES);
	});
});

describe("a query failing under a resource, prompt or completion method", () => {
	const methods: { method: string; params: Record<string, J>; name?: string; reads: boolean }[] = [
		{ method: "resources/list", params: {}, reads: true },
		{
			method: "resources/read",
			params: { uri: "base2026://topics/llm-citations" },
			name: "base2026://topics/llm-citations",
			reads: true,
		},
		{
			method: "resources/read",
			params: { uri: `base2026://sources/${FIXTURES.topics.llmCitations.publicSourceIds[0]}` },
			name: `base2026://sources/${FIXTURES.topics.llmCitations.publicSourceIds[0]}`,
			reads: true,
		},
		{
			method: "prompts/get",
			params: { name: "research_topic", arguments: { topic_id: "llm-citations" } },
			name: "research_topic",
			reads: true,
		},
		{
			method: "completion/complete",
			params: {
				ref: { type: "ref/resource", uri: "base2026://topics/{topic_id}" },
				argument: { name: "topic_id", value: "a" },
			},
			reads: true,
		},
		{ method: "resources/templates/list", params: {}, reads: false },
		{ method: "prompts/list", params: {}, reads: false },
	];

	for (const mode of ["prepare", "session"] as const) {
		it(`when ${mode} fails: -32603 "degraded" with HTTP 200 in both eras, never empty, never internals`, async () => {
			forgetProjectionCopy();
			const failing = failingDb(mode);
			for (const m of methods) {
				for (const era of ["modern", "legacy"] as const) {
					const headers: [string, string][] = [["content-type", "application/json"]];
					if (era === "modern") {
						headers.push(["mcp-protocol-version", MODERN], ["mcp-method", m.method]);
						if (m.name !== undefined) headers.push(["mcp-name", m.name]);
					} else headers.push(["mcp-protocol-version", "2025-11-25"]);
					const params = era === "modern" ? { ...m.params, _meta: META } : m.params;
					const wire = makeWire(
						`${era} ${m.method}`,
						headers,
						jsonText({ jsonrpc: "2.0", id: 1, method: m.method, params }),
					);
					const reply = await fetchWith({ DB: failing }, wire);
					expect(reply.status, `${wire.label}: ${reply.text}`).toBe(200);
					expect(reply.text).not.toContain("no such column");
					expect(reply.text).not.toContain("D1_ERROR");
					const body = JSON.parse(reply.text);
					if (m.reads) {
						expect(body.error, wire.label).toEqual({ code: -32603, message: DEGRADED_MESSAGE });
					} else expect(body.result, wire.label).toBeDefined();
				}
			}
			forgetProjectionCopy();
		});
	}
});
