/**
 * Resources, resource templates, prompts and completion through the real endpoint, in both eras:
 * capabilities, envelopes and cache hints, pagination and cursor tampering, the era's not-found error,
 * Mcp-Name against params.uri and params.name, the 8 KiB bound of a read, and reads that hold what the
 * matching tool returns.
 */
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { MAX_READ_BYTES, RESOURCE_PAGE_SIZE } from "../../../src/limits";
import { encodeCursor } from "../../../src/resources/cursor";
import { MAX_URI_CHARS } from "../../../src/resources/uris";
import { echoed } from "../../../src/text/one-line";
import { PROMPT_NAMES } from "../../support/registry";
import { type Json, legacy, MODERN_META, modern, modernHeaders, post } from "../../support/workers/mcp";
import { ok, publishedSourceIds, rows } from "../../support/workers/tool-helpers";

type Era = "modern" | "legacy";
const ERAS: Era[] = ["modern", "legacy"];
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
const encoder = new TextEncoder();

/** A request in either era, with the Mcp-Name the modern era needs (the method table's, through modern()). */
function send(era: Era, method: string, params: Json = {}) {
	return era === "legacy" ? legacy(method, params) : modern(method, params);
}

async function result(era: Era, method: string, params: Json = {}): Promise<Json> {
	const answer = await send(era, method, params);
	expect(answer.status, answer.text).toBe(200);
	expect(answer.json.error, answer.text).toBeUndefined();
	const r = answer.json.result;
	if (era === "modern") {
		expect(r.resultType).toBe("complete");
		expect(r._meta[SERVER_INFO_KEY].name).toBe("base2026-public-mcp");
	} else {
		expect(r.resultType).toBeUndefined();
		expect(r.ttlMs).toBeUndefined();
	}
	return r;
}

async function error(era: Era, method: string, params: Json = {}): Promise<Json> {
	const answer = await send(era, method, params);
	expect(answer.status, answer.text).toBe(200);
	expect(answer.json.result, answer.text).toBeUndefined();
	return answer.json.error;
}

const expectCacheHints = (r: Json) => {
	expect(Number.isInteger(r.ttlMs)).toBe(true);
	expect(r.ttlMs).toBeGreaterThan(0);
	expect(r.cacheScope).toBe("public");
};

const PUBLIC_SOURCE = FIXTURES.topics.llmCitations.publicSourceIds[0] as string;
const HIDDEN_SOURCE = FIXTURES.topics.zeroClick.hiddenSourceIds[0] as string;

describe("capabilities", () => {
	it("server/discover and initialize declare tools, resources, prompts and completions", async () => {
		const expected = { tools: {}, resources: {}, prompts: {}, completions: {} };
		expect((await modern("server/discover")).json.result.capabilities).toEqual(expected);
		const init = await post({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
		});
		expect(init.json.result.capabilities).toEqual(expected);
	});
});

describe("resources/list", () => {
	it.each(ERAS)(
		"%s: the manifest and topics first, then every public source page by page",
		async (era) => {
			const first = await result(era, "resources/list");
			if (era === "modern") expectCacheHints(first);
			expect(first.resources[0]).toMatchObject({
				uri: "base2026://manifest",
				name: "manifest",
				mimeType: "text/markdown",
			});
			const topics = (await rows<{ topic_id: string }>("SELECT topic_id FROM topics ORDER BY topic_id")).map(
				(t) => `base2026://topics/${t.topic_id}`,
			);
			expect(first.resources.slice(1).map((r: Json) => r.uri)).toEqual(
				topics.slice(0, RESOURCE_PAGE_SIZE - 1),
			);
			expect(typeof first.nextCursor).toBe("string");
			const seen = new Set<string>(first.resources.map((r: Json) => r.uri));
			const sources: string[] = [];
			let cursor: string | undefined = first.nextCursor;
			let pages = 1;
			while (cursor !== undefined) {
				const page = await result(era, "resources/list", { cursor });
				pages++;
				expect(page.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
				for (const r of page.resources) {
					expect(seen.has(r.uri), r.uri).toBe(false);
					seen.add(r.uri);
					if (r.uri.startsWith("base2026://sources/")) sources.push(decodeURIComponent(r.uri.slice(19)));
					expect(r.mimeType).toBe("text/markdown");
					expect(r.title.length).toBeGreaterThan(0);
				}
				cursor = page.nextCursor;
				expect(pages).toBeLessThan(100);
			}
			expect(sources).toEqual([...sources].sort());
			expect(new Set(sources)).toEqual(await publishedSourceIds());
			for (const topic of topics) expect(seen.has(topic)).toBe(true);
		},
		60_000,
	);

	it.each(ERAS)("%s: a cursor it did not issue is -32602 (HTTP 200)", async (era) => {
		const issued = (await result(era, "resources/list")).nextCursor as string;
		const forged = [
			"abc",
			"",
			42,
			`${issued}=`,
			`${issued}A`,
			issued.slice(0, -1),
			"x".repeat(5000),
			btoa("v1|s|src_x' OR 1=1 --").replace(/=+$/, ""),
			btoa("v2|s|src_aaaaaa").replace(/=+$/, ""),
			btoa("v1|q|").replace(/=+$/, ""),
			btoa("v1|t|AI-Overviews").replace(/=+$/, ""),
			btoa("v1|s|src_a|x").replace(/=+$/, ""),
			"djF8c3w=",
			"!!!!",
		];
		for (const cursor of forged) {
			const e = await error(era, "resources/list", { cursor });
			expect(e.code, String(cursor)).toBe(-32602);
			expect(e.message).toContain("cursor");
		}
	});

	it("a well-formed cursor only moves the start of one bounded page", async () => {
		const page = await result("modern", "resources/list", {
			cursor: encodeCursor({ phase: "sources", after: "src_m" }),
		});
		expect(page.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
		for (const r of page.resources) expect(r.name > "src_m").toBe(true);
		const past = await result("modern", "resources/list", {
			cursor: encodeCursor({ phase: "sources", after: "src_zzzzzzzz" }),
		});
		expect(past.resources).toEqual([]);
		expect(past.nextCursor).toBeUndefined();
	});
});

describe("resources/templates/list", () => {
	it.each(ERAS)("%s: the source, creator and topic templates", async (era) => {
		const r = await result(era, "resources/templates/list");
		if (era === "modern") expectCacheHints(r);
		expect(r.resourceTemplates.map((t: Json) => t.uriTemplate)).toEqual([
			"base2026://sources/{source_id}",
			"base2026://creators/{handle}",
			"base2026://topics/{topic_id}",
		]);
		for (const t of r.resourceTemplates) expect(t.mimeType).toBe("text/markdown");
		expect((await error(era, "resources/templates/list", { cursor: "x" })).code).toBe(-32602);
	});
});

describe("resources/read", () => {
	const readText = async (era: Era, uri: string) => {
		const r = await result(era, "resources/read", { uri });
		if (era === "modern") expectCacheHints(r);
		expect(r.contents).toHaveLength(1);
		expect(r.contents[0].uri).toBe(uri);
		expect(r.contents[0].mimeType).toBe("text/markdown");
		const text: string = r.contents[0].text;
		expect(encoder.encode(text).byteLength).toBeLessThanOrEqual(MAX_READ_BYTES);
		expect(text).toContain("original URL");
		return text;
	};

	it.each(ERAS)("%s: a source holds what get_source returns, with both citation URLs", async (era) => {
		const text = await readText(era, `base2026://sources/${PUBLIC_SOURCE}`);
		const { sc } = await ok("get_source", { source_id: PUBLIC_SOURCE });
		expect(text).toContain(sc.source.original_url);
		expect(text).toContain(sc.source.source_page_url);
		for (const p of sc.passages) expect(text).toContain(p.text.replace(/\s+/g, " ").trim());
		for (const c of sc.evidence_cards) expect(text).toContain(c.card_id);
		expect(text).toContain(`${sc.passages.length} of ${sc.passages_total}`);
	});

	it.each(ERAS)("%s: a topic holds get_topic's counts and samples and the evidence gate", async (era) => {
		const text = await readText(era, "base2026://topics/llm-citations");
		const { sc } = await ok("get_topic", { topic_id: "llm-citations" });
		const signal = await ok("get_topic_signal", { topic_id: "llm-citations" });
		expect(text).toContain(`${sc.counts.public_sources} public sources`);
		for (const s of sc.sample_sources) expect(text).toContain(s.source_page_url);
		expect(text).toContain(`Evidence gate: ${signal.sc.signal}`);
		expect(text).toContain("not a trend");
	});

	it.each(ERAS)("%s: a creator (any case, with or without @ encoded) and the manifest", async (era) => {
		const handle = FIXTURES.mixedCaseHandle.handle;
		const text = await readText(era, `base2026://creators/${encodeURIComponent(handle)}`);
		const { sc } = await ok("get_creator", { handle });
		expect(text).toContain(sc.creator.handle);
		for (const s of sc.sample_sources) expect(text).toContain(s.original_url);
		const manifest = await readText(era, "base2026://manifest");
		const m = await ok("get_public_manifest", {});
		for (const t of m.sc.topics) expect(manifest).toContain(t.topic_id);
	});

	it("a source with many passages stays under the bound and says what it left out", async () => {
		const id = FIXTURES.manyPassagesSource.source_id;
		const text = await readText("modern", `base2026://sources/${id}`);
		expect(text).toMatch(/of \d+; short public excerpts/);
		// The heaviest source to read (long passages): readText holds it to the byte bound, and the cut says so.
		const long = await readText("modern", `base2026://sources/${FIXTURES.longPassagesSource.source_id}`);
		expect(long).toMatch(/\(\d+ more passages: call get_source for them\)/);
	});

	const missing = [
		`base2026://sources/${HIDDEN_SOURCE}`,
		`base2026://sources/${FIXTURES.topics.llmCitations.hiddenSourceIds[1]}`,
		`base2026://creators/${encodeURIComponent(FIXTURES.hiddenCreator.handle)}`,
		"base2026://topics/llm-citation",
		"base2026://topics/LLM-CITATIONS-",
		"base2026://sources/src_nothere1",
		"base2026://sources/",
		"base2026://sources/%E0%A4%A",
		"base2026://sources/a/b",
		"base2026://manifest/extra",
		"base2026://other/thing",
		`https://base2026.dev/sources/${PUBLIC_SOURCE}`,
		"file:///etc/passwd",
		`base2026://sources/${"x".repeat(600)}`,
	];

	it.each(ERAS)(
		"%s: an unknown, hidden or malformed URI is the era's not-found error with data.uri",
		async (era) => {
			for (const uri of missing) {
				const e = await error(era, "resources/read", { uri });
				expect(e.code, uri).toBe(era === "modern" ? -32602 : -32002);
				// Echoed exactly up to the longest URI the server reads; past it, cut (src/text/one-line.ts).
				expect(e.data).toEqual({ uri: uri.length <= MAX_URI_CHARS ? uri : echoed(uri) });
				expect(e.message).not.toContain(uri);
			}
			expect((await error(era, "resources/read", {})).code).toBe(-32602);
		},
	);

	it("Mcp-Name must carry the URI (plain or Base64) in 2026-07-28", async () => {
		const uri = `base2026://sources/${PUBLIC_SOURCE}`;
		const body = { jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri, _meta: MODERN_META } };
		for (const name of [undefined, "base2026://manifest", "get_source"]) {
			const answer = await post(body, modernHeaders("resources/read", name));
			expect(answer.status).toBe(400);
			expect(answer.json.error.code).toBe(-32020);
			expect(answer.json.error.message).toContain("Mcp-Name");
		}
		const encoded = await post(body, modernHeaders("resources/read", `=?base64?${btoa(uri)}?=`));
		expect(encoded.status).toBe(200);
		expect(encoded.json.result.contents[0].uri).toBe(uri);
	});
});

describe("prompts", () => {
	it.each(ERAS)("%s: prompts/list with typed arguments", async (era) => {
		const r = await result(era, "prompts/list");
		if (era === "modern") expectCacheHints(r);
		expect(r.prompts.map((p: Json) => p.name)).toEqual(PROMPT_NAMES);
		const research = r.prompts[0];
		expect(research.arguments).toEqual([
			{ name: "topic_id", description: expect.any(String), required: true },
			{ name: "focus", description: expect.any(String), required: false },
		]);
		expect(r.prompts[1].arguments.map((a: Json) => [a.name, a.required])).toEqual([
			["claim", true],
			["topic_id", false],
		]);
		expect(r.prompts[2].arguments.map((a: Json) => [a.name, a.required])).toEqual([["handle", true]]);
	});

	it.each(ERAS)(
		"%s: prompts/get for each prompt carries the evidence gate and both citation URLs",
		async (era) => {
			const gets: [string, Json][] = [
				["research_topic", { topic_id: "llm-citations", focus: "what changed" }],
				["check_claim", { claim: "FAQ schema gets pages cited in AI Overviews", topic_id: "llm-citations" }],
				["check_claim", { claim: "Voice search is dead" }],
				["brief_creator", { handle: FIXTURES.mixedCaseHandle.handle.toUpperCase() }],
			];
			for (const [name, args] of gets) {
				const r = await result(era, "prompts/get", { name, arguments: args });
				expect(r.messages).toHaveLength(1);
				expect(r.messages[0].role).toBe("user");
				const text: string = r.messages[0].content.text;
				expect(r.messages[0].content.type).toBe("text");
				expect(text).toContain("original_url");
				expect(text).toContain("source_page_url");
				expect(text).toContain("not");
				expect(text.length).toBeLessThan(4000);
			}
			const research = await result(era, "prompts/get", {
				name: "research_topic",
				arguments: { topic_id: "llm-citations" },
			});
			expect(research.messages[0].content.text).toContain("get_topic_signal");
		},
	);

	it.each(ERAS)(
		"%s: an unknown prompt, a missing or invalid argument, or nothing public is -32602",
		async (era) => {
			const bad: Json[] = [
				{ name: "nope", arguments: {} },
				{ arguments: {} },
				{ name: "research_topic", arguments: {} },
				{ name: "research_topic", arguments: { topic_id: "llm-citation" } },
				{ name: "research_topic", arguments: { topic_id: "llm-citations", extra: "x" } },
				{ name: "research_topic", arguments: "llm-citations" },
				{ name: "check_claim", arguments: { claim: "x".repeat(501) } },
				// Three characters, none of them a word: the prompt would ask to check an empty claim.
				{ name: "check_claim", arguments: { claim: "   " } },
				{ name: "check_claim", arguments: { claim: " a  " } },
				{ name: "brief_creator", arguments: { handle: FIXTURES.hiddenCreator.handle } },
				{ name: "brief_creator", arguments: { handle: 5 } },
			];
			for (const params of bad) {
				const e = await error(era, "prompts/get", params);
				expect(e.code, JSON.stringify(params)).toBe(-32602);
			}
		},
	);

	it("Mcp-Name must carry the prompt name in 2026-07-28", async () => {
		const body = {
			jsonrpc: "2.0",
			id: 1,
			method: "prompts/get",
			params: { name: "check_claim", arguments: { claim: "schema helps" }, _meta: MODERN_META },
		};
		const missing = await post(body, modernHeaders("prompts/get"));
		expect(missing.status).toBe(400);
		expect(missing.json.error.code).toBe(-32020);
		const wrong = await post(body, modernHeaders("prompts/get", "research_topic"));
		expect(wrong.json.error.code).toBe(-32020);
	});
});

describe("completion/complete", () => {
	const completeValues = async (era: Era, ref: Json, name: string, value: string) =>
		(await result(era, "completion/complete", { ref, argument: { name, value } })).completion;

	it.each(ERAS)("%s: topic ids, handles and source ids by prefix, bounded", async (era) => {
		const topics = await completeValues(
			era,
			{ type: "ref/resource", uri: "base2026://topics/{topic_id}" },
			"topic_id",
			"llm",
		);
		expect(topics.values).toContain("llm-citations");
		for (const v of topics.values) expect(v.startsWith("llm")).toBe(true);
		const upper = await completeValues(
			era,
			{ type: "ref/prompt", name: "research_topic" },
			"topic_id",
			"LLM",
		);
		expect(upper.values).toEqual(topics.values);
		const handle = FIXTURES.mixedCaseHandle.handle;
		const handles = await completeValues(
			era,
			{ type: "ref/resource", uri: "base2026://creators/{handle}" },
			"handle",
			`@${handle.slice(0, 3).toUpperCase()}`,
		);
		expect(handles.values).toContain(handle);
		const viaPrompt = await completeValues(
			era,
			{ type: "ref/prompt", name: "brief_creator" },
			"handle",
			handle.slice(0, 3),
		);
		expect(viaPrompt.values).toEqual(handles.values);
		const sources = await completeValues(
			era,
			{ type: "ref/resource", uri: "base2026://sources/{source_id}" },
			"source_id",
			"src_",
		);
		expect(sources.values).toHaveLength(20);
		expect(sources.hasMore).toBe(true);
		const published = await publishedSourceIds();
		for (const id of sources.values) expect(published.has(id)).toBe(true);
		const exact = await completeValues(
			era,
			{ type: "ref/resource", uri: "base2026://sources/{source_id}" },
			"source_id",
			PUBLIC_SOURCE,
		);
		expect(exact.values).toEqual([PUBLIC_SOURCE]);
		expect(exact.hasMore).toBe(false);
	});

	it.each(ERAS)("%s: source ids by the words of their title, operators as plain words", async (era) => {
		const ref = { type: "ref/resource", uri: "base2026://sources/{source_id}" };
		const [source] = await rows<{ title: string }>(
			"SELECT title FROM sources WHERE source_id = ?1",
			PUBLIC_SOURCE,
		);
		const byTitle = await completeValues(era, ref, "source_id", source?.title ?? "");
		expect(byTitle.values).toContain(PUBLIC_SOURCE);
		const published = await publishedSourceIds();
		for (const id of byTitle.values) expect(published.has(id)).toBe(true);
		for (const hostile of ["NEAR(seo", 'title:"', "* OR", "body : seo", '""', "-", "ai)"]) {
			const c = await completeValues(era, ref, "source_id", hostile);
			for (const id of c.values) expect(published.has(id), hostile).toBe(true);
		}
		expect((await completeValues(era, ref, "source_id", "   ")).values).toEqual(
			(await completeValues(era, ref, "source_id", "")).values,
		);
	});

	it.each(ERAS)(
		"%s: nothing for an argument without completion, a long value or a hidden id",
		async (era) => {
			const none = [
				[{ type: "ref/prompt", name: "check_claim" }, "claim", "seo"],
				[{ type: "ref/resource", uri: "base2026://topics/{topic_id}" }, "topic_id", "x".repeat(101)],
				[{ type: "ref/resource", uri: "base2026://sources/{source_id}" }, "source_id", HIDDEN_SOURCE],
				[
					{ type: "ref/resource", uri: "base2026://creators/{handle}" },
					"handle",
					FIXTURES.hiddenCreator.handle,
				],
				[{ type: "ref/resource", uri: "base2026://topics/{topic_id}" }, "topic_id", "%"],
			] as const;
			for (const [ref, name, value] of none) {
				const c = await completeValues(era, ref as Json, name, value);
				expect(c.values, value).toEqual([]);
				expect(c.hasMore).toBe(false);
			}
		},
	);

	it.each(ERAS)("%s: an unknown reference or a malformed argument is -32602", async (era) => {
		const bad: Json[] = [
			{ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "x", value: "" } },
			{ ref: { type: "ref/resource", uri: "base2026://other/{x}" }, argument: { name: "x", value: "" } },
			{ ref: { type: "ref/tool", name: "get_source" }, argument: { name: "source_id", value: "" } },
			{ ref: "x", argument: { name: "x", value: "" } },
			{ ref: { type: "ref/prompt", name: "research_topic" } },
			{ ref: { type: "ref/prompt", name: "research_topic" }, argument: { name: "topic_id", value: 5 } },
		];
		for (const params of bad) expect((await error(era, "completion/complete", params)).code).toBe(-32602);
	});
});
