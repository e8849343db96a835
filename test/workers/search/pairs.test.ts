/**
 * The word-pair index (migrations/0023, src/search/pairs/) holds what the word index holds: a pair
 * token for every two words adjacent in one column of a public source, held by exactly the sources
 * the same two-word phrase matches in search_index. Every write that re-indexes a source queues it
 * and marks it, so a search never trusts a stale pair; the writer dequeues only what it wrote from
 * the text it read; and a search whose words are never adjacent reads fewer rows with the pairs
 * than without them, with the same answer.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { roundStatements, writeQueuedPairs } from "../../../src/projections/pair-writer";
import { P } from "../../../src/search/execute/sql/params";
import { readAnswer, statementOf } from "../../../src/search/execute/statement";
import { QUEUED_MARK } from "../../../src/search/pairs/pair-conditions";
import { pairsOfWords, pairToken } from "../../../src/search/pairs/pair-tokens";
import { rawTokens, tokens } from "../../../src/search/query/tokens";
import { CostRecorder } from "../../support/d1-cost";
import { toolCallRequest } from "../../support/workers/mcp";
import { countedFirst, planFor } from "../../support/workers/search-plan-checks";
import { ok, one, rows } from "../../support/workers/tool-helpers";

const holders = async (token: string) =>
	(await rows<{ rowid: number }>("SELECT rowid FROM search_pairs WHERE search_pairs MATCH ?1", `"${token}"`))
		.map((r) => r.rowid)
		.sort((a, b) => a - b);

const phraseHolders = async (columns: string, words: string[]) =>
	(
		await rows<{ rowid: number }>(
			"SELECT rowid FROM search_index WHERE search_index MATCH ?1",
			`${columns}: "${words.join(" ")}"`,
		)
	)
		.map((r) => r.rowid)
		.sort((a, b) => a - b);

const docOf = async (sourceId: string) =>
	(await one<{ doc_id: number }>("SELECT doc_id FROM search_documents WHERE source_id = ?1", sourceId))
		.doc_id;

const queued = async (docId: number) => ({
	pending: (await rows("SELECT 1 FROM search_pairs_pending WHERE doc_id = ?1", docId)).length === 1,
	marked: (await holders(QUEUED_MARK)).includes(docId),
});

/** The near-columns pair of the first two words of `text`, as the writer stems them. */
const nearPair = (text: string) => {
	const [first, second] = tokens(text);
	return pairToken(first as string, second as string, "near");
};

const run = (sql: string, ...params: unknown[]) =>
	env.DB.prepare(sql)
		.bind(...params)
		.run();

/** A published source with a title, a summary and a topic: the one each write below changes. */
async function aSource(): Promise<{ sourceId: string; docId: number; topicId: string }> {
	const row = await one<{ source_id: string; topic_id: string }>(
		`SELECT s.source_id, st.topic_id FROM sources s JOIN source_topics st ON st.source_id = s.source_id
		 WHERE s.publication_state = 'published' AND EXISTS (SELECT 1 FROM passages p WHERE p.source_id = s.source_id)
		 ORDER BY s.source_id LIMIT 1`,
	);
	return { sourceId: row.source_id, topicId: row.topic_id, docId: await docOf(row.source_id) };
}

describe("the pairs held", () => {
	it("every pair of adjacent words is held by exactly the sources the two-word phrase matches", {
		timeout: 60_000,
	}, async () => {
		expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM search_pairs_pending")).n).toBe(0);
		const texts = await rows<{ title: string; summary: string; topics: string; body: string }>(
			"SELECT title, summary, topics, substr(body, 1, 400) AS body FROM search_document_text",
		);
		const phrases = new Map<string, { words: string[]; place: "near" | "summary" }>();
		for (const text of texts)
			for (const [column, place] of [
				[text.title, "near"],
				[text.topics, "near"],
				[text.body, "near"],
				[text.summary, "summary"],
			] as const) {
				const words = rawTokens(column);
				for (let i = 0; i + 1 < words.length; i++) {
					const pair = words.slice(i, i + 2);
					const stems = tokens(pair.join(" "));
					phrases.set(pairToken(stems[0] as string, stems[1] as string, place), { words: pair, place });
				}
			}
		expect(phrases.size).toBeGreaterThan(1000);
		let checked = 0;
		for (const [token, { words, place }] of phrases) {
			if (checked++ % 3 !== 0) continue; // a third of them: every column and place, in a few seconds
			const columns = place === "near" ? "{title topics body}" : "summary";
			expect(await holders(token), `${place} ${words.join(" ")}`).toEqual(
				await phraseHolders(columns, words),
			);
		}
	});

	it("a source with no public text holds no pairs, and only the mark a queued source holds is shaped so", async () => {
		const hidden = await rows<{ doc_id: number }>(
			`SELECT d.doc_id FROM search_documents d JOIN sources s ON s.source_id = d.source_id
			 WHERE s.publication_state <> 'published'`,
		);
		expect(hidden.length).toBeGreaterThan(0);
		const title = rawTokens(
			(
				await one<{ title: string }>(
					"SELECT s.title FROM sources s JOIN search_documents d ON d.source_id = s.source_id WHERE d.doc_id = ?1",
					hidden[0]?.doc_id,
				)
			).title,
		);
		expect(await holders(nearPair(title.join(" ")))).not.toContain(hidden[0]?.doc_id);
		expect(await holders(QUEUED_MARK)).toEqual([]);
	});
});

describe("kept in step", () => {
	it("every write that re-indexes a source queues it and marks it; the writer then writes its pairs", {
		timeout: 60_000,
	}, async () => {
		const { sourceId, docId, topicId } = await aSource();
		const other = (
			await one<{ source_id: string }>(
				"SELECT source_id FROM sources WHERE publication_state = 'published' AND source_id <> ?1 ORDER BY source_id LIMIT 1",
				sourceId,
			)
		).source_id;
		const otherDoc = await docOf(other);
		const writes: [string, () => Promise<unknown>, number[]][] = [
			[
				"title",
				() => run("UPDATE sources SET title = title || ' zebra quartz' WHERE source_id = ?1", sourceId),
				[docId],
			],
			[
				"summary",
				() => run("UPDATE sources SET summary = summary || ' zebra quartz' WHERE source_id = ?1", sourceId),
				[docId],
			],
			[
				"passage added",
				() =>
					run(
						"INSERT INTO passages (passage_id, source_id, ordinal, start_ms, end_ms, text) VALUES (999999, ?1, 999, 0, 1, 'zebra quartz')",
						sourceId,
					),
				[docId],
			],
			[
				"passage changed",
				() => run("UPDATE passages SET text = 'quartz zebra' WHERE passage_id = 999999"),
				[docId],
			],
			[
				"passage moved",
				() => run("UPDATE passages SET source_id = ?1 WHERE passage_id = 999999", other),
				[docId, otherDoc],
			],
			["passage removed", () => run("DELETE FROM passages WHERE passage_id = 999999"), [otherDoc]],
			[
				"topic removed",
				() => run("DELETE FROM source_topics WHERE source_id = ?1 AND topic_id = ?2", sourceId, topicId),
				[docId],
			],
			[
				"topic added",
				() => run("INSERT INTO source_topics (source_id, topic_id) VALUES (?1, ?2)", sourceId, topicId),
				[docId],
			],
			["topic renamed", () => run("UPDATE topics SET label = label WHERE topic_id = ?1", topicId), [docId]],
			[
				"taken down",
				() =>
					run(
						"UPDATE sources SET publication_state = 'unpublished', state_reason = 'test' WHERE source_id = ?1",
						sourceId,
					),
				[docId],
			],
			[
				"published",
				() =>
					run(
						"UPDATE sources SET publication_state = 'published', state_reason = NULL WHERE source_id = ?1",
						sourceId,
					),
				[docId],
			],
		];
		for (const [what, write, docs] of writes) {
			await write();
			for (const doc of docs) expect(await queued(doc), what).toEqual({ pending: true, marked: true });
			expect((await writeQueuedPairs(env.DB)).queued, what).toBe(0);
			for (const doc of docs) expect(await queued(doc), what).toEqual({ pending: false, marked: false });
		}
		// Its new words are held as pairs, in the place each write put them.
		expect(await holders(pairToken("zebra", "quartz", "near"))).toContain(docId);
		expect(await holders(pairToken("zebra", "quartz", "summary"))).toContain(docId);
		expect(await holders(pairToken("quartz", "zebra", "near"))).toEqual([]);
	});

	it("a source taken down loses its pairs", async () => {
		const { sourceId, docId } = await aSource();
		await run("UPDATE sources SET title = 'Walrus lantern' WHERE source_id = ?1", sourceId);
		await writeQueuedPairs(env.DB);
		expect(await holders(nearPair("Walrus lantern"))).toEqual([docId]);
		await run(
			"UPDATE sources SET publication_state = 'removed', state_reason = 'test' WHERE source_id = ?1",
			sourceId,
		);
		await writeQueuedPairs(env.DB);
		expect(await holders(nearPair("Walrus lantern"))).toEqual([]);
		expect(await queued(docId)).toEqual({ pending: false, marked: false });
		await run(
			"UPDATE sources SET publication_state = 'published', state_reason = NULL WHERE source_id = ?1",
			sourceId,
		);
		await writeQueuedPairs(env.DB);
		expect(await holders(nearPair("Walrus lantern"))).toEqual([docId]);
	});

	it("a round is one transaction: one that fails leaves its sources queued and marked, their old pairs gone from no search", async () => {
		const { sourceId, docId } = await aSource();
		await run("UPDATE sources SET title = 'Heron kettle' WHERE source_id = ?1", sourceId);
		const statements = roundStatements(env.DB);
		// The round's statements up to its pairs, then one that fails: D1 rolls the batch back whole.
		await expect(
			env.DB.batch([...statements.slice(0, 5), env.DB.prepare("SELECT * FROM no_such_table")]),
		).rejects.toThrow(/no_such_table/);
		expect(await queued(docId)).toEqual({ pending: true, marked: true });
		expect((await rows("SELECT doc_id FROM search_pairs_round")).length).toBe(0);
		expect(await holders(nearPair("Heron kettle"))).toEqual([]);
		await writeQueuedPairs(env.DB);
		expect(await queued(docId)).toEqual({ pending: false, marked: false });
		expect(await holders(nearPair("Heron kettle"))).toEqual([docId]);
	});

	it("a round takes its sources' text up to its characters, at least one source, in doc_id order", async () => {
		const queuedDocs = (
			await rows<{ doc_id: number }>(
				"SELECT doc_id FROM search_documents d JOIN sources s ON s.source_id = d.source_id WHERE s.publication_state = 'published' ORDER BY doc_id LIMIT 3",
			)
		).map((r) => r.doc_id);
		for (const doc of queuedDocs)
			await run(
				"UPDATE sources SET title = title WHERE source_id = (SELECT source_id FROM search_documents WHERE doc_id = ?1)",
				doc,
			);
		const one = await writeQueuedPairs(env.DB, { chars: 1 });
		expect(one).toMatchObject({ written: 3, queued: 0, rounds: 3 });
		for (const doc of queuedDocs)
			await run(
				"UPDATE sources SET title = title WHERE source_id = (SELECT source_id FROM search_documents WHERE doc_id = ?1)",
				doc,
			);
		expect(await writeQueuedPairs(env.DB)).toMatchObject({ written: 3, queued: 0, rounds: 1 });
	});

	it("a queued source is found by its new phrase before its pairs are written, and after", async () => {
		const { sourceId, docId } = await aSource();
		await run("UPDATE sources SET title = 'Pelican bracket' WHERE source_id = ?1", sourceId);
		expect(await queued(docId)).toEqual({ pending: true, marked: true });
		const before = await ok("search_sources", { query: '"pelican bracket"' });
		expect(before.sc.results.map((r: any) => r.source_id)).toEqual([sourceId]);
		await writeQueuedPairs(env.DB);
		const after = await ok("search_sources", { query: '"pelican bracket"' });
		expect(after.sc.results).toEqual(before.sc.results);
	});
});

describe("rebuilt", () => {
	it("D1 cannot export it: dropped before an export, its migration run again and the writer rebuild it as it was", {
		timeout: 60_000,
	}, async () => {
		const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0023_"));
		expect(migration?.name).toBe("0023_search_pairs.sql");
		const titles = await rows<{ title: string }>("SELECT title FROM sources ORDER BY source_id LIMIT 20");
		const tokensHeld = titles.map((t) => nearPair(t.title));
		const before = await Promise.all(tokensHeld.map(holders));
		expect(before.flat().length).toBeGreaterThan(0);
		await env.DB.batch(
			["DROP TABLE search_pairs", "DROP TABLE search_pairs_pending"].map((q) => env.DB.prepare(q)),
		);
		await env.DB.batch((migration?.queries ?? []).map((q) => env.DB.prepare(q)));
		const sources = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM search_documents")).n;
		expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM search_pairs_pending")).n).toBe(sources);
		expect((await holders(QUEUED_MARK)).length).toBe(sources);
		expect((await writeQueuedPairs(env.DB, { budgetMs: 60_000 })).queued).toBe(0);
		expect(await Promise.all(tokensHeld.map(holders))).toEqual(before);
	});
});

describe("what the pairs save", () => {
	/** The rows one search reads, its second time (the first may load the isolate's copies). */
	async function readRows(query: string): Promise<{ rowsRead: number; answer: unknown }> {
		await searchOnce(query);
		return searchOnce(query);
	}

	async function searchOnce(query: string): Promise<{ rowsRead: number; answer: unknown }> {
		const recorder = new CostRecorder();
		const ctx = createExecutionContext();
		const response = await worker.fetch(
			toolCallRequest("search_sources", { query, limit: 10 }) as never,
			{ ...env, DB: recorder.database(env.DB) },
			ctx,
		);
		const answer = ((await response.json()) as { result: { structuredContent: unknown } }).result
			.structuredContent;
		await waitOnExecutionContext(ctx);
		return { rowsRead: recorder.total().rowsRead, answer };
	}

	it("a phrase's pairs are read once: ranked whole on what they say reads no more than counting the phrase", async () => {
		// The two-word phrase the most sources hold, among the commonest words: its holders are read,
		// once, instead of the phrase's count.
		const common = await rows<{ term: string }>(
			"SELECT term FROM search_vocab WHERE term NOT GLOB '0*' AND length(term) > 3 ORDER BY doc DESC LIMIT 8",
		);
		let phrase = { words: [] as string[], held: 0 };
		for (const { term: first } of common)
			for (const { term: second } of common) {
				const held = (await phraseHolders("{title summary topics body}", [first, second])).length;
				if (first !== second && held > phrase.held) phrase = { words: [first, second], held };
			}
		expect(phrase.held).toBeGreaterThan(20);
		// The census counts the quoted phrase's match: through its pairs, and, the pairs left unsaid, by
		// reading its words' positions.
		const { first } = countedFirst(await planFor(`"${phrase.words.join(" ")}"`, { limit: 10, offset: 0 }));
		const read = async (matchPairs: "kept" | "none") => {
			const { sql, values } = statementOf(first);
			if (matchPairs === "none") values[Number(P.matchPairs.slice(1)) - 1] = null;
			const recorder = new CostRecorder();
			const statement = recorder
				.database(env.DB)
				.prepare(sql)
				.bind(...values);
			const { page } = readAnswer((await statement.all()).results, first);
			return { page, rowsRead: recorder.total().rowsRead };
		};
		const counted = await read("none");
		const paired = await read("kept");
		expect(paired.page).toEqual(counted.page);
		expect(paired.page.total).toBe(phrase.held);
		expect(paired.rowsRead).toBeLessThanOrEqual(counted.rowsRead + 2);
	});

	it("words common apart and never adjacent: fewer rows read with the pairs, the same answer", async () => {
		// Two words many sources hold, in an order no source holds them: the first such of the commonest.
		const common = await rows<{ term: string }>(
			"SELECT term FROM search_vocab WHERE term NOT GLOB '0*' AND length(term) > 3 ORDER BY doc DESC LIMIT 12",
		);
		let query = "";
		for (const { term: first } of common)
			for (const { term: second } of common)
				if (
					query === "" &&
					first !== second &&
					(await phraseHolders("{title summary topics body}", [first, second])).length === 0
				)
					query = `"${first} ${second}"`;
		expect(query).not.toBe("");
		const withPairs = await readRows(query);
		await run("INSERT INTO search_pairs_pending (doc_id, queued) SELECT doc_id, 1 FROM search_documents");
		await run("DELETE FROM search_pairs");
		await run(
			`INSERT INTO search_pairs (rowid, pairs) SELECT doc_id, '${QUEUED_MARK}' FROM search_documents`,
		);
		const queuedAll = await readRows(query);
		await writeQueuedPairs(env.DB, { budgetMs: 60_000 });
		expect(withPairs.answer).toEqual(queuedAll.answer);
		expect(withPairs.rowsRead * 2).toBeLessThan(queuedAll.rowsRead);
	});
});

describe("a phrase whose pairs are each held, but never by one source", () => {
	/** The rows a quoted phrase's search reads, its second time (the first may load the isolate's copies). */
	async function phraseRows(words: readonly string[]): Promise<{ rowsRead: number; total: unknown }> {
		let last = { rowsRead: 0, total: undefined as unknown };
		for (let send = 0; send < 2; send++) {
			const recorder = new CostRecorder();
			const ctx = createExecutionContext();
			const response = await worker.fetch(
				toolCallRequest("search_sources", { query: `"${words.join(" ")}"`, limit: 10 }) as never,
				{ ...env, DB: recorder.database(env.DB) },
				ctx,
			);
			const answer = (await response.json()) as {
				result: { structuredContent: { total_estimate: unknown } };
			};
			await waitOnExecutionContext(ctx);
			last = { rowsRead: recorder.total().rowsRead, total: answer.result.structuredContent.total_estimate };
		}
		return last;
	}

	/** Sources holding every given pair token at once. */
	const holdingAll = async (tokens: readonly string[]) =>
		(
			await rows<{ rowid: number }>(
				"SELECT rowid FROM search_pairs WHERE search_pairs MATCH ?1",
				tokens.map((t) => `"${t}"`).join(" AND "),
			)
		).length;

	it("is not read: it costs what a phrase whose pairs nobody holds costs, not what its words' positions cost", async () => {
		// Three of the commonest words, a b c: "a b" held, "b c" held, never both by one source.
		const common = (
			await rows<{ term: string }>(
				"SELECT term FROM search_vocab WHERE term NOT GLOB '0*' AND length(term) > 3 ORDER BY doc DESC LIMIT 14",
			)
		).map((r) => r.term);
		let split: string[] = [];
		for (const a of common)
			for (const b of common)
				for (const c of common) {
					if (split.length > 0 || new Set([a, b, c]).size < 3) continue;
					const [ab, bc] = [pairToken(a, b, "near"), pairToken(b, c, "near")];
					if ((await holders(ab)).length === 0 || (await holders(bc)).length === 0) continue;
					const summary = [pairToken(a, b, "summary"), pairToken(b, c, "summary")];
					if ((await holdingAll([ab, bc])) === 0 && (await holdingAll(summary)) === 0) split = [a, b, c];
				}
		expect(split).toHaveLength(3);
		// The control: three of the same words whose pairs nobody holds, anywhere.
		const nobody = async (words: string[]) => {
			for (const place of ["near", "summary"] as const)
				for (const pair of pairsOfWords(words, place)) if ((await holders(pair)).length > 0) return false;
			return true;
		};
		let control: string[] = [];
		for (const x of common)
			for (const y of common)
				for (const z of common)
					if (control.length === 0 && new Set([x, y, z]).size === 3 && (await nobody([x, y, z])))
						control = [x, y, z];
		expect(control).toHaveLength(3);
		const held = await phraseRows(split);
		const nowhere = await phraseRows(control);
		expect(held.total).toBe(0);
		expect(nowhere.total).toBe(0);
		expect(held.rowsRead).toBeLessThanOrEqual(nowhere.rowsRead + 2);
		// Read from positions (every source queued, so its pairs say nothing), the same phrase costs more.
		await run("INSERT INTO search_pairs_pending (doc_id, queued) SELECT doc_id, 1 FROM search_documents");
		await run("DELETE FROM search_pairs");
		await run(
			`INSERT INTO search_pairs (rowid, pairs) SELECT doc_id, '${QUEUED_MARK}' FROM search_documents`,
		);
		const positions = await phraseRows(split);
		await writeQueuedPairs(env.DB, { budgetMs: 60_000 });
		expect(positions.total).toBe(0);
		expect(held.rowsRead * 2).toBeLessThan(positions.rowsRead);
	});
});
