/** Real HTTP requests to the Worker's own fetch handler (the `main` module), in both protocol eras. */
import { exports } from "cloudflare:workers";
import { namedParam } from "../../../src/mcp/methods";

export const ENDPOINT = "https://base2026.dev/api/mcp";
export const MODERN = "2026-07-28";
export const MODERN_META = {
	"io.modelcontextprotocol/protocolVersion": MODERN,
	"io.modelcontextprotocol/clientCapabilities": {},
};

export type Json = Record<string, any>;

export interface Answer {
	status: number;
	headers: Headers;
	json: Json;
	text: string;
}

let nextId = 1;
let nextAddress = 1;

/**
 * Each request comes from its own edge address unless a test names one, so only the rate-limit
 * tests ever meet the budget. 198.18.0.0/15 is the range set aside for benchmarks (RFC 2544).
 */
export function freshAddress(): string {
	const n = nextAddress++;
	return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** A POST to the MCP endpoint from its own edge address, as a client sends it. */
function mcpRequest(body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}): Request {
	return new Request(ENDPOINT, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			accept: "application/json, text/event-stream",
			"cf-connecting-ip": freshAddress(),
			...headers,
		},
		body:
			typeof body === "string" || body instanceof ReadableStream || body instanceof Uint8Array
				? body
				: JSON.stringify(body),
		...init,
	});
}

export async function post(
	body: unknown,
	headers: Record<string, string> = {},
	init: RequestInit = {},
): Promise<Answer> {
	const response = await exports.default.fetch(mcpRequest(body, headers, init));
	const text = await response.text();
	return {
		status: response.status,
		headers: response.headers,
		json: text === "" ? {} : JSON.parse(text),
		text,
	};
}

export function modernHeaders(method: string, name?: string): Record<string, string> {
	const headers: Record<string, string> = { "MCP-Protocol-Version": MODERN, "Mcp-Method": method };
	if (name !== undefined) headers["Mcp-Name"] = name;
	return headers;
}

/** A 2026-07-28 request whose headers agree with its body: Mcp-Name repeats what the method table says names it. */
export function modern(method: string, params: Json = {}, headers?: Record<string, string>): Promise<Answer> {
	const named = namedParam(method);
	const value = named === undefined ? undefined : params[named];
	const name = typeof value === "string" ? value : undefined;
	return post(
		{ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: MODERN_META } },
		headers ?? modernHeaders(method, name),
	);
}

export function legacy(
	method: string,
	params: Json | undefined = {},
	version = "2025-11-25",
): Promise<Answer> {
	return post(
		{ jsonrpc: "2.0", id: nextId++, method, ...(params === undefined ? {} : { params }) },
		method === "initialize" ? {} : { "MCP-Protocol-Version": version },
	);
}

/** A modern tools/call as a Request, from its own edge address: for a handler other than the default export's. */
export function toolCallRequest(name: string, args: Json = {}): Request {
	return mcpRequest(
		{
			jsonrpc: "2.0",
			id: nextId++,
			method: "tools/call",
			params: { name, arguments: args, _meta: MODERN_META },
		},
		modernHeaders("tools/call", name),
	);
}

/** A modern tools/call; returns the CallToolResult. */
export async function callTool(name: string, args: Json = {}): Promise<Json> {
	const answer = await modern("tools/call", { name, arguments: args });
	if (answer.status !== 200 || answer.json.error)
		throw new Error(`tools/call ${name} failed: ${answer.text}`);
	return answer.json.result;
}

/** A page request (guide, source page) from its own edge address, so only page-budget tests meet the page budget. */
export function pageRequest(url: string, init: RequestInit = {}): Request {
	const request = new Request(url, init);
	request.headers.set("cf-connecting-ip", freshAddress());
	return request;
}

/**
 * Rate-limit windows are fixed and aligned to the clock (the native binding's and the Durable
 * Object's alike): a test that spends a budget and expects the refusal must do it inside one window,
 * so when fewer than `needMs` are left of this one it waits for the next.
 */
export async function inOneWindow(needMs = 10_000, periodMs = 60_000): Promise<void> {
	const left = periodMs - (Date.now() % periodMs);
	if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
