/**
 * The word-pair index holds the pairs of the tokens FTS5 itself indexed (issue 53): whatever a
 * transcript holds, a phrase found while its source is queued (answered from positions) is found
 * once its pairs are written, and a pair condition a search asks is one its phrase implies.
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeQueuedPairs } from "../../../src/projections/pair-writer";
import { COMPARED_BLOCKS, mirrorReadsAsIndex, READ_APART } from "../../../src/search/pairs/pair-tokens";
import { rawTokens, tokens } from "../../../src/search/query/tokens";
import { findHiddenCharacter } from "../../../src/text/hidden-characters";
import { ok, one, rows } from "../../support/workers/tool-helpers";

const run = (sql: string, ...params: unknown[]) =>
	env.DB.prepare(sql)
		.bind(...params)
		.run();

/** A published source with a first passage: the one each case corrects. */
async function aSource(): Promise<{ sourceId: string; docId: number }> {
	return one<{ sourceId: string; docId: number }>(
		`SELECT s.source_id AS sourceId, d.doc_id AS docId FROM sources s
		 JOIN search_documents d ON d.source_id = s.source_id
		 WHERE s.publication_state = 'published' AND EXISTS (SELECT 1 FROM passages p WHERE p.source_id = s.source_id AND p.ordinal = 1)
		 ORDER BY s.source_id LIMIT 1`,
	);
}

/** What `npm run content -- correct-passage <id> 1 --text …` writes (scripts/content.ts). */
const correctPassage = (sourceId: string, text: string) =>
	run("UPDATE passages SET text = ?1 WHERE source_id = ?2 AND ordinal = 1", text, sourceId);

const found = async (query: string) =>
	(await ok("search_sources", { query, limit: 20 })).sc.results.map(
		(r: { source_id: string }) => r.source_id,
	);

describe("the reported case", () => {
	it("a phrase of a corrected passage is found while its source is queued, and after the cron wrote its pairs", async () => {
		const { sourceId } = await aSource();
		await correctPassage(sourceId, "Our Quixbrand™ strategy works. Plain hiःgh zeta.");
		const phrases = ['"quixbrand strategy"', '"gh zeta"', '"hi gh"'];
		for (const phrase of phrases) expect(await found(phrase), `${phrase}, queued`).toContain(sourceId);
		expect((await writeQueuedPairs(env.DB)).queued).toBe(0);
		for (const phrase of phrases) expect(await found(phrase), `${phrase}, written`).toContain(sourceId);
	});
});

/**
 * Text the project's tokenizer mirror and FTS5's unicode61 read apart or might: compatibility
 * characters NFKC rewrites (™ ℠, fullwidth, mathematical letters, ligatures, superscripts, Roman
 * numerals, circled digits, digraphs), marks FTS5 keeps as separators or letters where the mirror
 * strips them (Devanagari, Thai, Hebrew points, Arabic harakat, an enclosing circle, Cyrillic й and
 * ё, Greek tonos, kana's voicing marks), Hangul (the mirror keeps NFD's jamo), letters newer than
 * SQLite's Unicode tables, Greek's final sigma, unassigned and private-use code points; and text
 * both read alike, as a control.
 */
const HOSTILE_TEXTS = [
	"Our Quixbrand™ strategy works. Plain hiःgh zeta.",
	"Brandwise℠ service plan",
	"ＡＩ ｓｅａｒｃｈ fullwidth letters",
	"𝐀𝐈 𝐬𝐞𝐚𝐫𝐜𝐡 bold and 𝓼𝓮𝓸 script",
	"ﬁnding the ﬂow of an oﬀer",
	"हिन्दी खोज इंजन अनुकूलन",
	"การค้นหา ไทย เครื่องมือ",
	"שָׁלוֹם עוֹלָם חִפּוּשׂ",
	"مَرْحَبًا بِكُمْ فِي البَحْث",
	"A⃝ circled B⃝ letters",
	"검색 엔진 최적화",
	"グーグル 検索 ｸﾞｰｸﾞﾙ",
	"ΟΔΟΣ σεο Αθήνα",
	"йод ёлка поиск",
	"x² y³ H₂O",
	"Chapter Ⅻ and ⅳ",
	"① first ② second",
	"cafe\u0301 menu nai\u0308ve",
	"İstanbul ılık",
	"Straße groß",
	"ĳssel ŉ ǅungla ǈubljana",
	"½ cup ¼ hour",
	"Ꞗ letter ԯ cyrillic ꭰ cherokee",
	"𞤀𞤣𞤤𞤢𞤥 adlam script",
	"private \uE000 use \uE001 area",
	"unassigned a\u0e5cb code",
	"Tối ưu hóa công cụ tìm kiếm",
	"búsqueda con IA ¿qué es?",
	"搜索引擎优化 豈 compatibility",
	"ℝeal ℕumbers ℓength",
	"µ micro µs",
	"AI 🔥 search 👩🏽‍💻 dev",
	"٣٤ digits ४२ more",
	"plain ascii search engine optimisation",
];

/** The tokenizer search_index declares (migrations/0014), as its CREATE statement writes it. */
async function indexTokenizer(): Promise<string> {
	const { sql } = await one<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'search_index'");
	const declared = /tokenize\s*=\s*'([^']+)'/.exec(sql)?.[1];
	if (declared === undefined) throw new Error(`no tokenizer in ${sql}`);
	return declared;
}

/** FTS5's tokens of each text, in order, by a table declared with `tokenize`. */
async function ftsTokens(texts: readonly string[], tokenize: string): Promise<string[][]> {
	await env.DB.batch([
		env.DB.prepare("DROP TABLE IF EXISTS tokens_check_words"),
		env.DB.prepare("DROP TABLE IF EXISTS tokens_check"),
		env.DB.prepare(`CREATE VIRTUAL TABLE tokens_check USING fts5 (text, tokenize = '${tokenize}')`),
		env.DB.prepare("CREATE VIRTUAL TABLE tokens_check_words USING fts5vocab(tokens_check, 'instance')"),
	]);
	// In parts, each bound string well under D1's limit.
	for (let from = 0; from < texts.length; from += 4096)
		await env.DB.prepare(
			"INSERT INTO tokens_check (rowid, text) SELECT key + 1 + ?2, value FROM json_each(?1)",
		)
			.bind(JSON.stringify(texts.slice(from, from + 4096)), from)
			.run();
	const words = await rows<{ doc: number; offset: number; term: string }>(
		"SELECT doc, offset, term FROM tokens_check_words ORDER BY doc, offset",
	);
	const out: string[][] = texts.map(() => []);
	for (const w of words) (out[w.doc - 1] as string[])[w.offset] = w.term;
	return out;
}

/** The pair token of two index tokens (src/search/pairs/pair-tokens.ts), hex in lower case. */
const hex = (word: string) =>
	Array.from(new TextEncoder().encode(word), (b) => b.toString(16).padStart(2, "0")).join("");

/** Every pair token of two tokens adjacent in one column, as search_index itself holds the source. */
async function indexedPairs(docId: number): Promise<string[]> {
	await run("CREATE VIRTUAL TABLE IF NOT EXISTS index_words_check USING fts5vocab(search_index, 'instance')");
	const words = await rows<{ term: string; col: string; offset: number }>(
		"SELECT term, col, offset FROM index_words_check WHERE doc = ?1 AND col <> 'facets' ORDER BY col, offset",
		docId,
	);
	const pairs = new Set<string>();
	for (let i = 0; i + 1 < words.length; i++) {
		const [a, b] = [words[i], words[i + 1]] as const;
		if (a?.col === b?.col && (a?.offset ?? 0) + 1 === b?.offset)
			pairs.add(`0${hex(a?.term ?? "")}${a?.col === "summary" ? "h" : "g"}${hex(b?.term ?? "")}0`);
	}
	return [...pairs].sort();
}

/** Every pair token search_pairs holds for the source. */
async function heldPairs(docId: number): Promise<string[]> {
	await run("CREATE VIRTUAL TABLE IF NOT EXISTS pair_words_check USING fts5vocab(search_pairs, 'instance')");
	return (await rows<{ term: string }>("SELECT DISTINCT term FROM pair_words_check WHERE doc = ?1", docId))
		.map((r) => r.term)
		.sort();
}

describe("the pairs held are the pairs of FTS5's own tokens", () => {
	it("the writer's scratch table tokenizes as search_index does: the same declaration", async () => {
		const { sql } = await one<{ sql: string }>(
			"SELECT sql FROM sqlite_master WHERE name = 'search_pairs_scratch'",
		);
		expect(/tokenize\s*=\s*'([^']+)'/.exec(sql)?.[1]).toBe(await indexTokenizer());
	});

	it("each hostile text as a passage: once written, the source holds exactly the pairs of the tokens search_index holds for it", {
		timeout: 120_000,
	}, async () => {
		const { sourceId, docId } = await aSource();
		const differ: string[] = [];
		for (const text of HOSTILE_TEXTS) {
			await correctPassage(sourceId, text);
			await writeQueuedPairs(env.DB);
			const [held, indexed] = [await heldPairs(docId), await indexedPairs(docId)];
			if (JSON.stringify(held) !== JSON.stringify(indexed)) differ.push(text);
		}
		expect(differ).toEqual([]);
	});

	it("each two words adjacent as FTS5 reads a hostile text, quoted, find its source once its pairs are written as they did while it was queued", {
		timeout: 120_000,
	}, async () => {
		const { sourceId } = await aSource();
		// The words as FTS5 reads them, unstemmed (the index's tokenizer without porter): what a reader types.
		const read = await ftsTokens(HOSTILE_TEXTS, (await indexTokenizer()).replace(/^porter /, ""));
		const missed: string[] = [];
		for (const [t, text] of HOSTILE_TEXTS.entries()) {
			await correctPassage(sourceId, text);
			const words = read[t] ?? [];
			// The phrases a caller may send: search refuses a private-use character, as every argument does.
			const phrases = words
				.slice(1)
				.map((word, i) => `"${words[i]} ${word}"`)
				.filter((phrase) => findHiddenCharacter(phrase, "text") === null);
			const queued = await Promise.all(phrases.map(async (p) => (await found(p)).includes(sourceId)));
			await writeQueuedPairs(env.DB);
			for (const [i, phrase] of phrases.entries())
				if ((await found(phrase)).includes(sourceId) !== queued[i]) missed.push(phrase);
		}
		expect(missed).toEqual([]);
	});
});

describe("the tokenizer mirror and FTS5 on the same text: pairs are asked for only where they agree", () => {
	it("the hostile texts: each one the two tokenize apart is one the pair conditions leave to positions", async () => {
		const index = await ftsTokens(HOSTILE_TEXTS, await indexTokenizer());
		const apart = HOSTILE_TEXTS.filter((text, i) => tokens(text).join(" ") !== (index[i] ?? []).join(" "));
		// The issue counted 17 of its 26; these are more.
		expect(apart.length).toBeGreaterThanOrEqual(17);
		expect(apart.filter(mirrorReadsAsIndex)).toEqual([]);
		expect(HOSTILE_TEXTS.filter(mirrorReadsAsIndex).length).toBeGreaterThan(0);
	});

	it("every code point of the compared blocks, alone, doubled, inside and at either end of a word: read apart exactly where READ_APART says", {
		timeout: 120_000,
	}, async () => {
		const inContext = (c: string) => `bb${c}bb ${c}bb bb${c} ${c} ${c}${c} 9${c}9`;
		const points = COMPARED_BLOCKS.flatMap(([from, to]) =>
			Array.from({ length: to - from + 1 }, (_, i) => from + i),
		);
		const texts = points.map((cp) => inContext(String.fromCodePoint(cp)));
		const index = await ftsTokens(texts, await indexTokenizer());
		const apart = points.filter(
			(_, i) => tokens(texts[i] as string).join(" ") !== (index[i] ?? []).join(" "),
		);
		const listed = READ_APART.flatMap(([from, to]) =>
			Array.from({ length: to - from + 1 }, (_, i) => from + i),
		);
		expect(apart.map((cp) => cp.toString(16))).toEqual(listed.map((cp) => cp.toString(16)));
		for (const cp of points)
			expect(mirrorReadsAsIndex(String.fromCodePoint(cp)), cp.toString(16)).toBe(!listed.includes(cp));
	});

	it("random text of the code points they read alike: the two read it alike, and the mirror's tokens of its own tokens are the same", {
		timeout: 120_000,
	}, async () => {
		const alike = COMPARED_BLOCKS.flatMap(([from, to]) =>
			Array.from({ length: to - from + 1 }, (_, i) => from + i),
		).filter((cp) => mirrorReadsAsIndex(String.fromCodePoint(cp)));
		// Mostly letters and spaces, so that words are long enough to combine; any alike code point too.
		const char = fc.oneof(
			{ weight: 6, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÀÉÎÕÜçñøßŁ ") },
			{ weight: 4, arbitrary: fc.constantFrom(...alike).map((cp) => String.fromCodePoint(cp)) },
		);
		const texts = fc.sample(
			fc.array(char, { minLength: 1, maxLength: 40 }).map((chars) => chars.join("")),
			{ numRuns: 4000, seed: 53 },
		);
		const index = await ftsTokens(texts, await indexTokenizer());
		const apart = texts.filter((text, i) => tokens(text).join(" ") !== (index[i] ?? []).join(" "));
		expect(apart).toEqual([]);
		const unstable = texts.filter(
			(text) => rawTokens(rawTokens(text).join(" ")).join(" ") !== rawTokens(text).join(" "),
		);
		expect(unstable).toEqual([]);
	});
});
