/**
 * How search reads words (issue 13): the index's tokenizer mirror against FTS5 itself, word forms
 * (stemming), quoted phrases, the lexicon (as data, applied as alternatives, reported in
 * interpreted_as) and excerpts that show why a source matched.
 */

import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import lexiconFile from "../../../data/search-lexicon.json";
import {
	groupRows,
	insertRow,
	type LexiconGroup,
	lexiconDifference,
	lexiconRows,
	newestLexiconMigration,
} from "../../../scripts/lib/lexicon-rows";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import { allTerms } from "../../../src/search/execute/fts5";
import { togetherOf } from "../../../src/search/plan/together";
import { parseQuery } from "../../../src/search/query/parse";
import { plainTerms, searchTerms } from "../../../src/search/query/terms";
import { rawTokens, stem, tokens } from "../../../src/search/query/tokens";
import { searchExactly } from "../../support/workers/search-plan-checks";
import { ok, one, rows } from "../../support/workers/tool-helpers";

const search = (args: Record<string, unknown>) => ok("search_sources", args);
const ids = (sc: any): string[] => sc.results.map((r: any) => r.source_id);
const GROUPS = lexiconFile as LexiconGroup[];

describe("the tokenizer mirror (src/search/query/tokens.ts) is the index's tokenizer", () => {
	beforeAll(async () => {
		await env.DB.prepare(
			"CREATE VIRTUAL TABLE IF NOT EXISTS search_vocab_check USING fts5vocab(search_index, 'row')",
		).run();
	});
	afterAll(async () => {
		await env.DB.prepare("DROP TABLE IF EXISTS search_vocab_check").run();
	});

	it("stems every word of the seeded collection exactly as FTS5's porter tokenizer stored it", async () => {
		const texts = await rows<{ t: string }>(
			// The index holds the public collection only (migrations/0014).
			`SELECT s.title || ' ' || s.summary AS t FROM sources s WHERE s.publication_state = 'published'
			 UNION ALL SELECT p.text FROM passages p JOIN sources s ON s.source_id = p.source_id
			 WHERE s.publication_state = 'published'`,
		);
		const mine = new Set<string>();
		for (const { t } of texts) for (const token of tokens(t)) mine.add(token);
		const theirs = new Set(
			(await rows<{ term: string }>("SELECT term FROM search_vocab_check WHERE term NOT GLOB '0[a-z]*'")).map(
				(r) => r.term,
			),
		);
		expect(mine.size).toBeGreaterThan(500);
		expect([...mine].filter((t) => !theirs.has(t))).toEqual([]);
		expect([...theirs].filter((t) => !mine.has(t))).toEqual([]);
	});

	it("folds case, width and diacritics like unicode61 remove_diacritics 2", () => {
		expect(rawTokens("Zürich NAÏVE ＡＩ multi-agent 20.04")).toEqual([
			"zurich",
			"naive",
			"ai",
			"multi",
			"agent",
			"20",
			"04",
		]);
		expect(["crawling", "crawled", "crawls"].map(stem)).toEqual(["crawl", "crawl", "crawl"]);
		expect(["links", "snippets", "optimization", "optimisation"].map(stem)).toEqual([
			"link",
			"snippet",
			"optim",
			"optimis",
		]);
	});
});

describe("word forms: singular, plural and inflected forms are one word", () => {
	const pairs: [string, string][] = [
		["internal link", "internal links"],
		["snippet", "snippets"],
		["crawl", "crawling"],
		["ranking", "rankings"],
		["AI Overview", "AI Overviews"],
	];
	for (const [a, b] of pairs) {
		it(`"${a}" and "${b}" return the same top 10 and the same total`, async () => {
			const first = (await search({ query: a, limit: 10 })).sc;
			const second = (await search({ query: b, limit: 10 })).sc;
			expect(first.results.length, a).toBeGreaterThan(0);
			expect(ids(second)).toEqual(ids(first));
			expect(second.total_estimate).toBe(first.total_estimate);
		});
	}

	it("a double-quoted part is one phrase: its words adjacent and in order", async () => {
		const { sc } = await search({ query: '"AI search" ranking', limit: 20 });
		expect(sc.interpreted_as).toEqual([
			{ term: "AI search", phrase: true, alternatives: [] },
			{ term: "ranking", phrase: false, alternatives: [] },
		]);
		const loose = (await search({ query: "AI search ranking", limit: 20 })).sc;
		expect(sc.total_estimate).toBeLessThanOrEqual(loose.total_estimate);
		for (const r of sc.results) {
			const holds = await one<{ n: number }>(
				`SELECT COUNT(*) AS n FROM search_index h JOIN search_documents d ON d.doc_id = h.rowid
				 WHERE search_index MATCH '"ai search"' AND d.source_id = ?1`,
				r.source_id,
			);
			expect(holds.n, r.source_id).toBeGreaterThan(0);
		}
	});

	it("an unpaired quote is plain text", async () => {
		const { sc } = await search({ query: 'AI "search', limit: 3 });
		expect(sc.interpreted_as.map((t: any) => [t.term, t.phrase])).toEqual([
			["AI", false],
			["search", false],
		]);
	});
});

describe("the search lexicon is data", () => {
	const LEXICON_TABLE_SQL =
		"SELECT term_key, term, expansion, kind, note FROM search_lexicon ORDER BY term_key, expansion";

	it("the migrated table holds exactly the rows of data/search-lexicon.json (npm run lexicon -- generate after editing it)", async () => {
		expect(await rows(LEXICON_TABLE_SQL)).toEqual(lexiconRows(GROUPS));
	});

	it("a deployed database (0008's rows, and a row an operator added live) holds exactly the file's rows after the newest lexicon migration", async () => {
		const migrations = env.TEST_MIGRATIONS;
		const created = migrations.find((m) => m.name === "0008_search_lexicon.sql");
		const newest = migrations.find((m) => m.name === newestLexiconMigration(migrations.map((n) => n.name)));
		if (created === undefined || newest === undefined) throw new Error("no lexicon migrations");
		expect(newest.name).not.toBe(created.name);
		const run = (queries: string[]) => env.DB.batch(queries.map((q) => env.DB.prepare(q)));
		const file = lexiconRows(GROUPS);
		try {
			// What a database that applied 0008 before the short forms holds: its rows, without its CREATE TABLE.
			await run(["DELETE FROM search_lexicon", ...created.queries.filter((q) => !/CREATE TABLE/i.test(q))]);
			const live = insertRow({
				term_key: "quokka",
				term: "quokka",
				expansion: "vellum",
				kind: "variant",
				note: "added live",
			});
			await env.DB.prepare(live.sql)
				.bind(...live.params)
				.run();
			const before = lexiconDifference(await rows(LEXICON_TABLE_SQL), file);
			expect(before.missing.map((r) => r.term)).toContain("search results page");
			expect(before.extra.map((r) => r.term)).toEqual(["quokka"]);
			await run(newest.queries);
			expect(await rows(LEXICON_TABLE_SQL)).toEqual(file);
		} finally {
			// The file's rows again, whatever the migration did.
			await run(["DELETE FROM search_lexicon", ...newest.queries]);
		}
	});

	it("every entry links each form to every other form, keyed by its stemmed words", () => {
		const rows = groupRows({ forms: ["AIO", "AI Overviews"], kind: "acronym", note: "" });
		expect(rows.map((r) => [r.term_key, r.expansion])).toEqual([
			["aio", "AI Overviews"],
			["ai overview", "AIO"],
		]);
		expect(() => groupRows({ forms: ["SERP", "SERPs"], kind: "variant", note: "" })).toThrow(/same words/);
		expect(() => groupRows({ forms: ["CTR"], kind: "acronym", note: "" })).toThrow(/two forms/);
	});

	// Spanish forms are searched as their English form instead: test/workers/search/spanish.test.ts.
	for (const group of GROUPS.filter((g) => g.kind !== "spanish")) {
		it(`${group.forms.join(" = ")}: every form is read as the same term and returns the same top 10`, async () => {
			const answers = [];
			for (const form of group.forms) answers.push((await search({ query: form, limit: 10 })).sc);
			for (const [i, sc] of answers.entries()) {
				const form = group.forms[i] as string;
				expect(sc.interpreted_as, form).toHaveLength(1);
				expect(sc.interpreted_as[0].term, form).toBe(form);
				expect(new Set([form, ...sc.interpreted_as[0].alternatives]), form).toEqual(new Set(group.forms));
				// Same alternatives, so the same matches: the top 10s overlap wholly (both empty when
				// the sample corpus never uses the entry).
				expect(new Set(ids(sc)), form).toEqual(new Set(ids(answers[0])));
			}
		});
	}

	it("the short forms the collection spells out now find what the long forms find", async () => {
		for (const [short, long] of [
			["AIO", "AI Overviews"],
			["EEAT", "E-E-A-T"],
			["LLM", "large language models"],
			["GEO", "generative engine optimization"],
			["PAA", "People Also Ask"],
			// Long forms said with a word left out, or shortened (issue 21).
			["search results page", "search engine results page"],
			["Search Console", "Google Search Console"],
			["ecom", "ecommerce"],
			["experience, expertise, authoritativeness and trust", "EEAT"],
		]) {
			const a = (await search({ query: short, limit: 10 })).sc;
			const b = (await search({ query: long, limit: 10 })).sc;
			expect(a.results.length, short).toBeGreaterThan(0);
			expect(ids(a).filter((id) => ids(b).includes(id)).length, short).toBeGreaterThan(0);
		}
	});

	it("a run of words the lexicon knows is one term inside a longer query", async () => {
		const { sc } = await search({ query: "how AI Overviews pick sources", limit: 5 });
		expect(sc.interpreted_as).toEqual([
			{ term: "how", phrase: false, alternatives: [] },
			{ term: "AI Overviews", phrase: false, alternatives: ["AIO"] },
			{ term: "pick", phrase: false, alternatives: [] },
			{ term: "sources", phrase: false, alternatives: [] },
		]);
	});

	it("a quoted term is never expanded", async () => {
		const { sc } = await search({ query: '"AIO"' });
		expect(sc.interpreted_as).toEqual([{ term: "AIO", phrase: true, alternatives: [] }]);
	});

	it("queries without lexicon words search exactly as before: the plain expression, the same page", async () => {
		for (const query of ["AI search", "content audit", "schema", "google ranking signals"]) {
			const { sc } = await search({ query, limit: 20 });
			for (const t of sc.interpreted_as) expect(t.alternatives, query).toEqual([]);
			const left = sc.terms_left_out.map((l: any) => l.term);
			const terms = plainTerms(query).filter((t) => !left.includes(t.text));
			const all = sc.match_mode === "all_terms";
			const every = plainTerms(query);
			const together = all ? togetherOf(every, every) : undefined;
			const plain = await searchExactly(terms, {
				any: !all,
				...(together === undefined ? {} : { together }),
			});
			expect(ids(sc), query).toEqual(plain.page.rows.map((r) => r.source_id));
		}
	});

	it("an operator's entry (the statement npm run lexicon -- add runs) applies once the isolate's copy is renewed", async () => {
		const before = (await search({ query: "quokka", limit: 20 })).sc;
		const rows = groupRows({ forms: ["quokka", "vellum"], kind: "variant", note: "test only" });
		await env.DB.batch(rows.map((r) => insertRow(r)).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
		try {
			// Within the copy's bound (PROJECTION_COPY_MAX_AGE_MS) the copy's lexicon answers; after it, the table's.
			expect((await search({ query: "quokka", limit: 20 })).sc.interpreted_as[0].alternatives).toEqual([]);
			forgetProjectionCopy();
			const { sc } = await search({ query: "quokka", limit: 20 });
			expect(sc.interpreted_as[0].alternatives).toEqual(["vellum"]);
			const either = (await searchExactly(plainTerms("quokka vellum"), { any: true })).page;
			expect(either.total).toBeGreaterThan(0);
			expect(sc.total_estimate).toBe(either.total);
			const parsed = parseQuery("quokka");
			expect(allTerms(searchTerms(parsed, new Map([["quokka", { alternatives: ["vellum"] }]])))).toBe(
				'("quokka" OR "vellum")',
			);
		} finally {
			await env.DB.prepare("DELETE FROM search_lexicon WHERE note = 'test only'").run();
			forgetProjectionCopy();
		}
		expect((await search({ query: "quokka", limit: 20 })).sc.total_estimate).toBe(before.total_estimate);
	});
});

describe("excerpts explain the hit", () => {
	// The oracle: FTS5 itself, over each passage alone, with the index's tokenizer (made in each test:
	// the Workers pool undoes a test's writes).
	async function passageCheck(): Promise<void> {
		await env.DB.batch([
			env.DB.prepare(
				"CREATE VIRTUAL TABLE IF NOT EXISTS passage_check USING fts5 (body, tokenize = 'porter unicode61 remove_diacritics 2')",
			),
			env.DB.prepare("DELETE FROM passage_check"),
			env.DB.prepare("INSERT INTO passage_check (rowid, body) SELECT passage_id, text FROM passages"),
		]);
	}

	/** Whether FTS5 says the passage's text holds the term (any of its forms). */
	async function indexSays(
		passage: { source_id: string; ordinal: number },
		forms: string[],
	): Promise<boolean> {
		const expr = forms.map((f) => `"${f.replaceAll('"', "")}"`).join(" OR ");
		const row = await one<{ n: number }>(
			`SELECT COUNT(*) AS n FROM passage_check h JOIN passages p ON p.passage_id = h.rowid
			 WHERE passage_check MATCH ?1 AND p.source_id = ?2 AND p.ordinal = ?3`,
			expr,
			passage.source_id,
			passage.ordinal,
		);
		return row.n > 0;
	}

	const queries = [
		"AI Overviews citations",
		"crawl budget",
		"internal links anchor text",
		"EEAT",
		"schema markup rich results",
	];
	for (const query of queries) {
		it(`"${query}": each excerpt is a passage holding the most terms, and matched_terms says which (checked by FTS5)`, async () => {
			await passageCheck();
			const { sc } = await search({ query, limit: 10 });
			expect(sc.results.length).toBeGreaterThan(0);
			for (const r of sc.results) {
				const passages = await rows<{ ordinal: number }>(
					"SELECT ordinal FROM passages WHERE source_id = ?1 ORDER BY ordinal",
					r.source_id,
				);
				let most = 0;
				for (const p of passages) {
					let held = 0;
					for (const t of sc.interpreted_as)
						if (await indexSays({ source_id: r.source_id, ordinal: p.ordinal }, [t.term, ...t.alternatives]))
							held++;
					most = Math.max(most, held);
				}
				const at = { source_id: r.source_id, ordinal: r.excerpt.passage_ordinal };
				for (const t of sc.interpreted_as)
					expect(await indexSays(at, [t.term, ...t.alternatives]), `${r.source_id} ${t.term}`).toBe(
						r.excerpt.matched_terms.includes(t.term),
					);
				expect(r.excerpt.matched_terms.length, r.source_id).toBe(most);
			}
		});
	}

	it("a source whose words are only in its title gets an excerpt with no matched terms", async () => {
		const title = await one<{ source_id: string; title: string }>(
			`SELECT s.source_id, s.title FROM sources s WHERE s.publication_state = 'published' ORDER BY s.source_id LIMIT 1`,
		);
		const { sc: own } = await search({ query: title.title, limit: 20 });
		expect(ids(own)).toContain(title.source_id);
		// A word of a source's title that none of its passages holds: the source is found, its excerpt holds nothing.
		const sources = await rows<{ source_id: string; title: string }>(
			`SELECT source_id, title FROM sources WHERE publication_state = 'published' ORDER BY source_id LIMIT 40`,
		);
		let checked = 0;
		for (const source of sources) {
			const passages = await rows<{ text: string }>(
				`SELECT text FROM passages WHERE source_id = ?1`,
				source.source_id,
			);
			const spoken = new Set(passages.flatMap((p) => tokens(p.text)));
			const word = rawTokens(source.title).find(
				(w) => w.length >= 5 && /^[a-z]+$/.test(w) && !spoken.has(stem(w)),
			);
			if (word === undefined) continue;
			const { sc } = await search({ query: word, limit: 20 });
			const hit = sc.results.find((r: any) => r.source_id === source.source_id);
			if (hit === undefined) continue;
			expect(hit.excerpt.matched_terms, `${source.source_id} ${word}`).toEqual([]);
			checked++;
		}
		expect(checked).toBeGreaterThan(0);
	});
});

describe("topic labels are indexed with every passage of their sources", () => {
	it("a source is found by its topic's label; renaming, unlinking and linking a topic re-index its sources", async () => {
		const link = await one<{ source_id: string; topic_id: string; label: string }>(
			`SELECT st.source_id, st.topic_id, t.label FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id
			 JOIN sources s ON s.source_id = st.source_id WHERE s.publication_state = 'published'
			 ORDER BY st.source_id, st.topic_id LIMIT 1`,
		);
		const found = async (word: string) =>
			(
				await rows<{ source_id: string }>(
					`SELECT d.source_id FROM search_index h JOIN search_documents d ON d.doc_id = h.rowid
					 WHERE search_index MATCH ?1`,
					`topics : "${word}"`,
				)
			).map((r) => r.source_id);
		expect(await found(link.label)).toContain(link.source_id);
		await env.DB.prepare("UPDATE topics SET label = 'Quetzalcoatl' WHERE topic_id = ?1")
			.bind(link.topic_id)
			.run();
		try {
			expect(await found("quetzalcoatl")).toContain(link.source_id);
			await env.DB.prepare("DELETE FROM source_topics WHERE source_id = ?1 AND topic_id = ?2")
				.bind(link.source_id, link.topic_id)
				.run();
			expect(await found("quetzalcoatl")).not.toContain(link.source_id);
			await env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES (?1, ?2)")
				.bind(link.source_id, link.topic_id)
				.run();
			expect(await found("quetzalcoatl")).toContain(link.source_id);
		} finally {
			await env.DB.prepare("UPDATE topics SET label = ?2 WHERE topic_id = ?1")
				.bind(link.topic_id, link.label)
				.run();
		}
		expect(await found("quetzalcoatl")).toEqual([]);
	});
});

describe("words in most of the collection do not narrow a search", () => {
	it("a question's very common words are left out when rarer ones remain, and said so", async () => {
		const { sc } = await search({ query: "how to win the featured snippet", limit: 20 });
		expect(sc.match_mode).toBe("all_terms");
		const left = sc.terms_left_out.map((l: any) => l.term);
		expect(left).toContain("the");
		for (const l of sc.terms_left_out) expect(["in_most_sources", "stop_word"]).toContain(l.reason);
		const required = sc.interpreted_as.filter((t: any) => !left.includes(t.term));
		expect(required.map((t: any) => t.term)).toContain("featured");
		const question = plainTerms("how to win the featured snippet");
		const meaningful = question.filter(
			(t) => !sc.terms_left_out.some((l: any) => l.term === t.text && l.reason === "stop_word"),
		);
		const together = togetherOf(question, meaningful);
		const plain = await searchExactly(plainTerms(required.map((t: any) => t.term).join(" ")), {
			...(together === undefined ? {} : { together }),
		});
		expect(ids(sc)).toEqual(plain.page.rows.map((r) => r.source_id));
	});

	it("a quoted word is never left out, however common", async () => {
		const { sc } = await search({ query: '"the" featured snippet', limit: 5 });
		expect(sc.terms_left_out).toEqual([]);
	});

	it("when every word is in most of the collection, all of them are required", async () => {
		// From the data: each word's stem is in the indexed text (title, summary, topic labels,
		// transcript) of more than half of the indexed sources.
		const texts = await rows<{ source_id: string; t: string }>(
			`SELECT source_id, title || ' ' || summary AS t FROM sources
			 UNION ALL SELECT source_id, text FROM passages
			 UNION ALL SELECT st.source_id, t.label FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id`,
		);
		const holders = new Map<string, Set<string>>();
		for (const { source_id, t } of texts)
			for (const token of tokens(t)) {
				if (!holders.has(token)) holders.set(token, new Set());
				holders.get(token)?.add(source_id);
			}
		const { n } = await one<{ n: number }>("SELECT COUNT(*) AS n FROM sources");
		for (const word of ["ai", "search"])
			expect(2 * (holders.get(stem(word))?.size ?? 0), `${word} in most of ${n} sources`).toBeGreaterThan(n);
		// And the search treats them so: beside a rarer word each of them is left out.
		const beside = await search({ query: "featured AI search", limit: 5 });
		expect(beside.sc.terms_left_out.map((l: any) => [l.term, l.reason])).toEqual([
			["AI", "in_most_sources"],
			["search", "in_most_sources"],
		]);
		const { sc } = await search({ query: "AI search", limit: 5 });
		expect(sc.terms_left_out).toEqual([]);
		expect(sc.match_mode).toBe("all_terms");
		expect(sc.interpreted_as.map((t: any) => t.term)).toEqual(["AI", "search"]);
	});
});

describe("long phrases are bounded (each phrase token reads that token's whole doclist)", () => {
	it("a hyphenated or quoted term keeps its first 12 words; a query 32 words in all; query_truncated says so", async () => {
		const long = Array.from({ length: 50 }, () => "ai-search").join("-");
		const { sc } = await search({ query: long });
		expect(sc.query_truncated).toBe(true);
		expect(sc.interpreted_as).toHaveLength(1);
		expect(sc.interpreted_as[0].term.split(" ")).toHaveLength(12);
		const quoted = await search({ query: `"${"seo content google ".repeat(10).trim()}"` });
		expect(quoted.sc.query_truncated).toBe(true);
		expect(quoted.sc.interpreted_as[0].term.split(" ")).toHaveLength(12);
		const pairs = Array.from({ length: 20 }, (_, i) => `w${i}-x${i}`).join(" ");
		const many = await search({ query: pairs });
		expect(many.sc.query_truncated).toBe(true);
		// Two phrases keep their words adjacent; the later pairs are searched as separate words, up to 24 terms.
		expect(many.sc.interpreted_as).toHaveLength(24);
		expect(many.sc.interpreted_as.slice(0, 3).map((t: { term: string }) => t.term)).toEqual([
			"w0-x0",
			"w1-x1",
			"w2",
		]);
		const fits = await search({ query: "multi-agent workflow" });
		expect(fits.sc.query_truncated).toBe(false);
	});

	it("at most two phrases of 12 words together keep their words adjacent; later ones are searched as words", async () => {
		// The costliest request before this bound: three phrases of common words found nowhere, 32 words.
		const query =
			"ai-seo-ai-seo-ai-seo-ai-seo-ai-seo-ai-seo seo-ai-seo-ai-seo-ai-seo-ai-seo-ai-seo-ai ai-seo-ai-seo-ai-seo-ai-seo";
		const { sc } = await search({ query, limit: 20 });
		expect(sc.query_truncated).toBe(false);
		// The first phrase (12 words) uses up the phrase words; the rest are its words ("ai", "seo"), once each.
		expect(sc.interpreted_as.map((t: { term: string }) => t.term)).toEqual([
			"ai-seo-ai-seo-ai-seo-ai-seo-ai-seo-ai-seo",
			"seo",
			"ai",
		]);
		const two = await search({ query: '"content audit" "search console" "video title length"' });
		expect(two.sc.interpreted_as.map((t: { term: string; phrase: boolean }) => [t.term, t.phrase])).toEqual([
			["content audit", true],
			["search console", true],
			["video", false],
			["title", false],
			["length", false],
		]);
	});
});
