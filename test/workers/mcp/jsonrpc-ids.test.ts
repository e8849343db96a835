/**
 * JSON-RPC ids come back exactly as sent, or the message is refused: an id is a string or an integer
 * a double holds exactly (MCP asks for strings or integers). JSON.parse reads 9007199254740993 as
 * 9007199254740992, so such an id was once answered with a neighbour of itself, in both eras.
 */
import { describe, expect, it } from "vitest";
import { MODERN_META, modernHeaders, post } from "../../support/workers/mcp";

const body = (id: string, method: string, params: string) =>
	`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}`;
const modernParams = JSON.stringify({ _meta: MODERN_META });

/** Number texts a double cannot hold as written: beyond ±(2^53 − 1), fractions, overflow. */
const INEXACT = [
	"9007199254740992",
	"9007199254740993",
	"-9007199254740993",
	"18446744073709551617",
	"1.5",
	"0.1",
	"1e400",
];

/** What is echoed: the id's text in the answer, read without parsing it into a double. */
const echoedId = (text: string) => /^\{"jsonrpc":"2\.0","id":(.*?),"(?:result|error)"/.exec(text)?.[1];

describe("request ids", () => {
	it("an integer within ±(2^53 − 1), or a string, comes back as sent in both eras", async () => {
		for (const id of ["9007199254740991", "-9007199254740991", "0", '"9007199254740993"', '"x"']) {
			const legacy = await post(body(id, "ping", "{}"), { "MCP-Protocol-Version": "2025-11-25" });
			expect(echoedId(legacy.text), legacy.text).toBe(id);
			const modern = await post(body(id, "tools/list", modernParams), modernHeaders("tools/list"));
			expect(echoedId(modern.text), modern.text).toBe(id);
			expect(modern.json.result?.tools, modern.text).toBeDefined();
		}
	});

	it("one a double cannot hold exactly is refused with -32600 and id null, never answered changed", async () => {
		for (const id of INEXACT) {
			const legacy = await post(body(id, "ping", "{}"), { "MCP-Protocol-Version": "2025-11-25" });
			const modern = await post(body(id, "tools/list", modernParams), modernHeaders("tools/list"));
			for (const [era, answer] of [
				["legacy", legacy],
				["modern", modern],
			] as const) {
				expect(answer.status, `${era} ${id}: ${answer.text}`).toBe(400);
				expect(answer.json.error?.code, `${era} ${id}`).toBe(-32600);
				expect(echoedId(answer.text), `${era} ${id}`).toBe("null");
				expect(answer.json.error.message).toContain("send it as a string");
			}
		}
	});

	it("in a 2025-03-26 batch, each such element is refused on its own and the rest answered", async () => {
		const answer = await post(`[${body("9007199254740993", "ping", "{}")},${body("7", "ping", "{}")}]`);
		expect(answer.status, answer.text).toBe(200);
		expect(answer.text).toMatch(/^\[\{"jsonrpc":"2\.0","id":null,"error":\{"code":-32600,/);
		expect(answer.text).toContain('{"jsonrpc":"2.0","id":7,"result":{}}');
		expect(answer.text).not.toContain("9007199254740992");
	});
});
