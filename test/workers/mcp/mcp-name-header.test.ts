/**
 * The 2026-07-28 headers' edges: Mcp-Name's encoded form is decoded as its definition says (the
 * encoding name in any case, as in the RFC 2047 encoded words it comes from; a leading BOM is a
 * character of the value, not a marker to drop), and a mismatch names the two values so that
 * different values never read alike.
 */
import { describe, expect, it } from "vitest";
import { MODERN_META, modernHeaders, post } from "../../support/workers/mcp";

const call = (name: string) => ({
	jsonrpc: "2.0",
	id: 1,
	method: "tools/call",
	params: { name, arguments: {}, _meta: MODERN_META },
});

const base64 = (text: string, encoding = "base64") => {
	const bytes = new TextEncoder().encode(text);
	return `=?${encoding}?${btoa(String.fromCharCode(...bytes))}?=`;
};

describe("Mcp-Name's encoded form", () => {
	it.each(["BASE64", "Base64", "bAsE64"])("=?%s?…?= is the same form as =?base64?…?=", async (encoding) => {
		const answer = await post(call("get_public_manifest"), {
			...modernHeaders("tools/call"),
			"Mcp-Name": base64("get_public_manifest", encoding),
		});
		expect(answer.status, answer.text).toBe(200);
		expect(answer.json.result?.isError, answer.text).toBeUndefined();
	});

	it("a payload that starts with a BOM does not match the bare name, and the mismatch shows the BOM", async () => {
		for (const encoding of ["base64", "BASE64"]) {
			const answer = await post(call("get_public_manifest"), {
				...modernHeaders("tools/call"),
				"Mcp-Name": base64("\uFEFFget_public_manifest", encoding),
			});
			expect(answer.status, answer.text).toBe(400);
			expect(answer.json.error.code).toBe(-32020);
			expect(answer.json.error.message).toContain('Mcp-Name is "[U+FEFF]get_public_manifest"');
		}
	});

	it("a body name that starts with a BOM matches only the encoded form that holds it", async () => {
		const name = "\uFEFFget_public_manifest";
		const matching = await post(call(name), { ...modernHeaders("tools/call"), "Mcp-Name": base64(name) });
		// The headers agree, so the request reaches dispatch, which knows no such tool.
		expect(matching.status, matching.text).toBe(200);
		expect(matching.json.error.code).toBe(-32602);
		const bare = await post(call(name), {
			...modernHeaders("tools/call"),
			"Mcp-Name": base64("get_public_manifest"),
		});
		expect(bare.json.error.code, bare.text).toBe(-32020);
	});
});

describe("a header mismatch names both values unambiguously", () => {
	it('Mcp-Method "a b" against a body method "a\\nb" does not read as "a b" twice', async () => {
		const answer = await post(
			{ jsonrpc: "2.0", id: 1, method: "a\nb", params: { _meta: MODERN_META } },
			modernHeaders("a b"),
		);
		expect(answer.json.error?.code, answer.text).toBe(-32020);
		const message: string = answer.json.error.message;
		expect(message).toContain('Mcp-Method is "a b"');
		expect(message).toContain('says "a[U+000A]b"');
	});

	it("a tab, a NBSP or a bidirectional control in the body is named, not shown as a space", async () => {
		for (const [method, shown] of [
			["a\tb", "a[U+0009]b"],
			["a\u00A0b", "a[U+00A0]b"],
			["a\u202Eb", "a[U+202E]b"],
		] as const) {
			const answer = await post(
				{ jsonrpc: "2.0", id: 1, method, params: { _meta: MODERN_META } },
				modernHeaders("a b"),
			);
			expect(answer.json.error?.message, answer.text).toContain(`says "${shown}"`);
		}
	});
});
