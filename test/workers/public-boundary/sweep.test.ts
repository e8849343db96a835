/**
 * The public boundary, swept: every hidden thing in the seeded D1 (unpublished and removed sources
 * with their aliases and passages, cards that are not applied or sit on a hidden source, creators
 * with no published source) is collected from the tables, then every tool is called many ways and
 * no response may contain any of it, except where the request itself carried the string (an echo).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { MAX_READ_BYTES } from "../../../src/limits";
import { handleKey } from "../../../src/text/handle-key";
import { PROMPT_NAMES } from "../../support/registry";
import { type Json, legacy, modern } from "../../support/workers/mcp";
import {
	expectSuccess,
	expectToolError,
	hiddenRecords,
	type Needle,
	rows,
} from "../../support/workers/tool-helpers";

const needles: Needle[] = [];
let calls = 0;

/** Every string the request carried, in the forms an answer may echo it (as given, normalised, escaped). */
function echoForms(request: Json): string[] {
	const strings: string[] = [];
	const walk = (value: unknown) => {
		if (typeof value === "string") strings.push(value, handleKey(value), `@${handleKey(value)}`);
		else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
	};
	walk(request);
	return strings
		.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)])
		.filter((s) => s.length >= 3)
		.sort((a, b) => b.length - a.length);
}

/**
 * The needles a response must not contain, JSON-escaped in the raw body or plain in the text block.
 * What the request itself carried is taken out first (an answer may echo it), and the rest searched:
 * so a near miss that echoes "@hiddenx" passes, but one that suggests "@hidden" does not.
 */
function expectNoLeak(request: Json, raw: string, text: string): void {
	let rest = `${raw}\n${text}`;
	for (const form of echoForms(request)) rest = rest.split(form).join(" ");
	for (const { what, value } of needles) {
		const escaped = JSON.stringify(value).slice(1, -1);
		if (rest.includes(escaped) || rest.includes(value))
			throw new Error(`${what} ${JSON.stringify(value)} leaked in the answer to ${JSON.stringify(request)}`);
	}
}

/** Calls a tool in the modern era (every fifth call in the legacy era) and checks for leaks. */
async function sweep(name: string, args: Json, expect_: "ok" | "error" | "any" = "any"): Promise<Json> {
	const era = calls++ % 5 === 4 ? "legacy" : "modern";
	const params = { name, arguments: args };
	const answer = era === "modern" ? await modern("tools/call", params) : await legacy("tools/call", params);
	expect(answer.status, answer.text).toBe(200);
	expect(answer.json.error, answer.text).toBeUndefined();
	const result = answer.json.result;
	if (expect_ === "ok" || (expect_ === "any" && !result.isError)) expectSuccess(name, result);
	else expectToolError(result);
	expectNoLeak(params, answer.text, result.content?.[0]?.text ?? "");
	return result;
}

let hiddenSources: { source_id: string; title: string; handle: string }[] = [];
let hiddenCards: { card_id: string; claim: string }[] = [];
let hiddenCreators: { handle: string }[] = [];
let topics: string[] = [];

beforeAll(async () => {
	const hidden = await hiddenRecords();
	hiddenSources = hidden.sources;
	hiddenCards = hidden.cards;
	hiddenCreators = hidden.creators;
	needles.push(...hidden.needles);
	topics = (await rows<{ topic_id: string }>("SELECT topic_id FROM topics ORDER BY topic_id")).map(
		(t) => t.topic_id,
	);
});

describe("the hidden rows the sweep looks for", () => {
	it("include every planted hidden source, card and creator", () => {
		const values = new Set(needles.map((n) => n.value));
		for (const topic of Object.values(FIXTURES.topics)) {
			for (const id of topic.hiddenSourceIds) expect(values.has(id), id).toBe(true);
			for (const id of topic.hiddenCardIds) expect(values.has(id), id).toBe(true);
		}
		for (const id of FIXTURES.manyPassagesSource.draftCardIds) expect(values.has(id), id).toBe(true);
		expect(hiddenCreators.map((c) => c.handle)).toEqual([FIXTURES.hiddenCreator.handle]);
		expect(hiddenSources.length).toBeGreaterThanOrEqual(20);
		expect(hiddenCards.length).toBeGreaterThanOrEqual(50);
		expect(needles.filter((n) => n.what === "hidden card claim").length).toBeGreaterThan(0);
		expect(needles.filter((n) => n.what === "hidden passage").length).toBeGreaterThan(0);
		expect(needles.filter((n) => n.what === "hidden card evidence").length).toBeGreaterThan(0);
	});

	it("are caught when they appear, raw or JSON-escaped, beyond what the request carried", () => {
		const claim = needles.find((n) => n.what === "hidden card claim")?.value ?? "";
		expect(claim).not.toBe("");
		expect(() =>
			expectNoLeak({}, JSON.stringify({ text: `… ${FIXTURES.hiddenCreator.handle} …` }), ""),
		).toThrow(/hidden creator handle/);
		expect(() => expectNoLeak({}, JSON.stringify({ claim }), "")).toThrow(/hidden card claim/);
		expect(() => expectNoLeak({}, "{}", `see ${hiddenSources[0]?.source_id ?? "src_fixzero1"}`)).toThrow(
			/hidden source id/,
		);
		const hidden = FIXTURES.hiddenCreator.handle;
		expect(() => expectNoLeak({ handle: hidden }, hidden, "")).not.toThrow();
		// A near miss echoed is fine; the hidden handle suggested beside it is a leak.
		expect(() => expectNoLeak({ handle: `${hidden}x` }, "", `No creator "${hidden}x".`)).not.toThrow();
		expect(() =>
			expectNoLeak({ handle: `${hidden}x` }, "", `No creator "${hidden}x". Did you mean ${hidden}?`),
		).toThrow(/hidden creator handle/);
	});
});

describe("no tool ever returns a hidden source, card, creator or their text", () => {
	it("get_public_manifest", async () => {
		await sweep("get_public_manifest", {}, "ok");
	});

	it("get_topic and get_topic_signal for every topic", async () => {
		for (const topic_id of topics) {
			await sweep("get_topic", { topic_id }, "ok");
			await sweep("get_topic_signal", { topic_id }, "ok");
		}
	}, 60_000);

	it("get_creator for every creator a topic samples, every public creator, and the hidden ones", async () => {
		const handles = new Set<string>();
		for (const topic_id of topics) {
			const result = await sweep("get_topic", { topic_id }, "ok");
			for (const c of result.structuredContent.sample_creators) handles.add(c.handle);
		}
		const publicCreators = await rows<{ handle: string }>(
			`SELECT c.handle FROM creators c
			 WHERE EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')`,
		);
		for (const c of publicCreators) handles.add(`@${c.handle}`);
		for (const handle of handles) await sweep("get_creator", { handle }, "ok");
		for (const c of hiddenCreators) {
			await sweep("get_creator", { handle: c.handle }, "error");
			// A near miss must not suggest the hidden handle either.
			await sweep("get_creator", { handle: c.handle.slice(0, -1) }, "error");
			await sweep("get_creator", { handle: `${c.handle}x` }, "error");
		}
	}, 60_000);

	it("get_source for every published source", async () => {
		const published = await rows<{ source_id: string }>(
			"SELECT source_id FROM sources WHERE publication_state = 'published' ORDER BY source_id",
		);
		for (const { source_id } of published) await sweep("get_source", { source_id }, "ok");
	}, 120_000);

	it("get_source for every hidden source and each of its aliases is a not-found error", async () => {
		for (const s of hiddenSources) {
			await sweep("get_source", { source_id: s.source_id }, "error");
			const aliases = await rows<{ alias: string }>(
				"SELECT alias FROM source_aliases WHERE source_id = ?1",
				s.source_id,
			);
			for (const { alias } of aliases) await sweep("get_source", { source_id: alias }, "error");
		}
	}, 60_000);

	it("search_sources for the titles, passages and creators of hidden sources", async () => {
		for (const s of hiddenSources) {
			await sweep("search_sources", { query: s.title, limit: 20 }, "ok");
			await sweep("search_sources", { query: s.title, creator_handle: s.handle, limit: 20 }, "ok");
			const passages = await rows<{ text: string }>(
				"SELECT text FROM passages WHERE source_id = ?1 ORDER BY ordinal LIMIT 3",
				s.source_id,
			);
			for (const p of passages)
				await sweep("search_sources", { query: p.text.slice(0, 200), limit: 20 }, "ok");
		}
		for (const c of hiddenCreators) {
			await sweep("search_sources", { query: c.handle.replace(/[._]/g, " "), limit: 20 }, "ok");
			await sweep("search_sources", { query: "seo", creator_handle: c.handle, limit: 20 }, "ok");
		}
	}, 120_000);

	it("search_sources for the claims of hidden cards, and on every topic", async () => {
		for (const c of hiddenCards) await sweep("search_sources", { query: c.claim, limit: 20 }, "ok");
		for (const topic_id of topics)
			await sweep("search_sources", { query: topic_id.replace(/-/g, " "), topic_id, limit: 20 }, "any");
	}, 120_000);
});

/**
 * Resources, prompts and completion, swept the same way: every page of resources/list and every
 * resource it lists is read (a fifth in the legacy era); hidden sources, their aliases and the hidden
 * creator are not-found; completions from every prefix of a hidden id or handle never offer one; and
 * the prompts never name a hidden row.
 */
let protocolCalls = 0;

async function sweepMethod(method: string, params: Json): Promise<{ result?: Json; error?: Json }> {
	const era = protocolCalls++ % 5 === 4 ? "legacy" : "modern";
	const answer = era === "modern" ? await modern(method, params) : await legacy(method, params);
	expect(answer.status, answer.text).toBe(200);
	expectNoLeak(params, answer.text, "");
	return { result: answer.json.result, error: answer.json.error };
}

describe("no resource, prompt or completion ever returns a hidden source, card, creator or their text", () => {
	it("every page of resources/list, and a read of everything it lists (each under 8 KiB)", async () => {
		const published = new Set(
			(
				await rows<{ source_id: string }>(
					"SELECT source_id FROM sources WHERE publication_state = 'published'",
				)
			).map((r) => r.source_id),
		);
		const uris: string[] = [];
		let cursor: string | undefined;
		do {
			const { result } = await sweepMethod("resources/list", cursor === undefined ? {} : { cursor });
			for (const r of result?.resources ?? []) uris.push(r.uri);
			cursor = result?.nextCursor;
		} while (cursor !== undefined);
		const listed = uris
			.filter((u) => u.startsWith("base2026://sources/"))
			.map((u) => decodeURIComponent(u.slice(19)));
		expect(new Set(listed)).toEqual(published);
		for (const uri of uris) {
			const { result, error } = await sweepMethod("resources/read", { uri });
			expect(error, uri).toBeUndefined();
			expect(new TextEncoder().encode(result?.contents[0].text).byteLength).toBeLessThanOrEqual(
				MAX_READ_BYTES,
			);
		}
		for (const topic_id of topics) {
			for (const c of (await sweep("get_topic", { topic_id }, "ok")).structuredContent.sample_creators) {
				const { error } = await sweepMethod("resources/read", {
					uri: `base2026://creators/${encodeURIComponent(c.handle.slice(1))}`,
				});
				expect(error).toBeUndefined();
			}
		}
	}, 180_000);

	it("a hidden source, any alias of it, or the hidden creator is not found", async () => {
		for (const s of hiddenSources) {
			const aliases = await rows<{ alias: string }>(
				"SELECT alias FROM source_aliases WHERE source_id = ?1",
				s.source_id,
			);
			for (const id of [s.source_id, ...aliases.map((a) => a.alias)]) {
				const { error } = await sweepMethod("resources/read", {
					uri: `base2026://sources/${encodeURIComponent(id)}`,
				});
				expect([-32602, -32002]).toContain(error?.code);
			}
		}
		for (const c of hiddenCreators) {
			for (const handle of [c.handle, `@${c.handle}`, c.handle.toUpperCase()]) {
				const { error } = await sweepMethod("resources/read", {
					uri: `base2026://creators/${encodeURIComponent(handle)}`,
				});
				expect([-32602, -32002]).toContain(error?.code);
			}
		}
	}, 60_000);

	it("completion from every prefix of a hidden source id or handle, or a hidden title, offers only public ones", async () => {
		const hiddenIds = new Set(hiddenSources.map((s) => s.source_id));
		const hiddenHandles = new Set(hiddenCreators.map((c) => c.handle.toLowerCase()));
		const prefixes = (value: string) => [
			...new Set([value, value.slice(0, -1), value.slice(0, -2), value.slice(0, 7), value.slice(0, 3)]),
		];
		const refs = {
			source: { type: "ref/resource", uri: "base2026://sources/{source_id}" },
			creator: { type: "ref/resource", uri: "base2026://creators/{handle}" },
			brief: { type: "ref/prompt", name: "brief_creator" },
		};
		for (const s of hiddenSources) {
			for (const value of [...prefixes(s.source_id), s.title, s.title.split(" ").slice(0, 3).join(" ")]) {
				const { result } = await sweepMethod("completion/complete", {
					ref: refs.source,
					argument: { name: "source_id", value },
				});
				for (const id of result?.completion.values ?? []) expect(hiddenIds.has(id), id).toBe(false);
			}
		}
		for (const c of hiddenCreators) {
			for (const value of prefixes(c.handle)) {
				for (const ref of [refs.creator, refs.brief]) {
					const { result } = await sweepMethod("completion/complete", {
						ref,
						argument: { name: "handle", value },
					});
					for (const h of result?.completion.values ?? [])
						expect(hiddenHandles.has(h.toLowerCase()), h).toBe(false);
				}
			}
		}
	}, 120_000);

	it("the prompts, for every topic, the hidden creator and the claims of hidden cards", async () => {
		for (const topic_id of topics) {
			const { result } = await sweepMethod("prompts/get", {
				name: "research_topic",
				arguments: { topic_id },
			});
			expect(result?.messages).toHaveLength(1);
		}
		for (const c of hiddenCreators) {
			const { error } = await sweepMethod("prompts/get", {
				name: "brief_creator",
				arguments: { handle: c.handle },
			});
			expect(error?.code).toBe(-32602);
		}
		for (const c of hiddenCards.slice(0, 20)) {
			const { result } = await sweepMethod("prompts/get", {
				name: "check_claim",
				arguments: { claim: c.claim.slice(0, 500) },
			});
			expect(result?.messages).toHaveLength(1);
		}
		const { result } = await sweepMethod("prompts/list", {});
		expect(result?.prompts.map((p: { name: string }) => p.name)).toEqual(PROMPT_NAMES);
	}, 60_000);
});
