/**
 * Hostile input, part 1: JSON-RPC envelopes of both eras, generated and mutated by fast-check and sent
 * through the Worker's real fetch handler. Every answer is checked against the model in
 * test/support/workers/arbitraries.ts (status, code, id, era) and the invariants every answer keeps;
 * the database must be byte-for-byte the same afterwards.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	ALLOWED_CODES,
	applyByteOp,
	applyHeaderOps,
	byteOpArb,
	checkReply,
	clientHeaders,
	deepArray,
	deepObject,
	envelopeArb,
	expectedOf,
	hardeningSuite,
	headerOpArb,
	jsonText,
	LEGACY,
	makeWire,
	mutateTree,
	nastyString,
	outcomeCounts,
	rawNumber,
	runProperty,
	send,
	sentCount,
	treeMutationArb,
	type Wire,
} from "../../support/workers/arbitraries";

/** Requests this file must send in one run (its share of the suite's 10,000). */
const QUOTA = 3_600;

/** Outcomes each run must have produced at least five times (so no branch of the model goes untested). */
const EVERY_OUTCOME = [
	"200 -32601",
	"200 -32602",
	"200 batch",
	"200 legacy initialize",
	"200 legacy ping",
	"200 legacy tools/call",
	"200 legacy tools/list",
	"200 modern server/discover",
	"200 modern tools/call",
	"200 modern tools/list",
	"202 accepted",
	"400 -32020",
	"400 -32022",
	"400 -32600",
	"400 -32602",
	"400 -32700",
	"403 -32600",
	"404 -32601",
	"406 -32600",
	"413 -32600",
	"415 -32600",
];

const suite = hardeningSuite();

const legacyHeaderVersion = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom<string | null>(...LEGACY) },
	{ weight: 2, arbitrary: fc.constant(null) },
	{ weight: 1, arbitrary: fc.constantFrom("2026-07-28", "2024-11-05", "bogus", " 2025-06-18 ") },
);

/** Mostly a few mutations or none: enough valid requests reach the handlers. */
const few = <T>(arbitrary: fc.Arbitrary<T>, none: number, one: number, more: number) =>
	fc.oneof(
		{ weight: none, arbitrary: fc.constant<T[]>([]) },
		{ weight: one, arbitrary: fc.array(arbitrary, { minLength: 1, maxLength: 1 }) },
		{ weight: more, arbitrary: fc.array(arbitrary, { minLength: 2, maxLength: 3 }) },
	);

/** One message of either era, with the headers its client would send, then mutated. */
const envelopeWire: fc.Arbitrary<Wire> = fc
	.record({
		envelope: envelopeArb,
		legacyVersion: legacyHeaderVersion,
		mutations: few(treeMutationArb, 5, 3, 2),
		bytes: byteOpArb,
	})
	.chain((r) => few(headerOpArb(r.envelope), 6, 3, 1).map((headerOps) => ({ ...r, headerOps })))
	.map(({ envelope, legacyVersion, mutations, bytes, headerOps }) => {
		const message = mutations.length === 0 ? envelope.message : mutateTree(envelope.message, mutations);
		const headers = applyHeaderOps(clientHeaders(envelope, legacyVersion), headerOps);
		const shaped = applyByteOp(jsonText(message), bytes, headers);
		const label = `${envelope.era} ${String(envelope.message.method).slice(0, 40)}; ${mutations.length} tree, ${headerOps.length} header mutations, bytes ${bytes.op}`;
		return makeWire(label, shaped.headers, shaped.body, shaped.chunks);
	});

const JSON_HEADERS: [string, string][] = [
	["content-type", "application/json"],
	["accept", "application/json"],
];

/** Anything at all as the body: JSON values of every shape, raw literals, deep nesting, plain text. */
const anyBodyWire: fc.Arbitrary<Wire> = fc
	.record({
		body: fc.oneof(
			{ weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? "null") },
			{ weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
			{ weight: 2, arbitrary: nastyString(10) },
			{ weight: 1, arbitrary: rawNumber.map((r) => r.text) },
			{ weight: 1, arbitrary: fc.constantFrom(10_000, 21_000).map((d) => deepArray(d).text) },
			{ weight: 1, arbitrary: fc.constantFrom(1_000, 10_000).map((d) => deepObject(d).text) },
			{
				weight: 1,
				arbitrary: fc.constantFrom(
					"",
					" ",
					"null",
					"[]",
					"{}",
					"[{}]",
					"[null]",
					"NaN",
					"Infinity",
					"-Infinity",
					"undefined",
					'{"jsonrpc":"2.0"}',
					'{"jsonrpc":"2.0","id":1}',
					'{"jsonrpc":"2.0","method":"tools/list","id":1,"id":2}',
					'{"jsonrpc":"2.0","method":"tools/list","id":1}garbage',
					'{"jsonrpc":"2.0","method":"tools/list","id":1}{"jsonrpc":"2.0","method":"ping","id":2}',
					'{"__proto__":{"jsonrpc":"2.0"},"method":"ping","id":1}',
					'{"jsonrpc":"2.0","method":"ping","id":1,"__proto__":{"params":1}}',
					"\u0000",
				),
			},
		),
		headers: fc.oneof(
			{ weight: 3, arbitrary: fc.constant(JSON_HEADERS) },
			{
				weight: 1,
				arbitrary: fc.constant<[string, string][]>([...JSON_HEADERS, ["mcp-protocol-version", "2026-07-28"]]),
			},
			{
				weight: 1,
				arbitrary: fc.constant<[string, string][]>([...JSON_HEADERS, ["mcp-protocol-version", "2025-06-18"]]),
			},
		),
	})
	.map(({ body, headers }) => makeWire("any body", headers, body));

/** Legacy batches (2025-03-26 only), with invalid elements, notifications, responses and a modern stowaway. */
const batchWire: fc.Arbitrary<Wire> = fc
	.record({
		elements: fc.array(
			fc.oneof(
				{
					weight: 6,
					arbitrary: envelopeArb.map((e) => ({ ...e.message, params: stripMeta(e.message.params) })),
				},
				{ weight: 1, arbitrary: envelopeArb.map((e) => e.message) },
				{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
				{ weight: 1, arbitrary: fc.constant({ jsonrpc: "2.0", id: 7, result: {} }) },
			),
			{ maxLength: 6 },
		),
		version: fc.option(fc.constantFrom(...LEGACY, "2026-07-28"), { freq: 2 }),
	})
	.map(({ elements, version }) =>
		makeWire(
			`batch of ${elements.length}`,
			version === null ? JSON_HEADERS : [...JSON_HEADERS, ["mcp-protocol-version", version]],
			jsonText(elements as never),
		),
	);

function stripMeta(params: unknown) {
	if (params === null || typeof params !== "object" || Array.isArray(params)) return params;
	const { _meta: _drop, ...rest } = params as Record<string, unknown>;
	return rest;
}

const check = async (wire: Wire) => {
	checkReply(wire, await send(wire));
};

describe.concurrent("generated envelopes through POST /api/mcp", () => {
	for (let shard = 0; shard < 3; shard++) {
		it(`envelopes of both eras, mutated (shard ${shard})`, { timeout: 300_000 }, () =>
			runProperty("envelopes", shard, 900, envelopeWire, check),
		);
	}
	it("any JSON value or text as the body", { timeout: 300_000 }, () =>
		runProperty("any-body", 0, 500, anyBodyWire, check),
	);
	it("legacy batches", { timeout: 300_000 }, () => runProperty("batches", 0, 400, batchWire, check));
});

describe("the run", () => {
	it(`sent at least ${QUOTA} generated requests, and the model saw every outcome`, () => {
		expect(sentCount()).toBeGreaterThanOrEqual(QUOTA);
		const seen = outcomeCounts();
		const missing = EVERY_OUTCOME.filter((outcome) => (seen[outcome] ?? 0) < 5);
		expect(missing, JSON.stringify(seen)).toEqual([]);
	});

	it("changed no table: row counts and content hashes are the same as before", async () => {
		await suite.expectNoTableChanged();
	});
});

describe("the oracle can fail", () => {
	it("flags a wrong status, a wrong code and a missing id echo", () => {
		const wire = makeWire("ping", JSON_HEADERS, '{"jsonrpc":"2.0","id":5,"method":"nope"}');
		expect(expectedOf(wire)).toMatchObject({ kind: "error", status: 200, code: -32601, id: 5 });
		const reply = (status: number, body: unknown) => ({
			status,
			headers: new Headers({ "content-type": "application/json" }),
			text: JSON.stringify(body),
		});
		const good = { jsonrpc: "2.0", id: 5, error: { code: -32601, message: "Method not found" } };
		expect(() => checkReply(wire, reply(200, good))).not.toThrow();
		expect(() => checkReply(wire, reply(404, good))).toThrow(/expected HTTP 200/);
		expect(() => checkReply(wire, reply(200, { ...good, error: { code: -32002, message: "x" } }))).toThrow(
			/expected JSON-RPC error -32601/,
		);
		expect(() => checkReply(wire, reply(200, { ...good, id: null }))).toThrow(/must echo 5/);
		expect(() => checkReply(wire, reply(500, good))).toThrow(/only the documented 503/);
		expect(() =>
			checkReply(
				wire,
				reply(200, { ...good, error: { code: -32601, message: "D1_ERROR: no such table: x" } }),
			),
		).toThrow(/leaks internals/);
		expect(() =>
			checkReply(
				wire,
				reply(200, { ...good, error: { code: -32601, message: "at run (src/tools/x.ts:3:9)" } }),
			),
		).toThrow(/leaks internals/);
	});

	it("never expects a code the era does not allow (-32042, any other -320xx; -32002 only in the legacy era)", () => {
		for (const wire of fc.sample(fc.oneof(envelopeWire, anyBodyWire, batchWire), {
			seed: 1,
			numRuns: 3000,
		})) {
			const expected = expectedOf(wire);
			const codes =
				expected.kind === "error"
					? [expected.code]
					: expected.kind === "batch"
						? expected.items.flatMap((i) => (i.kind === "error" ? [i.code] : []))
						: [];
			const era = expected.kind === "error" && expected.era === null ? "legacy" : (expected.era ?? "legacy");
			for (const code of codes) expect(ALLOWED_CODES[era], wire.label).toContain(code);
		}
	});
});
