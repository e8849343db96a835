/**
 * The small findings: brief_creator offers the closest handles for a typo as get_creator does; title
 * completion works by word prefix, not whole words only; and stored HTML in a tool's text block or a
 * prompt's message shows as text (`<` and `>` as entities), as it does in resource renderings, while
 * structuredContent keeps it exactly as stored. (202's Cache-Control is in
 * boundary-accept-cors.test.ts, a refused batch's charge in batch-metering.test.ts.)
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../../scripts/corpus/generate";
import { refreshProjections } from "../../src/projections/refresh";
import { handleKey } from "../../src/text/handle-key";
import { type Json, modern, modernHeaders } from "./mcp";
import { fails, ok, rows } from "./tool-helpers";

const promptGet = (name: string, args: Json) =>
	modern("prompts/get", { name, arguments: args }, modernHeaders("prompts/get", name));

describe("brief_creator and get_creator answer a typo alike", () => {
	it("both name the closest public handles, in the same words", async () => {
		const tool = await fails("get_creator", { handle: "seo.with.sa" });
		const closest = / Closest handles: [^.]*(\.[^ .]+)*\./.exec(tool)?.[0];
		expect(closest, tool).toContain("@seo.with.sam");
		const prompt = await promptGet("brief_creator", { handle: "seo.with.sa" });
		expect(prompt.json.error?.code, prompt.text).toBe(-32602);
		expect(prompt.json.error.message).toContain(closest);
	});

	it("and a handle like nothing public gets no suggestion from either", async () => {
		const prompt = await promptGet("brief_creator", { handle: "qqqqqqqqqqqqzzzz" });
		expect(prompt.json.error.message).not.toContain("Closest handles");
		expect(await fails("get_creator", { handle: "qqqqqqqqqqqqzzzz" })).not.toContain("Closest handles");
	});
});

const SOURCE_REF = { type: "ref/resource", uri: "base2026://sources/{source_id}" };

async function titleCompletion(value: string): Promise<string[]> {
	const answer = await modern("completion/complete", {
		ref: SOURCE_REF,
		argument: { name: "source_id", value },
	});
	expect(answer.json.error, answer.text).toBeUndefined();
	return answer.json.result.completion.values;
}

/** Whether a title has a word that starts with each word of the value, as the index folds words. */
const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const holdsPrefixes = (title: string, value: string) => {
	const words = fold(title).match(/[\p{L}\p{N}]+/gu) ?? [];
	return (fold(value).match(/[\p{L}\p{N}]+/gu) ?? []).every((p) => words.some((w) => w.startsWith(p)));
};

describe("title completion by word prefix", () => {
	const PUBLIC = FIXTURES.topics.llmCitations.publicSourceIds[0] as string;
	let title = "";
	let word = "";
	beforeAll(async () => {
		title =
			(await rows<{ title: string }>("SELECT title FROM sources WHERE source_id = ?1", PUBLIC))[0]?.title ??
			"";
		word = [...(title.match(/\p{L}{6,}/gu) ?? [])].sort((a, b) => b.length - a.length)[0] ?? "";
		expect(word.length, title).toBeGreaterThanOrEqual(6);
	});

	it("a word cut short still finds the title, alone and after a whole word", async () => {
		const partial = word.slice(0, word.length - 2);
		for (const value of [partial, partial.toUpperCase(), `${title.split(" ")[0]} ${partial}`]) {
			const values = await titleCompletion(value);
			expect(values, value).toContain(PUBLIC);
			const titles = await rows<{ title: string }>(
				"SELECT title FROM sources WHERE source_id IN (SELECT value FROM json_each(?1))",
				JSON.stringify(values),
			);
			for (const t of titles) expect(holdsPrefixes(t.title, value), `${t.title} for ${value}`).toBe(true);
		}
	});

	it("follows publication and renames: an unpublished title is gone, a renamed one has its new words only", async () => {
		const target = FIXTURES.topics.llmCitations.publicSourceIds[1] as string;
		const [original] = await rows<{ title: string }>(
			"SELECT title FROM sources WHERE source_id = ?1",
			target,
		);
		try {
			await env.DB.prepare(
				"UPDATE sources SET title = 'Quixotically zanier completions' WHERE source_id = ?1",
			)
				.bind(target)
				.run();
			expect(await titleCompletion("quixot zani")).toEqual([target]);
			await env.DB.prepare(
				"UPDATE sources SET publication_state = 'unpublished', state_reason = 'test' WHERE source_id = ?1",
			)
				.bind(target)
				.run();
			expect(await titleCompletion("quixot")).toEqual([]);
			await env.DB.prepare(
				"UPDATE sources SET publication_state = 'published', state_reason = NULL WHERE source_id = ?1",
			)
				.bind(target)
				.run();
			expect(await titleCompletion("quixot")).toEqual([target]);
		} finally {
			await env.DB.prepare("UPDATE sources SET title = ?2 WHERE source_id = ?1")
				.bind(target, original?.title)
				.run();
		}
		expect(await titleCompletion("quixot")).toEqual([]);
	});

	it("D1 cannot export it: dropped before an export, the migration run again rebuilds it as it was", async () => {
		const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0019_"));
		expect(migration?.name).toBe("0019_title_words.sql");
		const values = ["optimi", "a", "se", `${title.split(" ")[0]} ${word.slice(0, 3)}`];
		const before = await Promise.all(values.map(titleCompletion));
		expect(before.some((v) => v.length > 0)).toBe(true);
		await env.DB.prepare("DROP TABLE title_words").run();
		await env.DB.batch((migration?.queries ?? []).map((q) => env.DB.prepare(q)));
		expect(await Promise.all(values.map(titleCompletion))).toEqual(before);
	});

	it("the shortest prefix and operator-like values are plain words, bounded, public only", async () => {
		for (const value of ["a", "s", "NEAR(se", '"', "*", "se* OR x", "ai-se"]) {
			const values = await titleCompletion(value);
			expect(values.length, value).toBeLessThanOrEqual(20);
			const states = await rows<{ state: string }>(
				"SELECT publication_state AS state FROM sources WHERE source_id IN (SELECT value FROM json_each(?1))",
				JSON.stringify(values),
			);
			for (const s of states) expect(s.state, value).toBe("published");
		}
	});
});

const HTML = '</script><script>alert("x")</script><img src=x onerror=alert(1)>';
const P = {
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
			).bind(P.creatorId, P.handle, handleKey(P.handle), `Name ${HTML}`, stamp),
			env.DB.prepare(
				`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
				   duration_seconds, language, publication_state, state_reason, updated_at)
				 VALUES (?1, ?2, 'tiktok', ?3, ?4, 'Summary', '2025-06-12', 30, 'en', 'published', NULL, ?5)`,
			).bind(P.sourceId, P.creatorId, P.url, `Zyxhtml title ${HTML}`, stamp),
			env.DB.prepare(
				"INSERT INTO source_aliases (source_id, alias_kind, alias) VALUES (?1, 'original_url', ?2)",
			).bind(P.sourceId, P.url),
			env.DB.prepare(
				"INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES (?1, 1, 0, 10000, ?2)",
			).bind(P.sourceId, `Zyxhtml passage ${HTML}`),
			env.DB.prepare(
				"INSERT INTO topics (topic_id, label, description, created_at) VALUES (?1, ?2, 'Planted.', ?3)",
			).bind(P.topicId, `Label ${HTML}`, stamp),
			env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES (?1, ?2)").bind(
				P.sourceId,
				P.topicId,
			),
		]);
		expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
	});

	it("every tool's text block carries < and > as entities; structuredContent keeps them as stored", async () => {
		const answers = [
			await ok("get_source", { source_id: P.sourceId }),
			await ok("search_sources", { query: "zyxhtml" }),
			await ok("get_creator", { handle: P.handle }),
			await ok("get_topic", { topic_id: P.topicId }),
			await ok("get_topic_signal", { topic_id: P.topicId }),
		];
		for (const { text } of answers) {
			expect(text).not.toMatch(/[<>]/);
			expect(text).toContain("&lt;/script&gt;&lt;script&gt;");
		}
		expect(answers[0]?.sc.source.title).toBe(`Zyxhtml title ${HTML}`);
		expect(answers[2]?.sc.creator.display_name).toBe(`Name ${HTML}`);
		// An error echoes the caller's text the same way.
		expect(await fails("get_source", { source_id: "src_<script>" })).toContain('"src_&lt;script&gt;"');
	});

	it("a prompt's message shows stored HTML as text, and keeps its own Markdown", async () => {
		const brief = await promptGet("brief_creator", { handle: P.handle });
		const research = await promptGet("research_topic", { topic_id: P.topicId });
		const claim = await promptGet("check_claim", { claim: `Schema ${HTML} helps` });
		for (const answer of [brief, research, claim]) {
			const text: string = answer.json.result.messages[0].content.text;
			expect(text.replace(/^> /m, "")).not.toMatch(/[<>]/);
			expect(text).toContain("&lt;/script&gt;&lt;script&gt;");
		}
		expect(claim.json.result.messages[0].content.text).toMatch(/^> Schema &lt;\/script&gt;/m);
	});
});
