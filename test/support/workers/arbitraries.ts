/**
 * fast-check generators for the hardening suites (test/workers/hardening/), and the oracle
 * their requests are judged by:
 *
 * - `expectedOf(wire)`: what docs/contract.md ("Transport", "Protocol eras") documents for the bytes
 *   and headers sent (transport checks in their order, era choice, the modern envelope and header
 *   checks, legacy version handling, batches), written from the contract, not imported from src/,
 *   but for which methods each era answers and which params member Mcp-Name repeats: those are read
 *   from the method table (src/mcp/methods.ts), which the contract's method lists are generated from;
 * - `checkReply(wire, reply)`: that the answer is exactly that, and keeps the invariants every answer
 *   must keep (never a 5xx, valid JSON-RPC or an empty 202, only the error codes the era allows, the
 *   request id echoed, no stack, SQL or database error text, never the degraded message while D1 is
 *   healthy, every tool result valid against the tool's own output schema);
 * - `databaseDigest()`: row counts and a content hash of every table, shadow and projection table
 *   included, so a suite can show that no request changed anything.
 *
 * Every property runs with a fixed seed (HARDENING_SEED overrides it, see vitest.config.ts); fast-check
 * prints the seed and the counterexample path of a failure, so any failure replays exactly.
 */
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import * as v from "valibot";
import { afterAll, beforeAll, expect } from "vitest";
import { METHODS, namedParam } from "../../../src/mcp/methods";
import { PROMPT_DESCRIPTORS } from "../../../src/prompts/registry";
import { decodeCursor } from "../../../src/resources/cursor";
import { URI_TEMPLATES } from "../../../src/resources/uris";
import { oneLine } from "../../../src/text/one-line";
import { findTool, TOOL_DESCRIPTORS } from "../../../src/tools/registry";
import { DEGRADED_MESSAGE } from "../../../src/tools/run-tool";

// ---------------------------------------------------------------------------------------------------
// Protocol facts, as docs/contract.md states them

export const ENDPOINT = "https://base2026.dev/api/mcp";
const PUBLIC_ORIGIN = "https://base2026.dev";
export const MODERN = "2026-07-28";
export const LEGACY = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
const LEGACY_FALLBACK = "2025-11-25";
const LEGACY_HEADERLESS = "2025-03-26";
export const PV_KEY = "io.modelcontextprotocol/protocolVersion";
export const CAPS_KEY = "io.modelcontextprotocol/clientCapabilities";
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
export const CAP_BYTES = 64 * 1024;
export const TOOL_NAMES = TOOL_DESCRIPTORS.map((t) => t.name);

type Era = "modern" | "legacy";

/** The methods each era answers, from the method table. */
const ANSWERED: Record<Era, ReadonlySet<string>> = {
	modern: new Set(METHODS.filter((m) => m.eras.includes("modern")).map((m) => m.method)),
	legacy: new Set(METHODS.filter((m) => m.eras.includes("legacy")).map((m) => m.method)),
};

/** JSON-RPC codes each era may answer with (application codes sit outside the reserved range). */
export const ALLOWED_CODES: Record<Era, readonly number[]> = {
	modern: [-32700, -32600, -32601, -32602, -32603, -32020, -32022, -31429, -31503],
	legacy: [-32700, -32600, -32601, -32602, -32603, -32002, -31429, -31503],
};

/** HTTP status -> the JSON-RPC codes that may travel with it. */
const CODES_BY_STATUS: Record<number, Record<Era, readonly number[]>> = {
	200: { modern: [-32602, -32603], legacy: [-32601, -32602, -32603, -32002] },
	400: { modern: [-32700, -32600, -32602, -32020, -32022], legacy: [-32700, -32600] },
	403: { modern: [-32600], legacy: [-32600] },
	404: { modern: [-32601], legacy: [] },
	406: { modern: [-32600], legacy: [-32600] },
	413: { modern: [-32600], legacy: [-32600] },
	415: { modern: [-32600], legacy: [-32600] },
	429: { modern: [-31429], legacy: [-31429] },
	503: { modern: [-31503], legacy: [-31503] },
};

// ---------------------------------------------------------------------------------------------------
// Seeds and runs

const configuredSeed = String((env as unknown as { HARDENING_SEED?: string }).HARDENING_SEED ?? "").trim();

/** The base seed of every property; HARDENING_SEED=<integer> (an environment variable) replaces it. */
const BASE_SEED = /^-?\d+$/.test(configuredSeed) ? Number(configuredSeed) : 20260728;

/** Shards of one property run side by side (it.concurrent), each with its own seed derived from the base. */
const seedFor = (property: string, shard: number): number => {
	let h = BASE_SEED >>> 0;
	for (const char of `${property}#${shard}`) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193) >>> 0;
	return h | 0;
};

let requestsSent = 0;
/** Requests this test file has sent through the endpoint (each file is its own module graph). */
export const sentCount = () => requestsSent;

const outcomes = new Map<string, number>();
/** How often each outcome ("200 result", "400 -32020", "202", "200 batch", …) was checked in this file. */
export const outcomeCounts = (): Record<string, number> => Object.fromEntries([...outcomes].sort());
const countOutcome = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

/** Sequences of one property run side by side inside a shard: requests are mostly waiting on I/O. */
const LANES = 8;

/**
 * Runs one shard of a property: LANES independent fast-check runs (each its own seed) side by side.
 * fast-check's failure report carries the seed, the path and the counterexample (a Wire prints as
 * its label, headers and the head of its body), so a failure replays with `replay(seed, path)`.
 */
export async function runProperty<T>(
	name: string,
	shard: number,
	numRuns: number,
	arbitrary: fc.Arbitrary<T>,
	predicate: (value: T) => Promise<void>,
): Promise<void> {
	const lanes = Array.from({ length: LANES }, async (_, lane) => {
		const seed = seedFor(name, shard * LANES + lane);
		await fc.assert(fc.asyncProperty(arbitrary, predicate), {
			seed,
			numRuns: Math.ceil(numRuns / LANES),
			// A run stops after this long (shrinking included; the seed and path replay a failure in full).
			// A run cut short before all its cases ran is a failure, never a silent pass.
			interruptAfterTimeLimit: 90_000,
			markInterruptAsFailure: true,
			reporter: (details) => {
				if (!details.failed) return;
				const cause =
					details.counterexample === null && details.interrupted
						? `interrupted by the time limit after ${details.numRuns} runs, before all of them ran`
						: details.errorInstance instanceof Error
							? details.errorInstance.message
							: String(details.errorInstance);
				throw new Error(
					`${name} shard ${shard} lane ${lane} failed (HARDENING_SEED=${BASE_SEED}, seed ${seed}, path "${details.counterexamplePath}", after ${details.numRuns} runs, shrunk ${details.numShrinks} times)\n${cause}`,
				);
			},
		});
	});
	await Promise.all(lanes);
}

/**
 * A hardening suite's frame: request logs quiet while it runs, and a digest of every table taken
 * before its first test, for its last test to compare with (no request may change any table).
 */
export function hardeningSuite(): { expectNoTableChanged: () => Promise<void> } {
	let before: Record<string, TableDigest> | undefined;
	let restoreLogs = () => {};
	beforeAll(async () => {
		before = await databaseDigest();
		restoreLogs = quietRequestLogs();
	});
	afterAll(() => restoreLogs());
	return {
		async expectNoTableChanged() {
			expect(before).toBeDefined();
			expect(await databaseDigest()).toEqual(before);
		},
	};
}

/** The Worker logs one line per request; thousands of them only slow the run and bury a failure. */
export function quietRequestLogs(): () => void {
	const original = console.log;
	console.log = (...args: unknown[]) => {
		if (typeof args[0] === "string" && args[0].startsWith('{"event":"mcp_request"')) return;
		original(...args);
	};
	return () => {
		console.log = original;
	};
}

// ---------------------------------------------------------------------------------------------------
// JSON text with raw literals (numbers JSON can spell but JavaScript cannot hold, deep nesting)

/** A JSON text fragment written as is (e.g. `1e400`, `-0`, 10,000 nested brackets). */
export class Raw {
	constructor(readonly text: string) {}
}

export type J = null | boolean | number | string | Raw | J[] | { [key: string]: J };

export function jsonText(value: J): string {
	if (value instanceof Raw) return value.text;
	if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
	if (value !== null && typeof value === "object") {
		return `{${Object.entries(value)
			.map(([k, item]) => `${JSON.stringify(k)}:${jsonText(item)}`)
			.join(",")}}`;
	}
	return JSON.stringify(value) ?? "null";
}

export const deepArray = (depth: number) => new Raw(`${"[".repeat(depth)}${"]".repeat(depth)}`);
export const deepObject = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}0${"}".repeat(depth)}`);

/** Numbers at the edges: as JSON text, so the server parses them itself. */
const RAW_NUMBERS = [
	"1e308",
	"-1e308",
	"1e400",
	"-0",
	"0.0",
	"-0.0",
	"9007199254740993",
	"-9007199254740993",
	"12345678901234567890123456789012345678901234567890",
	"0.1",
	"1.5",
	"1E1",
	"5e0",
	"2e1",
	"1e-400",
	"4.9e-324",
] as const;

// ---------------------------------------------------------------------------------------------------
// Strings: unicode, control characters, SQL and LIKE metacharacters

const SPECIAL_CHARS = [
	"\u0000",
	"\u0001",
	"\u001f",
	"\u007f",
	"\u0085",
	"\u2028",
	"\u2029",
	"\u200b",
	"\u200d",
	"\u200e",
	"\u200f",
	"\u202e",
	"\u2066",
	"\ufeff",
	"\ufffd",
	"\ufffe",
	"\ud800",
	"\udfff",
	"\udbff\udfff",
	"🚀",
	"👩‍👩‍👧",
	"🇯🇵",
	"e\u0301",
	"\u0301\u0302\u0303",
	"ﬁ",
	"Ａ",
	"ß",
	"İ",
	"ǅ",
	"日本語",
	"עברית",
	"العربية",
	"\t",
	"\n",
	"\r\n",
	" ",
	"\\",
	"'",
	'"',
	"`",
	"%",
	"_",
	"*",
	"@",
	"--",
	";",
	"/*",
	"?1",
	"$1",
] as const;

/** Values that would do harm if any query were built from text, or matched with LIKE/GLOB/FTS syntax. */
export const HOSTILE_STRINGS = [
	"'; DROP TABLE sources; --",
	"'); DELETE FROM passages; --",
	"' OR '1'='1",
	'" OR ""="',
	"1 OR 1=1",
	"x' UNION SELECT creator_id, handle FROM creators --",
	"%",
	"%%",
	"_",
	"__",
	"%_%",
	"*",
	"[a-z]*",
	"\\",
	"\\%",
	"\\_",
	"\u0000",
	"a\u0000b",
	"'",
	"''",
	'"',
	"`",
	"NEAR(a b)",
	'") OR ("',
	"title:seo",
	"seo*",
	"?1",
	"$1",
	":id",
	"@x",
	"/* comment */",
	"-- comment",
	"char(0)",
	"json_each",
] as const;

const specialChar = fc.constantFrom(...SPECIAL_CHARS);

/** Short strings mixing ordinary text, arbitrary code points and the special characters above. */
export const nastyString = (maxParts = 8): fc.Arbitrary<string> =>
	fc
		.array(
			fc.oneof(
				{ weight: 3, arbitrary: specialChar },
				{ weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
				{ weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
				{
					weight: 2,
					arbitrary: fc.constantFrom("seo", "ai", "google", "src_", "card_", "@", "llm-citations"),
				},
			),
			{ maxLength: maxParts },
		)
		.map((parts) => parts.join(""));

export const hostileString = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
	{
		weight: 1,
		arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), nastyString(3)).map(([a, b]) => a + b),
	},
);

/** Length in code points (what JSON Schema's minLength/maxLength count). */
export const codePoints = (s: string) => [...s].length;

// ---------------------------------------------------------------------------------------------------
// Wires: exactly what goes over HTTP

export interface Wire {
	label: string;
	/** In order; a repeated name is appended (Headers joins the values with ", "). */
	headers: [string, string][];
	body: Uint8Array;
	/** Sent as a ReadableStream in chunks of these sizes (no Content-Length). */
	chunks?: number[];
}

const encoder = new TextEncoder();
export const utf8 = (text: string) => encoder.encode(text);

function wirePreview(wire: Wire): string {
	const head = new TextDecoder().decode(wire.body.slice(0, 300));
	return `${wire.label} | ${wire.headers.map(([n, val]) => `${n}: ${val}`).join(" | ")} | ${wire.body.byteLength} bytes${
		wire.chunks ? ` in ${wire.chunks.length} chunks` : ""
	}: ${head}${wire.body.byteLength > 300 ? "…" : ""}`;
}

export function makeWire(
	label: string,
	headers: [string, string][],
	body: Uint8Array | string,
	chunks?: number[],
) {
	const wire: Wire = { label, headers, body: typeof body === "string" ? utf8(body) : body };
	if (chunks) wire.chunks = chunks;
	Object.defineProperty(wire, fc.toStringMethod, { value: () => wirePreview(wire), enumerable: false });
	return wire;
}

export interface Reply {
	status: number;
	headers: Headers;
	text: string;
}

const fileTag = (crypto.getRandomValues(new Uint16Array(1))[0] ?? 0).toString(16);
let nextAddress = 0;

/** A fresh /64 for every request: the 60-a-minute budget never decides a fuzz outcome. */
function freshIdentity(): string {
	const n = nextAddress++;
	return `2001:db8:${fileTag}:${(n & 0xffff).toString(16)}::${((n >>> 16) + 1).toString(16)}`;
}

function headersOf(wire: Wire): Headers {
	const headers = new Headers();
	for (const [name, value] of wire.headers) headers.append(name, value);
	return headers;
}

function streamOf(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
	return new ReadableStream<Uint8Array>({
		start(controller) {
			let at = 0;
			for (const size of sizes) {
				if (at >= bytes.byteLength) break;
				controller.enqueue(bytes.slice(at, at + size));
				at += size;
			}
			if (at < bytes.byteLength) controller.enqueue(bytes.slice(at));
			controller.close();
		},
	});
}

/** POSTs a wire to the Worker's own fetch handler (real D1, rate limiter and Durable Objects). */
export async function send(wire: Wire): Promise<Reply> {
	const headers = headersOf(wire);
	headers.set("cf-connecting-ip", freshIdentity());
	const init: RequestInit & { duplex?: string } = { method: "POST", headers };
	if (wire.chunks) {
		init.body = streamOf(wire.body, wire.chunks);
		init.duplex = "half";
	} else {
		init.body = wire.body;
	}
	const response = await exports.default.fetch(new Request(ENDPOINT, init));
	const text = await response.text();
	requestsSent++;
	return { status: response.status, headers: response.headers, text };
}

// ---------------------------------------------------------------------------------------------------
// The model: what the design documents for a given wire

type RequestId = string | number;

type Item =
	| { kind: "error"; status: number; code: number; id: RequestId | null }
	| {
			kind: "result";
			id: RequestId;
			method: string;
			params: Record<string, unknown> | undefined;
			/** A method whose params this model does not judge: a result, or -32602 for its params. */
			paramsMayBeRefused?: true;
	  };

type Expected =
	| ({ era: Era | null } & Extract<Item, { kind: "error" }>)
	| ({ era: Era } & Extract<Item, { kind: "result" }>)
	| { kind: "accepted"; era: Era }
	| { kind: "batch"; era: "legacy"; items: Item[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);
// MCP ids are strings or integers; a number id beyond ±(2^53 − 1) would be echoed changed, so it is refused.
const isId = (value: unknown): value is RequestId => typeof value === "string" || Number.isSafeInteger(value);
const readableId = (value: unknown): RequestId | null =>
	isObject(value) && isId(value.id) ? value.id : null;
const isLegacy = (value: string) => (LEGACY as readonly string[]).includes(value);

function transportError(status: number, code: number): Expected {
	return { kind: "error", status, code, id: null, era: null };
}

function originAllowed(origin: string): boolean {
	let url: URL;
	try {
		url = new URL(origin);
	} catch {
		return false;
	}
	if (url.protocol !== "https:" && url.protocol !== "http:") return false;
	if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return true;
	return url.origin === PUBLIC_ORIGIN;
}

const mediaType = (part: string) => part.split(";")[0]?.trim().toLowerCase();
const isJsonContentType = (value: string | null) => value !== null && mediaType(value) === "application/json";
/**
 * Accept as RFC 9110 reads it: JSON is acceptable when the most specific range naming it
 * (application/json, then application/*, then *\/*) has a q above 0; a malformed q counts as 1.
 */
function acceptsJson(value: string | null): boolean {
	if (value === null || value.trim() === "") return true;
	const specificity = ["*/*", "application/*", "application/json"];
	let best = -1;
	let q = 0;
	for (const part of value.split(",")) {
		const rank = specificity.indexOf(mediaType(part) ?? "");
		if (rank <= best) continue;
		const given = part
			.split(";")
			.slice(1)
			.map((p) => p.trim().toLowerCase())
			.find((p) => p.startsWith("q="))
			?.slice(2)
			.trim();
		best = rank;
		q = given !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(given) ? Number(given) : 1;
	}
	return q > 0;
}

type Kind = "invalid" | "request" | "notification" | "response";

function classify(value: unknown): Kind {
	if (!isObject(value) || value.jsonrpc !== "2.0") return "invalid";
	if (value.params !== undefined && !isObject(value.params)) return "invalid";
	if (typeof value.method === "string") {
		if (value.method === "") return "invalid";
		if (!("id" in value)) return "notification";
		return isId(value.id) ? "request" : "invalid";
	}
	if ("method" in value) return "invalid";
	return ("result" in value || "error" in value) && "id" in value ? "response" : "invalid";
}

function claimsModern(message: unknown): boolean {
	return isObject(message) && isObject(message.params) && isObject(message.params._meta)
		? message.params._meta[PV_KEY] !== undefined
		: false;
}

// A header value: visible ASCII, space and tab.
const PLAIN = /^[\t\x20-\x7e]*$/;

/**
 * The =?base64?…?= form: the encoding name in any case (as in RFC 2047), standard alphabet, padded,
 * UTF-8 inside, a leading BOM kept as a character of the value; null when malformed.
 */
export function decodeMcpName(raw: string): string | null {
	const value = raw.trim();
	if (!PLAIN.test(value)) return null;
	if (value.slice(0, 9).toLowerCase() !== "=?base64?") return value;
	const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/i.exec(value);
	if (!match || (match[1] ?? "").length % 4 !== 0) return null;
	try {
		const binary = atob(match[1] ?? "");
		return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
			Uint8Array.from(binary, (c) => c.charCodeAt(0)),
		);
	} catch {
		return null;
	}
}

export function base64Form(text: string): string {
	let binary = "";
	for (const byte of utf8(text)) binary += String.fromCharCode(byte);
	return `=?base64?${btoa(binary)}?=`;
}

/** A handler-level answer: the same in both eras except for unknown methods. */
function answer(message: Record<string, unknown>, era: Era): Item {
	const id = message.id as RequestId;
	const method = message.method as string;
	const params = message.params as Record<string, unknown> | undefined;
	const handlerError = (code: number): Item => ({ kind: "error", status: 200, code, id });
	const result: Item = { kind: "result", id, method, params };
	if (!ANSWERED[era].has(method))
		return era === "modern" ? { kind: "error", status: 404, code: -32601, id } : handlerError(-32601);
	// What the contract says a method refuses in its params; a method this model does not judge (one
	// added to the table later, or whose params it does not model) may answer either way.
	switch (method) {
		case "initialize":
		case "ping":
		case "server/discover":
			return result;
		case "tools/list":
			return params?.cursor !== undefined ? handlerError(-32602) : result;
		case "tools/call": {
			const name = params?.name;
			if (typeof name !== "string" || !TOOL_NAMES.includes(name)) return handlerError(-32602);
			return result;
		}
		case "resources/list":
			return params?.cursor !== undefined && decodeCursor(params.cursor) === null
				? handlerError(-32602)
				: result;
		case "resources/templates/list":
		case "prompts/list":
			return params?.cursor !== undefined ? handlerError(-32602) : result;
		case "completion/complete": {
			const ref = params?.ref;
			const argument = params?.argument;
			const refKnown =
				isObject(ref) &&
				((ref.type === "ref/resource" && (Object.values(URI_TEMPLATES) as unknown[]).includes(ref.uri)) ||
					(ref.type === "ref/prompt" && PROMPT_DESCRIPTORS.some((p) => p.name === ref.name)));
			const argumentValid =
				isObject(argument) && typeof argument.name === "string" && typeof argument.value === "string";
			return refKnown && argumentValid ? result : handlerError(-32602);
		}
		default:
			return { ...result, paramsMayBeRefused: true };
	}
}

function modernExpected(message: Record<string, unknown>, kind: Kind, headers: Headers): Expected {
	if (kind === "notification") return { kind: "accepted", era: "modern" };
	if (kind === "response") return { kind: "error", status: 400, code: -32600, id: null, era: "modern" };
	const id = message.id as RequestId;
	const fail = (code: number): Expected => ({ kind: "error", status: 400, code, id, era: "modern" });
	const params = message.params as Record<string, unknown> | undefined;
	const meta = params?._meta;
	const claimed = isObject(meta) ? meta[PV_KEY] : undefined;
	const rawVersion = headers.get("mcp-protocol-version");
	const headerVersion = rawVersion === null ? null : rawVersion.trim();
	if (typeof claimed === "string" && headerVersion !== null && headerVersion !== claimed) return fail(-32020);
	if (typeof claimed !== "string" || !isObject(meta) || !isObject(meta[CAPS_KEY])) return fail(-32602);
	if (claimed !== MODERN) return fail(-32022);
	if (headerVersion === null) return fail(-32020);
	const method = headers.get("mcp-method");
	if (method === null || !PLAIN.test(method) || method.trim() !== message.method) return fail(-32020);
	const nameParam = typeof message.method === "string" ? namedParam(message.method) : undefined;
	const bodyName = nameParam === undefined ? undefined : params?.[nameParam];
	if (typeof bodyName === "string") {
		const name = headers.get("mcp-name");
		if (name === null || decodeMcpName(name) !== bodyName) return fail(-32020);
	}
	return { era: "modern", ...answer(message, "modern") } as Expected;
}

function legacyExpected(body: unknown, headers: Headers): Expected {
	const batch = Array.isArray(body);
	const kind = batch ? "invalid" : classify(body);
	const isInitialize = kind === "request" && (body as Record<string, unknown>).method === "initialize";
	let version: string = LEGACY_HEADERLESS;
	if (!isInitialize) {
		const raw = headers.get("mcp-protocol-version");
		if (raw !== null) {
			if (!isLegacy(raw.trim())) {
				return { kind: "error", status: 400, code: -32600, id: readableId(body), era: "legacy" };
			}
			version = raw.trim();
		}
	}
	if (!batch) {
		if (kind === "notification" || kind === "response") return { kind: "accepted", era: "legacy" };
		return { era: "legacy", ...answer(body as Record<string, unknown>, "legacy") } as Expected;
	}
	const elements = body as unknown[];
	if (version !== "2025-03-26" || elements.length === 0) {
		return { kind: "error", status: 400, code: -32600, id: null, era: "legacy" };
	}
	const items: Item[] = [];
	for (const element of elements) {
		const elementKind = classify(element);
		if (elementKind === "invalid") {
			items.push({ kind: "error", status: 200, code: -32600, id: readableId(element) });
		} else if (elementKind === "request") {
			const message = element as Record<string, unknown>;
			items.push(
				message.method === "initialize"
					? { kind: "error", status: 200, code: -32600, id: message.id as RequestId }
					: answer(message, "legacy"),
			);
		}
	}
	return items.length === 0 ? { kind: "accepted", era: "legacy" } : { kind: "batch", era: "legacy", items };
}

/** The parsed body the server will see, or why it will not get that far. */
function parsedBody(wire: Wire): { ok: true; value: unknown } | { ok: false } {
	try {
		return {
			ok: true,
			value: JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(wire.body)),
		};
	} catch {
		return { ok: false };
	}
}

export function expectedOf(wire: Wire): Expected {
	const headers = headersOf(wire);
	const origin = headers.get("origin");
	if (origin !== null && !originAllowed(origin)) return transportError(403, -32600);
	if (!isJsonContentType(headers.get("content-type"))) return transportError(415, -32600);
	if (!acceptsJson(headers.get("accept"))) return transportError(406, -32600);
	const declared = headers.get("content-length");
	const declaredTooLarge =
		declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > CAP_BYTES;
	if (declaredTooLarge || wire.body.byteLength > CAP_BYTES) return transportError(413, -32600);
	const parsed = parsedBody(wire);
	if (!parsed.ok) return transportError(400, -32700);
	const body = parsed.value;
	if (Array.isArray(body)) {
		if (body.some(claimsModern)) return { kind: "error", status: 400, code: -32600, id: null, era: "modern" };
		return legacyExpected(body, headers);
	}
	const kind = classify(body);
	if (kind === "invalid")
		return { kind: "error", status: 400, code: -32600, id: readableId(body), era: null };
	const modern = claimsModern(body) || headers.get("mcp-protocol-version")?.trim() === MODERN;
	return modern
		? modernExpected(body as Record<string, unknown>, kind, headers)
		: legacyExpected(body, headers);
}

// ---------------------------------------------------------------------------------------------------
// The invariants

/** Text a public answer must never hold: stacks, database errors, SQL of the schema. */
export const LEAK_PATTERNS: readonly RegExp[] = [
	/D1_ERROR/i,
	/D1_EXEC/i,
	/SQLITE/i,
	/no such (table|column|function)/i,
	/\bsyntax error\b/i,
	/\b(TypeError|RangeError|ReferenceError|SyntaxError|AggregateError|EvalError|InternalError)\b/,
	/\n\s+at\s/,
	/\bat\s+\S+\s+\(\S+:\d+:\d+\)/,
	/\.(ts|js|mjs|cjs):\d+/,
	/\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]{0,200}\b(FROM|INTO|SET)\b\s+(sources|creators|topics|passages|source_aliases|source_topics|evidence_cards|search_index|\w+_projection|projection_\w+|content_actions)\b/i,
	/\bpublication_state\b/,
	/\breview_state\b/,
	/\bhandle_key\b/,
	/\bstate_reason\b/,
];

/** Every string the request carried (keys and values), longest first: an echo of them is no leak. */
function requestStrings(wire: Wire): string[] {
	const found = new Set<string>();
	for (const [, value] of wire.headers) found.add(value);
	const parsed = parsedBody(wire);
	if (parsed.ok) {
		const stack: unknown[] = [parsed.value];
		while (stack.length > 0) {
			const value = stack.pop();
			if (typeof value === "string") found.add(value);
			else if (Array.isArray(value)) stack.push(...value);
			else if (isObject(value))
				for (const [key, item] of Object.entries(value)) {
					found.add(key);
					stack.push(item);
				}
		}
	} else {
		found.add(new TextDecoder().decode(wire.body));
	}
	return [...found].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

/**
 * The ways an answer may repeat what was sent: as is, trimmed, on one line (a text block's breaks and
 * controls as spaces), or as a lookup key (NFKC, lower case).
 */
const echoForms = (echo: string) => {
	const forms = new Set([
		echo,
		echo.trim(),
		oneLine(echo),
		echo.normalize("NFKC").toLowerCase(),
		echo.trim().normalize("NFKC").toLowerCase(),
	]);
	return [...forms].flatMap((form) => [JSON.stringify(form).slice(1, -1), form]);
};

function leakIn(text: string, echoes: readonly string[]): string | null {
	let rest = text;
	for (const echo of echoes) {
		for (const form of echoForms(echo)) {
			if (form.length >= 3 && rest.includes(form)) rest = rest.split(form).join(" ");
		}
	}
	for (const pattern of LEAK_PATTERNS) {
		const match = pattern.exec(rest);
		if (match) return `${pattern}: …${rest.slice(Math.max(0, match.index - 60), match.index + 120)}…`;
	}
	return null;
}

class Violation extends Error {}

function fail(wire: Wire, reply: Reply, what: string): never {
	throw new Violation(
		`${what}\n  request: ${wirePreview(wire)}\n  answer: HTTP ${reply.status} ${reply.text.slice(0, 600)}`,
	);
}

const sameId = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks one JSON-RPC reply object; returns it typed loosely. */
function replyObject(value: unknown, wire: Wire, reply: Reply): Record<string, any> {
	if (!isObject(value)) fail(wire, reply, "a JSON-RPC reply must be an object");
	const extra = Object.keys(value).filter((k) => !["jsonrpc", "id", "result", "error"].includes(k));
	if (extra.length > 0) fail(wire, reply, `unexpected reply members ${extra.join(", ")}`);
	if (value.jsonrpc !== "2.0") fail(wire, reply, 'jsonrpc must be "2.0"');
	if (!("id" in value) || !(value.id === null || isId(value.id))) fail(wire, reply, "id must be present");
	if ("result" in value === "error" in value) fail(wire, reply, "exactly one of result and error");
	if ("error" in value) {
		const error = value.error;
		if (!isObject(error)) fail(wire, reply, "error must be an object");
		if (!Number.isInteger(error.code)) fail(wire, reply, "error.code must be an integer");
		if (typeof error.message !== "string" || error.message.trim() === "")
			fail(wire, reply, "error.message must be a non-empty string");
	} else if (!isObject(value.result)) fail(wire, reply, "result must be an object");
	return value as Record<string, any>;
}

function checkError(
	item: Record<string, any>,
	expected: { status: number; code: number; id: RequestId | null },
	era: Era | null,
	status: number,
	wire: Wire,
	reply: Reply,
	inBatch = false,
): void {
	const code = item.error?.code;
	if (code !== expected.code) fail(wire, reply, `expected JSON-RPC error ${expected.code}, got ${code}`);
	for (const e of era === null ? (["modern", "legacy"] as const) : [era]) {
		if (!ALLOWED_CODES[e].includes(code)) fail(wire, reply, `${code} is not a ${e} error code`);
		// Inside a batch (HTTP 200), an element that is not a valid message is answered -32600.
		if (!(CODES_BY_STATUS[status]?.[e] ?? []).includes(code) && !(inBatch && code === -32600))
			fail(wire, reply, `${code} may not travel with HTTP ${status} in the ${e} era`);
	}
	if (!sameId(item.id, expected.id))
		fail(wire, reply, `error id must echo ${JSON.stringify(expected.id)}, got ${JSON.stringify(item.id)}`);
}

/** Options of checkReply: a fault suite expects degraded answers where the invariants forbid them. */
interface CheckOptions {
	degradedAllowed?: boolean;
}

let checkOptions: CheckOptions = {};

function checkToolResult(result: Record<string, any>, name: string, wire: Wire, reply: Reply): void {
	if (!Array.isArray(result.content) || result.content.length !== 1) fail(wire, reply, "one content block");
	const text = result.content[0]?.text;
	if (result.content[0]?.type !== "text" || typeof text !== "string" || text.trim() === "")
		fail(wire, reply, "a non-empty text block");
	if (result.isError === true) {
		if (result.structuredContent !== undefined) fail(wire, reply, "an error result has no structuredContent");
		if (text === DEGRADED_MESSAGE && !checkOptions.degradedAllowed)
			fail(wire, reply, "a healthy database answered as degraded");
		return;
	}
	const tool = findTool(name);
	if (!tool) fail(wire, reply, `no tool ${name}`);
	const parsed = v.safeParse(tool.output, result.structuredContent);
	if (!parsed.success) {
		const issues = parsed.issues.map((i) => `${i.path?.map((p) => p.key).join(".")}: ${i.message}`);
		fail(wire, reply, `structuredContent does not match ${name}'s output schema: ${issues.join("; ")}`);
	}
}

function checkResult(
	item: Record<string, any>,
	expected: Extract<Item, { kind: "result" }>,
	era: Era,
	wire: Wire,
	reply: Reply,
): void {
	if (!sameId(item.id, expected.id)) fail(wire, reply, `result id must echo ${JSON.stringify(expected.id)}`);
	if (expected.paramsMayBeRefused && "error" in item) {
		if (item.error?.code !== -32602)
			fail(wire, reply, `${expected.method} may refuse its params with -32602, not ${item.error?.code}`);
		return;
	}
	if (!("result" in item)) fail(wire, reply, `expected a result for ${expected.method}`);
	const result = item.result as Record<string, any>;
	if (era === "modern") {
		if (result.resultType !== "complete") fail(wire, reply, 'a modern result has resultType "complete"');
		if (result._meta?.[SERVER_INFO_KEY]?.name !== "base2026-public-mcp")
			fail(wire, reply, "a modern result carries serverInfo in _meta");
	} else if ("resultType" in result) fail(wire, reply, "a legacy result has no resultType");
	switch (expected.method) {
		case "server/discover":
			if (!sameId(result.supportedVersions, [MODERN, ...LEGACY])) fail(wire, reply, "supportedVersions");
			if (result.cacheScope !== "public" || typeof result.ttlMs !== "number")
				fail(wire, reply, "cache hints");
			break;
		case "tools/list":
			if (
				!sameId(
					result.tools?.map((t: { name: string }) => t.name),
					TOOL_NAMES,
				)
			)
				fail(wire, reply, "tools/list lists every registered tool in order");
			break;
		case "initialize": {
			const asked = expected.params?.protocolVersion;
			const want = typeof asked === "string" && isLegacy(asked) ? asked : LEGACY_FALLBACK;
			if (result.protocolVersion !== want) fail(wire, reply, `initialize must answer ${want}`);
			break;
		}
		case "ping":
			if (Object.keys(result).length !== 0) fail(wire, reply, "ping answers {}");
			break;
		case "tools/call":
			checkToolResult(result, expected.params?.name as string, wire, reply);
			break;
	}
}

/**
 * Every invariant, for one wire and its answer. Returns the parsed body (undefined for a 202) so a
 * property can check more.
 */
export function checkReply(wire: Wire, reply: Reply, options: CheckOptions = {}): unknown {
	checkOptions = options;
	if (reply.status >= 500) fail(wire, reply, `a ${reply.status}: only the documented 503 may be a 5xx`);
	const expected = expectedOf(wire);
	const wantStatus =
		expected.kind === "accepted"
			? 202
			: expected.kind === "batch" || expected.kind === "result"
				? 200
				: expected.status;
	if (reply.status !== wantStatus) fail(wire, reply, `expected HTTP ${wantStatus} (${expected.kind})`);
	countOutcome(
		expected.kind === "error"
			? `${expected.status} ${expected.code}`
			: expected.kind === "result"
				? `200 ${expected.era} ${expected.method}`
				: `${wantStatus} ${expected.kind}`,
	);
	if (reply.headers.get("mcp-session-id") !== null) fail(wire, reply, "no session id, ever");
	if (expected.kind === "accepted") {
		if (reply.text !== "") fail(wire, reply, "a 202 has no body");
		return undefined;
	}
	if (reply.headers.get("content-type") !== "application/json")
		fail(wire, reply, "Content-Type application/json");
	if (reply.text.includes("\n")) fail(wire, reply, "single-line JSON");
	let body: unknown;
	try {
		body = JSON.parse(reply.text);
	} catch {
		fail(wire, reply, "the body is not JSON");
	}
	if (expected.kind === "batch") {
		if (!Array.isArray(body) || body.length !== expected.items.length)
			fail(wire, reply, `a batch answer of ${expected.items.length} replies`);
		expected.items.forEach((item, i) => {
			const got = replyObject(body[i], wire, reply);
			if (item.kind === "error") checkError(got, item, "legacy", 200, wire, reply, true);
			else checkResult(got, item, "legacy", wire, reply);
		});
	} else {
		const got = replyObject(body, wire, reply);
		if (expected.kind === "error") checkError(got, expected, expected.era, reply.status, wire, reply);
		else checkResult(got, expected, expected.era, wire, reply);
	}
	const leak = leakIn(reply.text, requestStrings(wire));
	if (leak) fail(wire, reply, `the answer leaks internals: ${leak}`);
	return body;
}

// ---------------------------------------------------------------------------------------------------
// Envelope generators (both eras)

export const rawNumber = fc.constantFrom(...RAW_NUMBERS).map((text) => new Raw(text));

const requestIdArb: fc.Arbitrary<J> = fc.oneof(
	{ weight: 6, arbitrary: fc.integer() },
	{ weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
	{ weight: 3, arbitrary: nastyString(4) },
	{ weight: 2, arbitrary: rawNumber },
	{ weight: 1, arbitrary: fc.constantFrom<J>(null, true, false, [], {}, [1], { id: 1 }, "") },
	{ weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => "i".repeat(n)) },
);

/** Every method of the table, notifications, a method no era has, and near misses of real names. */
const KNOWN_METHODS = [
	...METHODS.map((m) => m.method),
	"notifications/initialized",
	"notifications/cancelled",
	"logging/setLevel",
	"tools/List",
	"TOOLS/CALL",
	" tools/call",
];

const methodArb: fc.Arbitrary<string> = fc.oneof(
	{ weight: 10, arbitrary: fc.constantFrom(...KNOWN_METHODS) },
	{ weight: 2, arbitrary: nastyString(4) },
	{ weight: 1, arbitrary: fc.constant("") },
);

/** A valid argument value for one property of a tool's published JSON Schema. */
function validValue(schema: Record<string, any>): fc.Arbitrary<J> {
	if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
	if (schema.type === "integer") return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
	if (schema.type === "string") {
		const max = Math.min(schema.maxLength ?? 40, 60);
		return fc.oneof(
			fc.constantFrom(
				"seo",
				"ai overviews",
				"llm-citations",
				"@GEO.with.Grace",
				"src_fixllm1",
				"maría.seo",
				"voice search",
			),
			nastyString(6).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= max),
			hostileString.filter((s) => s.length <= max),
		);
	}
	return fc.constant(null);
}

/** A value of the wrong JSON type or out of the schema's bounds for one property. */
export function invalidValue(schema: Record<string, any>): fc.Arbitrary<J> {
	const wrongTypes: fc.Arbitrary<J>[] = [
		fc.constantFrom<J>(null, true, false, [], {}, ["seo"], { query: "seo" }),
		deepArrayArb,
	];
	if (schema.type === "string") {
		wrongTypes.push(fc.integer(), rawNumber);
		wrongTypes.push(fc.constant(""));
		if (schema.maxLength !== undefined)
			wrongTypes.push(
				fc.integer({ min: schema.maxLength + 1, max: schema.maxLength + 3000 }).map((n) => "x".repeat(n)),
			);
		if (Array.isArray(schema.enum)) wrongTypes.push(fc.constantFrom("TikTok", "youtube", "", "tiktok "));
	} else if (schema.type === "integer") {
		wrongTypes.push(
			fc.constantFrom<J>("5", "1", "", "NaN", "Infinity", "-0"),
			fc.constantFrom(
				...["1e308", "-1e308", "1.5", "0.1", "9007199254740993", "1e400", "-1"].map((t) => new Raw(t)),
			),
			fc.integer({ min: (schema.maximum ?? 0) + 1 }),
			fc.integer({ max: (schema.minimum ?? 0) - 1 }),
		);
	}
	return fc.oneof(...wrongTypes);
}

const deepArrayArb: fc.Arbitrary<J> = fc.constantFrom(10, 1000, 10_000).map((d) => deepArray(d));

const schemaOf = (tool: string) =>
	(TOOL_DESCRIPTORS.find((t) => t.name === tool)?.inputSchema ?? {}) as {
		properties?: Record<string, Record<string, any>>;
		required?: string[];
	};

/** Arguments for a tool: mostly valid, sometimes with wrong types, extra keys or a missing required one. */
function argumentsArb(tool: string): fc.Arbitrary<J> {
	const schema = schemaOf(tool);
	const properties = Object.entries(schema.properties ?? {});
	const required = new Set(schema.required ?? []);
	const entries = properties.map(([name, property]) =>
		fc
			.oneof(
				{ weight: 6, arbitrary: validValue(property).map((value) => ({ value })) },
				{ weight: required.has(name) ? 1 : 4, arbitrary: fc.constant({ value: undefined as J | undefined }) },
				{ weight: 2, arbitrary: invalidValue(property).map((value) => ({ value })) },
			)
			.map(({ value }) => [name, value] as const),
	);
	return fc
		.tuple(
			fc.tuple(...entries),
			fc.option(
				fc.tuple(
					fc.oneof(
						nastyString(3),
						fc.constantFrom("constructor", "__proto__", "toString", "Query", "limit "),
					),
					fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<J>,
				),
				{ freq: 6 },
			),
		)
		.map(([pairs, extra]) => {
			const args: Record<string, J> = {};
			for (const [name, value] of pairs) if (value !== undefined) args[name] = value;
			if (extra && !(extra[0] in args)) args[extra[0]] = extra[1];
			return args;
		});
}

export interface Envelope {
	era: Era;
	message: Record<string, J>;
}

const metaArb: fc.Arbitrary<J | undefined> = fc.oneof(
	{ weight: 12, arbitrary: fc.constant<J>({ [PV_KEY]: MODERN, [CAPS_KEY]: {} }) },
	{ weight: 2, arbitrary: fc.constant<J>({ [PV_KEY]: MODERN }) },
	{ weight: 1, arbitrary: fc.constant<J>({ [CAPS_KEY]: {} }) },
	{
		weight: 2,
		arbitrary: fc
			.oneof(
				fc.constantFrom<J>("2027-01-01", "2025-06-18", "2024-11-05", "", " 2026-07-28", "2026-07-28 "),
				fc.constantFrom<J>(null, 20260728, ["2026-07-28"], { toString: null }, true),
				deepArrayArb,
				nastyString(3),
			)
			.map((version) => ({ [PV_KEY]: version, [CAPS_KEY]: {} })),
	},
	{
		weight: 1,
		arbitrary: fc
			.constantFrom<J>(null, [], "none", 0, deepObject(1000))
			.map((caps) => ({ [PV_KEY]: MODERN, [CAPS_KEY]: caps })),
	},
	{ weight: 1, arbitrary: fc.constantFrom<J>(null, [], "meta", 1) },
);

/** A JSON-RPC message shaped for one era, valid more often than not. */
export const envelopeArb: fc.Arbitrary<Envelope> = fc
	.record({
		era: fc.constantFrom<Era>("modern", "legacy"),
		method: methodArb,
		id: fc.option(requestIdArb, { freq: 8 }),
		tool: fc.oneof(
			{ weight: 8, arbitrary: fc.constantFrom(...TOOL_NAMES) },
			{ weight: 1, arbitrary: nastyString(3) },
		),
		version: fc.option(fc.oneof(fc.constantFrom(...LEGACY, MODERN, "1.0"), nastyString(2)), { freq: 4 }),
		meta: metaArb,
		cursor: fc.option(fc.oneof(fc.string({ maxLength: 4 }), fc.constant<J>(null)), { freq: 10 }),
	})
	.chain(({ era, method, id, tool, version, meta, cursor }) =>
		(method === "tools/call" ? argumentsArb(tool) : fc.constant<J | undefined>(undefined)).map((args) => {
			const params: Record<string, J> = {};
			if (method === "tools/call") {
				params.name = tool;
				if (args !== undefined) params.arguments = args;
			}
			if (method === "initialize") {
				if (version !== null) params.protocolVersion = version;
				params.capabilities = {};
				params.clientInfo = { name: "fuzz", version: "0" };
			}
			if (cursor !== null) params.cursor = cursor;
			if (era === "modern" && meta !== undefined) params._meta = meta;
			const message: Record<string, J> = { jsonrpc: "2.0", method };
			if (id !== null) message.id = id;
			message.params = params;
			return { era, message };
		}),
	);

/** Headers a well-behaved client of that era sends for this message. */
export function clientHeaders(envelope: Envelope, legacyVersion: string | null): [string, string][] {
	const headers: [string, string][] = [
		["content-type", "application/json"],
		["accept", "application/json, text/event-stream"],
	];
	const { method, params } = envelope.message as { method: J; params?: Record<string, J> };
	if (envelope.era === "modern") {
		// A client sends the version its body claims.
		const claimed = (params?._meta as Record<string, J> | undefined)?.[PV_KEY];
		headers.push([
			"mcp-protocol-version",
			typeof claimed === "string" && /^[\x21-\x7e]+$/.test(claimed) ? claimed : MODERN,
		]);
		if (typeof method === "string")
			headers.push(["mcp-method", PLAIN.test(method) ? method : base64Form(method)]);
		const name = params?.name;
		if (method === "tools/call" && typeof name === "string")
			headers.push(["mcp-name", PLAIN.test(name) && name.trim() === name ? name : base64Form(name)]);
	} else if (method !== "initialize" && legacyVersion !== null) {
		headers.push(["mcp-protocol-version", legacyVersion]);
	}
	return headers;
}

// ---------------------------------------------------------------------------------------------------
// Mutations: of the message tree, the headers and the bytes

const PATHS = [
	["jsonrpc"],
	["id"],
	["method"],
	["params"],
	["params", "name"],
	["params", "arguments"],
	["params", "arguments", "query"],
	["params", "_meta"],
	["params", "_meta", PV_KEY],
	["params", "_meta", CAPS_KEY],
	["params", "cursor"],
	["params", "protocolVersion"],
	["result"],
	["error"],
] as const;

const DELETE = Symbol("delete");

const replacementArb: fc.Arbitrary<J | typeof DELETE> = fc.oneof(
	{ weight: 4, arbitrary: fc.constant<typeof DELETE>(DELETE) },
	{ weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<J> },
	{ weight: 3, arbitrary: nastyString(5) },
	{ weight: 2, arbitrary: rawNumber },
	{ weight: 1, arbitrary: fc.constantFrom(10, 1000, 10_000).map((d) => deepArray(d)) },
	{ weight: 1, arbitrary: fc.constantFrom(10, 1000, 10_000).map((d) => deepObject(d)) },
	{ weight: 1, arbitrary: fc.integer({ min: 1, max: 70_000 }).map((n) => "s".repeat(n)) },
	{ weight: 1, arbitrary: fc.constantFrom<J>("2.0", "1.0", 2, "tools/call", MODERN) },
);

interface TreeMutation {
	path: readonly string[];
	value: J | typeof DELETE;
}

export const treeMutationArb: fc.Arbitrary<TreeMutation> = fc.record({
	path: fc.constantFrom(...PATHS),
	value: replacementArb,
});

/** Applies mutations to a copy of the message (creating objects on the way when a path is missing). */
export function mutateTree(message: Record<string, J>, mutations: readonly TreeMutation[]): J {
	const copy = structuredCloneJ(message) as Record<string, J>;
	for (const { path, value } of mutations) {
		let node: Record<string, J> = copy;
		for (const key of path.slice(0, -1)) {
			const next = node[key];
			if (next === null || typeof next !== "object" || Array.isArray(next) || next instanceof Raw) {
				if (value === DELETE) break;
				node[key] = {};
			}
			node = node[key] as Record<string, J>;
		}
		const last = path[path.length - 1] as string;
		if (value === DELETE) delete node[last];
		else node[last] = value;
	}
	return copy;
}

function structuredCloneJ(value: J): J {
	if (value instanceof Raw || value === null || typeof value !== "object") return value;
	if (Array.isArray(value)) return value.map(structuredCloneJ);
	return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, structuredCloneJ(item)]));
}

const HEADER_NAMES = [
	"content-type",
	"accept",
	"mcp-protocol-version",
	"mcp-method",
	"mcp-name",
	"origin",
	"content-length",
] as const;
type HeaderName = (typeof HEADER_NAMES)[number];

/** Values worth trying for each header (all ASCII: non-ASCII values have their own property). */
function headerValueArb(name: HeaderName, envelope?: Envelope): fc.Arbitrary<string> {
	const message = envelope?.message as { method?: J; params?: Record<string, J> } | undefined;
	// Values derived from the body are sent as is only when they are valid header values.
	const plain = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : base64Form(value));
	const method = plain(typeof message?.method === "string" ? message.method : "tools/list");
	const tool = plain(typeof message?.params?.name === "string" ? message.params.name : "get_public_manifest");
	switch (name) {
		case "content-type":
			return fc.constantFrom(
				"application/json",
				"APPLICATION/JSON",
				"application/json; charset=utf-8",
				"application/json;charset=UTF-16",
				" application/json ",
				"application/json, text/plain",
				"application/jsonx",
				"application/json-rpc",
				"text/json",
				"text/plain",
				"application/x-www-form-urlencoded",
				"multipart/form-data; boundary=x",
				"",
				";",
			);
		case "accept":
			return fc.constantFrom(
				"",
				"*/*",
				"application/*",
				"application/json",
				"APPLICATION/JSON;q=0.1",
				"application/json;q=0",
				"*/*;q=0",
				"application/json; Q=0.000",
				"application/json;q=0, */*",
				"*/*;q=0, application/json",
				"application/*;q=0, application/json;q=0.5",
				"application/json;q=nonsense",
				"text/event-stream, application/json",
				"text/event-stream",
				"text/html",
				"application/xml, text/*",
				"image/*",
				",",
			);
		case "mcp-protocol-version":
			return fc.constantFrom(
				MODERN,
				...LEGACY,
				"2026-07-29",
				"2024-11-05",
				"",
				"latest",
				`${MODERN}, ${MODERN}`,
				`${LEGACY[1]}, ${LEGACY[1]}`,
				"2025-06-18\t",
			);
		case "mcp-method":
			return fc.constantFrom(
				method,
				method.toUpperCase(),
				` ${method} `,
				`${method}, ${method}`,
				base64Form(method),
				"tools/list",
				"tools/call",
				"server/discover",
				"",
			);
		case "mcp-name":
			return fc.constantFrom(
				tool,
				` ${tool}\t`,
				tool.toUpperCase(),
				base64Form(tool),
				base64Form(tool).replace("?base64?", "?BASE64?"),
				base64Form(tool).replace("?base64?", "?Base64?"),
				base64Form(`\uFEFF${tool}`),
				base64Form(tool).replace(/=+\?=$/, "?="),
				base64Form(` ${tool}`),
				`${tool}, ${tool}`,
				"=?base64?!!!?=",
				"=?base64??=",
				"=?base64?/w==?=",
				"=?base64?wK8=?=",
				"=?base64?7aCA?=",
				"=?base64?Z2V0X3NvdXJjZQ==",
				"get_source",
				"",
			);
		case "origin":
			return fc.constantFrom(
				PUBLIC_ORIGIN,
				"https://BASE2026.dev",
				"https://base2026.dev:443",
				"http://base2026.dev",
				"http://localhost:8787",
				"http://127.0.0.1",
				"http://[::1]:3000",
				"https://evil.example",
				"https://base2026.dev.evil.example",
				"null",
				// (An empty Origin is dropped on the way through exports.default.fetch; the transport suite
				// sends it to the handler directly.)
				"file://",
				"chrome-extension://abc",
				"http://localhost.evil.example",
			);
		case "content-length":
			return fc.constantFrom("0", "1", "65536", "65537", "99999999999999999999", "abc", "-1", " 12 ", "1e3");
	}
}

type HeaderOp =
	| { op: "drop"; name: HeaderName }
	| { op: "set"; name: HeaderName; value: string }
	| { op: "append"; name: HeaderName; value: string }
	| { op: "recase"; name: HeaderName; upper: boolean[] };

export const headerOpArb = (envelope?: Envelope): fc.Arbitrary<HeaderOp> =>
	fc.constantFrom(...HEADER_NAMES).chain((name) =>
		fc.oneof(
			fc.constant<HeaderOp>({ op: "drop", name }),
			headerValueArb(name, envelope).map((value): HeaderOp => ({ op: "set", name, value })),
			headerValueArb(name, envelope).map((value): HeaderOp => ({ op: "append", name, value })),
			fc
				.array(fc.boolean(), { minLength: name.length, maxLength: name.length })
				.map((upper): HeaderOp => ({ op: "recase", name, upper })),
		),
	);

export function applyHeaderOps(headers: [string, string][], ops: readonly HeaderOp[]): [string, string][] {
	let out = headers.map(([n, val]) => [n, val] as [string, string]);
	for (const op of ops) {
		const same = (n: string) => n.toLowerCase() === op.name;
		if (op.op === "drop") out = out.filter(([n]) => !same(n));
		else if (op.op === "set") out = [...out.filter(([n]) => !same(n)), [op.name, op.value]];
		else if (op.op === "append") out.push([op.name, op.value]);
		else {
			const cased = [...op.name].map((c, i) => (op.upper[i] ? c.toUpperCase() : c)).join("");
			out = out.map(([n, val]) => (same(n) ? [cased, val] : [n, val]));
		}
	}
	return out;
}

type ByteOp =
	| { op: "none" }
	| { op: "pad"; size: number }
	| { op: "bom" }
	| { op: "truncate"; at: number }
	| { op: "invalid-utf8"; at: number; bytes: number[] }
	| { op: "chunked"; sizes: number[] };

/** Sizes at and around the 64 KiB cap, and far over it. */
export const SIZES_AROUND_CAP = [
	CAP_BYTES - 1,
	CAP_BYTES,
	CAP_BYTES + 1,
	CAP_BYTES + 7,
	CAP_BYTES * 2,
] as const;

export const INVALID_UTF8 = [
	[0xff],
	[0xfe, 0xff],
	[0xc0, 0xaf],
	[0xed, 0xa0, 0x80],
	[0xed, 0xbf, 0xbf],
	[0xe2, 0x82],
	[0x80],
	[0xf4, 0x90, 0x80, 0x80],
];

export const byteOpArb: fc.Arbitrary<ByteOp> = fc.oneof(
	{ weight: 12, arbitrary: fc.constant<ByteOp>({ op: "none" }) },
	{ weight: 2, arbitrary: fc.constantFrom(...SIZES_AROUND_CAP).map((size): ByteOp => ({ op: "pad", size })) },
	{ weight: 1, arbitrary: fc.constant<ByteOp>({ op: "bom" }) },
	{ weight: 1, arbitrary: fc.nat().map((at): ByteOp => ({ op: "truncate", at })) },
	{
		weight: 1,
		arbitrary: fc
			.record({ at: fc.nat(), bytes: fc.constantFrom(...INVALID_UTF8) })
			.map((r): ByteOp => ({ op: "invalid-utf8", ...r })),
	},
	{
		weight: 2,
		arbitrary: fc
			.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 6 })
			.map((sizes): ByteOp => ({ op: "chunked", sizes })),
	},
);

/** Pads JSON text to an exact byte size with insignificant whitespace. */
function padTo(text: string, size: number): Uint8Array {
	const bytes = utf8(text);
	return bytes.byteLength >= size ? bytes : utf8(text + " ".repeat(size - bytes.byteLength));
}

export function applyByteOp(
	text: string,
	op: ByteOp,
	headers: [string, string][],
): { body: Uint8Array; headers: [string, string][]; chunks?: number[] } {
	const bytes = utf8(text);
	switch (op.op) {
		case "none":
			return { body: bytes, headers };
		case "pad":
			return { body: padTo(text, op.size), headers };
		case "bom":
			return { body: new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]), headers };
		case "truncate":
			return { body: bytes.slice(0, op.at % Math.max(1, bytes.byteLength)), headers };
		case "invalid-utf8": {
			const at = op.at % (bytes.byteLength + 1);
			return { body: new Uint8Array([...bytes.slice(0, at), ...op.bytes, ...bytes.slice(at)]), headers };
		}
		case "chunked":
			return {
				body: bytes,
				headers: headers.filter(([n]) => n.toLowerCase() !== "content-length"),
				chunks: op.sizes,
			};
	}
}

// ---------------------------------------------------------------------------------------------------
// The database, before and after

interface TableDigest {
	rows: number;
	sha256: string;
}

/**
 * Row count and SHA-256 of the full content of every table D1 lets a Worker read (public tables,
 * FTS5 shadow tables, projection tables, projection_refreshes/changes, d1_migrations), and of the
 * schema itself. Table names come from sqlite_master, never from a request.
 */
export async function databaseDigest(db: D1Database = env.DB): Promise<Record<string, TableDigest>> {
	const tables = (
		await db
			.prepare(
				"SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
			)
			.all<{ name: string; sql: string }>()
	).results.filter((t) => !/^CREATE VIRTUAL TABLE/i.test(t.sql));
	const out: Record<string, TableDigest> = {};
	const schema = (await db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").all())
		.results;
	out["(schema)"] = { rows: schema.length, sha256: await sha256(JSON.stringify(schema)) };
	for (const { name } of tables) {
		const columns = (
			await db
				.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")
				.bind(name)
				.all<{ name: string }>()
		).results.map((c) => `quote("${c.name.replace(/"/g, '""')}")`);
		const rows = (
			await db.prepare(`SELECT ${columns.join(" || '|' || ")} AS r FROM "${name}"`).all<{ r: string }>()
		).results.map((row) => row.r);
		rows.sort();
		out[name] = { rows: rows.length, sha256: await sha256(rows.join("\n")) };
	}
	return out;
}

async function sha256(text: string): Promise<string> {
	const digest = await crypto.subtle.digest("SHA-256", utf8(text));
	return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
