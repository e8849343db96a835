/**
 * Hostile input, part 2: the HTTP layer. Headers missing, duplicated (Headers.append), re-cased,
 * mismatched, non-ASCII and in their Base64 forms; bodies at and around the 64 KiB cap, with and
 * without Content-Length, chunked through a ReadableStream, with a BOM, invalid UTF-8 (lone surrogates
 * as raw bytes) or cut short. Each answer is checked against the model in test/support/workers/arbitraries.ts.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import {
	applyHeaderOps,
	base64Form,
	CAP_BYTES,
	CAPS_KEY,
	checkReply,
	clientHeaders,
	decodeMcpName,
	ENDPOINT,
	type Envelope,
	envelopeArb,
	expectedOf,
	hardeningSuite,
	headerOpArb,
	INVALID_UTF8,
	jsonText,
	LEGACY,
	MODERN,
	makeWire,
	nastyString,
	outcomeCounts,
	PV_KEY,
	runProperty,
	SIZES_AROUND_CAP,
	send,
	sentCount,
	TOOL_NAMES,
	utf8,
	type Wire,
} from "../../support/workers/arbitraries";

const QUOTA = 2_800;

const suite = hardeningSuite();

const check = async (wire: Wire) => {
	checkReply(wire, await send(wire));
};

const META = { [PV_KEY]: MODERN, [CAPS_KEY]: {} };

/** Well-formed requests of both eras that reach a handler when nothing is tampered with. */
const validEnvelope: fc.Arbitrary<Envelope> = fc.oneof(
	fc.constantFrom<Envelope>(
		{ era: "modern", message: { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } } },
		{ era: "modern", message: { jsonrpc: "2.0", id: "l", method: "tools/list", params: { _meta: META } } },
		{
			era: "modern",
			message: {
				jsonrpc: "2.0",
				id: 3,
				method: "tools/call",
				params: { name: "get_topic_signal", arguments: { topic_id: "llm-citations" }, _meta: META },
			},
		},
		{
			era: "modern",
			message: { jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: META } },
		},
		{
			era: "legacy",
			message: {
				jsonrpc: "2.0",
				id: 4,
				method: "initialize",
				params: { protocolVersion: "2025-06-18", capabilities: {} },
			},
		},
		{ era: "legacy", message: { jsonrpc: "2.0", id: 5, method: "ping" } },
		{
			era: "legacy",
			message: {
				jsonrpc: "2.0",
				id: 6,
				method: "tools/call",
				params: { name: "get_public_manifest", arguments: {} },
			},
		},
		{ era: "legacy", message: { jsonrpc: "2.0", method: "notifications/initialized" } },
	),
	envelopeArb,
);

/** 0 to 4 header operations (drop, set, append a duplicate, re-case the name) on a client's headers. */
const headerWire: fc.Arbitrary<Wire> = fc
	.record({ envelope: validEnvelope, version: fc.option(fc.constantFrom(...LEGACY), { freq: 4 }) })
	.chain(({ envelope, version }) =>
		fc.array(headerOpArb(envelope), { minLength: 1, maxLength: 4 }).map((ops) => {
			const headers = applyHeaderOps(clientHeaders(envelope, version), ops);
			return makeWire(
				`${envelope.era} ${String(envelope.message.method)}; ${ops.map((o) => o.op).join(",")}`,
				headers,
				jsonText(envelope.message),
			);
		}),
	);

/** tools/call with every form of Mcp-Name: plain, Base64, Base64 of something else, broken Base64. */
const mcpNameWire: fc.Arbitrary<Wire> = fc
	.record({
		name: fc.oneof(
			{ weight: 3, arbitrary: fc.constantFrom(...TOOL_NAMES) },
			{ weight: 2, arbitrary: nastyString(3) },
		),
		other: fc.constantFrom(...TOOL_NAMES),
		form: fc.constantFrom(
			"plain",
			"base64",
			"base64-other",
			"base64-unpadded",
			"base64-upper-sentinel",
			"base64-inner-space",
			"base64-bad-char",
			"base64-latin1",
			"base64-invalid-utf8",
			"base64-lone-surrogate",
			"base64-doubled",
			"missing",
		),
	})
	.map(({ name, other, form }) => {
		const message = {
			jsonrpc: "2.0",
			id: 9,
			method: "tools/call",
			params: { name, arguments: {}, _meta: META },
		};
		const headers: [string, string][] = [
			["content-type", "application/json"],
			["mcp-protocol-version", MODERN],
			["mcp-method", "tools/call"],
		];
		const b64 = base64Form(name);
		const rawB64 = (bytes: number[]) => `=?base64?${btoa(String.fromCharCode(...bytes))}?=`;
		const value: Record<string, string | null> = {
			plain: /^[\x20-\x7e]*$/.test(name) ? name : b64,
			base64: b64,
			"base64-other": base64Form(other),
			"base64-unpadded": b64.replace(/=+\?=$/, "?="),
			"base64-upper-sentinel": b64.replace("?base64?", "?BASE64?"),
			"base64-inner-space": b64.replace("?base64?", "?base64? "),
			"base64-bad-char": b64.replace("?base64?", "?base64?*"),
			"base64-latin1": rawB64([...name].map((c) => c.charCodeAt(0) & 0xff)),
			"base64-invalid-utf8": rawB64([0x67, 0x65, 0x74, 0xff]),
			"base64-lone-surrogate": rawB64([0xed, 0xa0, 0x80]),
			"base64-doubled": `${b64}, ${b64}`,
			missing: null,
		};
		const chosen = value[form] ?? null;
		if (chosen !== null) headers.push(["mcp-name", chosen]);
		return makeWire(`Mcp-Name ${form} for ${JSON.stringify(name)}`, headers, JSON.stringify(message));
	});

/** A valid message padded to a size around the cap: with spaces, or inside a string of multi-byte characters. */
const sizedWire: fc.Arbitrary<Wire> = fc
	.record({
		envelope: fc.constantFrom<Envelope>(
			{
				era: "modern",
				message: { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } },
			},
			{ era: "legacy", message: { jsonrpc: "2.0", id: 2, method: "tools/list" } },
			{
				era: "modern",
				message: {
					jsonrpc: "2.0",
					id: 3,
					method: "tools/call",
					params: { name: "search_sources", arguments: { query: "ai overviews" }, _meta: META },
				},
			},
		),
		size: fc.oneof(
			fc.constantFrom(...SIZES_AROUND_CAP),
			fc.integer({ min: CAP_BYTES - 64, max: CAP_BYTES + 64 }),
			fc.integer({ min: 100, max: 3 * CAP_BYTES }),
		),
		filler: fc.constantFrom(" ", "x", "é", "€", "🚀"),
		delivery: fc.oneof(
			fc.constant<{ kind: "plain" }>({ kind: "plain" }),
			fc.record({
				kind: fc.constant("chunked" as const),
				sizes: fc.array(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 9, max: 70_000 })), {
					minLength: 1,
					maxLength: 8,
				}),
			}),
			fc.record({
				kind: fc.constant("declared" as const),
				declared: fc.oneof(
					fc.constantFrom("exact", "minus-one", "plus-one", "zero"),
					fc.constantFrom("65536", "65537", "0065537", "1048576", "99999999999999999999999"),
				),
			}),
		),
		tail: fc.constantFrom("none", "bom", "invalid-utf8", "truncated"),
		badBytes: fc.constantFrom(...INVALID_UTF8),
	})
	.map(({ envelope, size, filler, delivery, tail, badBytes }) => {
		const base = jsonText({ ...envelope.message, pad: "" });
		const room = Math.max(0, size - utf8(base).byteLength);
		let text: string;
		if (filler === " ") text = base + " ".repeat(room);
		else {
			const width = utf8(filler).byteLength;
			text = base.replace(
				'"pad":""',
				`"pad":"${filler.repeat(Math.floor(room / width))}${"x".repeat(room % width)}"`,
			);
		}
		let bytes = utf8(text);
		if (tail === "bom") bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
		if (tail === "invalid-utf8") {
			// Inside the padding string, where a decoder that does not check would let it through.
			const at = utf8(base).indexOf(0x22, utf8(base).byteLength - 3);
			bytes = new Uint8Array([...bytes.slice(0, at + 1), ...badBytes, ...bytes.slice(at + 1)]);
		}
		if (tail === "truncated") bytes = bytes.slice(0, bytes.byteLength - 1);
		const headers = clientHeaders(envelope, null);
		if (delivery.kind === "declared") {
			const n = bytes.byteLength;
			const relative: Record<string, string> = {
				exact: String(n),
				"minus-one": String(n - 1),
				"plus-one": String(n + 1),
				zero: "0",
			};
			const declared = relative[delivery.declared] ?? delivery.declared;
			headers.push(["content-length", declared]);
		}
		const label = `${bytes.byteLength} bytes (${filler === " " ? "spaces" : filler}), ${delivery.kind}${
			delivery.kind === "declared" ? ` ${delivery.declared}` : ""
		}, ${tail}`;
		return makeWire(label, headers, bytes, delivery.kind === "chunked" ? delivery.sizes : undefined);
	});

/** Header values with characters outside visible ASCII (workerd sends them as UTF-8 bytes). */
const nonAsciiWire: fc.Arbitrary<Wire> = fc
	.record({
		name: fc.constantFrom(
			"mcp-method",
			"mcp-name",
			"mcp-protocol-version",
			"content-type",
			"accept",
			"origin",
		),
		value: fc.constantFrom(
			"tools/listé",
			"get_public_manifestÿ",
			"2026-07-28\u00a0",
			"application/json; charset=ü",
			"application/jsoné",
			"*/*; q=ä",
			"https://bäse2026.dev",
			"tools/call\u0085",
			"日本語",
			"🚀",
		),
	})
	.map(({ name, value }) => {
		const message = {
			jsonrpc: "2.0",
			id: 1,
			method: "tools/call",
			params: { name: "get_public_manifest", arguments: {}, _meta: META },
		};
		const headers = applyHeaderOps(clientHeaders({ era: "modern", message }, null), [
			{ op: "set", name: name as never, value },
		]);
		return makeWire(`non-ASCII ${name}`, headers, JSON.stringify(message));
	});

describe.concurrent("generated transports through POST /api/mcp", () => {
	for (let shard = 0; shard < 2; shard++) {
		it(`headers dropped, set, duplicated and re-cased (shard ${shard})`, { timeout: 300_000 }, () =>
			runProperty("headers", shard, 700, headerWire, check),
		);
	}
	it("every form of Mcp-Name", { timeout: 300_000 }, () =>
		runProperty("mcp-name", 0, 500, mcpNameWire, check),
	);
	it(
		"bodies around 64 KiB, chunked or with a declared length, with a BOM, invalid UTF-8 or cut short",
		{ timeout: 300_000 },
		() => runProperty("sizes", 0, 900, sizedWire, check),
	);
	it("non-ASCII header values", { timeout: 300_000 }, () =>
		runProperty("non-ascii", 0, 40, nonAsciiWire, check),
	);
});

describe("cases the loopback cannot carry, sent to the handler directly", () => {
	it("an empty Origin header is present and not allowed: 403", async () => {
		const response = await worker.fetch(
			new Request(ENDPOINT, {
				method: "POST",
				headers: { "content-type": "application/json", origin: "", "cf-connecting-ip": "192.0.2.201" },
				body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
			}) as never,
			env,
			createExecutionContext(),
		);
		expect(response.status).toBe(403);
		expect(((await response.json()) as any).error.code).toBe(-32600);
	});

	it("a body stream that fails midway is refused cleanly, not a 5xx", async () => {
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(utf8('{"jsonrpc":"2.0","id":1,'));
				controller.error(new Error("client went away"));
			},
		});
		const response = await worker.fetch(
			new Request(ENDPOINT, {
				method: "POST",
				headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.202" },
				body: stream,
				duplex: "half",
			} as RequestInit) as never,
			env,
			createExecutionContext(),
		);
		// Through the loopback the same cut-off body arrives as a truncated one: 400 -32700. Directly,
		// the read itself fails, and that must not become the router's 500.
		expect(response.status).toBeLessThan(500);
		expect(response.status).toBe(400);
		const body = (await response.json()) as any;
		expect(body.error.code).toBe(-32700);
		expect(body.id).toBeNull();
	});
});

describe("the model's Base64 reading", () => {
	it("decodes exactly the documented =?base64?…?= form", () => {
		expect(decodeMcpName(base64Form("search_sources"))).toBe("search_sources");
		expect(decodeMcpName(base64Form("búsqueda 🚀"))).toBe("búsqueda 🚀");
		expect(decodeMcpName("=?base64?c2VhcmNoX3NvdXJjZXM?=")).toBeNull();
		expect(decodeMcpName("=?base64?/w==?=")).toBeNull();
		// The encoding name in any case, as in RFC 2047; a leading BOM is a character of the value.
		expect(decodeMcpName("=?BASE64?c2VhcmNoX3NvdXJjZXM=?=")).toBe("search_sources");
		expect(decodeMcpName(base64Form("\uFEFFsearch_sources"))).toBe("\uFEFFsearch_sources");
	});
});

describe("the run", () => {
	it(`sent at least ${QUOTA} generated requests and met every transport outcome`, () => {
		expect(sentCount()).toBeGreaterThanOrEqual(QUOTA);
		const seen = outcomeCounts();
		const missing = [
			"200 modern tools/call",
			"200 legacy tools/call",
			"202 accepted",
			"400 -32020",
			"400 -32600",
			"400 -32700",
			"403 -32600",
			"406 -32600",
			"413 -32600",
			"415 -32600",
		].filter((outcome) => (seen[outcome] ?? 0) < 5);
		expect(missing, JSON.stringify(seen)).toEqual([]);
	});

	it("changed no table", async () => {
		await suite.expectNoTableChanged();
	});

	it("the model itself refuses a 64 KiB + 1 body and accepts 64 KiB", () => {
		const discover = { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } };
		const headers = clientHeaders({ era: "modern", message: discover }, null);
		const text = JSON.stringify(discover);
		expect(expectedOf(makeWire("cap", headers, text + " ".repeat(CAP_BYTES - text.length))).kind).toBe(
			"result",
		);
		expect(
			expectedOf(makeWire("cap+1", headers, text + " ".repeat(CAP_BYTES + 1 - text.length))),
		).toMatchObject({
			status: 413,
		});
	});
});
