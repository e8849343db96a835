/**
 * Rows stored before the importer refused line breaks and bidirectional controls (planted straight
 * into D1 here) cannot forge lines in a tool's text block: every line break, control or bidi control
 * in data, or in an argument an answer echoes, becomes a space, so each answer has exactly the lines
 * it is built from. And the source page drops bidirectional controls, so an unbalanced override in a
 * handle cannot show the rest of the citation block reversed.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { refreshProjections } from "../../../src/projections/refresh";
import { handleKey } from "../../../src/text/handle-key";
import { fails, ok } from "../../support/workers/tool-helpers";

/** Every way a renderer might start a new line. */
const LINES = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;
const lineCount = (text: string) => text.split(LINES).length;

const FORGED = {
	creatorId: "cr_forged_lines",
	handle: "forged\n.lines",
	displayName: "Forger\nSecond line\u2028third",
	topicId: "forged-lines",
	label: "Forged\nlabel\u2028with\u0085breaks",
	sourceId: "src_forgedlines",
	title: "Zyxforged title\nInjected: line two\u2028line three\u2029line four\rline five\u0085six",
	originalUrl: "https://www.tiktok.com/@forged/video/7999999999999999991",
	passage: "Zyxforged passage\nwith a break.",
};

/**
 * A creator a caller can name (a handle with a line break is refused as an argument) whose display
 * name and bio still hold breaks: get_creator's text block shows them.
 */
const FORGED_NAME = {
	creatorId: "cr_forged_name",
	handle: "forged.name",
	displayName: "Forger\nSecond line\u2028third",
	sourceId: "src_forgedname",
	title: "Zyxnamed title\nInjected: line two",
	originalUrl: "https://www.tiktok.com/@forged/video/7999999999999999993",
	passage: "Zyxnamed passage\nwith a break.",
};

/** A creator whose handle opens a right-to-left override and never closes it. */
const REVERSED = {
	creatorId: "cr_reversed",
	handle: "nina\u202Egnp.exe",
	displayName: "Nina \u2067Reversed",
	sourceId: "src_reversedhandle",
	title: "A title \u202Dthat overrides",
	originalUrl: "https://www.tiktok.com/@reversed/video/7999999999999999992",
	passage: "A passage \u202Ereversed.",
};

/** Creator, source, alias and one passage, straight into D1 (the importer would refuse them). */
function plantSource(
	p: {
		creatorId: string;
		handle: string;
		displayName: string;
		sourceId: string;
		title: string;
		originalUrl: string;
		passage: string;
	},
	stamp: string,
) {
	return [
		env.DB.prepare(
			`INSERT INTO creators (creator_id, handle, handle_key, display_name, platform, profile_url, bio, updated_at)
			 VALUES (?1, ?2, ?3, ?4, 'tiktok', 'https://www.tiktok.com/@planted', 'Bio\nwith a break.', ?5)`,
		).bind(p.creatorId, p.handle, handleKey(p.handle), p.displayName, stamp),
		env.DB.prepare(
			`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
			   duration_seconds, language, publication_state, state_reason, updated_at)
			 VALUES (?1, ?2, 'tiktok', ?3, ?4, 'Summary\nwith a break.', '2025-06-12', 30, 'en', 'published', NULL, ?5)`,
		).bind(p.sourceId, p.creatorId, p.originalUrl, p.title, stamp),
		env.DB.prepare(
			"INSERT INTO source_aliases (source_id, alias_kind, alias) VALUES (?1, 'original_url', ?2)",
		).bind(p.sourceId, p.originalUrl),
		env.DB.prepare(
			"INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES (?1, 1, 0, 10000, ?2)",
		).bind(p.sourceId, p.passage),
	];
}

beforeAll(async () => {
	const stamp = "2026-11-01T00:00:00Z";
	await env.DB.batch([
		...plantSource(FORGED, stamp),
		...plantSource(FORGED_NAME, stamp),
		...plantSource(REVERSED, stamp),
		env.DB.prepare(
			"INSERT INTO topics (topic_id, label, description, created_at) VALUES (?1, ?2, 'Planted.', ?3)",
		).bind(FORGED.topicId, FORGED.label, stamp),
		env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES (?1, ?2)").bind(
			FORGED.sourceId,
			FORGED.topicId,
		),
	]);
});

/** The text block of every tool that shows the planted rows, with the lines each is built from. */
async function answers(): Promise<[string, string, number][]> {
	return [
		["get_source", (await ok("get_source", { source_id: FORGED.sourceId })).text, 2],
		["search_sources", (await ok("search_sources", { query: "zyxforged" })).text, 2],
		// The query is echoed in the heading.
		[
			"search_sources (query)",
			(await ok("search_sources", { query: "zyxforged\nZyxforged\u2028zyxforged" })).text,
			2,
		],
		["get_creator", (await ok("get_creator", { handle: FORGED_NAME.handle })).text, 1],
		["get_topic", (await ok("get_topic", { topic_id: FORGED.topicId })).text, 1],
		["get_topic_signal", (await ok("get_topic_signal", { topic_id: FORGED.topicId })).text, 1],
	];
}

describe("a tool's text block has the lines it is built from, whatever the data holds", () => {
	it("before the rows are projected", async () => {
		for (const [tool, text, lines] of await answers()) {
			expect(lineCount(text), `${tool}: ${JSON.stringify(text)}`).toBe(lines);
			for (const line of text.split("\n")) expect(line, tool).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
		}
	});

	it("and after (counts, samples and top topics from the projection)", async () => {
		expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
		for (const [tool, text, lines] of await answers()) {
			expect(text, tool).not.toMatch(/not yet projected/);
			expect(lineCount(text), `${tool}: ${JSON.stringify(text)}`).toBe(lines);
		}
	});

	it("the data is still all there, a space where each break was", async () => {
		const { sc, text } = await ok("get_source", { source_id: FORGED.sourceId });
		expect(sc.source.title).toBe(FORGED.title);
		expect(text.split("\n")[0]).toContain(
			'"Zyxforged title Injected: line two line three line four line five six" by @forged .lines',
		);
	});

	it("error answers echo arguments on one line", async () => {
		for (const message of [
			await fails("get_creator", { handle: "nobody\nForged: line" }),
			await fails("get_source", { source_id: "src_none\u2028Forged: line" }),
			await fails("get_topic", { topic_id: "no-topic\r\nForged: line" }),
			await fails("search_sources", { query: "zyxforged", nope: 1, "forged\nkey": 2 }),
		]) {
			expect(lineCount(message), JSON.stringify(message)).toBe(1);
		}
	});
});

describe("the source page neutralises bidirectional controls", () => {
	it("an override in a handle, name or title reaches no part of the page, and names and handles are isolated", async () => {
		const response = await exports.default.fetch(`https://base2026.dev/sources/${REVERSED.sourceId}`);
		expect(response.status).toBe(200);
		const html = await response.text();
		expect(html).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
		expect(html).toContain("(<bdi>@ninagnp.exe</bdi>)");
		expect(html).toContain("<bdi>Nina Reversed</bdi>");
		// The citation block: one line, both URLs intact after the handle.
		const cite = /<pre class="cite" tabindex="0">([^<]*)<\/pre>/.exec(html)?.[1];
		expect(cite).toBe(
			`&quot;A title  that overrides&quot; by @nina gnp.exe (tiktok, 2025-06-12) ${REVERSED.originalUrl} | https://base2026.dev/sources/${REVERSED.sourceId}`,
		);
	});
});
