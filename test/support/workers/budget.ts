/**
 * Sending to the Worker with bindings of a test's choosing, and reading what an identity's window
 * still admits: the helpers of the tests that count charges (costly-requests, admission-cost).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../../src/index";
import { RATE_LIMIT } from "../../../src/limits";
import { ENDPOINT, MODERN_META, modernHeaders } from "./mcp";

export type Overrides = Partial<Record<keyof Env, unknown>>;

/** The Durable Object path: the native binding taken away. */
export const DO_PATH: Overrides = { MCP_RATE_LIMIT: undefined };

/** One request through the Worker with `overrides` in its bindings; waits for what it does after answering (a settlement). */
export async function fetchWith(
	overrides: Overrides,
	request: Request,
): Promise<{ status: number; body: string }> {
	const ctx = createExecutionContext();
	const response = await worker.fetch(
		request as Parameters<typeof worker.fetch>[0],
		{ ...env, ...overrides } as Env,
		ctx,
	);
	const body = await response.text();
	await waitOnExecutionContext(ctx);
	return { status: response.status, body };
}

/** A 2026-07-28 search_sources call from the identity `ip`. */
export const searchRequest = (ip: string, query: string, options: Record<string, unknown> = {}) =>
	new Request(ENDPOINT, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"cf-connecting-ip": ip,
			...modernHeaders("tools/call", "search_sources"),
		},
		body: JSON.stringify({
			jsonrpc: "2.0",
			id: 1,
			method: "tools/call",
			params: { name: "search_sources", arguments: { query, ...options }, _meta: MODERN_META },
		}),
	});

const pingRequest = (ip: string) =>
	new Request(ENDPOINT, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"cf-connecting-ip": ip,
			"mcp-protocol-version": "2025-11-25",
		},
		body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
	});

/** How many more messages the identity's window admits (sending pings, until one is refused). */
export async function left(overrides: Overrides, ip: string): Promise<number> {
	let admitted = 0;
	while (admitted <= RATE_LIMIT.requests && (await fetchWith(overrides, pingRequest(ip))).status === 200)
		admitted++;
	return admitted;
}
