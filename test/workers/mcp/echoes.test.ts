/**
 * Prompt arguments hold to the corpus's policy for its fields (a character a reader cannot see, or
 * that moves what they see, is refused with -32602 naming it), and every piece of the caller's own
 * text that an answer echoes (names, arguments, ids, versions) comes back on one line, without
 * invisible characters and at most MAX_ECHO_CHARS long: a 60,000-character name makes a small error.
 */
import { describe, expect, it } from "vitest";
import { MAX_ECHO_CHARS } from "../../../src/limits";
import { type Answer, type Json, legacy, modern, modernHeaders, post } from "../../support/workers/mcp";

const HIDDEN = [
	["\u200B", "U+200B"],
	["\uFEFF", "U+FEFF"],
	["\u00AD", "U+00AD"],
	["\u2060", "U+2060"],
	["\u{E0041}", "U+E0041"],
	["\u202E", "U+202E"],
	["\u0001", "U+0001"],
] as const;

const LONG = "x".repeat(60_000);
const SMALL_ANSWER = 2_000;

function prompt(name: string, args: Json): Promise<Answer> {
	return modern("prompts/get", { name, arguments: args }, modernHeaders("prompts/get", "x"));
}

async function promptGet(name: string, args: Json): Promise<Answer> {
	return modern("prompts/get", { name, arguments: args }, modernHeaders("prompts/get", name));
}

/** An answer's error or tool-error text holds no line break, nothing invisible, and no long echo. */
function expectBoundedEcho(answer: Answer, what: string): string {
	expect(answer.text.length, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(SMALL_ANSWER);
	const text: string = answer.json.error?.message ?? answer.json.result?.content?.[0]?.text ?? "";
	expect(text.length, what).toBeGreaterThan(0);
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what an echo must not hold.
	expect(text, what).not.toMatch(/[\n\r\u2028\u2029\u200b\ufeff\u00ad\u2060\u{e0041}\u202e\u0001]/u);
	expect(text, what).not.toContain("x".repeat(MAX_ECHO_CHARS + 1));
	return text;
}

describe("prompt arguments: invisible characters", () => {
	const cases: [string, string, Json][] = [
		["check_claim", "claim", { claim: "Schema markup helps AI Overviews" }],
		["research_topic", "focus", { topic_id: "ai-overviews", focus: "local businesses" }],
		["research_topic", "topic_id", { topic_id: "ai-overviews" }],
		["check_claim", "topic_id", { claim: "Schema markup helps", topic_id: "ai-overviews" }],
		["brief_creator", "handle", { handle: "serp.nerd.nina" }],
	];
	it.each(cases)("%s %s: each is refused with -32602 naming it", async (name, argument, args) => {
		expect((await promptGet(name, args)).json.error, `${name} works without it`).toBeUndefined();
		for (const [char, label] of HIDDEN) {
			const value = `${String(args[argument]).slice(0, 6)}${char}${String(args[argument]).slice(6)}`;
			const answer = await promptGet(name, { ...args, [argument]: value });
			expect(answer.json.error?.code, `${label} in ${argument}: ${answer.text}`).toBe(-32602);
			expect(answer.json.error.message).toContain(label);
			expect(answer.json.error.message).toContain(argument);
		}
	});

	it("line breaks in free text are flattened, never refused; in a topic_id they are refused on one line", async () => {
		const claim = await promptGet("check_claim", { claim: "Schema markup\nhelps\r\nAI Overviews" });
		expect(claim.json.error, claim.text).toBeUndefined();
		expect(claim.json.result.messages[0].content.text).toContain("> Schema markup helps  AI Overviews");
		for (const name of ["research_topic", "check_claim"]) {
			const answer = await promptGet(name, {
				claim: "Schema markup helps",
				topic_id: "no-such\nInjected: line",
			});
			expect(answer.json.error?.code, answer.text).toBe(-32602);
			expect(answer.json.error.message).not.toMatch(/\n/);
		}
	});
});

describe("echoed caller text is bounded", () => {
	it("an unknown prompt, tool, method or completion ref of 60,000 characters", async () => {
		expectBoundedEcho(await prompt(LONG, {}), "prompt name");
		expectBoundedEcho(
			await modern("tools/call", { name: LONG, arguments: {} }, modernHeaders("tools/call", "x")),
			"tool name (header)",
		);
		expectBoundedEcho(await legacy("tools/call", { name: LONG, arguments: {} }), "tool name");
		expectBoundedEcho(await legacy("prompts/get", { name: LONG }), "legacy prompt name");
		expectBoundedEcho(await legacy(LONG, {}), "legacy method");
		expectBoundedEcho(await modern(LONG, {}, modernHeaders(LONG.slice(0, 100))), "modern method");
		expectBoundedEcho(
			await legacy("completion/complete", {
				ref: { type: "ref/prompt", name: LONG },
				argument: { name: "a", value: "b" },
			}),
			"completion ref name",
		);
	});

	it("unknown argument names and long values", async () => {
		expectBoundedEcho(
			await legacy("tools/call", { name: "get_topic", arguments: { [LONG]: 1 } }),
			"tool argument name",
		);
		expectBoundedEcho(
			await legacy("tools/call", { name: "search_sources", arguments: { query: "seo", platform: LONG } }),
			"platform value",
		);
		expectBoundedEcho(
			await legacy("prompts/get", { name: "check_claim", arguments: { [LONG]: "x" } }),
			"prompt argument name",
		);
		expectBoundedEcho(
			await legacy("prompts/get", {
				name: "brief_creator",
				arguments: { handle: `nobody\n${"x".repeat(90)}` },
			}),
			"handle",
		);
		expectBoundedEcho(
			await legacy("tools/call", {
				name: "get_topic",
				arguments: { topic_id: `no-such\u200b\n${"x".repeat(99)}` },
			}),
			"tool topic_id",
		);
	});

	it("a resource URI, a header and a protocol version", async () => {
		const read = await legacy("resources/read", { uri: `base2026://sources/${LONG}` });
		expect(read.text.length).toBeLessThan(SMALL_ANSWER);
		expect(read.json.error.code).toBe(-32002);
		expect(read.json.error.data.uri.length).toBeLessThanOrEqual(MAX_ECHO_CHARS);
		const mismatch = await modern(
			"tools/call",
			{ name: `${LONG}`, arguments: {} },
			modernHeaders("tools/call", "get_topic"),
		);
		expectBoundedEcho(mismatch, "Mcp-Name mismatch");
		const version = await post(
			{
				jsonrpc: "2.0",
				id: 1,
				method: "tools/list",
				params: {
					_meta: {
						"io.modelcontextprotocol/protocolVersion": LONG,
						"io.modelcontextprotocol/clientCapabilities": {},
					},
				},
			},
			{ "MCP-Protocol-Version": LONG.slice(0, 4000) },
		);
		expectBoundedEcho(version, "protocol version");
	});
});

describe("the 403 for a foreign Origin", () => {
	it("echoes the Origin by the echo rule: a tab named, at most MAX_ECHO_CHARS characters", async () => {
		const origin = `https://evil.example\t${"x".repeat(300)}`;
		const answer = await post({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin });
		expect(answer.status).toBe(403);
		const text = expectBoundedEcho(answer, "Origin");
		expect(text).not.toContain("\t");
		expect(text).toContain("https://evil.example[U+0009]xxx");
		expect(text).toContain("…");
	});
});
