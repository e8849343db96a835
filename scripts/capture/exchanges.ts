/**
 * The fixed set of requests `npm run capture` records, and what a recording is compared on. Shared
 * by the command (real HTTP to a running server) and test/workers/pages/recordings.test.ts (the Worker's
 * own fetch in the Workers runtime), so both capture exactly the same exchanges. Depends on fetch
 * only: it runs in Node and in workerd alike.
 *
 * The research sessions are fixed plans, not a model's choices. The covered one: search the question's
 * words, open the first hit with get_source, check the evidence gate of that source's first topic.
 * The uncovered one: search words the collection holds nothing on, guess the nearest topic's id in
 * the wrong spelling, then ask again with the id the error offers, read from its text as an agent
 * reads it.
 */

import { RATE_LIMIT } from "../../src/limits";
import { Header } from "../../src/mcp/headers";
import { MetaKey } from "../../src/mcp/modern";
import { LEGACY_VERSIONS, MODERN_VERSION } from "../../src/mcp/versions";
import {
	EXCHANGE_KEYS,
	type ExchangeKey,
	RECORDED_RESPONSE_HEADERS,
	type RecordedExchange,
	type RecordedRequest,
	type Recording,
} from "../../src/pages/guide/recordings";

type Send = (request: Request) => Promise<Response>;

/** The session's search: the words an agent would send for the session's question. */
const SESSION_QUERY = "cited in AI Overviews";
/** Results the session's search asks for. */
const SESSION_LIMIT = 3;
/** The uncovered session's search: a real SEO question whose words no public source holds together. */
const UNCOVERED_QUERY = "disavow toxic backlinks";
/** A topic id an agent would guess for it, in the wrong spelling: get_topic answers with the closest ids. */
const GUESSED_TOPIC_ID = "link_building";
/** Where a topic not-found answer offers its closest ids (src/tools/topic-not-found.ts). */
const CLOSEST_TOPIC = /Closest topic ids: ([a-z0-9-]+)/;
/** An id no source has, for the not-found exchange. */
const MISSING_SOURCE_ID = "src_doesnotexist";
/** A limit over search_sources' bound, for the argument-error exchange. */
const TOO_LARGE_LIMIT = 50;

const LEGACY_VERSION = LEGACY_VERSIONS[0];
const modernMeta = { [MetaKey.ProtocolVersion]: MODERN_VERSION, [MetaKey.ClientCapabilities]: {} };

function modern(key: string, method: string, params: Record<string, unknown> = {}): RecordedRequest {
	const name = typeof params.name === "string" ? params.name : undefined;
	return {
		method: "POST",
		headers: {
			"content-type": "application/json",
			accept: "application/json",
			[Header.ProtocolVersion]: MODERN_VERSION,
			[Header.Method]: method,
			...(name === undefined ? {} : { [Header.Name]: name }),
		},
		body: { jsonrpc: "2.0", id: key, method, params: { ...params, _meta: modernMeta } },
	};
}

const toolCall = (key: string, name: string, args: Record<string, unknown>) =>
	modern(key, "tools/call", { name, arguments: args });

function legacy(key: string, method: string, params?: Record<string, unknown>): RecordedRequest {
	return {
		method: "POST",
		headers: {
			"content-type": "application/json",
			accept: "application/json",
			...(method === "initialize" ? {} : { [Header.ProtocolVersion]: LEGACY_VERSION }),
		},
		body: { jsonrpc: "2.0", id: key, method, ...(params === undefined ? {} : { params }) },
	};
}

/** What one answer holds, for the requests that follow it (checked by the caller: the server may be anything). */
type Body = {
	result?: {
		content?: { text?: unknown }[];
		structuredContent?: {
			results?: { source_id?: unknown }[];
			source?: { topics?: { topic_id?: unknown }[] };
		};
		_meta?: Record<string, { name?: unknown; version?: unknown } | undefined>;
	};
};
const answerOf = (exchange: RecordedExchange | undefined) => (exchange?.response.body as Body | null)?.result;
const structured = (exchange: RecordedExchange | undefined) => answerOf(exchange)?.structuredContent;

/** Each exchange's request, built from the exchanges recorded before it. */
const REQUESTS: Record<ExchangeKey, (before: Map<ExchangeKey, RecordedExchange>) => RecordedRequest> = {
	discover: () => modern("discover", "server/discover"),
	initialize: () =>
		legacy("initialize", "initialize", {
			protocolVersion: LEGACY_VERSION,
			capabilities: {},
			clientInfo: { name: "base2026-capture", version: "1" },
		}),
	"tools-list": () => modern("tools-list", "tools/list"),
	search: () => toolCall("search", "search_sources", { query: SESSION_QUERY, limit: SESSION_LIMIT }),
	"get-source": (before) => {
		const first = structured(before.get("search"))?.results?.[0]?.source_id;
		if (typeof first !== "string") throw new Error(`the search for "${SESSION_QUERY}" found no source`);
		return toolCall("get-source", "get_source", { source_id: first });
	},
	"get-topic-signal": (before) => {
		const topic = structured(before.get("get-source"))?.source?.topics?.[0]?.topic_id;
		if (typeof topic !== "string") throw new Error("the session's source has no topic");
		return toolCall("get-topic-signal", "get_topic_signal", { topic_id: topic });
	},
	"empty-search": () =>
		toolCall("empty-search", "search_sources", { query: UNCOVERED_QUERY, limit: SESSION_LIMIT }),
	"unknown-topic": () => toolCall("unknown-topic", "get_topic", { topic_id: GUESSED_TOPIC_ID }),
	"suggested-topic": (before) => {
		const text = answerOf(before.get("unknown-topic"))?.content?.[0]?.text;
		const suggested = typeof text === "string" ? CLOSEST_TOPIC.exec(text)?.[1] : undefined;
		if (suggested === undefined)
			throw new Error(
				`get_topic offered no closest id for "${GUESSED_TOPIC_ID}": ${String(text).slice(0, 200)}`,
			);
		return toolCall("suggested-topic", "get_topic", { topic_id: suggested });
	},
	"not-found": () => toolCall("not-found", "get_source", { source_id: MISSING_SOURCE_ID }),
	"argument-error": () =>
		toolCall("argument-error", "search_sources", { query: "AI search", limit: TOO_LARGE_LIMIT }),
	"rate-limited": () => legacy("rate-limited", "ping"),
};

async function exchange(
	send: Send,
	endpoint: string,
	key: ExchangeKey,
	request: RecordedRequest,
	unrecordedHeaders: Record<string, string>,
): Promise<RecordedExchange> {
	const response = await send(
		new Request(endpoint, {
			method: request.method,
			headers: { ...request.headers, ...unrecordedHeaders },
			body: JSON.stringify(request.body),
		}),
	);
	const text = await response.text();
	const headers: Record<string, string> = {};
	for (const name of RECORDED_RESPONSE_HEADERS) {
		const value = response.headers.get(name);
		if (value !== null) headers[name] = value;
	}
	let body: unknown = null;
	if (text !== "") {
		try {
			body = JSON.parse(text);
		} catch {
			throw new Error(`${key}: the answer (HTTP ${response.status}) is not JSON: ${text.slice(0, 200)}`);
		}
	}
	return { key, request, response: { status: response.status, headers, body } };
}

/**
 * The 429: the same ping until the budget runs out. Windows are fixed and aligned to the clock, so
 * one crossed on the way resets the count: up to two budgets and one more are sent, never more.
 */
async function exhaustBudget(
	send: Send,
	endpoint: string,
	unrecordedHeaders: Record<string, string>,
): Promise<RecordedExchange> {
	const request = REQUESTS["rate-limited"](new Map());
	for (let sent = 0; sent <= 2 * RATE_LIMIT.requests; sent++) {
		const answer = await exchange(send, endpoint, "rate-limited", request, unrecordedHeaders);
		if (answer.response.status === 429) return answer;
		if (answer.response.status !== 200)
			throw new Error(`rate-limited: a ping was answered HTTP ${answer.response.status}, not 200 or 429`);
	}
	throw new Error(
		`rate-limited: no 429 after ${2 * RATE_LIMIT.requests + 1} pings: this server's budget is not ${RATE_LIMIT.requests} per ${RATE_LIMIT.periodSeconds} s (a bench configuration?)`,
	);
}

interface CaptureOptions {
	/** Sent with every request but not recorded (a test's own client address). */
	unrecordedHeaders?: Record<string, string>;
	now?: () => Date;
}

/** Sends the whole set, in order, and returns it as a recording. The 429 costs the caller its budget. */
export async function capture(
	send: Send,
	endpoint: string,
	options: CaptureOptions = {},
): Promise<Recording> {
	const unrecorded = options.unrecordedHeaders ?? {};
	const capturedAt = (options.now ?? (() => new Date()))().toISOString();
	const done = new Map<ExchangeKey, RecordedExchange>();
	for (const key of EXCHANGE_KEYS) {
		const answer =
			key === "rate-limited"
				? await exhaustBudget(send, endpoint, unrecorded)
				: await exchange(send, endpoint, key, REQUESTS[key](done), unrecorded);
		if (key !== "rate-limited" && answer.response.status === 429)
			throw new Error(
				`${key}: refused with 429 before the set was recorded: this address has spent its budget; run again in ${answer.response.headers["retry-after"] ?? RATE_LIMIT.periodSeconds} seconds`,
			);
		done.set(key, answer);
	}
	const serverInfo = answerOf(done.get("discover"))?._meta?.["io.modelcontextprotocol/serverInfo"];
	if (typeof serverInfo?.name !== "string" || typeof serverInfo?.version !== "string")
		throw new Error("discover: the answer names no server (no serverInfo in _meta)");
	return {
		captured_at: capturedAt,
		url: endpoint,
		server: { name: serverInfo.name, version: serverInfo.version },
		exchanges: [...done.values()],
	};
}

// -------------------------------------------------------------------------------------------------
// Comparing recordings

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
/** Fields that identify a request or a refresh rather than say anything about the answer. */
const ID_FIELDS = new Set(["id", "refresh_id"]);

/**
 * What two recordings must agree on: every request and answer, with the JSON-RPC ids, refresh ids,
 * moments (ISO times) and the origin they were captured from set aside.
 */
function comparable(recording: Recording): unknown {
	const origin = new URL(recording.url).origin;
	const normal = (value: unknown): unknown => {
		if (typeof value === "string") return value.replaceAll(origin, "<origin>").replace(ISO_TIME, "<time>");
		if (Array.isArray(value)) return value.map(normal);
		if (value !== null && typeof value === "object")
			return Object.fromEntries(
				Object.entries(value).map(([key, child]) => [key, ID_FIELDS.has(key) ? "<id>" : normal(child)]),
			);
		return value;
	};
	return recording.exchanges.map((recorded) => normal(recorded));
}

/** The exchanges whose request or answer differs, each with the first difference found. */
export function staleExchanges(stored: Recording, fresh: Recording): string[] {
	const before = comparable(stored) as RecordedExchange[];
	const after = comparable(fresh) as RecordedExchange[];
	const problems: string[] = [];
	for (const key of EXCHANGE_KEYS) {
		const a = before.find((exchange) => exchange.key === key);
		const b = after.find((exchange) => exchange.key === key);
		if (a === undefined) problems.push(`${key}: not recorded`);
		else if (b === undefined) problems.push(`${key}: not captured`);
		else {
			const difference = firstDifference(a, b);
			if (difference !== null) problems.push(`${key}: ${difference}`);
		}
	}
	return problems;
}

/** Where two strings part: a few characters either side of the first difference. */
function around(a: string, b: string): string {
	let at = 0;
	while (at < a.length && a[at] === b[at]) at++;
	const from = Math.max(0, at - 30);
	const cut = (text: string) => JSON.stringify(`${from > 0 ? "…" : ""}${text.slice(from, at + 40)}`);
	return `recorded ${cut(a)}, now ${cut(b)}`;
}

function firstDifference(a: unknown, b: unknown, path = ""): string | null {
	const at = path || "(whole)";
	if (typeof a === "string" && typeof b === "string") return a === b ? null : `${at}: ${around(a, b)}`;
	if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null))
		return `${at}: recorded ${JSON.stringify(a)?.slice(0, 80)}, now ${JSON.stringify(b)?.slice(0, 80)}`;
	if (a !== null && typeof a === "object") {
		const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
		for (const key of keys) {
			const found = firstDifference(
				(a as Record<string, unknown>)[key],
				(b as Record<string, unknown>)[key],
				path === "" ? key : `${path}.${key}`,
			);
			if (found !== null) return found;
		}
		return null;
	}
	return a === b ? null : `${at}: recorded ${JSON.stringify(a)}, now ${JSON.stringify(b)}`;
}
