/**
 * Stored HTML shows as text wherever an answer renders it (src/text/one-line.ts): text/markdown
 * renderings, tools' text blocks and prompts' messages carry a "<" from the data as "&lt;" (and ">"
 * as "&gt;"), so a client that renders them to HTML without sanitising runs nothing, while
 * structuredContent keeps the text exactly as stored. Planted straight into D1 in every field an
 * answer shows (the importer accepts HTML in text fields).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { refreshProjections } from "../../../src/projections/refresh";
import { handleKey } from "../../../src/text/handle-key";
import { type Json, modern, modernHeaders } from "../../support/workers/mcp";
import { fails, ok } from "../../support/workers/tool-helpers";

const HTML = {
	script: '<script>alert("x")</script>',
	img: '<img src=x onerror="alert(1)">',
	iframe: "<iframe src=https://example.invalid></iframe>",
	comment: "<!-- hidden --> <b>bold</b> <a href=javascript:alert(1)>link</a>",
};
const ALL = Object.values(HTML).join(" ");

const P = {
	creatorId: "cr_html_markdown",
	handle: "html.markdown",
	sourceId: "src_htmlmarkdown",
	topicId: "html-markdown",
	cardId: "card_htmlmarkdown",
	url: "https://www.tiktok.com/@html.markdown/video/7999999999999999981",
};

beforeAll(async () => {
	const stamp = "2026-11-01T00:00:00Z";
	await env.DB.batch([
		env.DB.prepare(
			`INSERT INTO creators (creator_id, handle, handle_key, display_name, platform, profile_url, bio, updated_at)
			 VALUES (?1, ?2, ?3, ?4, 'tiktok', 'https://www.tiktok.com/@html.markdown', ?5, ?6)`,
		).bind(P.creatorId, P.handle, handleKey(P.handle), `Name ${HTML.img}`, `Bio ${ALL}`, stamp),
		env.DB.prepare(
			`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
			   duration_seconds, language, publication_state, state_reason, updated_at)
			 VALUES (?1, ?2, 'tiktok', ?3, ?4, ?5, '2025-06-12', 30, 'en', 'published', NULL, ?6)`,
		).bind(P.sourceId, P.creatorId, P.url, `Title ${HTML.script}`, `Summary ${ALL}`, stamp),
		env.DB.prepare(
			"INSERT INTO source_aliases (source_id, alias_kind, alias) VALUES (?1, 'original_url', ?2)",
		).bind(P.sourceId, P.url),
		env.DB.prepare(
			"INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES (?1, 1, 0, 10000, ?2)",
		).bind(P.sourceId, `Passage ${ALL}`),
		env.DB.prepare(
			"INSERT INTO topics (topic_id, label, description, created_at) VALUES (?1, ?2, ?3, ?4)",
		).bind(P.topicId, `Label ${HTML.iframe}`, `Description ${ALL}`, stamp),
		env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES (?1, ?2)").bind(
			P.sourceId,
			P.topicId,
		),
		env.DB.prepare(
			`INSERT INTO evidence_cards (card_id, source_id, topic_id, claim, evidence, review_state, reviewed_at, updated_at)
			 VALUES (?1, ?2, ?3, ?4, ?5, 'applied', ?6, ?6)`,
		).bind(P.cardId, P.sourceId, P.topicId, `Claim ${HTML.script}`, `Evidence ${ALL}`, stamp),
	]);
	expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
});

async function read(uri: string): Promise<string> {
	const answer = await modern("resources/read", { uri }, modernHeaders("resources/read", uri));
	expect(answer.json.error, answer.text).toBeUndefined();
	return answer.json.result.contents[0].text;
}

describe("Markdown renderings escape stored HTML", () => {
	it("in the source, creator, topic and manifest renderings", async () => {
		for (const uri of [
			`base2026://sources/${P.sourceId}`,
			`base2026://creators/${P.handle}`,
			`base2026://topics/${P.topicId}`,
			"base2026://manifest",
		]) {
			const text = await read(uri);
			expect(text, uri).not.toContain("<");
			expect(text, uri).not.toContain(">");
		}
		const source = await read(`base2026://sources/${P.sourceId}`);
		expect(source).toContain('Title &lt;script&gt;alert("x")&lt;/script&gt;');
		expect(source).toContain("&lt;img src=x onerror=");
		expect(source).toContain("&lt;!-- hidden --&gt;");
		expect(await read(`base2026://topics/${P.topicId}`)).toContain("&lt;iframe");
	});
});

const promptGet = (name: string, args: Json) =>
	modern("prompts/get", { name, arguments: args }, modernHeaders("prompts/get", name));

const TEXT_HTML = '</script><script>alert("x")</script><img src=x onerror=alert(1)>';
const T = {
	creatorId: "cr_html_text",
	handle: "html.text",
	sourceId: "src_htmltextblock",
	topicId: "html-text",
	url: "https://www.tiktok.com/@html.text/video/7999999999999999971",
};

describe("stored HTML in a tool's text block or a prompt's message shows as text", () => {
	beforeAll(async () => {
		const stamp = "2026-11-01T00:00:00Z";
		await env.DB.batch([
			env.DB.prepare(
				`INSERT INTO creators (creator_id, handle, handle_key, display_name, platform, profile_url, bio, updated_at)
				 VALUES (?1, ?2, ?3, ?4, 'tiktok', 'https://www.tiktok.com/@html.text', 'Bio', ?5)`,
			).bind(T.creatorId, T.handle, handleKey(T.handle), `Name ${TEXT_HTML}`, stamp),
			env.DB.prepare(
				`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
				   duration_seconds, language, publication_state, state_reason, updated_at)
				 VALUES (?1, ?2, 'tiktok', ?3, ?4, 'Summary', '2025-06-12', 30, 'en', 'published', NULL, ?5)`,
			).bind(T.sourceId, T.creatorId, T.url, `Zyxhtml title ${TEXT_HTML}`, stamp),
			env.DB.prepare(
				"INSERT INTO source_aliases (source_id, alias_kind, alias) VALUES (?1, 'original_url', ?2)",
			).bind(T.sourceId, T.url),
			env.DB.prepare(
				"INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES (?1, 1, 0, 10000, ?2)",
			).bind(T.sourceId, `Zyxhtml passage ${TEXT_HTML}`),
			env.DB.prepare(
				"INSERT INTO topics (topic_id, label, description, created_at) VALUES (?1, ?2, 'Planted.', ?3)",
			).bind(T.topicId, `Label ${TEXT_HTML}`, stamp),
			env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES (?1, ?2)").bind(
				T.sourceId,
				T.topicId,
			),
		]);
		expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
	});

	it("every tool's text block carries < and > as entities; structuredContent keeps them as stored", async () => {
		const answers = [
			await ok("get_source", { source_id: T.sourceId }),
			await ok("search_sources", { query: "zyxhtml" }),
			await ok("get_creator", { handle: T.handle }),
			await ok("get_topic", { topic_id: T.topicId }),
			await ok("get_topic_signal", { topic_id: T.topicId }),
		];
		for (const { text } of answers) {
			expect(text).not.toMatch(/[<>]/);
			expect(text).toContain("&lt;/script&gt;&lt;script&gt;");
		}
		expect(answers[0]?.sc.source.title).toBe(`Zyxhtml title ${TEXT_HTML}`);
		expect(answers[2]?.sc.creator.display_name).toBe(`Name ${TEXT_HTML}`);
		// An error echoes the caller's text the same way.
		expect(await fails("get_source", { source_id: "src_<script>" })).toContain('"src_&lt;script&gt;"');
	});

	it("a prompt's message shows stored HTML as text, and keeps its own Markdown", async () => {
		const brief = await promptGet("brief_creator", { handle: T.handle });
		const research = await promptGet("research_topic", { topic_id: T.topicId });
		const claim = await promptGet("check_claim", { claim: `Schema ${TEXT_HTML} helps` });
		for (const answer of [brief, research, claim]) {
			const text: string = answer.json.result.messages[0].content.text;
			expect(text.replace(/^> /m, "")).not.toMatch(/[<>]/);
			expect(text).toContain("&lt;/script&gt;&lt;script&gt;");
		}
		expect(claim.json.result.messages[0].content.text).toMatch(/^> Schema &lt;\/script&gt;/m);
	});
});
