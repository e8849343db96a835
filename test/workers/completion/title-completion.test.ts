/**
 * Title completion (completion/complete on the source template's source_id) works by word prefix,
 * not whole words only: a word cut short finds its title, alone or after a whole word; it follows
 * publication and renames; the title_words table D1 cannot export is rebuilt by its migration as it
 * was; and operator-like values are plain words, bounded, public only.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { modern } from "../../support/workers/mcp";
import { rows } from "../../support/workers/tool-helpers";

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
