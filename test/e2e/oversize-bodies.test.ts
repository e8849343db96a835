/**
 * Real HTTP against `wrangler dev`: an oversize body gets 413 without breaking the requests after it.
 * Answering while the client was still uploading made wrangler's local proxy fail the next request
 * (503 "Your worker restarted mid-request", on any connection); the Worker now drains an oversize
 * body up to a bound before it answers.
 */
import { describe, expect, inject, it } from "vitest";

const url = inject("mcpUrl");

const discover = JSON.stringify({
	jsonrpc: "2.0",
	id: 1,
	method: "server/discover",
	params: {
		_meta: {
			"io.modelcontextprotocol/protocolVersion": "2026-07-28",
			"io.modelcontextprotocol/clientCapabilities": {},
		},
	},
});

const headers = {
	"content-type": "application/json",
	"mcp-protocol-version": "2026-07-28",
	"mcp-method": "server/discover",
};

/** A chunked body (no Content-Length) of `chunks` × 16 KiB, written as the server asks for it. */
function chunkedBody(chunks: number): ReadableStream<Uint8Array> {
	const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
	let sent = 0;
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (sent++ >= chunks) controller.close();
			else controller.enqueue(chunk);
		},
	});
}

async function discoverStatus(): Promise<number> {
	const response = await fetch(url, { method: "POST", headers, body: discover });
	await response.text();
	return response.status;
}

describe("oversize bodies under wrangler dev", () => {
	it("a chunked body over the cap gets 413, and every request after it is answered", async () => {
		for (const chunks of [5, 12, 40]) {
			const response = await fetch(url, {
				method: "POST",
				headers,
				body: chunkedBody(chunks),
				duplex: "half",
			} as RequestInit);
			expect(response.status, `${chunks} × 16 KiB`).toBe(413);
			await response.text();
			const after = await Promise.all([discoverStatus(), discoverStatus(), discoverStatus()]);
			expect(after, `after ${chunks} × 16 KiB`).toEqual([200, 200, 200]);
		}
	});

	it("a declared oversize body gets 413, and the next request is answered", async () => {
		const response = await fetch(url, { method: "POST", headers, body: " ".repeat(200 * 1024) });
		expect(response.status).toBe(413);
		await response.text();
		expect(await discoverStatus()).toBe(200);
	});
});
